import Foundation
import Testing
@testable import ICSKit

/// Input that is not iCalendar, or iCalendar that is broken or hostile: each either
/// stops with an ``ICSError`` that says why, or imports what it can with diagnostics.
@Suite struct BadInputTests {
    static func failure(_ body: () throws(ICSError) -> ICalendar) -> ICSError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    // MARK: Not readable, not iCalendar

    @Test func unreadablePathSaysWhy() {
        let error = Self.failure { () throws(ICSError) in try ICalendar(contentsOfFile: "/nonexistent/dir/team.ics") }
        #expect(error?.code == .unreadable)
        #expect(error?.message == "cannot open: No such file or directory")
        #expect(error?.source == "/nonexistent/dir/team.ics")
        #expect(error?.description == "/nonexistent/dir/team.ics: cannot open: No such file or directory")
    }

    @Test func aDirectoryIsUnreadable() {
        let error = Self.failure { () throws(ICSError) in try ICalendar(contentsOfFile: Fixtures.root.appendingPathComponent("Fixtures").path) }
        #expect(error?.code == .unreadable)
        #expect(error?.message == "cannot read: it is a directory")
    }

    @Test(arguments: [
        ([UInt8](), "not an iCalendar file: the input is empty"),
        (Array("\r\n\r\n".utf8), "not an iCalendar file: the input is empty"),
        (Array("<!DOCTYPE html>\n<html><head><title>Sign in</title></head></html>\n".utf8),
         "not an iCalendar file: line 1 looks like an HTML page: \"<!DOCTYPE html>\""),
        (Array("{\"kind\": \"calendar#events\", \"items\": []}\n".utf8),
         "not an iCalendar file: line 1 looks like a JSON document: \"{\"kind\": \"calendar#events\", \"items\": []}\""),
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52],
         "not an iCalendar file: line 1 looks like binary data (it starts with the bytes 89 50 4E 47 0D 0A 1A 0A)"),
        (Array("Subject: Team\r\nBEGIN:VCALENDAR\r\n".utf8),
         "not an iCalendar file: line 1 should be BEGIN:VCALENDAR but is \"Subject: Team\""),
    ] as [([UInt8], String)])
    func notICalendarNamesWhatLineOneLooksLike(bytes: [UInt8], message: String) {
        let error = Self.failure { () throws(ICSError) in try ICalendar(bytes: bytes, source: "in.ics") }
        #expect(error?.code == .notICalendar)
        #expect(error?.message == message)
        #expect(error?.line == 1)
        #expect(error?.source == "in.ics")
    }

    // MARK: Broken iCalendar

    /// 1,000 events of six lines each after the three header lines: event `i` begins on
    /// line 4 + 6i. Event 500's DTSTART (line 4 + 3000 + 3 = 3007) is not a date; event 700
    /// (line 4204) has no END, so every later event begins one line earlier.
    static func thousandEvents() -> String {
        var body: [String] = []
        for i in 0..<1000 {
            body.append("BEGIN:VEVENT")
            body.append("UID:event-\(i)@example.org")
            body.append("DTSTAMP:20240601T000000Z")
            body.append(i == 500 ? "DTSTART:tomorrow" : "DTSTART:20240610T090000Z")
            body.append("SUMMARY:Event \(i)")
            if i != 700 { body.append("END:VEVENT") }
        }
        return calendarText(body)
    }

    @Test func oneBrokenEventInAThousandCostsOnlyItself() throws {
        let calendar = try ICalendar(parsing: Self.thousandEvents(), source: "many.ics")
        #expect(calendar.events.count == 1000)
        #expect(calendar.events.filter { $0.start == utc(2024, 6, 10, 9) }.count == 999)
        #expect(calendar.diagnostics.map { "\($0.line ?? 0) \($0.code) \($0.uid ?? "")" } == [
            "3007 ICS2003 event-500@example.org",
            "4204 ICS1004 event-700@example.org",
        ])
        try #require(calendar.diagnostics.count == 2)
        #expect(calendar.diagnostics[1].message == "VEVENT begun on line 4204 has no END; closed at line 4209")
        #expect(calendar.events[999].line == 4 + 999 * 6 - 1)
    }

    /// libical opens a component on any line named BEGIN, and crashed on one with no name
    /// (found by fuzzing): a BEGIN or END that is not `BEGIN:NAME` never reaches it.
    @Test(arguments: ["BEGIN:", "BEGIN: ", "begin:", "BEGIN", "BEGIN;X=1:VALARM", "BEGIN;:VALARM", "END;X=1:VEVENT", "END:"])
    func aBoundaryWithoutANameIsDroppedWithADiagnostic(_ line: String) throws {
        let text = calendarText(["BEGIN:VEVENT", "UID:a@example.org", "DTSTART:20240610T090000Z", line, "SUMMARY:Kept",
                                 "END:VEVENT"])
        let calendar = try ICalendar(parsing: text, source: "boundary.ics")
        try #require(calendar.events.count == 1)
        #expect(calendar.events[0].summary == "Kept")
        // Lines: 1 VCALENDAR, 2 VERSION, 3 PRODID, 4 VEVENT, 5 UID, 6 DTSTART, 7 the line.
        #expect(calendar.diagnostics.map { "\($0.line ?? 0) \($0.code)" } == ["7 ICS1010"])
    }

    @Test func aNamelessBeginOutsideAnyComponentDoesNotCrash() throws {
        let calendar = try ICalendar(parsing: "BEGIN:\r\nSUMMARY:x\r\n", source: "bare.ics")
        #expect(calendar.events.isEmpty)
        #expect(calendar.diagnostics.contains { $0.code == .malformedLine && $0.line == 1 })
    }

    @Test func aFiftyMegabyteLineIsSkippedAndTheRestImports() throws {
        let huge = "X-HUGE:" + String(repeating: "A", count: 50 << 20)
        let text = calendarText([
            "BEGIN:VEVENT",          // 4
            "UID:huge",              // 5
            huge,                    // 6
            "SUMMARY:Still here",    // 7
            "END:VEVENT",            // 8
        ])
        let calendar = try ICalendar(parsing: text)
        #expect(calendar.events.first?.summary == "Still here")
        let d = try #require(calendar.diagnostics.first)
        #expect(calendar.diagnostics.count == 1)
        #expect(d.code == .lineTooLong)
        #expect(d.line == 6)
        #expect(d.property == "X-HUGE")
        #expect(d.message == "content line of \(huge.utf8.count) bytes (X-HUGE) is over the limit of \(16 << 20) bytes; skipped")
    }

    @Test func aLineTooLongForLibicalIsKeptUnparsedWithAWarning() throws {
        // 1 MiB: over ScanLimits.maxParsedLineBytes (256 KiB), under maxContentLineBytes (16 MiB).
        let value = String(repeating: "B", count: 1 << 20)
        let text = calendarText([
            "BEGIN:VEVENT",                              // 4
            "UID:big",                                   // 5
            "ATTACH;ENCODING=BASE64;VALUE=BINARY:" + value, // 6
            "SUMMARY:After",                             // 7
            "END:VEVENT",                                // 8
        ])
        let calendar = try ICalendar(parsing: text)
        let event = try #require(calendar.events.first)
        #expect(event.summary == "After")
        #expect(event.otherProperties == [Property(name: "ATTACH", parameters: [Parameter(name: "ENCODING", value: "BASE64"),
                                                                                 Parameter(name: "VALUE", value: "BINARY")],
                                                   value: value, line: 6)])
        #expect(calendar.diagnostics.map { "\($0.line ?? 0) \($0.code) \($0.severity)" } == ["6 ICS1003 warning"])
    }

    /// A line too long for libical with 100,000 parameters (`;X-P=a` each, 600 KB) keeps the
    /// first 1,000 of them (``ContentLineSyntax/maxKeptParameters``), with a second warning on
    /// its line that says how many it had; a line with 1,000 keeps them all, with no such warning.
    @Test(arguments: [100_000, 1_000])
    func aLineKeptAsWrittenKeepsAThousandParameters(count: Int) throws {
        let padding = count == 1_000 ? ";X-PAD=" + String(repeating: "p", count: 300_000) : ""
        let text = calendarText([
            "BEGIN:VEVENT",                                                                      // 4
            "UID:params",                                                                        // 5
            "ATTENDEE" + String(repeating: ";X-P=a", count: count - (padding.isEmpty ? 0 : 1)) + padding + ":mailto:a@example.com", // 6
            "SUMMARY:After",                                                                     // 7
            "END:VEVENT",                                                                        // 8
        ])
        let calendar = try ICalendar(parsing: text)
        let event = try #require(calendar.events.first)
        #expect(event.summary == "After")
        let attendee = try #require(event.otherProperties.first { $0.name == "ATTENDEE" })
        #expect(attendee.value == "mailto:a@example.com")
        #expect(attendee.parameters.count == 1_000)
        #expect(attendee.parameters.prefix(999).allSatisfy { $0 == Parameter(name: "X-P", value: "a") })
        let warnings = calendar.diagnostics.map { "\($0.line ?? 0) \($0.code) \($0.severity)" }
        if count == 1_000 {
            #expect(attendee.parameters.last?.name == "X-PAD")
            #expect(warnings == ["6 ICS1003 warning"])
        } else {
            #expect(warnings == ["6 ICS1003 warning", "6 ICS1003 warning"])
            #expect(calendar.diagnostics.last?.message == "content line (ATTENDEE) has 100000 parameters; the first 1000 are kept")
        }
    }

    @Test func oneHundredThousandNestedBeginsStopAtTheDepthLimit() throws {
        var body = ["BEGIN:VEVENT", "UID:deep"]                              // 4, 5
        body += Array(repeating: "BEGIN:X-NEST", count: 100_000)             // 6 …
        body += Array(repeating: "END:X-NEST", count: 100_000)
        body += ["SUMMARY:Survived", "END:VEVENT"]
        let calendar = try ICalendar(parsing: calendarText(body))
        #expect(calendar.events.count == 1)
        #expect(calendar.events.first?.summary == "Survived")
        // VEVENT is level 1; X-NEST on lines 6–20 are levels 2–16; line 21 is the first too deep.
        #expect(calendar.diagnostics.map { "\($0.line ?? 0) \($0.code)" } == ["21 ICS1007"])
    }

    @Test func nestedBeginsWithNoEndsStillFinish() throws {
        let body = ["BEGIN:VEVENT", "UID:deep"] + Array(repeating: "BEGIN:X-NEST", count: 100_000)
        let calendar = try ICalendar(parsing: calendarText(body))
        #expect(calendar.diagnostics(.nestingTooDeep).count == 1)
        #expect(calendar.events.count == 1)
    }

    @Test func nulBytesAreRemovedWithADiagnostic() throws {
        // Line 6 is "SUMMARY:Tea<NUL>m".
        let bytes = Array(calendarText(["BEGIN:VEVENT", "UID:n", "SUMMARY:Tea\u{0}m", "END:VEVENT"]).utf8)
        let calendar = try ICalendar(bytes: bytes)
        #expect(calendar.events.first?.summary == "Team")
        #expect(calendar.diagnostics.map { "\($0.line ?? 0) \($0.code)" } == ["6 ICS1002"])
    }

    @Test func windows1252IsReadWithOneWarning() throws {
        // An Outlook 2003-style export in Windows-1252: E9 = "é", 80 = "€", 96 = "–".
        let text = calendarText([
            "BEGIN:VEVENT",                  // 4
            "UID:cp1252",                    // 5
            "SUMMARY:Caf\u{1}",              // 6  (byte E9 below)
            "DESCRIPTION:Budget 5\u{2} \u{3} final", // 7  (bytes 80 and 96 below)
            "END:VEVENT",                    // 8
        ])
        let bytes = Array(text.utf8).map { byte -> UInt8 in
            switch byte { case 1: return 0xE9; case 2: return 0x80; case 3: return 0x96; default: return byte }
        }
        let calendar = try ICalendar(bytes: bytes)
        let event = try #require(calendar.events.first)
        #expect(event.summary == "Café")
        #expect(event.notes == "Budget 5€ – final")
        #expect(calendar.diagnostics.map { "\($0.line ?? 0) \($0.code) \($0.severity)" } == ["6 ICS1001 warning"])
    }

    @Test func aBareEventImportsWithAWarning() throws {
        let calendar = try ICalendar(parsing: ics(["BEGIN:VEVENT", "UID:bare", "DTSTART:20240610T090000Z", "SUMMARY:Bare", "END:VEVENT"]))
        #expect(calendar.events.map(\.summary) == ["Bare"])
        #expect(calendar.diagnostics.map { "\($0.line ?? 0) \($0.code)" } == ["1 ICS1014"])
    }

    @Test func severalCalendarsMergeIntoOne() throws {
        let one = try Fixtures.bytes("google-team.ics")
        let two = try Fixtures.bytes("holidays.ics")
        let calendar = try ICalendar(bytes: one + two)
        #expect(calendar.events.count == 10 + 7)
        #expect(calendar.name == "Team")
        #expect(calendar.diagnostics.isEmpty)
        // The second calendar's lines count on from the first's 174.
        #expect(calendar.event("Neujahr")?.line == 174 + 13)
    }

    @Test func diagnosticsOfOneCodeAreCapped() throws {
        let body = (0..<150).flatMap { i in ["BEGIN:VEVENT", "UID:\(i)", "PRIORITY:high", "END:VEVENT"] }
        let calendar = try ICalendar(parsing: calendarText(body))
        #expect(calendar.diagnostics.count == 101)
        #expect(calendar.diagnostics(.valueParseError).count == 101)
        let last = try #require(calendar.diagnostics.last)
        #expect(last.severity == .note)
        #expect(last.message == "50 more ICS2003 diagnostics not shown")
    }

    /// Stray END lines (ICS1005) are capped as they come, by the scanner: of 150 (a small input,
    /// read inline) and of 3,000 (through the scan pipeline), on lines 4 on (after the three
    /// header lines), the first 100 are kept, lines 4 to 103, and a note counts the rest.
    @Test(arguments: [150, 3_000])
    func strayEndsAreCappedAsTheyCome(count: Int) throws {
        let calendar = try ICalendar(parsing: calendarText(Array(repeating: "END:VEVENT", count: count)))
        let stray = calendar.diagnostics(.unexpectedEnd)
        #expect(stray.count == 101)
        #expect(stray.dropLast().map(\.line) == (4...103).map { $0 })
        #expect(stray.first?.message == "END:VEVENT without a matching BEGIN")
        #expect(stray.last?.severity == .note)
        #expect(stray.last?.message == "\(count - 100) more ICS1005 diagnostics not shown")
    }
}
