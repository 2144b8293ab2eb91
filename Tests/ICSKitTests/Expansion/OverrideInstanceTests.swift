import Foundation
import Testing
@testable import ICSKit

/// An override (RECURRENCE-ID) is one instance of its master's series, whatever rules it carries:
/// its own RRULE neither repeats it nor puts it on the calendar's X-WR-TIMEZONE clock, and the
/// occurrence shows the override as written. Instants worked out by hand: 2024-01-05T14:00:00Z is
/// 1,704,463,200 s since 1970; New York is UTC−5 in January.
@Suite("Recurrence: overrides read as one instance")
struct OverrideInstanceTests {
    @Test func overrideWithItsOwnRuleIsOneUTCInstance() throws {
        var master = Incidence(kind: .event)
        master.uid = "u"
        master.start = .utc(RecurrenceText.civil("20240105T140000"))
        master.recurrenceRules = [RecurrenceText.rule("FREQ=DAILY;COUNT=3")]
        var override = Incidence(kind: .event)
        override.uid = "u"
        override.summary = "moved"
        override.recurrenceID = .utc(RecurrenceText.civil("20240106T140000"))
        override.start = .utc(RecurrenceText.civil("20240106T150000"))
        override.recurrenceRules = [RecurrenceText.rule("FREQ=DAILY;COUNT=5")]
        var calendar = ICalendar()
        calendar.defaultTimeZone = "America/New_York"
        calendar.events = [master, override]
        let utc = TimeZone(identifier: "UTC")!
        let result = OccurrenceExpansion(calendars: [calendar], from: Date(timeIntervalSince1970: 1_704_067_200),
                                         to: Date(timeIntervalSince1970: 1_706_745_600), viewerTimeZone: utc).collect()
        #expect(result.diagnostics.isEmpty)
        // The master recurs at 09:00 New York (Google's reading of a UTC series with X-WR-TIMEZONE).
        #expect(result.occurrences.map(\.start) == [
            .instant(secondsSinceEpoch: 1_704_463_200, utcOffset: -5 * 3_600, zone: "America/New_York"),
            .instant(secondsSinceEpoch: 1_704_553_200, utcOffset: 0, zone: nil),
            .instant(secondsSinceEpoch: 1_704_636_000, utcOffset: -5 * 3_600, zone: "America/New_York"),
        ])
        let moved = try #require(result.occurrences.dropFirst().first)
        #expect(moved.incidence.summary == "moved")
        #expect(moved.incidence.recurrenceRules.count == 1)
        #expect(moved.recurrenceIDTime == .instant(secondsSinceEpoch: 1_704_549_600, utcOffset: -5 * 3_600, zone: "America/New_York"))
    }
}
