import Foundation
import Testing
@testable import ICSKit

/// The scheduler driven by a ``ManualClock``: every rule of ``ReminderScheduler`` (order, once
/// only, acknowledgements, snoozes, catch-up, clock jumps, refreshes). Triggers worked out by
/// hand from RFC 5545 3.8.6.3 and RFC 9074 (all times UTC: `-PT15M` before 08:00Z is 07:45Z).
@Suite("Reminder scheduler")
struct ReminderSchedulerTests {
    static let utc = TimeZone(identifier: "UTC")!

    static func calendar(_ body: String, source: String = "test.ics") throws -> ICalendar {
        try ICalendar(parsing: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n" + body
            .replacingOccurrences(of: "\n", with: "\r\n") + "END:VCALENDAR\r\n", source: source)
    }

    /// `07:45` on 3 June 2024 (UTC), or `2024-06-04T08:50:00Z`.
    static func at(_ text: String) -> Date {
        let full = text.count == 5 ? "2024-06-03T\(text):00Z" : text
        return AlarmTimeText.utc(full.replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: ""))!
    }

    /// An event of UID `uid` at `start` (`20240603T080000Z`) with one alarm `trigger` before it, and `extra` lines in the alarm.
    static func event(_ uid: String, start: String, trigger: String = "-PT15M", rule: String? = nil, alarm extra: String = "",
                      event more: String = "") -> String {
        """
        BEGIN:VEVENT
        UID:\(uid)
        DTSTAMP:20240101T000000Z
        DTSTART:\(start)
        DURATION:PT30M
        SUMMARY:Event \(uid)
        \(rule.map { "RRULE:" + $0 + "\n" } ?? "")\(more)BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:Reminder
        TRIGGER:\(trigger)
        \(extra)END:VALARM
        END:VEVENT

        """
    }

    /// a: 07:45 (08:00 − 15 min); b: 07:30 (08:00 − 30 min); c: daily 08:50 (09:00 − 10 min).
    static let three = event("a", start: "20240603T080000Z") + event("b", start: "20240603T080000Z", trigger: "-PT30M")
        + event("c", start: "20240603T090000Z", trigger: "-PT10M", rule: "FREQ=DAILY")

    static func uids(_ reminders: [Reminder]) -> [String] { reminders.map { $0.incidence.uid ?? "" } }

    static func scheduler(_ body: String, at now: String, policy: ReminderScheduler.Policy = .init(),
                          fired: FiredReminders = FiredReminders()) throws -> (ReminderScheduler, ManualClock) {
        let clock = ManualClock(now: at(now))
        return (ReminderScheduler(calendars: [try calendar(body)], viewerTimeZone: utc, clock: clock, policy: policy, fired: fired), clock)
    }

    // MARK: Order and once only

    /// Each reminder comes out at its trigger, in trigger order, and the scheduler says when to wake next.
    @Test func dueInOrderAtTheirTriggers() throws {
        var (scheduler, clock) = try Self.scheduler(Self.three, at: "07:00")
        #expect(scheduler.nextWake == nil, "nothing is known before the first advance")
        let step60 = scheduler.advance()
        #expect(step60.due.isEmpty)
        #expect(scheduler.nextWake == Self.at("07:30"))
        clock.advance(to: Self.at("07:30"))
        var batch = scheduler.advance()
        #expect(Self.uids(batch.due) == ["b"])
        #expect(batch.missed.isEmpty && batch.clockJump == nil)
        #expect(scheduler.nextWake == Self.at("07:45"))
        clock.advance(to: Self.at("07:45"))
        let step68 = scheduler.advance()
        #expect(Self.uids(step68.due) == ["a"])
        clock.advance(to: Self.at("08:50"))
        batch = scheduler.advance()
        #expect(Self.uids(batch.due) == ["c"])
        #expect(batch.due.first?.trigger == Self.at("08:50"))
        #expect(scheduler.nextWake == Self.at("2024-06-04T07:00:00Z"), "the end of the day looked ahead over")
        clock.advance(to: Self.at("2024-06-04T07:00:00Z"))
        let empty = scheduler.advance()
        #expect(empty.due.isEmpty && empty.missed.isEmpty)
        #expect(scheduler.nextWake == Self.at("2024-06-04T08:50:00Z"), "tomorrow's instance of the daily alarm")
    }

    /// Two triggers due at one wake come out in trigger order, then by UID; a wake a few seconds late still fires.
    @Test func batchIsInTriggerThenUIDOrder() throws {
        let body = Self.event("z", start: "20240603T080000Z", trigger: "-PT15M") + Self.event("y", start: "20240603T080000Z", trigger: "-PT15M")
            + Self.event("x", start: "20240603T080000Z", trigger: "-PT15M20S")
        var (scheduler, clock) = try Self.scheduler(body, at: "07:00")
        _ = scheduler.advance()
        clock.advance(to: Self.at("07:45").addingTimeInterval(10))
        let batch = scheduler.advance()
        #expect(Self.uids(batch.due) == ["x", "y", "z"], "07:44:40 before 07:45; y before z at 07:45")
        #expect(batch.missed.isEmpty, "10 s and 30 s late: within the default lateness of 60 s")
    }

    /// A reminder comes out once: not at a second advance, not after a restart with the saved set.
    @Test func firesOnceAcrossAdvancesAndRestarts() throws {
        var (scheduler, clock) = try Self.scheduler(Self.three, at: "07:00")
        _ = scheduler.advance()
        clock.advance(to: Self.at("07:45"))
        let first = scheduler.advance()
        #expect(Self.uids(first.due) == ["a"])
        #expect(Self.uids(first.missed) == ["b"], "07:30 is 15 min late for a watcher that did not wake: missed")
        let step96 = scheduler.advance()
        #expect(step96.due.isEmpty, "the same instant again")
        clock.advance(by: 1)
        let step98 = scheduler.advance()
        #expect(step98.due.isEmpty)
        // A restart: a new scheduler from the saved text, at the same time.
        let saved = try FiredReminders(serialized: scheduler.fired.serialized())
        #expect(saved == scheduler.fired)
        let restarted = ManualClock(now: clock.now())
        var again = ReminderScheduler(calendars: scheduler.calendars, viewerTimeZone: Self.utc, clock: restarted, fired: saved)
        let batch = again.advance()
        #expect(batch.due.isEmpty && batch.missed.isEmpty)
        restarted.advance(to: Self.at("08:50"))
        let step107 = again.advance()
        #expect(Self.uids(step107.due) == ["c"])
    }

    /// Identical copies of one VALARM in an event go off once (one key).
    @Test func duplicateAlarmsFireOnce() throws {
        let copy = "BEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:Reminder\nTRIGGER:-PT15M\nEND:VALARM\n"
        var (scheduler, clock) = try Self.scheduler(Self.event("a", start: "20240603T080000Z", event: copy), at: "07:00")
        _ = scheduler.advance()
        clock.advance(to: Self.at("07:45"))
        let step116 = scheduler.advance()
        #expect(Self.uids(step116.due) == ["a"])
    }

    // MARK: Acknowledgements and snoozes (RFC 9074)

    /// A trigger at or before ACKNOWLEDGED never comes out (RFC 9074 section 6); a refresh that
    /// brings the acknowledgement drops a pending one.
    @Test func acknowledgedTriggersDoNotFire() throws {
        let acked = Self.event("a", start: "20240603T080000Z", alarm: "ACKNOWLEDGED:20240603T074500Z\n")
        var (scheduler, clock) = try Self.scheduler(acked + Self.event("b", start: "20240603T080000Z", trigger: "-PT14M"), at: "07:00")
        _ = scheduler.advance()
        #expect(scheduler.nextWake == Self.at("07:46"), "a's 07:45 is acknowledged; b at 07:46")
        clock.advance(to: Self.at("07:46"))
        let step129 = scheduler.advance()
        #expect(Self.uids(step129.due) == ["b"])

        // Dismissed elsewhere while pending: the refreshed feed has ACKNOWLEDGED.
        var (fresh, clock2) = try Self.scheduler(Self.event("a", start: "20240603T080000Z"), at: "07:00")
        _ = fresh.advance()
        #expect(fresh.nextWake == Self.at("07:45"))
        fresh.replaceCalendars([try Self.calendar(acked)])
        clock2.advance(to: Self.at("07:45"))
        let batch = fresh.advance()
        #expect(batch.due.isEmpty && batch.missed.isEmpty)
    }

    /// An RFC 9074 snooze alarm (RELATED-TO;RELTYPE=SNOOZE) replaces its alarm's trigger and goes
    /// off at its own; Thunderbird's X-MOZ-SNOOZE-TIME likewise.
    @Test func snoozesFireAtTheirOwnTriggers() throws {
        let snoozed = Self.event("a", start: "20240603T080000Z", alarm: "UID:alarm-a\n") .replacingOccurrences(of: "END:VEVENT", with: """
        BEGIN:VALARM
        UID:snooze-a
        RELATED-TO;RELTYPE=SNOOZE:alarm-a
        ACTION:DISPLAY
        DESCRIPTION:Snoozed
        TRIGGER;VALUE=DATE-TIME:20240603T075000Z
        END:VALARM
        END:VEVENT
        """)
        var (scheduler, clock) = try Self.scheduler(snoozed, at: "07:00")
        _ = scheduler.advance()
        #expect(scheduler.nextWake == Self.at("07:50"), "07:45 is replaced by the snooze")
        clock.advance(to: Self.at("07:45"))
        let step158 = scheduler.advance()
        #expect(step158.due.isEmpty)
        clock.advance(to: Self.at("07:50"))
        let due = scheduler.advance().due
        #expect(due.map(\.isSnooze) == [true])
        #expect(due.first?.alarm.notes == "Snoozed")

        let mozilla = Self.event("m", start: "20240603T080000Z", event: "X-MOZ-LASTACK:20240603T074500Z\nX-MOZ-SNOOZE-TIME:20240603T075500Z\n")
        var (moz, mozClock) = try Self.scheduler(mozilla, at: "07:00")
        _ = moz.advance()
        #expect(moz.nextWake == Self.at("07:55"), "07:45 acknowledged (X-MOZ-LASTACK); snoozed to 07:55")
        mozClock.advance(to: Self.at("07:55"))
        let step169 = moz.advance()
        #expect(step169.due.map(\.isSnooze) == [true])
    }

    // MARK: Catch-up and missed alarms

    /// After a stop (the saved watermark at 07:00), a restart at 08:00 reports what went by as
    /// missed, or fires it when it is within --catch-up.
    @Test func restartReportsMissedOrCatchesUp() throws {
        var stopped = FiredReminders()
        stopped.watermark = Self.at("07:00")
        var (none, _) = try Self.scheduler(Self.three, at: "08:00", fired: stopped)
        var batch = none.advance()
        #expect(batch.due.isEmpty)
        #expect(Self.uids(batch.missed) == ["b", "a"], "07:30 and 07:45, in order")
        let step183 = none.advance()
        #expect(step183.missed.isEmpty, "reported once")

        var (some, _) = try Self.scheduler(Self.three, at: "08:00", policy: .init(catchUp: 20 * 60), fired: stopped)
        batch = some.advance()
        #expect(Self.uids(batch.due) == ["a"], "07:45 is 15 min old: within 20 min")
        #expect(Self.uids(batch.missed) == ["b"], "07:30 is 30 min old")
    }

    /// A first start (no watermark) looks back only over the catch-up: nothing older is reported.
    @Test func firstStartLooksBackOverCatchUpOnly() throws {
        var (plain, _) = try Self.scheduler(Self.three, at: "07:50")
        var batch = plain.advance()
        #expect(batch.due.isEmpty && batch.missed.isEmpty)
        var (catching, _) = try Self.scheduler(Self.three, at: "07:50", policy: .init(catchUp: 10 * 60))
        batch = catching.advance()
        #expect(Self.uids(batch.due) == ["a"], "07:45 within 10 min; 07:30 not looked at")
        #expect(batch.missed.isEmpty)
    }

    /// The look-back after a long stop is bounded by missedLookback.
    @Test func missedLookbackBoundsTheReport() throws {
        var stopped = FiredReminders()
        stopped.watermark = Self.at("07:00")
        var (scheduler, _) = try Self.scheduler(Self.three, at: "2024-06-06T09:00:00Z", policy: .init(missedLookback: 2 * 86_400),
                                                fired: stopped)
        let batch = scheduler.advance()
        #expect(batch.missed.map(\.trigger) == [Self.at("2024-06-05T08:50:00Z"), Self.at("2024-06-06T08:50:00Z")],
                "from 4 June 09:00 on: c on the 5th, and the 6th's (10 min old); not 3 June's a, b, c nor the 4th's c")
    }

    // MARK: Clock jumps

    /// A forward jump (the machine slept) is noticed, and what went by during it is missed unless
    /// within the catch-up, even when it is within the lateness a running watcher is allowed.
    @Test func forwardJumpIsNoticed() throws {
        let one = Self.event("a", start: "20240603T080000Z")
        var (late, lateClock) = try Self.scheduler(one, at: "07:00")
        _ = late.advance()
        lateClock.advance(to: Self.at("07:45").addingTimeInterval(30))
        var batch = late.advance()
        #expect(Self.uids(batch.due) == ["a"], "a wake 30 s late, no jump: due")
        #expect(batch.clockJump == nil)

        var (slept, sleptClock) = try Self.scheduler(one, at: "07:00")
        _ = slept.advance()
        sleptClock.jump(by: Self.at("07:45").timeIntervalSince(Self.at("07:00")) + 30)
        batch = slept.advance()
        #expect(abs((batch.clockJump ?? 0) - (45 * 60 + 30)) < 0.001)
        #expect(batch.due.isEmpty)
        #expect(Self.uids(batch.missed) == ["a"])

        var (caught, caughtClock) = try Self.scheduler(one, at: "07:00", policy: .init(catchUp: 60))
        _ = caught.advance()
        caughtClock.jump(by: 45 * 60 + 30)
        let step237 = caught.advance()
        #expect(Self.uids(step237.due) == ["a"], "30 s old, within a catch-up of 60 s")
    }

    /// After the clock is set back, the triggers passed again do not fire again; the others do.
    @Test func backwardJumpDoesNotRefire() throws {
        var (scheduler, clock) = try Self.scheduler(Self.event("a", start: "20240603T080000Z")
            + Self.event("b", start: "20240603T080500Z"), at: "07:00")
        _ = scheduler.advance()
        clock.advance(to: Self.at("07:45"))
        let step246 = scheduler.advance()
        #expect(Self.uids(step246.due) == ["a"])
        clock.jump(by: -20 * 60)
        let batch = scheduler.advance()
        #expect(abs((batch.clockJump ?? 0) + 20 * 60) < 0.001)
        #expect(scheduler.nextWake == Self.at("07:50"), "a (07:45) fired already; b at 07:50")
        clock.advance(to: Self.at("07:45"))
        let step252 = scheduler.advance()
        #expect(step252.due.isEmpty)
        clock.advance(to: Self.at("07:50"))
        let step254 = scheduler.advance()
        #expect(Self.uids(step254.due) == ["b"])
    }

    // MARK: Refreshes

    /// A refresh schedules an added alarm, moves a moved one, drops a removed one; a trigger that
    /// a refresh brings in before the watermark does not fire.
    @Test func refreshAddsMovesAndRemoves() throws {
        var (scheduler, clock) = try Self.scheduler(Self.three, at: "07:00")
        _ = scheduler.advance()
        let refreshed = Self.event("a", start: "20240603T081000Z")  // moved: 07:55
            + Self.event("d", start: "20240603T080000Z", trigger: "-PT20M")  // added: 07:40
            + Self.event("e", start: "20240603T070500Z")  // added, 06:50: before the watermark
        scheduler.replaceCalendars([try Self.calendar(refreshed)])  // b and c removed
        #expect(scheduler.nextWake == Self.at("07:40"))
        clock.advance(to: Self.at("07:30"))
        var batch = scheduler.advance()
        #expect(batch.due.isEmpty && batch.missed.isEmpty, "b was removed")
        clock.advance(to: Self.at("07:40"))
        let step273 = scheduler.advance()
        #expect(Self.uids(step273.due) == ["d"])
        clock.advance(to: Self.at("07:45"))
        let step275 = scheduler.advance()
        #expect(step275.due.isEmpty, "a moved away from 07:45")
        clock.advance(to: Self.at("07:55"))
        let step277 = scheduler.advance()
        #expect(Self.uids(step277.due) == ["a"])
        clock.advance(to: Self.at("08:50"))
        batch = scheduler.advance()
        #expect(batch.due.isEmpty && batch.missed.isEmpty, "c was removed")
        #expect(scheduler.nextWake == Self.at("2024-06-04T07:00:00Z"), "nothing left: the end of the window looked over (from 07:00)")
    }

    /// An alarm that fired and is then moved later (the meeting was pushed back) goes off again at its new time.
    @Test func firedAlarmMovedLaterFiresAgain() throws {
        var (scheduler, clock) = try Self.scheduler(Self.event("a", start: "20240603T080000Z"), at: "07:00")
        _ = scheduler.advance()
        clock.advance(to: Self.at("07:45"))
        let step289 = scheduler.advance()
        #expect(Self.uids(step289.due) == ["a"])
        scheduler.replaceCalendars([try Self.calendar(Self.event("a", start: "20240603T083000Z"))])
        #expect(scheduler.nextWake == Self.at("08:15"))
        clock.advance(to: Self.at("08:15"))
        let step293 = scheduler.advance()
        #expect(Self.uids(step293.due) == ["a"])
    }

    // MARK: Look-ahead

    /// A daily alarm over four days, advancing to each nextWake: once a day, nothing else; the
    /// window (one day) is worked out again as it runs out.
    @Test func stepsThroughDays() throws {
        var (scheduler, clock) = try Self.scheduler(Self.event("c", start: "20240603T090000Z", trigger: "-PT10M", rule: "FREQ=DAILY"),
                                                    at: "07:00")
        _ = scheduler.advance()
        var fired: [Date] = []
        var wakes = 0
        while let wake = scheduler.nextWake, wake < Self.at("2024-06-07T00:00:00Z") {
            clock.advance(to: wake)
            let batch = scheduler.advance()
            #expect(batch.missed.isEmpty)
            fired += batch.due.map(\.trigger)
            wakes += 1
        }
        #expect(fired == (0..<4).map { Self.at("08:50").addingTimeInterval(TimeInterval($0) * 86_400) })
        #expect(wakes <= 8, "at most a wake per alarm and one per window")
    }

    /// upcoming(after:limit:) lists the next reminders not yet fired.
    @Test func upcomingAfterAnInstant() throws {
        var (scheduler, clock) = try Self.scheduler(Self.three, at: "07:00")
        #expect(scheduler.upcoming(after: Self.at("07:00"), limit: 4).map(\.trigger)
            == [Self.at("07:30"), Self.at("07:45"), Self.at("08:50"), Self.at("2024-06-04T08:50:00Z")])
        #expect(Self.uids(scheduler.upcoming(after: Self.at("07:30"), limit: 1)) == ["a"], "after is exclusive")
        _ = scheduler.advance()
        clock.advance(to: Self.at("07:30"))
        _ = scheduler.advance()
        #expect(Self.uids(scheduler.upcoming(after: Self.at("07:00"), limit: 2)) == ["a", "c"], "b fired")
    }

    /// The policy's series limit bounds each look-ahead. REPEAT:100000000 every minute from
    /// -PT5M on a minutely event from 00:00: the occurrence at 00:00 alone triggers at 23:55 the
    /// day before and each minute after for 10,000 minutes (``ReminderMaker/repetitionLimit``), so
    /// with `seriesLimit` 300 the look-ahead from 07:00 keeps that occurrence's 300 triggers from
    /// 07:00 to 11:59 and stops the series, with ICS3002 for its reminders and again for its
    /// occurrences (the 300 read, 00:00 to 04:59). The advance at 07:00 hands out the one due
    /// then; the 299 others are upcoming.
    @Test func theSeriesLimitBoundsALookAhead() throws {
        let body = Self.event("m", start: "20240603T000000Z", trigger: "-PT5M", rule: "FREQ=MINUTELY",
                              alarm: "REPEAT:100000000\nDURATION:PT1M\n")
        var (scheduler, _) = try Self.scheduler(body, at: "07:00", policy: .init(seriesLimit: 300))
        let batch = scheduler.advance()
        #expect(batch.due.map(\.trigger) == [Self.at("07:00")] && batch.missed.isEmpty)
        #expect(scheduler.diagnostics.map(\.code) == [.recurrenceLimit, .recurrenceLimit])
        let upcoming = scheduler.upcoming(after: Self.at("07:00"), limit: 1_000)
        #expect(upcoming.count == 299)
        #expect(upcoming.first?.trigger == Self.at("07:01") && upcoming.last?.trigger == Self.at("11:59"))
        #expect(ReminderScheduler.Policy().seriesLimit == 50_000)
    }
}
