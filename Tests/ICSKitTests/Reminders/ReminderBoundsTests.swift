import Foundation
import Testing
@testable import ICSKit

/// The reminder expansion's work follows the range asked for, not the numbers in the file: a
/// REPEAT in the millions on a frequent series stops at the reminder limit with a warning, and an
/// alarm weeks or centuries before its event makes the series seek to the range shifted by it.
/// Expected values worked out by hand from RFC 5545 3.8.6.3 (a trigger is its anchor plus the
/// offset; each repetition DURATION later).
@Suite("Reminder bounds")
struct ReminderBoundsTests {
    typealias Base = ReminderExpansionTests

    /// A minutely event from 1 January 2024 with one alarm: `alarm` holds its lines.
    static func minutely(_ alarm: String) throws -> ICalendar {
        try Base.calendar("""
        BEGIN:VEVENT
        UID:minutely
        DTSTAMP:20240101T000000Z
        DTSTART:20240101T000000Z
        DURATION:PT1M
        RRULE:FREQ=MINUTELY
        SUMMARY:Minutely
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:x
        \(alarm)
        END:VALARM
        END:VEVENT

        """)
    }

    /// 5,000 copies of one VALARM (no UID, the same content) on an hourly event: one reminder an
    /// hour (the copies are one reminder), 15 minutes before each start, over two days: 48. Each
    /// occurrence asks which alarms are copies; that is one hashed pass over the 5,000, not a
    /// comparison of each with every earlier one (12.5 million an occurrence).
    @Test func thousandsOfCopiedAlarmsAreOnePass() throws {
        let alarm = "BEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:Soon\nTRIGGER:-PT15M\nEND:VALARM\n"
        let calendar = try Base.calendar("""
        BEGIN:VEVENT
        UID:copied
        DTSTAMP:20240101T000000Z
        DTSTART:20240101T000000Z
        DURATION:PT30M
        RRULE:FREQ=HOURLY
        SUMMARY:Hourly
        \(String(repeating: alarm, count: 5_000))END:VEVENT

        """)
        #expect(calendar.events.first?.alarms.count == 5_000)
        let found = ReminderExpansion(calendars: [calendar], from: Base.instant("2024-06-01T00:00:00Z"),
                                      to: Base.instant("2024-06-03T00:00:00Z"), viewerTimeZone: Base.utc).collect().reminders
        #expect(found.count == 48)
        #expect(Base.stamps(Array(found.prefix(2))) == ["2024-06-01T00:45:00Z", "2024-06-01T01:45:00Z"])
    }

    /// REPEAT:100000000 (at most ``ReminderMaker/repetitionLimit`` worked out) every minute on a
    /// minutely event: each minute of the range has a trigger of each of the 10,001 occurrences
    /// before it, far more than the limit. The series gives exactly `reminderLimit` reminders, in
    /// trigger order, and one ICS3002 warning names it.
    @Test func alarmsTimesInstancesStopAtTheReminderLimit() throws {
        let calendar = try Self.minutely("TRIGGER:-PT5M\nREPEAT:100000000\nDURATION:PT1M")
        let (found, diagnostics) = ReminderExpansion(calendars: [calendar], from: Base.instant("2024-06-01T00:00:00Z"),
                                                     to: Base.instant("2024-06-01T01:00:00Z"), viewerTimeZone: Base.utc,
                                                     reminderLimit: 2_000).collect()
        #expect(found.count == 2_000)
        #expect(zip(found, found.dropFirst()).allSatisfy { $0.trigger <= $1.trigger })
        #expect(found.allSatisfy { $0.trigger >= Base.instant("2024-06-01T00:00:00Z") && $0.trigger < Base.instant("2024-06-01T01:00:00Z") })
        let limits = diagnostics.filter { $0.code == .recurrenceLimit }
        #expect(limits.count == 1)
        #expect(limits.first?.uid == "minutely" && limits.first?.property == "VALARM")
        #expect(limits.first?.message == "stopped listing the reminders of the series after 2000 (the cap of one series' reminders in one range)")
        #expect(ReminderExpansion(calendars: [], from: Date(), to: Date(), viewerTimeZone: Base.utc).reminderLimit == 50_000)
    }

