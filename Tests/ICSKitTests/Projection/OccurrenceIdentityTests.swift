import Foundation
import Testing
@testable import ICSKit

/// `Occurrence: Identifiable` and `CalendarID`: identities that stay the
/// same across expansions and refreshes, and differ between instances.
@Suite("Occurrence identity")
struct OccurrenceIdentityTests {
    /// A weekly series of three (3, 10, 17 June 2024 at 09:00Z) whose second instance is moved to
    /// 11 June by an override, and a single event.
    static let text = """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//ICSKit tests//EN\r
    BEGIN:VEVENT\r
    UID:weekly@example.org\r
    DTSTART:20240603T090000Z\r
    DURATION:PT1H\r
    RRULE:FREQ=WEEKLY;COUNT=3\r
    END:VEVENT\r
    BEGIN:VEVENT\r
    UID:weekly@example.org\r
    RECURRENCE-ID:20240610T090000Z\r
    DTSTART:20240611T090000Z\r
    DURATION:PT1H\r
    END:VEVENT\r
    BEGIN:VEVENT\r
    UID:once@example.org\r
    DTSTART:20240605T120000Z\r
    DURATION:PT1H\r
    END:VEVENT\r
    END:VCALENDAR\r

    """

    static func expand(_ calendar: ICalendar) -> [Occurrence] {
        OccurrenceExpansion(calendars: [calendar], from: Date(timeIntervalSince1970: 1_717_200_000), // 2024-06-01T00:00Z
                            to: Date(timeIntervalSince1970: 1_719_792_000), // 2024-07-01T00:00Z
                            viewerTimeZone: TimeZone(identifier: "UTC")!).collect().occurrences
    }

    @Test func idsAreStableAndDistinct() throws {
        let feed = try ICalendar(parsing: Self.text, source: "team.ics")
        let first = Self.expand(feed), again = Self.expand(try ICalendar(parsing: Self.text, source: "team.ics"))
        #expect(first.count == 4)
        #expect(first.map(\.id) == again.map(\.id))
        #expect(Set(first.map(\.id)).count == 4)
        #expect(first.allSatisfy { $0.calendarID == CalendarID(rawValue: "source:team.ics") })
        // The moved instance keeps the identity of the instance it replaces (10 June 09:00Z).
        let moved = try #require(first.first { $0.start == .instant(secondsSinceEpoch: 1_718_096_400, utcOffset: 0, zone: nil) })
        #expect(moved.id.instance == .instant(secondsSinceEpoch: 1_718_010_000, utcOffset: 0, zone: nil))
        #expect(moved.id.uid == "weekly@example.org")
        let single = try #require(first.first { $0.incidence.uid == "once@example.org" })
        #expect(single.id == Occurrence.ID(calendar: feed.id, uid: "once@example.org", instance: nil))
    }

    @Test func calendarsWithoutASourceAreIdentifiedByContent() throws {
        let a = try ICalendar(parsing: Self.text), b = try ICalendar(parsing: Self.text)
        #expect(a.id == b.id)
        #expect(a.id.rawValue.hasPrefix("content:") && a.id.rawValue.count == "content:".count + 16)
        var renamed = a
        renamed.name = "Another"
        #expect(renamed.id != a.id)
        // Two calendars in one expansion: each occurrence names its own.
        let both = OccurrenceExpansion(calendars: [a, try ICalendar(parsing: Self.text, source: "x.ics")],
                                       from: Date(timeIntervalSince1970: 1_717_200_000), to: Date(timeIntervalSince1970: 1_719_792_000),
                                       viewerTimeZone: TimeZone(identifier: "UTC")!).collect().occurrences
        #expect(Set(both.map(\.calendarID)) == [a.id, CalendarID(rawValue: "source:x.ics")])
        #expect(Set(both.map(\.id)).count == 8)
    }
}
