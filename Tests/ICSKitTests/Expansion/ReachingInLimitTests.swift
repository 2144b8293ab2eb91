import Foundation
import Testing
@testable import ICSKit

/// The streamed (uncapped) expansion lists every instance that starts in the range, but at most
/// ``Series/reachingInLimit`` of one series that began before the range and still run in it:
/// a minutely series whose instances each last 2,000 years has a hundred million of those on
/// any day two centuries after its start, and `--agenda` held them all for its first day. The
/// rest of those are passed over (work that shows nothing, bounded by ``Series/workLimit``).
/// Expected values worked out by hand (RFC 5545 3.8.5.3: one instance a period from DTSTART,
/// each DTEND − DTSTART long).
@Suite struct ReachingInLimitTests {
    static let utc = TimeZone(identifier: "UTC")!

    static func calendar(start: String, end: String, rule: String, allDay: Bool = false) throws -> ICalendar {
        let value = allDay ? ";VALUE=DATE" : ""
        return try ICalendar(parsing: """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//test//EN\r
        BEGIN:VEVENT\r
        UID:long\r
        DTSTAMP:20240101T000000Z\r
        DTSTART\(value):\(start)\r
        DTEND\(value):\(end)\r
        RRULE:\(rule)\r
        SUMMARY:Long\r
        END:VEVENT\r
        END:VCALENDAR\r

        """)
    }

    static func instant(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    static func count(_ calendar: ICalendar, from: String, to: String) -> (count: Int, first: Occurrence?, last: Occurrence?, diagnostics: [Diagnostic]) {
        var iterator = calendar.occurrences(from: instant(from), to: instant(to), viewerTimeZone: utc).makeIterator()
        var count = 0, first: Occurrence?, last: Occurrence?
        while let occurrence = iterator.next() {
            count += 1
            if first == nil { first = occurrence }
            last = occurrence
        }
        return (count, first, last, iterator.diagnostics)
    }

    /// A weekly all-day series from 0001-01-01 whose instances each last until 9999-12-31: on
    /// 2024-01-01 (105,555 weeks after 0001-01-01, a Monday in the proleptic Gregorian calendar)
    /// the 105,555 instances begun before are all running. Over the two weeks from then, the
    /// first 10,000 of those are listed (the first on 0001-01-01), the rest left out, and the
    /// instances of 1 and 8 January 2024 listed after them; one ICS3002 says what was left out.
    @Test func instancesRunningInFromBeforeAreListedUpToTheLimit() throws {
        let weekly = try Self.calendar(start: "00010101", end: "99991231", rule: "FREQ=WEEKLY", allDay: true)
        let found = Self.count(weekly, from: "2024-01-01T00:00:00Z", to: "2024-01-15T00:00:00Z")
        #expect(found.count == Series.reachingInLimit + 2)
        #expect(found.first?.start == .date(CivilDate(year: 1, month: 1, day: 1)))
        #expect(found.last?.start == .date(CivilDate(year: 2024, month: 1, day: 8)))
        #expect(found.diagnostics.map(\.code) == [.recurrenceLimit])
        #expect(found.diagnostics.first?.message
                == "listed 10000 instances of the series that began before the range and still run in it, and left out the rest of those")
    }

    /// Instances of 2,000 years, one a minute from 1600: on 16 April 1791 every instance since
    /// 1600 still runs, a hundred million. The first 10,000 are listed (from 1600-04-16T09:00Z, a
    /// minute apart); a million more are passed over, then the series stops (the work limit),
    /// before any instance of the day itself.
    @Test func millionsRunningInStopAtTheWorkLimit() throws {
        let long = try Self.calendar(start: "16000416T090000Z", end: "36000416T090000Z", rule: "FREQ=MINUTELY")
        let found = Self.count(long, from: "1791-04-16T00:00:00Z", to: "1791-04-17T00:00:00Z")
        #expect(found.count == Series.reachingInLimit)
        #expect(found.first?.start == .instant(secondsSinceEpoch: -11_666_905_200, utcOffset: 0, zone: nil))
        #expect(found.last?.start == .instant(secondsSinceEpoch: -11_666_905_200 + 9_999 * 60, utcOffset: 0, zone: nil))
        #expect(found.diagnostics.map(\.message) == ["stopped expanding the series after 1000000 instances that showed nothing in the range"])
    }

    /// Instances of 90 minutes: on any day, 89 instances began the day before and still run
    /// after midnight (22:31 to 23:59), then the 1,440 of the day: all listed, no diagnostic.
    @Test func ordinaryInstancesRunningInAreAllListed() throws {
        let calendar = try Self.calendar(start: "20240101T000000Z", end: "20240101T013000Z", rule: "FREQ=MINUTELY")
        let found = Self.count(calendar, from: "2024-06-01T00:00:00Z", to: "2024-06-02T00:00:00Z")
        #expect(found.count == 89 + 1_440)
        #expect(found.diagnostics.isEmpty)
    }
}
