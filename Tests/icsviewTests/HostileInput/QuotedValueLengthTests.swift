import Foundation
import Testing

/// A message that quotes a value from the input quotes at most what a line can show. `export`
/// warned about a TZID without VTIMEZONE by writing the whole TZID: 100,000 bytes on standard
/// error for a 100,000-byte TZID (checked by hand before the change). It is cut at 80 cells
/// with `…` (`TerminalText.safe(_:toWidth:)`).
@Suite struct QuotedValueLengthTests {
    @Test func exportQuotesAnUnknownTZIDCut() throws {
        let tzid = String(repeating: "A", count: 100_000)
        let ics = Data("""
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//t//EN\r
            BEGIN:VEVENT\r
            UID:z\r
            DTSTAMP:20250101T000000Z\r
            DTSTART;TZID="\(tzid)":20250601T090000\r
            SUMMARY:Zoned\r
            END:VEVENT\r
            END:VCALENDAR\r

            """.utf8)
        let result = try CLI.run(["export", "-"], input: ics)
        #expect(result.status == 0, "\(result.stderr.prefix(300))")
        let expected = "warning: no VTIMEZONE for TZID '" + String(repeating: "A", count: 79) + "…' and no zone of that name on this system; written without one\n"
        #expect(result.stderr == expected, "\(result.stderr.prefix(300))")
    }
}
