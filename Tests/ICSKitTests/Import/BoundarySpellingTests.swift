import Foundation
import Testing
@testable import ICSKit

/// Every spelling of a BEGIN or END line that libical 3.0.16 reads as a boundary while an exact
/// `BEGIN:NAME` match would not (`BEGIN :X` in a VEVENT freed the tree twice and
/// crashed every command). Each goes through the import, an expansion and `validate`, and ends
/// with a diagnostic on its line and no crash; `scripts/asan.sh --filter BoundarySpellingTests`
/// runs them under AddressSanitizer.
///
/// What libical does with each line is read from its source (icalparser.c,
/// `icalparser_add_line`): a name before `;`/`:` of BEGIN or END in any case, trailing blanks
/// stripped, opens or closes a component. The scanner reads the same lines as boundaries (and
/// hands libical `BEGIN:NAME`) or drops them, so the expected structure is worked out by hand
/// from the lines below.
@Suite struct BoundarySpellingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        /// Lines put after DTSTART (line 6), so the first is physical line 7.
        var lines: [String]
        /// "line code severity" of the import diagnostics, in their order (by line, then code).
        var diagnostics: [String]
        var alarms: Int
        var otherComponents: [String] = []
        var summary: String? = "Kept"
        var testDescription: String { lines.joined(separator: " / ") }
    }

    static let alarm = ["ACTION:DISPLAY", "DESCRIPTION:Soon", "TRIGGER:-PT5M"]

    static let cases: [Case] = [
        // A blank before ':' (it once freed the tree twice): libical opens X there, so does the scanner.
        Case(lines: ["BEGIN :X-THING", "X-A:1", "END:X-THING"], diagnostics: ["7 ICS1010 warning"], alarms: 0, otherComponents: ["X-THING"]),
        // The same with no END: the scanner closes X-THING at END:VEVENT (line 9), as libical's
        // tree is closed, and says so.
        Case(lines: ["BEGIN :X"], diagnostics: ["7 ICS1004 error", "7 ICS1010 warning"], alarms: 0, otherComponents: ["X"], summary: nil),
        Case(lines: ["BEGIN :VALARM"] + alarm + ["END:VALARM"], diagnostics: ["7 ICS1010 warning"], alarms: 1),
        Case(lines: ["BEGIN: VALARM"] + alarm + ["END:VALARM"], diagnostics: ["7 ICS1010 warning"], alarms: 1),
        Case(lines: ["BEGIN:VALARM "] + alarm + ["END:VALARM "], diagnostics: ["7 ICS1010 warning", "11 ICS1010 warning"], alarms: 1),
        Case(lines: ["BEGIN:VALARM"] + alarm + ["END :VALARM"], diagnostics: ["11 ICS1010 warning"], alarms: 1),
        // Names are case-insensitive (RFC 5545 3.1): nothing to report.
        Case(lines: ["begin:valarm"] + alarm + ["end:valarm"], diagnostics: [], alarms: 1),
        // Parameters on BEGIN: dropped, so the alarm's lines land in the event and END:VALARM
        // (line 11) matches nothing open.
        Case(lines: ["BEGIN;X=1:VALARM"] + alarm + ["END:VALARM"], diagnostics: ["7 ICS1010 error", "11 ICS1006 error"], alarms: 0),
        // Nameless ENDs: dropped (libical would close the VEVENT on them).
        Case(lines: ["END:"], diagnostics: ["7 ICS1010 error"], alarms: 0),
        Case(lines: ["END: "], diagnostics: ["7 ICS1010 error"], alarms: 0),
        Case(lines: ["END :"], diagnostics: ["7 ICS1010 error"], alarms: 0),
    ]

    static func text(_ lines: [String]) -> String {
        calendarText(["BEGIN:VEVENT", "UID:a@example.org", "DTSTART:20240610T090000Z"] + lines + ["SUMMARY:Kept", "END:VEVENT"])
    }

    @Test(arguments: cases)
    func spelling(_ test: Case) throws {
        let text = Self.text(test.lines)
        let calendar = try ICalendar(parsing: text, source: "spelling.ics")
        #expect(calendar.diagnostics.map { "\($0.line ?? 0) \($0.code) \($0.severity.rawValue)" } == test.diagnostics)
        #expect(calendar.diagnostics.allSatisfy { $0.source == "spelling.ics" })
        let event = try #require(calendar.events.first)
        #expect(calendar.events.count == 1)
        #expect(event.alarms.count == test.alarms)
        #expect(event.otherComponents.map(\.name) == test.otherComponents)
        #expect(event.summary == test.summary)
        if test.alarms == 1 {
            #expect(event.alarms[0].action == .display)
            #expect(event.alarms[0].notes == "Soon")
        }
        try Self.expandAndValidate(text, expecting: test.diagnostics.first.map { Int($0.prefix { $0 != " " })! })
    }

    /// The 9-line calendar that once crashed the importer, byte for byte.
    @Test func theNineLineCalendarOfTheIssue() throws {
        let text = ics(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//x//EN", "BEGIN:VEVENT", "UID:1", "DTSTART:20240610T090000Z",
                        "BEGIN :X", "END:VEVENT", "END:VCALENDAR"])
        let calendar = try ICalendar(parsing: text, source: "nine.ics")
        #expect(calendar.events.count == 1)
        #expect(calendar.events.first?.otherComponents.map(\.name) == ["X"])
        #expect(calendar.diagnostics.map { "\($0.line ?? 0) \($0.code)" } == ["7 ICS1004", "7 ICS1010"])
        try Self.expandAndValidate(text, expecting: 7)
    }

    /// KDE's test files end BEGIN lines with a blank: still a VEVENT, with a warning.
    @Test func aTrailingBlankAfterVEVENTStillImportsAnEvent() throws {
        let text = ics(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//x//EN", "BEGIN:VEVENT ", "UID:kde@example.org",
                        "DTSTART:20240610T090000Z", "SUMMARY:KDE", "END:VEVENT ", "END:VCALENDAR"])
        let calendar = try ICalendar(parsing: text, source: "kde.ics")
        #expect(calendar.events.map(\.summary) == ["KDE"])
        #expect(calendar.events.first?.uid == "kde@example.org")
        #expect(calendar.diagnostics.map { "\($0.line ?? 0) \($0.code) \($0.severity.rawValue)" } == ["4 ICS1010 warning", "8 ICS1010 warning"])
        try Self.expandAndValidate(text, expecting: 4)
    }

    /// `BEGINX` is a property name, for libical as for the scanner: kept as an unknown property.
    @Test func aPropertyNamedBEGINXIsAProperty() throws {
        let text = Self.text(["BEGINX:VALARM"])
        let calendar = try ICalendar(parsing: text, source: "beginx.ics")
        let event = try #require(calendar.events.first)
        #expect(event.summary == "Kept")
        #expect(event.alarms.isEmpty && event.otherComponents.isEmpty)
        #expect(event.otherProperties.map { "\($0.name):\($0.value)" } == ["BEGINX:VALARM"])
        #expect(!calendar.diagnostics.contains { $0.code == .malformedLine })
    }

    /// A block that leaves components open in libical (the scanner never makes one; built by
    /// hand here) goes through `icalparser_clean`: the tree it returns becomes ours once and is
    /// freed once (under ASan a double free or a use after free here fails the run).
    @Test func anUnfinishedTreeIsFreedOnce() throws {
        var block = ComponentBlock(name: "VEVENT", line: 1)
        let lines: [(ComponentBlock.Line.Kind, String)] = [(.begin, "BEGIN:VEVENT"), (.property, "UID:open@example.org"),
                                                           (.property, "SUMMARY:Open"), (.begin, "BEGIN:VALARM"),
                                                           (.property, "ACTION:DISPLAY"), (.property, "TRIGGER:-PT5M")]
        for (number, (kind, line)) in lines.enumerated() {
            let bytes = Array(line.utf8)
            block.lines.append(bytes.withUnsafeBufferPointer { .init(kind, number: number + 1, offset: block.text.count, bytes: $0) })
            block.text += bytes
        }
        // Every line here is simple enough to be read in Swift; `readsSimpleLines: false` hands
        // them all to libical, so that icalparser_add_line and icalparser_clean are on the path.
        #expect(BlockOutline(block: block, readsSimpleLines: false).needsLibical)
        for _ in 0..<3 {
            let parsed = ComponentConverter.parse(block, source: "open.ics", readsSimpleLines: false)
            guard case .incidence(let event)? = parsed.component else {
                Issue.record("no event from an unfinished tree")
                return
            }
            #expect(event.uid == "open@example.org")
            #expect(event.summary == "Open")
            #expect(event.alarms.map(\.action?.rawValue) == ["DISPLAY"])
        }
    }

    /// Runs an expansion over June 2024 and `validate`, and checks that validate reports line `line`.
    static func expandAndValidate(_ text: String, expecting line: Int?) throws {
        let calendar = try ICalendar(parsing: text, source: "spelling.ics")
        let start = Date(timeIntervalSince1970: 1_717_200_000)  // 2024-06-01T00:00:00Z
        let utcZone = try #require(TimeZone(identifier: "UTC"))
        let (occurrences, _) = calendar.occurrences(from: start, to: start + 30 * 86_400, viewerTimeZone: utcZone).collect()
        #expect(occurrences.count == 1)
        let findings = Validator().validate(text: text, file: "spelling.ics").findings
        if let line {
            #expect(findings.contains { $0.line == line && $0.code == .malformedLine || $0.line == line && $0.code == .missingEnd })
        }
    }
}
