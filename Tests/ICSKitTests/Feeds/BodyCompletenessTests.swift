import Foundation
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

/// Bodies whose BEGIN and END lines do not pair up, in numbers: each END finds what it closes
/// at once (an END of a name never begun scanned the whole stack: 20,000 BEGIN:A lines then
/// 20,000 END:B lines took 11 s in a release build).
@Suite("Body completeness, in numbers")
struct BodyCompletenessScaleTests {
    /// Worked out by hand: END:B closes the B opened on line 3 and the A inside it (line 4);
    /// the A of line 2 is then the innermost open component.
    @Test func anEndClosesWhatWasOpenedInsideItsComponent() {
        let text = "BEGIN:VCALENDAR\nBEGIN:A\nBEGIN:B\nBEGIN:A\nEND:B\n"
        #expect(BodyCompleteness.truncation(of: Array(text.utf8))
                == "the body ends inside the A begun on line 2 (the download was cut short)")
        #expect(BodyCompleteness.truncation(of: Array((text + "END:A\nEND:X\n").utf8))
                == "the body ends before the END of the VCALENDAR begun on line 1 (the download was cut short)")
        #expect(BodyCompleteness.truncation(of: Array((text + "END:A\nEND:VCALENDAR\n").utf8)) == nil)
    }

    /// 200,000 nested BEGIN:A lines, then 200,000 END:B lines: the last A (line 200,001) is
    /// still open. Quadratic, this was 4·10¹⁰ comparisons, hours in a debug or ASan build; in one
    /// pass it is seconds (3.3 s alone under ASan). The limit only stops a return to the
    /// quadratic scan: with the suite running in parallel on two cores a test may wait minutes
    /// for a thread (a limit of one minute and a check of 20 s of wall time failed a CI run so).
    @Test(.timeLimit(.minutes(10)))
    func unmatchedEndLinesCostOnePass() {
        let n = 200_000
        let body = Array(("BEGIN:VCALENDAR\r\n" + String(repeating: "BEGIN:A\r\n", count: n)
                          + String(repeating: "END:B\r\n", count: n)).utf8)
        #expect(BodyCompleteness.truncation(of: body)
                == "the body ends inside the A begun on line \(n + 1) (the download was cut short)")
        // Closed by END:VCALENDAR at the end: everything inside it ends with it.
        #expect(BodyCompleteness.truncation(of: body + Array("END:VCALENDAR\r\n".utf8)) == nil)
    }
}
