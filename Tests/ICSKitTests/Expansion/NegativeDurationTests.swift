import Foundation
import Testing
@testable import ICSKit

private typealias S = ProjectionSupport

/// A negative DURATION (RFC 5545 3.8.2.5 allows none on an event; `validate` says ICS2116) is read
/// as no DURATION: a timed instance of zero length, an all-day one of one day (3.6.1). Taken as it
/// was, a daily series with `DURATION:-P1000W` reversed the range of days the year view's sieve
/// reads (`PlainSeries.window`), and the year view trapped. Expected counts worked out by hand.
@Suite struct NegativeDurationTests {
    static func calendar(_ lines: String) throws -> ICalendar {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:n\r\nDTSTAMP:20240101T000000Z\r\n"
            + lines.replacingOccurrences(of: "\n", with: "\r\n") + "\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        return try ICalendar(bytes: Array(text.utf8), source: "n.ics")
    }

    /// The year 2024 as the year view samples it (three a day), and every occurrence of the range.
    static func year(_ calendar: ICalendar) -> (counts: [Int], occurrences: [Occurrence]) {
        let utc = TimeZone(identifier: "UTC")!
        var sample = GridSample(visibleDays: S.day(2024, 1, 1)...S.day(2024, 12, 31), calendar: S.gregorian("UTC"),
                                includesCancelled: false, maxPerDay: 3)
        let from = Date(timeIntervalSince1970: TimeInterval(S.utc(2024, 1, 1))), to = Date(timeIntervalSince1970: TimeInterval(S.utc(2025, 1, 1)))
        _ = sample.collect(OccurrenceExpansion(calendars: [calendar], from: from, to: to, viewerTimeZone: utc))
        let all = OccurrenceExpansion(calendars: [calendar], from: from, to: to, viewerTimeZone: utc).collect().occurrences
        return (sample.counts, all)
    }

    @Test func aDailySeriesWithANegativeDurationIsOfZeroLength() throws {
        let (counts, occurrences) = Self.year(try Self.calendar("DTSTART:20240601T090000Z\nDURATION:-P1000W\nRRULE:FREQ=DAILY"))
        // 1 June to 31 December 2024: 30 + 31 + 31 + 30 + 31 + 30 + 31 days, one instance each.
        #expect(counts.reduce(0, +) == 214)
        #expect(counts.prefix(152).allSatisfy { $0 == 0 } && counts.suffix(214).allSatisfy { $0 == 1 })
        #expect(occurrences.count == 214)
        #expect(occurrences.allSatisfy { $0.end == $0.start })
    }

    @Test func anAllDaySeriesWithANegativeDurationIsOneDayLong() throws {
        let (counts, occurrences) = Self.year(try Self.calendar("DTSTART;VALUE=DATE:20241230\nDURATION:-P3D\nRRULE:FREQ=DAILY"))
        // 30 and 31 December, each one day long.
        #expect(counts.suffix(2) == [1, 1] && counts.reduce(0, +) == 2)
        #expect(occurrences.map { $0.end.date(in: TimeZone(identifier: "UTC")!).timeIntervalSince($0.start.date(in: TimeZone(identifier: "UTC")!)) }
                == [86_400, 86_400])
    }

    /// The window itself, for any length: never reversed, a negative length reaching back no
    /// further than no length, a huge one (built in code) saturating instead of trapping.
    @Test func theWindowIsNeverReversed() throws {
        let calendar = try Self.calendar("DTSTART:20240601T090000Z\nRRULE:FREQ=DAILY")
        let event = try #require(calendar.events.first)
        let first = try #require(event.start)
        let clock = SeriesClock.of(start: first, defaultTZID: nil, utcSeriesZone: nil, zone: { _ in nil }, utc: ZoneCache(UTCZone()))
        let series = try #require(PlainSeries(rules: event.recurrenceRules, start: first, clock: clock))
        let start = S.utc(2024, 1, 1), end = S.utc(2025, 1, 1)
        let zero = series.window(rangeStart: start, rangeEnd: end, length: .zero, limit: 10_000)
        #expect(zero != nil)
        #expect(series.window(rangeStart: start, rangeEnd: end, length: InstanceLength(days: -7_000, seconds: -3_600), limit: 10_000)
                == series.window(rangeStart: start, rangeEnd: end, length: InstanceLength(days: 0, seconds: 3_600), limit: 10_000))
        #expect(series.window(rangeStart: start, rangeEnd: end, length: InstanceLength(days: Int.max, seconds: Int.min), limit: 10_000) == nil)
    }
}
