import Foundation
import Testing
@testable import ICSKit

/// The string form of an occurrence's identity, worked out by hand from the documented format
/// (calendar|UID|instance in RFC 5545's DATE / DATE-TIME forms, UTC for instants).
@Suite("Occurrence keys")
struct OccurrenceKeyTests {
    static let cal = CalendarID(rawValue: "source:/cal/work")

    @Test(arguments: [
        (Occurrence.ID(calendar: cal, uid: "standup", instance: .instant(secondsSinceEpoch: 1_718_002_800, utcOffset: 7200, zone: "Europe/Berlin")),
         "source:/cal/work|standup|20240610T070000Z"),
        (Occurrence.ID(calendar: cal, uid: "holiday", instance: .date(CivilDate(year: 2024, month: 12, day: 25))),
         "source:/cal/work|holiday|20241225"),
        (Occurrence.ID(calendar: cal, uid: "float", instance: .floating(CivilDateTime(year: 2024, month: 1, day: 2, hour: 3, minute: 4, second: 5))),
         "source:/cal/work|float|20240102T030405"),
        (Occurrence.ID(calendar: cal, uid: "single", instance: nil), "source:/cal/work|single|"),
        (Occurrence.ID(calendar: CalendarID(rawValue: "source:a|b%c"), uid: "x|y%z", instance: nil), "source:a%7Cb%25c|x%7Cy%25z|"),
        (Occurrence.ID(calendar: cal, uid: nil, instance: nil), "source:/cal/work|-|"),
        (Occurrence.ID(calendar: cal, uid: "-", instance: nil), "source:/cal/work|%2D|"),
    ])
    func stringFormRoundTrips(_ id: Occurrence.ID, _ expected: String) throws {
        #expect(id.stringValue == expected)
        let back = try #require(Occurrence.ID(stringValue: expected))
        #expect(back == id)
        #expect(back.hashValue == id.hashValue)
        #expect(back.stringValue == expected)
        let json = try JSONEncoder().encode([id])
        let quoted = String(decoding: try JSONEncoder().encode(expected), as: UTF8.self)
        #expect(String(decoding: json, as: UTF8.self) == "[" + quoted + "]")
        #expect(try JSONDecoder().decode([Occurrence.ID].self, from: json) == [id])
    }

    @Test(arguments: ["", "a|b", "a|b|c|d", "a|b|2024", "a|b|20241301", "a|b|20240101T250000", "a|%ZZ|", "a|b|20240101T000000X"])
    func malformedTextIsRefused(_ text: String) {
        #expect(Occurrence.ID(stringValue: text) == nil)
    }

    @Test func keysOfAnExpandedSeriesAreDistinctAndStable() throws {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:s\r\nDTSTAMP:20240101T000000Z\r\n"
            + "DTSTART;TZID=Europe/Berlin:20240610T090000\r\nRRULE:FREQ=DAILY;COUNT=3\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let calendar = try ICalendar(parsing: text, source: "work.ics")
        let keys = OccurrenceExpansion(calendars: [calendar], from: Date(timeIntervalSince1970: 1_717_000_000),
                                       to: Date(timeIntervalSince1970: 1_720_000_000),
                                       viewerTimeZone: TimeZone(identifier: "UTC")!).map(\.id.stringValue)
        // 09:00 in Berlin (CEST, UTC+2) is 07:00 UTC.
        #expect(keys == ["source:work.ics|s|20240610T070000Z", "source:work.ics|s|20240611T070000Z", "source:work.ics|s|20240612T070000Z"])
    }
}