    /// Below the limit nothing changes: REPEAT:3 every minute from -PT5M gives each minute the
    /// triggers of the four occurrences 2 to 5 minutes after it (t + 5, t + 4, t + 3, t + 2 min).
    @Test func belowTheLimitEveryRepetitionIsListed() throws {
        let calendar = try Self.minutely("TRIGGER:-PT5M\nREPEAT:3\nDURATION:PT1M")
        let (found, diagnostics) = ReminderExpansion(calendars: [calendar], from: Base.instant("2024-06-01T00:00:00Z"),
                                                     to: Base.instant("2024-06-01T00:10:00Z"), viewerTimeZone: Base.utc).collect()
        #expect(found.count == 40)
        #expect(diagnostics.isEmpty)
        // At one trigger, by UID then the order the occurrences were read in (by start): the
        // occurrence at 00:02 gives its repetition 3 (00:02 − 5 min + 3 min), then 00:03 its 2, …
        #expect(found.prefix(4).map(\.repetition) == [3, 2, 1, 0])
        #expect(Set(Base.stamps(Array(found.prefix(4)))) == ["2024-06-01T00:00:00Z"])
    }

    /// TRIGGER:-P9999W: the reminders of the first half hour of June 2024 belong to the
    /// occurrences 9,999 weeks (69,993 days) later, from 2216-01-20T00:00Z (checked with Python's
    /// datetime: datetime(2024,6,1) + timedelta(weeks=9999)). The expansion is asked for a window
    /// around there only, not for every minute from June 2024 to 2216.
    @Test func aFarTriggerSeeksTheSeriesToTheShiftedRange() throws {
        let calendar = try Self.minutely("TRIGGER:-P9999W")
        let start = Base.instant("2024-06-01T00:00:00Z"), end = Base.instant("2024-06-01T00:30:00Z")
        let shifts = ReminderExpansion.shifts([calendar])
        #expect(shifts.count == 1 && shifts[0] == (min: -9999 * 604_800, max: -9999 * 604_800))
        let from = Int(start.timeIntervalSince1970), to = Int(end.timeIntervalSince1970)
        let windows = ReminderExpansion.windows(shifts, rangeStart: from, rangeEnd: to)
        #expect(windows == [(from + 9999 * 604_800 - ReminderExpansion.slack)...(to + 9999 * 604_800 + ReminderExpansion.slack)])
        let (found, diagnostics) = ReminderExpansion(calendars: [calendar], from: start, to: end, viewerTimeZone: Base.utc).collect()
        #expect(diagnostics.isEmpty)
        #expect(found.count == 30)
        #expect(Base.stamps(Array(found.prefix(2))) == ["2024-06-01T00:00:00Z", "2024-06-01T00:01:00Z"])
        #expect(found.first?.occurrence?.start == .instant(secondsSinceEpoch: 7_764_595_200, utcOffset: 0, zone: nil))
    }

    /// A minutely event whose instances each last 2,000 years (DTEND in 4024), TRIGGER:-P9999W:
    /// the reminders of half an hour of June 2024 belong to the occurrences that start 9,999 weeks
    /// later (from 2216-01-20), but every instance since DTSTART (1 January 2024) still runs
    /// then, so about 100 million occurrences overlap the shifted range before those, and none
    /// of them triggers in the range (one that starts at t triggers at t − 9,999 weeks: those read
    /// first start in 2024 and trigger in 1832). The series stops after `instanceLimit`
    /// occurrences read, with one ICS3002 warning that names it, rather than reading them all
    /// (hours). With instances of one minute the same series gives its 30 reminders under the
    /// same limit: the window it reads is the range shifted, widened by two days before and four
    /// after (2,880 + 30 + 5,760 = 8,670 minutes).
    @Test func occurrencesReachingIntoTheShiftedRangeStopAtTheInstanceLimit() throws {
        let start = Base.instant("2024-06-01T00:00:00Z"), end = Base.instant("2024-06-01T00:30:00Z")
        let long = try Base.calendar("""
        BEGIN:VEVENT
        UID:long
        DTSTAMP:20240101T000000Z
        DTSTART:20240101T000000Z
        DTEND:40240101T000000Z
        RRULE:FREQ=MINUTELY
        SUMMARY:Long
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:x
        TRIGGER:-P9999W
        END:VALARM
        END:VEVENT

        """)
        let (found, diagnostics) = ReminderExpansion(calendars: [long], from: start, to: end, viewerTimeZone: Base.utc,
                                                     instanceLimit: 10_000).collect()
        #expect(found.isEmpty)
        #expect(diagnostics.map(\.code) == [.recurrenceLimit])
        #expect(diagnostics.first?.uid == "long")
        #expect(diagnostics.first?.message == "stopped expanding the series after 10000 instances (the cap of what is collected at once)")
        #expect(ReminderExpansion(calendars: [], from: start, to: end, viewerTimeZone: Base.utc).instanceLimit == 50_000)

        let short = try Self.minutely("TRIGGER:-P9999W")
        let (listed, none) = ReminderExpansion(calendars: [short], from: start, to: end, viewerTimeZone: Base.utc,
                                               instanceLimit: 10_000).collect()
        #expect(none.isEmpty)
        #expect(listed.count == 30)
    }

