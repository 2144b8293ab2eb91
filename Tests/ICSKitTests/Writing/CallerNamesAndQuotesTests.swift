import Foundation
import Testing
@testable import ICSKit

/// Names and parameter values that a caller sets in the model (not read from a file, where the
/// scanner ends a name at `;` or `:`) cannot change the structure of what the writer writes: a
/// name is written without controls, `;`, `:`, `=`, `,` and `"`, and only a well-formed list of
/// quoted strings goes out as given; any other value with a double quote is quoted and encoded
/// (RFC 6868's `^'`). Expected lines worked out by hand from
/// those rules; the round trip reads the written text back with the importer, which decodes
/// RFC 6868 (``CaretDecodingTests``).
@Suite struct CallerNamesAndQuotesTests {
    @Test func namesLoseWhatWouldEndThemOrTheLine() {
        let text = written {
            $0.write("X-A\r\nBEGIN:VEVENT", parameters: [Parameter(name: "X-P;Q=\"", value: "v"), Parameter(name: ":;=", value: "w")],
                     value: "1")
        }
        #expect(text == "X-ABEGINVEVENT;X-PQ=v:1\r\n")
        // What RFC 5545 3.1 does not allow but a file may hold (and the import keeps) stays.
        #expect(written { $0.write("X_ROOM", parameters: [Parameter(name: "X-A B", value: "1")], value: "2") } == "X_ROOM;X-A B=1:2\r\n")
        // A name with nothing to keep writes no line at all.
        #expect(written { $0.write(":\r\n", value: "x") } == "")
    }

    @Test func aValueThatOnlyLooksQuotedIsQuotedAndEncoded() {
        let cases: [(String, String)] = [
            ("\"x\":evil;Y=\"", "\"^'x^':evil;Y=^'\""),
            ("\"a\",b", "\"^'a^',b\""),
            ("\"a\"\"b\"", "^'a^'^'b^'"),
            ("\"", "^'"),
            // Well-formed lists go out as written.
            ("\"mailto:a@x\"", "\"mailto:a@x\""),
            ("\"mailto:a@x\",\"mailto:b@x\"", "\"mailto:a@x\",\"mailto:b@x\""),
        ]
        for (value, expected) in cases {
            let text = written { $0.write("ATTENDEE", parameters: [Parameter(name: "CN", value: value)], value: "mailto:j@x") }
            #expect(text.replacingOccurrences(of: "\r\n ", with: "") == "ATTENDEE;CN=\(expected):mailto:j@x\r\n", "\(value)")
        }
    }

    @Test func aCallersNamesAndQuotesDoNotAddEventsWhenReadBack() throws {
        var event = Incidence(kind: .event)
        event.uid = "one"
        event.start = .utc(CivilDateTime(year: 2025, month: 6, day: 10, hour: 9))
        event.attendees = [CalendarUser(address: "mailto:j@x", parameters: [Parameter(name: "CN", value: "\"x\":evil;Y=\"")])]
        event.otherProperties = [Property(name: "X-A\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:two\r\nX-B", value: "1")]
        // A subcomponent whose name would close the event, and one with no name to write (left out).
        event.otherComponents = [RawComponent(name: "X-C\r\nEND:VEVENT", properties: [Property(name: "X-D", value: "2")]),
                                 RawComponent(name: "\r\n:", properties: [Property(name: "X-E", value: "3")])]
        var calendar = ICalendar()
        calendar.events = [event]
        let back = try ICalendar(bytes: ICSWriter().bytes(for: calendar), source: "written.ics")
        #expect(back.events.map(\.uid) == ["one"])
        #expect(back.events.first?.attendees.first?.commonName == "\"x\":evil;Y=\"")
        #expect(back.events.first?.otherProperties.map(\.name) == ["X-AENDVEVENTBEGINVEVENTUIDTWOX-B"])
        #expect(back.events.first?.otherComponents.map(\.name) == ["X-CENDVEVENT"])
        #expect(back.events.first?.otherComponents.first?.properties.map(\.value) == ["2"])
    }
}
