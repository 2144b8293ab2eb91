import Foundation
import Testing
@testable import ICSKit

/// ``AlarmTriggers`` works out a series' triggers once (``AlarmTriggerPlan``) and adds each
/// occurrence's start or end to them (in the wall time of the occurrence's zone for nominal days).
/// Expected instants worked out by hand from RFC 5545 3.8.6.3 and 3.3.6; the plan is also checked
/// against the per-occurrence rules (``ReminderMaker/relativeTriggers(_:_:)``) on every occurrence.
@Suite("Reminders: triggers planned once per series")
struct AlarmTriggerPlanTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let newYork = TimeZone(identifier: "America/New_York")!

    static let body = """
    BEGIN:VEVENT
    UID:zoned
    DTSTAMP:20240101T000000Z
    DTSTART;TZID=America/New_York:20240308T093000
    DTEND;TZID=America/New_York:20240308T103000
    RRULE:FREQ=DAILY;COUNT=4
    BEGIN:VALARM
    ACTION:DISPLAY
    DESCRIPTION:before
    TRIGGER:-PT15M
    REPEAT:2
    DURATION:PT5M
    END:VALARM
    BEGIN:VALARM
    ACTION:DISPLAY
    DESCRIPTION:after the end
    TRIGGER;RELATED=END:PT1H
    END:VALARM
    BEGIN:VALARM
    ACTION:DISPLAY
    DESCRIPTION:absolute
    TRIGGER;VALUE=DATE-TIME:20240301T120000Z
    END:VALARM
    END:VEVENT
    BEGIN:VEVENT
    UID:allday
    DTSTAMP:20240101T000000Z
    DTSTART;VALUE=DATE:20240309
    RRULE:FREQ=WEEKLY;COUNT=2
    BEGIN:VALARM
    ACTION:DISPLAY
    DESCRIPTION:evening before
    TRIGGER:-PT6H
    END:VALARM
    END:VEVENT
    BEGIN:VEVENT
    UID:nominal
    DTSTAMP:20240101T000000Z
    DTSTART;TZID=America/New_York:20240311T090000
    RRULE:FREQ=DAILY;COUNT=2
    BEGIN:VALARM
    ACTION:DISPLAY
    DESCRIPTION:day before
    TRIGGER:-P1D
    END:VALARM
    END:VEVENT
    BEGIN:VEVENT
    UID:nominal-end
    DTSTAMP:20240101T000000Z
    DTSTART;TZID=Europe/Berlin:20240330T080000
    DTEND;TZID=Europe/Berlin:20240330T090000
    RRULE:FREQ=DAILY;COUNT=2
    BEGIN:VALARM
    ACTION:DISPLAY
    DESCRIPTION:a day before the end, twice more a week apart
    TRIGGER;RELATED=END:-P1DT30M
    REPEAT:2
    DURATION:P1W
    END:VALARM
    BEGIN:VALARM
    ACTION:DISPLAY
    DESCRIPTION:exact, beside it
    TRIGGER:-PT5M
    END:VALARM
    END:VEVENT
    BEGIN:VEVENT
    UID:nominal-allday
    DTSTAMP:20240101T000000Z
    DTSTART;VALUE=DATE:20240309
    RRULE:FREQ=DAILY;COUNT=2
    BEGIN:VALARM
    ACTION:DISPLAY
    DESCRIPTION:two days before, at midnight in the viewer's zone
    TRIGGER:-P2D
    END:VALARM
    END:VEVENT
    BEGIN:VEVENT
    UID:cancelled
    DTSTAMP:20240101T000000Z
    DTSTART:20240309T120000Z
    STATUS:CANCELLED
    RRULE:FREQ=DAILY;COUNT=2
    BEGIN:VALARM
    ACTION:DISPLAY
    DESCRIPTION:never
    TRIGGER:-PT10M
    END:VALARM
    END:VEVENT

    """

    static func calendar() throws -> ICalendar {
        try ICalendar(parsing: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
            + body.replacingOccurrences(of: "\n", with: "\r\n") + "END:VCALENDAR\r\n")
    }

    static func stamp(_ date: Date) -> String {
        let t = CivilDateTime(secondsSinceEpoch: Int(date.timeIntervalSince1970))
        return "\(t)Z"
    }

    @Test func handWorkedTriggers() throws {
        let calendar = try Self.calendar()
        let occurrences = calendar.occurrences(from: ReminderExpansionTests.instant("2024-03-01T00:00:00Z"),
                                               to: ReminderExpansionTests.instant("2024-04-01T00:00:00Z"),
                                               viewerTimeZone: Self.newYork).collect().occurrences
        let triggers = AlarmTriggers(calendars: [calendar], viewerTimeZone: Self.newYork)
        func found(_ uid: String) -> [[String]] {
            occurrences.filter { $0.incidence.uid == uid }.map { triggers.instants(for: $0).map(Self.stamp) }
        }
        // 09:30 New York is 14:30Z until Saturday 9 March (EST, −5), 13:30Z from Sunday 10 March (EDT, −4);
        // the end is an hour later. Before: −15, −10, −5 minutes; after the end: +1 hour; the absolute one as written.
        #expect(found("zoned") == [
            ["2024-03-01T12:00:00Z", "2024-03-08T14:15:00Z", "2024-03-08T14:20:00Z", "2024-03-08T14:25:00Z", "2024-03-08T16:30:00Z"],
            ["2024-03-01T12:00:00Z", "2024-03-09T14:15:00Z", "2024-03-09T14:20:00Z", "2024-03-09T14:25:00Z", "2024-03-09T16:30:00Z"],
            ["2024-03-01T12:00:00Z", "2024-03-10T13:15:00Z", "2024-03-10T13:20:00Z", "2024-03-10T13:25:00Z", "2024-03-10T15:30:00Z"],
            ["2024-03-01T12:00:00Z", "2024-03-11T13:15:00Z", "2024-03-11T13:20:00Z", "2024-03-11T13:25:00Z", "2024-03-11T15:30:00Z"],
        ])
        // All-day, read at midnight in the viewer's zone (New York): 9 March 00:00 EST = 05:00Z − 6 h;
        // 16 March 00:00 EDT = 04:00Z − 6 h.
        #expect(found("allday") == [["2024-03-08T23:00:00Z"], ["2024-03-15T22:00:00Z"]])
        // Nominal day (worked out per occurrence): 09:00 the day before, across the change of 10 March.
        #expect(found("nominal") == [["2024-03-10T13:00:00Z"], ["2024-03-11T13:00:00Z"]])
        // Berlin changes from +1 to +2 on Sunday 31 March 2024 at 02:00. The ends are 09:00 Berlin on
        // 30 March (08:00Z) and 31 March (07:00Z). A day before the end: 09:00 Berlin on 29 and 30 March
        // (both +1: 08:00Z), then 30 minutes exact: 07:30Z. Then one and two weeks later at the same wall
        // time, 08:30 Berlin on 5, 12 and 6, 13 April (+2: 06:30Z). The exact alarm: 5 minutes before
        // the start, 07:55Z (30 March, +1) and 05:55Z (31 March, +2).
        #expect(found("nominal-end") == [
            ["2024-03-29T07:30:00Z", "2024-03-30T06:55:00Z", "2024-04-05T06:30:00Z", "2024-04-12T06:30:00Z"],
            ["2024-03-30T07:30:00Z", "2024-03-31T05:55:00Z", "2024-04-06T06:30:00Z", "2024-04-13T06:30:00Z"],
        ])
        // All-day on 9 and 10 March, read at midnight New York; two days before: 7 March 00:00 EST (05:00Z)
        // and 8 March 00:00 EST (05:00Z), wall days in the viewer's zone.
        #expect(found("nominal-allday") == [["2024-03-07T05:00:00Z"], ["2024-03-08T05:00:00Z"]])
        #expect(found("cancelled") == [[], []])
    }

    /// ``AlarmTriggers/series(of:)``, held by the caller for a series' occurrences, gives each of
    /// them what ``AlarmTriggers/instants(for:)`` gives (hand-worked above); made from a later
    /// occurrence than the first (a caller that forgot the series and meets it again), the same.
    @Test func seriesTriggersHeldByTheCaller() throws {
        let calendar = try Self.calendar()
        let occurrences = calendar.occurrences(from: ReminderExpansionTests.instant("2024-03-01T00:00:00Z"),
                                               to: ReminderExpansionTests.instant("2024-04-01T00:00:00Z"),
                                               viewerTimeZone: Self.newYork).collect().occurrences
        let triggers = AlarmTriggers(calendars: [calendar], viewerTimeZone: Self.newYork)
        var checked = 0
        for uid in ["zoned", "allday", "nominal", "nominal-end", "nominal-allday", "cancelled"] {
            let instances = occurrences.filter { $0.incidence.uid == uid }
            let first = try #require(instances.first), last = try #require(instances.last)
            for series in [triggers.series(of: first), triggers.series(of: last)] {
                for occurrence in instances {
                    #expect(series.instants(for: occurrence) == triggers.instants(for: occurrence), "\(uid)")
                    checked += 1
                }
            }
        }
        #expect(checked == 2 * 14)
        // The Berlin series across its change to summer time, by hand (see handWorkedTriggers).
        let berlin = occurrences.filter { $0.incidence.uid == "nominal-end" }
        let series = triggers.series(of: berlin[1])
        #expect(berlin.map { series.instants(for: $0).map(Self.stamp) } == [
            ["2024-03-29T07:30:00Z", "2024-03-30T06:55:00Z", "2024-04-05T06:30:00Z", "2024-04-12T06:30:00Z"],
            ["2024-03-30T07:30:00Z", "2024-03-31T05:55:00Z", "2024-04-06T06:30:00Z", "2024-04-13T06:30:00Z"],
        ])
    }

    @Test func planGivesThePerOccurrenceTriggers() throws {
        let calendar = try Self.calendar()
        let maker = ReminderMaker(rangeStart: Int.min / 4, rangeEnd: Int.max / 4, viewer: FoundationZone(zone: Self.newYork),
                                  lookups: [OccurrenceExpansion.resolverLookup(calendar)], includesAcknowledged: true)
        let occurrences = calendar.occurrences(from: ReminderExpansionTests.instant("2024-03-01T00:00:00Z"),
                                               to: ReminderExpansionTests.instant("2024-04-01T00:00:00Z"),
                                               viewerTimeZone: Self.newYork).collect().occurrences
        var planned = 0
        for occurrence in occurrences {
            var expected: [Date] = []
            maker.relativeTriggers(occurrence) { _, utc, _, _, _ in expected.append(Date(timeIntervalSince1970: TimeInterval(utc))) }
            // The plan made at the series' first occurrence, as ``AlarmTriggers`` makes it.
            let first = occurrences.first { $0.incidence.uid == occurrence.incidence.uid }!
            let plan = AlarmTriggerPlan(occurrence.incidence, first: first, maker: maker, calendarID: occurrence.calendarID,
                                        calendarIndex: occurrence.calendarIndex)
            planned += 1
            if !occurrence.incidence.isCancelled {
                maker.absoluteTriggers(of: occurrence.incidence, calendarID: occurrence.calendarID,
                                       calendarIndex: occurrence.calendarIndex) { expected.append($0.trigger) }
            }
            #expect(plan.instants(for: occurrence, maker: maker) == expected.sorted())
        }
        #expect(planned == 14)
    }
}
