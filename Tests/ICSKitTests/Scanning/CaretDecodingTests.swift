import Foundation
import Testing
@testable import ICSKit

/// RFC 6868's parameter value encoding, read and written. Expected values worked out by hand from
/// RFC 6868 section 3 (`^n` a line break, `^'` a double quote, `^^` a caret, any other `^`
/// left with what follows) and its example in section 4 (`CN=George Herman ^'Babe^' Ruth`).
@Suite struct CaretDecodingTests {
    private func decoded(_ text: String) -> String {
        Array(text.utf8).withUnsafeBufferPointer { CaretDecoding.decoded($0) }
    }

    @Test func escapesAreDecodedAndOtherCaretsStay() {
        #expect(decoded("George Herman ^'Babe^' Ruth") == "George Herman \"Babe\" Ruth")
        #expect(decoded("one^ntwo") == "one\ntwo")
        #expect(decoded("a^^b") == "a^b")
        #expect(decoded("^^n") == "^n")
        #expect(decoded("^^^'") == "^\"")
        #expect(decoded("a^xb^N") == "a^xb^N")
        #expect(decoded("end^") == "end^")
        #expect(decoded("plain") == "plain")
    }

    /// The import reads the example of RFC 6868 section 4 (an ATTENDEE, which a plain head would
    /// read in Swift, and an X- property kept as written) with the escapes decoded. Python's
    /// icalendar (7.3.0) reads the same text to the same four values.
    @Test func theImportDecodesParameterValues() throws {
        let text = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//t//EN\r
            BEGIN:VEVENT\r
            UID:c\r
            DTSTART:20250610T090000Z\r
            ATTENDEE;CN=George Herman ^'Babe^' Ruth:mailto:babe@example.com\r
            ORGANIZER;CN="Doe^nJane ^^ Co":mailto:jane@example.com\r
            X-NOTE;X-P=a^xb;X-Q="^'q^'":v\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        let calendar = try ICalendar(bytes: Array(text.utf8), source: "t.ics")
        let event = try #require(calendar.events.first)
        #expect(event.attendees.first?.commonName == "George Herman \"Babe\" Ruth")
        #expect(event.organizer?.commonName == "Doe\nJane ^ Co")
        #expect(event.otherProperties.first?.parameters == [Parameter(name: "X-P", value: "a^xb"), Parameter(name: "X-Q", value: "\"q\"")])
    }

    /// What the writer encodes the import decodes: values with quotes, line breaks and carets
    /// (`^n` set as text among them) read back as they were set.
    @Test func writtenValuesReadBackAsSet() throws {
        let values = ["say \"hi\"", "two\nlines", "caret ^n as text", "^^", "a^'b", "x^"]
        var event = Incidence(kind: .event)
        event.uid = "w"
        event.start = .utc(CivilDateTime(year: 2025, month: 6, day: 10, hour: 9))
        event.attendees = values.map { CalendarUser(address: "mailto:a@x", parameters: [Parameter(name: "CN", value: $0)]) }
        var calendar = ICalendar()
        calendar.events = [event]
        let back = try ICalendar(bytes: ICSWriter().bytes(for: calendar), source: "w.ics")
        #expect(back.events.first?.attendees.map(\.commonName) == values)
    }
}