    /// The agenda's trigger lists: a series with more than 16 triggers an occurrence (REPEAT:20,
    /// 21 triggers) lists at most `seriesLimit` in all, then none, with one warning; a series
    /// with few triggers an occurrence is not counted.
    @Test func triggerListsStopAtTheSeriesLimit() throws {
        let calendar = try Self.minutely("TRIGGER:-PT5M\nREPEAT:20\nDURATION:PT1M")
        let triggers = AlarmTriggers(calendars: [calendar], viewerTimeZone: Base.utc, seriesLimit: 25)
        let occurrences = Array(calendar.occurrences(from: Base.instant("2024-06-01T00:00:00Z"), to: Base.instant("2024-06-01T00:03:00Z"),
                                                     viewerTimeZone: Base.utc))
        #expect(occurrences.count == 3)
        #expect(occurrences.map { triggers.instants(for: $0).count } == [21, 4, 0])
        #expect(triggers.diagnostics.count == 1 && triggers.diagnostics.first?.code == .recurrenceLimit)
        let series = triggers.series(of: occurrences[0])
        #expect(series.instants(for: occurrences[1]).count == 0)
        let light = try Self.minutely("TRIGGER:-PT5M\nREPEAT:3\nDURATION:PT1M")
        let few = AlarmTriggers(calendars: [light], viewerTimeZone: Base.utc, seriesLimit: 1)
        #expect(light.occurrences(from: Base.instant("2024-06-01T00:00:00Z"), to: Base.instant("2024-06-01T00:03:00Z"),
                                  viewerTimeZone: Base.utc).map { few.instants(for: $0).count } == [4, 4, 4])
        #expect(few.diagnostics.isEmpty)
    }

    /// Two alarms a year apart: two windows, each series read in both, each reminder once.
    @Test func windowsApartListEachReminderOnce() throws {
        let calendar = try Base.calendar("""
        BEGIN:VEVENT
        UID:daily
        DTSTAMP:20240101T000000Z
        DTSTART:20240101T090000Z
        DURATION:PT30H
        RRULE:FREQ=DAILY
        SUMMARY:Daily
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:soon
        TRIGGER:-PT10M
        END:VALARM
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:early
        TRIGGER;RELATED=END:-P400D
        END:VALARM
        END:VEVENT

        """)
        let start = Base.instant("2024-06-01T00:00:00Z"), end = Base.instant("2024-06-04T00:00:00Z")
        let shifts = ReminderExpansion.shifts([calendar])
        #expect(ReminderExpansion.windows(shifts, rangeStart: Int(start.timeIntervalSince1970),
                                          rangeEnd: Int(end.timeIntervalSince1970)).count == 2)
        let found = ReminderExpansion(calendars: [calendar], from: start, to: end, viewerTimeZone: Base.utc).collect().reminders
        // 08:50 on 1, 2 and 3 June (-PT10M); and the ends 400 days after 15:00 of 1, 2 and 3 June
        // are 15:00 of 6, 7 and 8 July 2025: the ends of the instances that start at 09:00 the day before.
        #expect(Base.stamps(found) == ["2024-06-01T08:50:00Z", "2024-06-01T15:00:00Z", "2024-06-02T08:50:00Z",
                                       "2024-06-02T15:00:00Z", "2024-06-03T08:50:00Z", "2024-06-03T15:00:00Z"])
    }
}
