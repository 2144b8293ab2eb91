import Foundation
import Testing
@testable import ICSKit

/// The table of `docs/limits.md` against the code: each default it states is the default the
/// code has, every option of ``ScanLimits`` and ``FetchOptions`` is in it, and the diagnostic
/// and error codes it names exist. (The expected values are the code's own constants and
/// defaults; the table's text is what is under test.)
@Suite struct LimitsTableTests {
    struct Row {
        var limit: String
        var defaultText: String
        var setWith: String
        var whenHit: String
        /// The first `code` span of the "set with" column: what the row is checked against.
        var key: String? { LimitsTableTests.codeSpans(setWith).first }
    }

    static func rows() throws -> [Row] {
        let page = try String(contentsOf: Fixtures.root.appendingPathComponent("docs/limits.md"), encoding: .utf8)
        let lines = page.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "# Limits"), "docs/limits.md has no '# Limits' title")
        let table = lines[(start + 1)...].drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        #expect(table.first == "| limit | default | set with | when it is hit |")
        return table.dropFirst(2).map { line in
            let cells = line.dropFirst(2).dropLast(2).components(separatedBy: " | ")
            return Row(limit: cells[0], defaultText: cells.count > 1 ? cells[1] : "", setWith: cells.count > 2 ? cells[2] : "",
                       whenHit: cells.count > 3 ? cells[3] : "")
        }
    }

    /// The texts between backticks.
    static func codeSpans(_ text: String) -> [String] {
        text.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    }

    /// `16 MiB`, `256 KiB`, `10,000`, `120 s` as numbers; nil for words (`none`, `one 400-year …`).
    static func number(_ text: String) -> Int? {
        let parts = text.split(separator: " ")
        guard let first = parts.first, let value = Int(first.replacingOccurrences(of: ",", with: "")) else { return nil }
        switch parts.dropFirst().first {
        case nil, "s": return value
        case "KiB": return value << 10
        case "MiB": return value << 20
        case "GiB": return value << 30
        default: return nil
        }
    }

    /// The code's value for each key the table may name.
    static func codeValue(_ key: String, row: Row) throws -> Int? {
        let scan = ScanLimits.standard, fetch = FetchOptions()
        switch key {
        case "ScanLimits.maxContentLineBytes": return scan.maxContentLineBytes
        case "ScanLimits.maxParsedLineBytes": return scan.maxParsedLineBytes
        case "ScanLimits.maxDepth": return scan.maxDepth
        case "ScanLimits.maxComponentBytes": return scan.maxComponentBytes
        case "ScanLimits.maxDiagnosticsPerCode": return scan.maxDiagnosticsPerCode
        case "ContentLineSyntax.maxKeptParameters": return ContentLineSyntax.maxKeptParameters
        case "BlockOutline.maxUnknownProperties": return BlockOutline.maxUnknownProperties
        case "FetchOptions.maximumBytes": return fetch.maximumBytes
        case "FetchOptions.connectTimeout": return Int(exactly: fetch.connectTimeout)
        case "FetchOptions.idleTimeout": return Int(exactly: fetch.idleTimeout ?? fetch.connectTimeout)
        case "FetchOptions.totalTimeout": return Int(exactly: fetch.totalTimeout)
        case "FetchOptions.maximumRedirects": return fetch.maximumRedirects
        case "FetchSession.validatorLimit": return FetchSession.validatorLimit
        case "CalDAVClient.syncTokenLimit": return CalDAVClient.syncTokenLimit
        case "OccurrenceExpansion(instanceLimit:)":
            let now = Date(timeIntervalSince1970: 0)
            return OccurrenceExpansion(calendars: [], from: now, to: now, viewerTimeZone: TimeZone(identifier: "UTC")!).instanceLimit
        case "OccurrenceExpansion.occurrenceLimit":
            let now = Date(timeIntervalSince1970: 0)
            return OccurrenceExpansion(calendars: [], from: now, to: now, viewerTimeZone: TimeZone(identifier: "UTC")!).occurrenceLimit
        case "RuleIterator.lastYear": return RuleIterator.lastYear
        case "ReminderMaker.repetitionLimit": return ReminderMaker.repetitionLimit
        case "ReminderExpansion(reminderLimit:)":
            let now = Date(timeIntervalSince1970: 0)
            return ReminderExpansion(calendars: [], from: now, to: now, viewerTimeZone: TimeZone(identifier: "UTC")!).reminderLimit
        case "Series.reachingInLimit": return Series.reachingInLimit
        case "ReminderExpansion.heldLimit":
            let now = Date(timeIntervalSince1970: 0)
            return ReminderExpansion(calendars: [], from: now, to: now, viewerTimeZone: TimeZone(identifier: "UTC")!).heldLimit
        case "ReminderExpansion(instanceLimit:)":
            let now = Date(timeIntervalSince1970: 0)
            return ReminderExpansion(calendars: [], from: now, to: now, viewerTimeZone: TimeZone(identifier: "UTC")!).instanceLimit
        case "AlarmTriggers(seriesLimit:)":
            return AlarmTriggers(calendars: [], viewerTimeZone: TimeZone(identifier: "UTC")!).seriesLimit
        case "ObservanceSchedule.countLimit": return ObservanceSchedule.countLimit
        case "ObservanceSchedule.yearLimit": return ObservanceSchedule.yearLimit
        case "ObservanceSchedule.zoneCountBudget": return ObservanceSchedule.zoneCountBudget
        case "ObservanceSchedule.yearOnsetLimit": return ObservanceSchedule.yearOnsetLimit
        case "FoundationTransitionSource.changeLimit": return FoundationTransitionSource.changeLimit
        case "InstanceMatcher.maxInstances": return InstanceMatcher.maxInstances
        case "icsview":
            // The command line's caps are in its source: the file is the second span, the name the third
            // (`maxLanes` when there is none), given as an argument (`maxLanes: 3`) or a constant
            // (`maxLineBytes = 8 << 10`).
            let spans = codeSpans(row.setWith).dropFirst()
            let file = try #require(spans.first, "name the icsview source file")
            let name = spans.dropFirst().first ?? "maxLanes"
            let source = try String(contentsOf: Fixtures.root.appendingPathComponent("Sources/icsview/\(file)"), encoding: .utf8)
            let match = try #require(source.firstMatch(of: try Regex("\\b\(name)(?:: | = )(\\d+)( << 10)?", as: (Substring, Substring, Substring?).self)),
                                     "no '\(name): N' or '\(name) = N' in \(file)")
            let value = try #require(Int(match.1))
            return match.2 == nil ? value : value << 10
        default: return nil
        }
    }

    @Test func everyDefaultIsTheCodes() throws {
        let rows = try Self.rows()
        #expect(rows.count >= 20)
        for row in rows {
            guard let value = Self.number(row.defaultText) else {
                // Rows without a number say so in words, and then name no constant.
                #expect(["none", "100 × the instance limit", "one 400-year Gregorian cycle"].contains(row.defaultText),
                        "'\(row.limit)': '\(row.defaultText)' is not a default this test can read")
                continue
            }
            let key = try #require(row.key, "'\(row.limit)' names no option or constant")
            let expected = try Self.codeValue(key, row: row)
            #expect(expected != nil, "'\(row.limit)': \(key) is not known to this test")
            #expect(value == expected, "'\(row.limit)': docs/limits.md says \(row.defaultText), \(key) is \(expected.map(String.init) ?? "?")")
        }
    }

    /// Every option of the two option types is in the table (a new one must be documented).
    @Test func everyOptionIsListed() throws {
        let keys = Set(try Self.rows().compactMap(\.key))
        for child in Mirror(reflecting: ScanLimits.standard).children {
            #expect(keys.contains("ScanLimits.\(child.label!)"), "ScanLimits.\(child.label!) is not in the table of docs/limits.md")
        }
        // The user agent and the extra headers are not limits.
        for child in Mirror(reflecting: FetchOptions()).children where child.label != "userAgent" && child.label != "headers" {
            #expect(keys.contains("FetchOptions.\(child.label!)"), "FetchOptions.\(child.label!) is not in the table of docs/limits.md")
        }
        #expect(keys.contains("OccurrenceExpansion(instanceLimit:)"))
    }

    /// The diagnostic codes (ICSnnnn) and `ICSError` codes the table names exist, and each
    /// scanner limit names the code the scanner reports.
    @Test func namedCodesExist() throws {
        let rows = try Self.rows()
        let registered = Set(DiagnosticCode.all.map(\.rawValue))
        for row in rows {
            for match in row.whenHit.matches(of: /ICS\d{4}/) {
                #expect(registered.contains(String(match.0)), "'\(row.limit)' names \(match.0), which is not a diagnostic code")
            }
            if row.whenHit.contains("`ICSError`") {
                let name = try #require(Self.codeSpans(row.whenHit).dropFirst().first)
                #expect(ICSError.Code.all.contains(ICSError.Code(rawValue: name)), "'\(row.limit)' names ICSError code \(name), which does not exist")
            }
        }
        let byKey = Dictionary(rows.compactMap { row in row.key.map { ($0, row.whenHit) } }, uniquingKeysWith: { a, _ in a })
        #expect(byKey["ScanLimits.maxContentLineBytes"]?.contains(DiagnosticCode.lineTooLong.rawValue) == true)
        #expect(byKey["ScanLimits.maxParsedLineBytes"]?.contains(DiagnosticCode.lineTooLong.rawValue) == true)
        #expect(byKey["ScanLimits.maxDepth"]?.contains(DiagnosticCode.nestingTooDeep.rawValue) == true)
        #expect(byKey["ScanLimits.maxComponentBytes"]?.contains(DiagnosticCode.componentTooLarge.rawValue) == true)
        #expect(byKey["OccurrenceExpansion(instanceLimit:)"]?.contains(DiagnosticCode.recurrenceLimit.rawValue) == true)
    }

    /// The parser of the table itself, on the README's own spellings.
    @Test func numbersAreRead() {
        #expect(Self.number("16 MiB") == 16_777_216)
        #expect(Self.number("256 KiB") == 262_144)
        #expect(Self.number("10,000") == 10_000)
        #expect(Self.number("120 s") == 120)
        #expect(Self.number("none") == nil)
        #expect(Self.number("100 × the instance limit") == nil)
    }
}
