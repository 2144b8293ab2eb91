import Foundation
import Testing
import TestSupport

/// `remind` holds the triggers it has worked out but not yet written, in order, for the days its
/// lookahead spans (the alarms' offsets and two days of slack): all of a short range's. Each was
/// held as a whole reminder, with its own copy of the incidence and the alarm, about 950 bytes:
/// 3,000 overrides of a minutely series, each with an alarm repeated 1,000 times, gave 1.57
/// million reminders held at once, 1.5 GB. Now a trigger is held as what makes its reminder (the
/// occurrence and five integers), and the reminder is made as it is written. The peak is GNU
/// time's `%M` (resident kilobytes), which does not depend on how busy the machine is.
@Suite struct HeldRemindersTests {
    /// `Fixtures/bounds/overrides-with-repeated-alarms.ics`: a minutely series with an alarm a
    /// minute before each start, and 150 overrides of its instances of 2 June 00:00 to 02:29 UTC,
    /// each moved 30 s on, with no end (zero length) and an alarm a day before its end, repeated
    /// 999 times a second later each. Over 1–2 June, worked out by hand (RFC 5545 3.8.6.3): the
    /// master's 2,880 instances from 1 June 00:01 to 3 June 00:00, less the 150 overridden, give
    /// 2,730 reminders; each override 1,000 (1 June from 00:00:30 + i min, a second apart):
    /// 152,730 lines. Before: a peak of 177 MB (release build).
    @Test func heldTriggersCostLittleMemory() throws {
        let run = try BoundedWorkTests.measured(["remind", "--from", "2024-06-01", "--to", "2024-06-02", "--tz", "UTC",
                                                 BoundedWorkTests.fixture("overrides-with-repeated-alarms")])
        #expect(run.lines == 152_730)
        if let peak = run.peakKiB { #expect(peak < 110 * 1024, "peak \(peak) KiB") }
    }
}
