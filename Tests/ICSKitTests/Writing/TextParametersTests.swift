import Foundation
import Testing
@testable import ICSKit

/// The parameters of SUMMARY, DESCRIPTION, LOCATION and URL (`Fixtures/import/text-parameters.ics`:
/// RFC 5545's own examples of ALTREP, 3.2.1 and 3.8.1.7, LANGUAGE 3.2.10, and an X- parameter) are
/// kept beside their values and written back; an event without any keeps nothing.
@Suite struct TextParametersTests {
    static let fixture = "text-parameters.ics"

    /// The content lines of `text`, unfolded (RFC 5545 3.1: a CRLF followed by a space or a tab is removed).
    static func unfolded(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n ", with: "").replacingOccurrences(of: "\r\n\t", with: "")
            .components(separatedBy: "\r\n")
    }

    @Test func theParametersAreReadAsWritten() throws {
        let calendar = try Fixtures.calendar(Self.fixture)
        let first = try #require(calendar.events.first { $0.uid == "text-parameters-1@example.org" })
        #expect(first.summary == "Besprechung")
        #expect(first.notes == "The Fall'98 Wild Wizards Conference - - Las Vegas, NV, USA")
        #expect(first.location == "Conference Room - F123, Bldg. 002")
        #expect(first.textParameters == [
            "SUMMARY": [Parameter(name: "LANGUAGE", value: "de")],
            "DESCRIPTION": [Parameter(name: "ALTREP", value: "cid:part1.0001@example.org")],
            "LOCATION": [Parameter(name: "ALTREP", value: "http://xyzcorp.com/conf-rooms/f123.vcf")],
            "URL": [Parameter(name: "X-LABEL", value: "Agenda")],
        ])
        let second = try #require(calendar.events.first { $0.uid == "text-parameters-2@example.org" })
        #expect(second.textParameters == nil)
    }

    /// The written lines, unfolded, are the input's (the quotes around a value with a colon, RFC
    /// 5545 3.2; TEXT escapes as written), and reading them again gives the same model.
    @Test func theWriterWritesThemBack() throws {
        let calendar = try Fixtures.calendar(Self.fixture)
        let text = ICSWriter().text(for: calendar)
        let lines = Self.unfolded(text)
        for expected in [
            "SUMMARY;LANGUAGE=de:Besprechung",
            "DESCRIPTION;ALTREP=\"cid:part1.0001@example.org\":The Fall'98 Wild Wizards Conference - - Las Vegas\\, NV\\, USA",
            "LOCATION;ALTREP=\"http://xyzcorp.com/conf-rooms/f123.vcf\":Conference Room - F123\\, Bldg. 002",
            "URL;X-LABEL=Agenda:http://example.com/pub/calendars/jsmith/mytime.ics",
            "SUMMARY:No parameters",
            "DESCRIPTION:Nor here\\, with an escape",
            "LOCATION:Room 1",
        ] {
            #expect(lines.contains(expected), "\(expected) not in\n\(text)")
        }
        let again = try ICalendar(bytes: Array(text.utf8), source: "written.ics")
        #expect(again.events.map(\.textParameters) == calendar.events.map(\.textParameters))
        #expect(again.comparable == calendar.comparable)
    }

    /// The common case costs nothing: an incidence without parameters holds no dictionary (the
    /// field is ``Sparse``, one reference wide and nil).
    @Test func anEventWithoutParametersHoldsNone() throws {
        let calendar = try Fixtures.calendar("google-team.ics")
        #expect(calendar.events.allSatisfy { $0.textParameters == nil })
        #expect(MemoryLayout<Sparse<[String: [Parameter]]>>.size == MemoryLayout<Int>.size)
    }
}
