import Foundation
import Testing
@testable import ICSKit

/// Conventions of real feeds that the fixtures of `Fixtures/recurrence/` do not cover: the
/// switch for strict RFC 5545 reading of UTC series, and no silent cap on the lazy expansion.
/// Expected values are worked out by hand from RFC 5545 (and the convention each test names).
@Suite("Conventions of real feeds")
struct RecurrenceConventionTests {
    static let utc = TimeZone(identifier: "UTC")!

    static func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    static func calendar(_ lines: [String], options: ImportOptions = ImportOptions()) throws -> ICalendar {
        try ICalendar(parsing: (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ICSKit//Tests//EN"] + lines + ["END:VCALENDAR"])
            .joined(separator: "\r\n") + "\r\n", options: options)
    }

    /// A weekly 08:00Z series from Monday 18 March 2024 in a calendar with X-WR-TIMEZONE Europe/Berlin.
    static let googleSeries = ["X-WR-TIMEZONE:Europe/Berlin", "BEGIN:VEVENT", "UID:g", "DTSTAMP:20240101T000000Z",
                               "DTSTART:20240318T080000Z", "RRULE:FREQ=WEEKLY;COUNT=3", "END:VEVENT"]

    /// Default: the wall time in Berlin stays 09:00, so after the change to summer time (31 March) the
    /// instant is 07:00Z (the x-wr-timezone convention). Strict: 08:00Z every week (RFC 5545: UTC is an instant).
    @Test(arguments: [(true, ["2024-03-18T08:00:00Z", "2024-03-25T08:00:00Z", "2024-04-01T07:00:00Z"]),
                      (false, ["2024-03-18T08:00:00Z", "2024-03-25T08:00:00Z", "2024-04-01T08:00:00Z"])])
    func utcSeriesInCalendarZone(_ convention: Bool, _ expected: [String]) throws {
        let calendar = try Self.calendar(Self.googleSeries, options: ImportOptions(readsUTCSeriesInCalendarZone: convention))
        let found = calendar.occurrences(from: Self.date("2024-03-01T00:00:00Z"), to: Self.date("2024-05-01T00:00:00Z"),
                                         viewerTimeZone: Self.utc).map { ISO8601DateFormatter().string(from: $0.start.date(in: Self.utc)) }
        #expect(found == expected)
    }

    /// Every four minutes for 30 days: 30 × 24 × 15 = 10,800 instances, more than the default cap of 10,000.
    static let everyFourMinutes = ["BEGIN:VEVENT", "UID:tick", "DTSTAMP:20240101T000000Z", "DTSTART:20240601T000000Z",
                                   "RRULE:FREQ=MINUTELY;INTERVAL=4", "END:VEVENT"]

    @Test func lazyExpansionListsEveryInstance() throws {
        let calendar = try Self.calendar(Self.everyFourMinutes)
        let expansion = calendar.occurrences(from: Self.date("2024-06-01T00:00:00Z"), to: Self.date("2024-07-01T00:00:00Z"),
                                             viewerTimeZone: Self.utc)
        var iterator = expansion.makeIterator()
        var count = 0
        var last: Date?
        while let occurrence = iterator.next() {
            count += 1
            last = occurrence.start.date(in: Self.utc)
        }
        #expect(count == 10_800)
        #expect(last == Self.date("2024-06-30T23:56:00Z"))
        #expect(iterator.diagnostics.isEmpty)
    }

    @Test func collectCapsEachSeriesWithADiagnostic() throws {
        let calendar = try Self.calendar(Self.everyFourMinutes)
        let (all, diagnostics) = calendar.occurrences(from: Self.date("2024-06-01T00:00:00Z"), to: Self.date("2024-07-01T00:00:00Z"),
                                                      viewerTimeZone: Self.utc).collect()
        #expect(all.count == 10_000)
        #expect(diagnostics.map(\.code) == [.recurrenceLimit])
    }
}
