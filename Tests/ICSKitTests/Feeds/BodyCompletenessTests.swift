import Testing
@testable import ICSKit

/// Whether a body ends where its calendar does; cases worked out by hand from RFC 5545 3.4/3.6
/// (a component runs from its BEGIN line to its END line; 3.1: folded lines start with a blank).
@Suite("Body completeness")
struct BodyCompletenessTests {
    @Test(arguments: [
        ("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n", nil),
        ("BEGIN:VCALENDAR\nEND:VCALENDAR", nil),                                          // LF only, no final newline
        ("\u{FEFF}begin:vcalendar\r\nBEGIN:VEVENT \r\nEND:vevent\r\nEnd:VCalendar\r\n", nil), // BOM, case, trailing blank
        ("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VEVENT\r\n",
         "the body ends before the END of the VCALENDAR begun on line 1 (the download was cut short)"),
        ("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:cut he",
         "the body ends inside the VEVENT begun on line 2 (the download was cut short)"),
        ("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nBEGIN:VALARM\r\nEND:VALARM\r\nEND:VEVENT\r\nEND:VCALEN",
         "the body ends before the END of the VCALENDAR begun on line 1 (the download was cut short)"),
        ("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nDESCRIPTION:a\r\n END:VTODO\r\nEND:VCALENDAR\r\n", nil),  // folded: not an END
        ("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDESCRIPTION:a\r\n END:VEVENT\r\n",
         "the body ends inside the VEVENT begun on line 2 (the download was cut short)"),
        ("", nil),
    ] as [(String, String?)])
    func truncationIsFoundFromTheOpenComponents(_ text: String, _ expected: String?) {
        #expect(BodyCompleteness.truncation(of: Array(text.utf8)) == expected)
    }
}
