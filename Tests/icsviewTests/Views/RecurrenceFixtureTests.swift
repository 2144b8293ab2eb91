import Foundation
import Testing

/// The recurrence fixtures: real `.ics` text through the built `icsview`, compared line by line
/// with the output of `--agenda --format json` worked out by hand from RFC 5545.
///
/// Each case of `Fixtures/recurrence/` is `NAME.ics` (the calendar), `NAME.args` (the icsview
/// arguments after the file, without `--format json`), `NAME.expected.jsonl` (the expected
/// standard output), `NAME.md` (the hand computation, with the RFC rules it rests on) and,
/// when the case expects diagnostics, `NAME.expected.stderr` (otherwise standard error must be
/// empty). The binary runs in the repository root with a pinned environment (`TZ=UTC`,
/// `LANG=C.UTF-8`), so the expected `calendar` value is the relative path of the file.
///
/// Unlike the `Recurrence*` suites of ICSKitTests, which build values in code, these go through
/// scanning, parsing, zone resolution, expansion and the JSON writer.
@Suite("Recurrence fixtures (icsview --agenda --format json)")
struct RecurrenceFixtureTests {
    static let directory = "Fixtures/recurrence"

    /// The case names: every `.ics` file of the directory, sorted.
    static let cases: [String] = {
        let url = CLI.root.appendingPathComponent(directory)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(".ics") }.map { String($0.dropLast(4)) }.sorted()
    }()

    static let environment = ["TZ": "UTC", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]

    static func text(_ name: String, _ suffix: String) throws -> String? {
        let url = CLI.root.appendingPathComponent("\(directory)/\(name)\(suffix)")
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test func everyCaseIsComplete() throws {
        #expect(Self.cases.count >= 30, "at least 30 recurrence fixtures")
        for name in Self.cases {
            #expect(try Self.text(name, ".args") != nil, "\(name).args is missing")
            #expect(try Self.text(name, ".expected.jsonl") != nil, "\(name).expected.jsonl is missing")
            #expect(try Self.text(name, ".md") != nil, "\(name).md (the hand computation) is missing")
        }
    }

    @Test(arguments: cases)
    func fixture(_ name: String) throws {
        let arguments = try #require(try Self.text(name, ".args"), "\(name).args is missing")
            .split(whereSeparator: \.isWhitespace).map(String.init)
        let expected = try #require(try Self.text(name, ".expected.jsonl"), "\(name).expected.jsonl is missing")
        let result = try CLI.run(["\(Self.directory)/\(name).ics"] + arguments + ["--format", "json", "--verbose"],
                                 environment: Self.environment)
        #expect(result.status == 0, "exit status of \(name)")
        // The expected files hold the keys of the first version of the object (up to `calendar`);
        // the keys added since are checked by CompleteJSONTests, and `startEpoch` below.
        let expectedLines = Self.lines(expected), actualLines = Self.lines(result.stdout).map(Self.firstVersion)
        #expect(actualLines == expectedLines,
                "\(name): stdout differs (- expected, + actual):\n\(LineDiff.unified(expectedLines, actualLines))")
        let expectedErrors = try Self.text(name, ".expected.stderr") ?? ""
        #expect(Self.lines(result.stderr) == Self.lines(expectedErrors),
                "\(name): stderr differs (- expected, + actual):\n\(LineDiff.unified(Self.lines(expectedErrors), Self.lines(result.stderr)))")

        // Independently of the expected file: the lines come sorted by start instant, then UID.
        let zone = try #require(TimeZone(identifier: Self.value(of: "--tz", in: arguments) ?? "UTC"))
        let keys = try Self.lines(result.stdout).map { line -> (Date, String) in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let start = try #require(object["start"] as? String)
            let instant = try #require(StartInstant.parse(start, viewer: zone), "unreadable start \(start)")
            // startEpoch is the same instant (a date or floating time read in the display zone).
            #expect(object["startEpoch"] as? Int == Int(instant.timeIntervalSince1970), "\(name): startEpoch of \(start)")
            return (instant, object["uid"] as? String ?? "")
        }
        for (a, b) in zip(keys, keys.dropFirst()) {
            #expect(a.0 < b.0 || (a.0 == b.0 && a.1 <= b.1), "\(name): \(b.1) at \(b.0) comes after \(a.1) at \(a.0)")
        }
    }

    /// An agenda line cut to the keys of the object's first version (those before `calendarId`).
    static func firstVersion(_ line: String) -> String {
        guard let cut = line.range(of: ",\"calendarId\":") else { return line }
        return line[..<cut.lowerBound] + "}"
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    }

    static func value(of option: String, in arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(of: option), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }
}

