import Foundation
import Testing
@testable import ICSKit

/// The streamed (uncapped) expansion lists every instance in the range, but at most
/// ``Series/reachingInLimit`` of one series that began before the range and still run in it:
/// a minutely series whose instances each last 2,000 years has a hundred million of those on
/// any day two centuries after its start, and `--agenda` held them all for its first day.
/// Expected values worked out by hand (RFC 5545 3.8.5.3: one instance a minute from DTSTART,
/// each DTEND − DTSTART long).
@Suite struct ReachingInLimitTests {
    static let utc = TimeZone(identifier: "UTC")!

    static func calendar(start: String, end: String) throws -> ICalendar {
        try ICalendar(parsing: """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//test//EN\r
        BEGIN:VEVENT\r
        UID:long\r
        DTSTAMP:20240101T000000Z\r
        DTSTART:\(start)\r
        DTEND:\(end)\r
        RRULE:FREQ=MINUTELY\r
        SUMMARY:Long\r
        END:VEVENT\r
        END:VCALENDAR\r

        """)
    }

    static func instant(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    /// Instances of 2,000 years from 1600: on 16 April 1791 every instance since 1600 still runs.
    /// The stream lists the first 10,000 (from 1600-04-16T09:00Z, a minute apart) and stops the
    /// series with one ICS3002 that says why.
    @Test func instancesRunningInFromBeforeStopAtTheLimit() throws {
        let calendar = try Self.calendar(start: "16000416T090000Z", end: "36000416T090000Z")
        var iterator = calendar.occurrences(from: Self.instant("1791-04-16T00:00:00Z"), to: Self.instant("1791-04-17T00:00:00Z"),
                                            viewerTimeZone: Self.utc).makeIterator()
        var count = 0, first: Occurrence?, last: Occurrence?
        while let occurrence = iterator.next() {
            count += 1
            if first == nil { first = occurrence }
            last = occurrence
        }
        #expect(count == Series.reachingInLimit)
        #expect(first?.start == .instant(secondsSinceEpoch: -11_666_905_200, utcOffset: 0, zone: nil))
        #expect(last?.start == .instant(secondsSinceEpoch: -11_666_905_200 + 9_999 * 60, utcOffset: 0, zone: nil))
        #expect(iterator.diagnostics.map(\.code) == [.recurrenceLimit])
        #expect(iterator.diagnostics.first?.message
                == "stopped expanding the series after 10000 instances that began before the range and still run in it")
    }

    /// Instances of 90 minutes: on any day, 89 instances began the day before and still run
    /// after midnight (22:31 to 23:59), then the 1,440 of the day: all listed, no diagnostic.
    @Test func ordinaryInstancesRunningInAreAllListed() throws {
        let calendar = try Self.calendar(start: "20240101T000000Z", end: "20240101T013000Z")
        let expansion = calendar.occurrences(from: Self.instant("2024-06-01T00:00:00Z"), to: Self.instant("2024-06-02T00:00:00Z"),
                                             viewerTimeZone: Self.utc)
        var iterator = expansion.makeIterator()
        var count = 0
        while iterator.next() != nil { count += 1 }
        #expect(count == 89 + 1_440)
        #expect(iterator.diagnostics.isEmpty)
    }
}
