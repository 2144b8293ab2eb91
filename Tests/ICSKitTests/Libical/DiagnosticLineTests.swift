import Testing
@testable import ICSKit

/// libical reports what it cannot read as X-LIC-ERROR properties with no line number;
/// LibicalPropertyWalk maps each back to the physical line it came from. Every line number
/// below is counted by hand in the text beside it (folded lines count every physical line).
@Suite struct DiagnosticLineTests {
    /// The calendar of ``calendarText(_:lineBreak:)``: lines 1–3 are the header, the body starts on line 4.
    static let broken = calendarText([
        "BEGIN:VEVENT",                                   // 4
        "UID:broken@example.org",                         // 5
        "DTSTAMP:20240601T000000Z",                       // 6
        "SUMMARY;LANGUAGE=en:A summary that is folded",   // 7
        "  over three",                                   // 8
        "  physical lines",                               // 9
        "DTSTART:2024-06-10 09:00",                       // 10  bad DATE-TIME
        "DTEND;VALUE=FOO:20240610",                       // 11  bad VALUE parameter
        "ATTENDEE;RSVP:mailto:ana@example.org",           // 12  parameter with no value
        "WIBBLE:what",                                    // 13  unknown IANA property
        "this line has no colon",                         // 14  malformed line
        "DESCRIPTION;=oops:text",                         // 15  parameter with no name
        "X-KEPT;X-P=1:after the errors",                  // 16
        "END:VEVENT",                                     // 17
    ])

    @Test func everyDiagnosticNamesItsPhysicalLine() throws {
        let calendar = try ICalendar(parsing: Self.broken, source: "broken.ics")
        let found = calendar.diagnostics.map { "\($0.line ?? 0) \($0.code) \($0.property ?? "-")" }
        #expect(found == [
            "10 ICS2003 DTSTART",
            "11 ICS2002 DTEND",
            "12 ICS2002 ATTENDEE",
            "13 ICS2007 WIBBLE",
            "14 ICS1010 THIS LINE HAS NO COLON",
            "15 ICS2002 DESCRIPTION",
        ])
        #expect(calendar.diagnostics.allSatisfy { $0.uid == "broken@example.org" && $0.source == "broken.ics" })
        #expect(calendar.diagnostics[0].description.hasPrefix("broken.ics:10: error: "))
    }

    @Test func messagesSayWhatWasWrong() throws {
        let d = try ICalendar(parsing: Self.broken).diagnostics
        #expect(d[0].message == "Can't parse as DATE-TIME value in DTSTART property: \"2024-06-10 09:00\" (kept as written)")
        #expect(d[0].severity == .error)
        #expect(d[1].message == "Invalid VALUE type for property DTEND: VALUE=FOO")
        #expect(d[2].message == "Can't parse parameter name: RSVP")
        #expect(d[3].message == "unknown property WIBBLE; kept as written")
        #expect(d[3].severity == .warning)
        #expect(d[5].message == "Can't parse parameter name: =oops")
    }

    @Test func whatCouldNotBeReadIsKeptAsWritten() throws {
        let event = try #require(try ICalendar(parsing: Self.broken).events.first)
        #expect(event.summary == "A summary that is folded over three physical lines")
        #expect(event.start == nil)
        #expect(event.otherProperties == [
            Property(name: "DTSTART", value: "2024-06-10 09:00", line: 10),
            Property(name: "WIBBLE", value: "what", line: 13),
            Property(name: "X-KEPT", parameters: [Parameter(name: "X-P", value: "1")], value: "after the errors", line: 16),
        ])
        // The bad parameters cost only themselves.
        #expect(event.attendees.map(\.address) == ["mailto:ana@example.org"])
        #expect(event.notes == "text")
    }

    @Test func linesAreRightAfterLFFoldsAndAByteOrderMark() throws {
        let text = "\u{FEFF}" + calendarText([
            "BEGIN:VEVENT",                  // 4
            "UID:a",                         // 5
            "DESCRIPTION:one",               // 6
            "\ttwo",                         // 7
            " three",                        // 8
            "PRIORITY:high",                 // 9
            "END:VEVENT",                    // 10
        ], lineBreak: "\n")
        let calendar = try ICalendar(parsing: text)
        #expect(calendar.diagnostics.map(\.line) == [9])
        #expect(calendar.diagnostics.map(\.code) == [.valueParseError])
        #expect(calendar.events.first?.notes == "onetwothree")
        #expect(calendar.events.first?.otherProperties == [Property(name: "PRIORITY", value: "high", line: 9)])
    }

    @Test func diagnosticsInSeveralComponentsKeepTheirOwnLines() throws {
        let text = calendarText([
            "BEGIN:VTODO",                   // 4
            "UID:t",                         // 5
            "PERCENT-COMPLETE:half",         // 6
            "END:VTODO",                     // 7
            "BEGIN:VEVENT",                  // 8
            "UID:e",                         // 9
            "BEGIN:VALARM",                  // 10
            "ACTION:DISPLAY",                // 11
            "TRIGGER:soon",                  // 12
            "REPEAT:twice",                  // 13
            "END:VALARM",                    // 14
            "END:VEVENT",                    // 15
        ])
        let calendar = try ICalendar(parsing: text)
        #expect(calendar.diagnostics.map { "\($0.line ?? 0) \($0.property ?? "") \($0.uid ?? "")" } == [
            "6 PERCENT-COMPLETE t", "12 TRIGGER e", "13 REPEAT e",
        ])
        #expect(calendar.todos.first?.percentComplete == nil)
        #expect(calendar.events.first?.alarms.first?.otherProperties.map(\.line) == [12, 13])
    }

    @Test func emptyTextValuesAreNotErrors() throws {
        // RFC 5545 3.3.11: text = *(TSAFE-CHAR / ":" / DQUOTE / ESCAPED-CHAR) may be empty;
        // Google exports "LOCATION:" and "DESCRIPTION:" on most events.
        let text = calendarText([
            "BEGIN:VEVENT",                  // 4
            "UID:empty",                     // 5
            "DESCRIPTION:",                  // 6
            "LOCATION:",                     // 7
            "X-EMPTY:",                      // 8
            "DTSTART:",                      // 9  an empty DATE-TIME is an error
            "END:VEVENT",                    // 10
        ])
        let calendar = try ICalendar(parsing: text)
        #expect(calendar.diagnostics.map(\.line) == [9])
        #expect(calendar.diagnostics.first?.message == "No value for DTSTART property")
        let event = try #require(calendar.events.first)
        #expect(event.otherProperties.map(\.name) == ["DESCRIPTION", "LOCATION", "X-EMPTY", "DTSTART"])
        #expect(event.otherProperties.allSatisfy { $0.value.isEmpty })
    }
}
