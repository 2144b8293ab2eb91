import Foundation
import Testing
@testable import ICSKit

/// A series with instants for keys jumps to the earliest instant that can reach the range (its
/// length before the range start), less three hours and the zone's lowest offset there, not to
/// two days before it: a secondly series walked 172,800 instances before every range, and with
/// a small instance cap its work limit (100 times the cap) stopped it before the range, so that
/// it showed nothing. Expected values worked out by hand (RFC 5545 3.3.10: one instance a
/// second or a minute from DTSTART).
@Suite struct SubDailyJumpTests {
    static func calendar(rule: String, start: String, zone: String? = nil, end: String? = nil) throws -> ICalendar {
        let tz = zone.map { ";TZID=\($0)" } ?? ""
        let endLine = end.map { "DTEND\(tz):\($0)\r\n" } ?? ""
        return try ICalendar(parsing: """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//test//EN\r
        BEGIN:VEVENT\r
        UID:tick\r
        DTSTAMP:20240101T000000Z\r
        DTSTART\(tz):\(start)\r
        \(endLine)RRULE:\(rule)\r
        SUMMARY:Tick\r
        END:VEVENT\r
        END:VCALENDAR\r

        """)
    }

    static func instant(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    static func expand(_ calendar: ICalendar, from: String, hours: Double, limit: Int) -> (starts: [Date], codes: [DiagnosticCode]) {
        let utc = TimeZone(identifier: "UTC")!
        let (found, diagnostics) = OccurrenceExpansion(calendars: [calendar], from: instant(from),
                                                       to: instant(from) + hours * 3600, viewerTimeZone: utc,
                                                       instanceLimit: limit).collect()
        return (found.map { $0.start.date(in: utc) }, diagnostics.map(\.code))
    }

    /// Five months after DTSTART, 200 instances at most (work limit 20,000): the first 200 seconds
    /// of 2024-06-03, then the cap's ICS3002.
    @Test func aSecondlySeriesReachesTheRangeUnderASmallCap() throws {
        let secondly = try Self.calendar(rule: "FREQ=SECONDLY", start: "20240101T000000Z")
        let found = Self.expand(secondly, from: "2024-06-03T00:00:00Z", hours: 1, limit: 200)
        #expect(found.starts.count == 200)
        #expect(found.starts.first == Self.instant("2024-06-03T00:00:00Z"))
        #expect(found.starts.last == Self.instant("2024-06-03T00:03:19Z"))
        #expect(found.codes == [.recurrenceLimit])
    }

    /// A minutely series in Berlin, over the hour after the spring-forward gap (02:00 CET →
    /// 03:00 CEST on 2024-03-31, 01:00Z): the range's offset (+2) is not the offset of the
    /// hours before it (+1). 20 instances at most (work limit 2,000, under the 2,880 minutes of
    /// two days): 03:00–03:19 CEST, 01:00Z–01:19Z.
    @Test func aMinutelySeriesAcrossAnOffsetChange() throws {
        let minutely = try Self.calendar(rule: "FREQ=MINUTELY", start: "20240101T000000", zone: "Europe/Berlin")
        let found = Self.expand(minutely, from: "2024-03-31T01:00:00Z", hours: 1, limit: 20)
        #expect(found.starts.count == 20)
        #expect(found.starts.first == Self.instant("2024-03-31T01:00:00Z"))
        #expect(found.starts.last == Self.instant("2024-03-31T01:19:00Z"))
    }

    /// Instances of 90 minutes, one a minute: those begun up to 89 minutes before the range still
    /// run in it and are listed first (from 2024-06-02T22:31Z), then the range's own.
    @Test func instancesRunningInFromJustBeforeAreKept() throws {
        let long = try Self.calendar(rule: "FREQ=MINUTELY", start: "20240101T000000Z", end: "20240101T013000Z")
        let found = Self.expand(long, from: "2024-06-03T00:00:00Z", hours: 1, limit: 1_000)
        #expect(found.starts.first == Self.instant("2024-06-02T22:31:00Z"))
        #expect(found.starts.count == 89 + 60)
        #expect(found.codes.isEmpty)
    }

    /// A length in days is added on the wall clock: a daily series in New York, instances of one
    /// day, over the hour after the fall-back change (2024-11-03 01:00 EDT → 01:00 EST, 06:00Z).
    /// The instance of 2 November 12:00 EDT (16:00Z) ends 3 November 12:00 EST (17:00Z), 25 hours
    /// later: it reaches the range [06:00Z, 07:00Z) and is listed; the one of 1 November ends at
    /// 2 November 16:00Z and is not.
    @Test func aLengthInDaysAcrossFallBack() throws {
        let daily = try Self.calendar(rule: "FREQ=DAILY", start: "20240101T120000", zone: "America/New_York",
                                      end: "20240102T120000")
        let found = Self.expand(daily, from: "2024-11-03T06:00:00Z", hours: 1, limit: 1_000)
        #expect(found.starts == [Self.instant("2024-11-02T16:00:00Z")])
    }
}