/// Reads the `start` of an agenda JSON line as an instant: `…Z` and `…±HH:MM` as written,
/// a date (its midnight) or a floating time in the viewer's zone, by Foundation's Gregorian
/// calendar (independent of ICSKit's own zone code).
enum StartInstant {
    static func parse(_ text: String, viewer: TimeZone) -> Date? {
        let digits = text.split(whereSeparator: { "-T:Z+".contains($0) }).compactMap { Int($0) }
        guard digits.count >= 3 else { return nil }
        var components = DateComponents(year: digits[0], month: digits[1], day: digits[2])
        if digits.count >= 6 {
            components.hour = digits[3]
            components.minute = digits[4]
            components.second = digits[5]
        }
        var zone = viewer
        if text.hasSuffix("Z") {
            zone = TimeZone(secondsFromGMT: 0)!
        } else if text.count == 25, digits.count == 8 {
            let sign = text[text.index(text.endIndex, offsetBy: -6)] == "-" ? -1 : 1
            zone = TimeZone(secondsFromGMT: sign * (digits[6] * 3600 + digits[7] * 60))!
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: components)
    }
}

/// A line diff for failure messages: the longest common subsequence kept as `  ` lines,
/// the rest as `- ` (expected only) and `+ ` (actual only).
enum LineDiff {
    static func unified(_ expected: [String], _ actual: [String]) -> String {
        let n = expected.count, m = actual.count
        var common = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                common[i][j] = expected[i] == actual[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var out: [String] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n && j < m && expected[i] == actual[j] {
                out.append("  " + expected[i]); i += 1; j += 1
            } else if i < n && (j == m || common[i + 1][j] >= common[i][j + 1]) {
                out.append("- " + expected[i]); i += 1
            } else {
                out.append("+ " + actual[j]); j += 1
            }
        }
        return out.joined(separator: "\n")
    }
}

/// The streamed agenda and the text agenda list every instance (no per-series cap), and an
/// empty RRULE in many events is one warning for the file in the text views.
@Suite("Conventions of real feeds through icsview")
struct ConventionCommandTests {
    /// Every four minutes for 30 days: 30 × 24 × 15 = 10,800 instances, more than the grid's cap of 10,000.
    static let ticks = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ICSKit//Tests//EN", "BEGIN:VEVENT", "UID:tick",
                        "DTSTAMP:20240101T000000Z", "DTSTART:20240601T000000Z", "RRULE:FREQ=MINUTELY;INTERVAL=4",
                        "SUMMARY:Tick", "END:VEVENT", "END:VCALENDAR"].joined(separator: "\r\n") + "\r\n"

    @Test func streamedAgendaHasNoCap() throws {
        let result = try CLI.run(["-", "--agenda", "--from", "2024-06-01", "--to", "2024-06-30", "--tz", "UTC", "--format", "json"],
                                 input: Data(Self.ticks.utf8), environment: RecurrenceFixtureTests.environment)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 10_800)
        #expect(lines.last?.contains("\"start\":\"2024-06-30T23:56:00Z\"") == true)
        #expect(result.stderr.isEmpty)
    }

    @Test func textAgendaHasNoCap() throws {
        let result = try CLI.run(["-", "--agenda", "--from", "2024-06-01", "--to", "2024-06-30", "--tz", "UTC", "--color", "never"],
                                 input: Data(Self.ticks.utf8), environment: RecurrenceFixtureTests.environment)
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").filter { $0.contains("Tick") }.count == 10_800)
        #expect(!result.stderr.contains("ICS3002"))
    }

    /// Three events with one UID and no RECURRENCE-ID: the views show one; the summary says two are not shown.
    @Test func summarySaysHowManyDuplicatesAreDropped() throws {
        let result = try CLI.run(["Fixtures/recurrence/duplicate-masters.ics"], environment: RecurrenceFixtureTests.environment)
        #expect(result.status == 0)
        #expect(result.stdout.contains("  events:     3\n  duplicates: 2 not shown (1 UID used without RECURRENCE-ID more than once; the highest SEQUENCE is shown)\n"))
    }

    @Test func emptyRulesAreOneWarningPerFile() throws {
        let result = try CLI.run(["Fixtures/recurrence/empty-rrule.ics", "--agenda", "--from", "2025-01-01", "--to", "2025-01-31",
                                  "--tz", "UTC", "--color", "never", "--verbose"], environment: RecurrenceFixtureTests.environment)
        #expect(result.status == 0)
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("ICS2209") }
        #expect(warnings == ["Fixtures/recurrence/empty-rrule.ics:8: warning: 2 components have an empty RRULE (the first on line 8): read as no rule [ICS2209]"])
    }
}
