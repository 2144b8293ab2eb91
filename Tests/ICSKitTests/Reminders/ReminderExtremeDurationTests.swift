import Foundation
import Testing
@testable import ICSKit

/// Alarms built in code (the library's API) with durations no file can hold: libical reads at
/// most nine digits a part, while ``ICSDuration`` keeps parts up to ±2,147,483,647. A repeated
/// step of 2,147,483,647 weeks times the repetition limit is about 1.3 × 10^19 seconds, past
/// 64 bits: the trigger span trapped on it before it was worked out with saturating arithmetic.
/// Expected values by hand from RFC 5545 3.8.6.3: a trigger is its anchor plus the offset, each
/// repetition DURATION later.
@Suite("Reminders of alarms with extreme durations")
struct ReminderExtremeDurationTests {
    typealias Base = ReminderExpansionTests

    /// A daily event at 09:00 UTC from 3 June 2024 whose alarm is replaced by `alarm`.
    static func daily(_ alarm: Alarm) throws -> ICalendar {
        var calendar = try Base.calendar("""
        BEGIN:VEVENT
        UID:daily
        DTSTAMP:20240101T000000Z
        DTSTART:20240603T090000Z
        DURATION:PT30M
        RRULE:FREQ=DAILY
        SUMMARY:Daily
        END:VEVENT

        """)
        calendar.events[0].alarms = [alarm]
        return calendar
    }

    static let largest = Int(Int32.max)

    /// `-PT15M`, then REPEAT `Int.max` times every 2,147,483,647 weeks: the first repetition is
    /// some 41 million years on, so over 3–5 June only the first trigger of each day's occurrence
    /// is in the range: 08:45 on 3, 4 and 5 June.
    @Test func aHugeRepeatedStepGivesOnlyTheFirstTriggers() throws {
        let step = ICSDuration(weeks: Self.largest, days: Self.largest, hours: Self.largest, minutes: Self.largest, seconds: Self.largest)
        let alarm = Alarm(action: .display, trigger: .relative(ICSDuration(isNegative: true, minutes: 15), toEnd: false),
                          notes: "x", duration: step, repeatCount: Int.max)
        let calendar = try Self.daily(alarm)
        let span = ReminderMaker.triggerSpan(offset: ICSDuration(isNegative: true, minutes: 15), alarm: alarm)
        #expect(span == (first: -900, last: Int.max - 900))
        let (found, diagnostics) = ReminderExpansion(calendars: [calendar], from: Base.instant("2024-06-03T00:00:00Z"),
                                                     to: Base.instant("2024-06-06T00:00:00Z"), viewerTimeZone: Base.utc).collect()
        #expect(Base.stamps(found) == ["2024-06-03T08:45:00Z", "2024-06-04T08:45:00Z", "2024-06-05T08:45:00Z"])
        #expect(found.allSatisfy { $0.repetition == 0 })
        #expect(diagnostics.isEmpty)
    }

    /// A TRIGGER 2,147,483,647 weeks (and as many days) before the start, and one as far after:
    /// neither can reach a range in years 1–9999, so no reminder and no trap; the day's other,
    /// ordinary alarm (`-PT10M`) still gives 08:50.
    @Test func aHugeOffsetEitherWayGivesNothing() throws {
        var calendar = try Self.daily(Alarm(action: .display, trigger: .relative(ICSDuration(isNegative: true, weeks: Self.largest, days: Self.largest), toEnd: false),
                                            notes: "x", duration: ICSDuration(weeks: Self.largest), repeatCount: Self.largest))
        calendar.events[0].alarms.append(Alarm(action: .display, trigger: .relative(ICSDuration(weeks: Self.largest, days: Self.largest), toEnd: true),
                                               notes: "y", duration: ICSDuration(weeks: Self.largest), repeatCount: Self.largest))
        calendar.events[0].alarms.append(Alarm(action: .display, trigger: .relative(ICSDuration(isNegative: true, minutes: 10), toEnd: false), notes: "z"))
        let found = ReminderExpansion(calendars: [calendar], from: Base.instant("2024-06-03T00:00:00Z"),
                                      to: Base.instant("2024-06-04T00:00:00Z"), viewerTimeZone: Base.utc).collect().reminders
        #expect(Base.stamps(found) == ["2024-06-03T08:50:00Z"])
        #expect(found.first?.alarm.notes == "z")
    }

    /// The JSON views' triggers (``AlarmTriggers``) of the same alarm: the first trigger of the
    /// occurrence (08:45) and then its repetitions, each some 41 million years on or more; at most
    /// the repetition limit of them are worked out, all after the year 9999, none trapping.
    @Test func theViewsTriggersOfAHugeStepDoNotTrap() throws {
        let alarm = Alarm(action: .display, trigger: .relative(ICSDuration(isNegative: true, minutes: 15), toEnd: false),
                          notes: "x", duration: ICSDuration(weeks: Self.largest), repeatCount: Int.max)
        let calendar = try Self.daily(alarm)
        let occurrence = try #require(Array(calendar.occurrences(from: Base.instant("2024-06-03T00:00:00Z"), to: Base.instant("2024-06-04T00:00:00Z"),
                                                                 viewerTimeZone: Base.utc)).first)
        let instants = AlarmTriggers(calendars: [calendar], viewerTimeZone: Base.utc).series(of: occurrence).instants(for: occurrence)
        #expect(instants.first == Base.instant("2024-06-03T08:45:00Z"))
        #expect(instants.count <= ReminderMaker.repetitionLimit + 1)
        // Past 9999-12-31 (253,402,300,800 s), outside every calendar; the zone arithmetic keeps
        // instants that far as one bound, so that they need not be 41 million years on exactly.
        #expect(instants.dropFirst().allSatisfy { $0.timeIntervalSince1970 > 253_402_300_800 })
    }
}
