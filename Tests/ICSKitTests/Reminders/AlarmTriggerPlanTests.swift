import Foundation
import Testing
@testable import ICSKit

/// ``AlarmTriggers`` works out a series' triggers once (``AlarmTriggerPlan``): exact offsets added to
/// each occurrence's start or end, alarms that move by nominal days counted from each occurrence in
/// its own zone. Expected instants worked out by hand from RFC 5545 3.8.6.3 and 3.3.6; the plan is
/// also checked against the per-occurrence rules (``ReminderMaker/relativeTriggers(_:_:)``) on every occurrence.
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
    BEGIN:VALARM
    ACTION:DISPLAY
    DESCRIPTION:two days before the end, again a day later
    TRIGGER;RELATED=END:-P2D
    REPEAT:1
    DURATION:P1D
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
        // Nominal days (counted from each occurrence in New York): 09:00 the day before, across the
        // change of 10 March; 09:00 two days before the end (no DTEND: the end is the start), which is
        // 14:00Z before the change (EST), then a nominal day later 09:00 EDT, 13:00Z (an exact day
        // would give 14:00Z again).
        #expect(found("nominal") == [["2024-03-09T14:00:00Z", "2024-03-10T13:00:00Z", "2024-03-10T13:00:00Z"],
                                     ["2024-03-10T13:00:00Z", "2024-03-11T13:00:00Z", "2024-03-11T13:00:00Z"]])
        #expect(found("cancelled") == [[], []])
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
            let plan = AlarmTriggerPlan(occurrence.incidence, maker: maker, calendarID: occurrence.calendarID,
                                        calendarIndex: occurrence.calendarIndex)
            planned += 1
            if occurrence.incidence.uid == "nominal" { #expect(plan.nominal.count == 2 && plan.fromStart.isEmpty && plan.fromEnd.isEmpty) }
            if !occurrence.incidence.isCancelled {
                maker.absoluteTriggers(of: occurrence.incidence, calendarID: occurrence.calendarID,
                                       calendarIndex: occurrence.calendarIndex) { expected.append($0.trigger) }
            }
            #expect(plan.instants(for: occurrence, maker: maker) == expected.sorted())
        }
        #expect(planned == 10)
    }
}
