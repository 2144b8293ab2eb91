import ICSKit

/// The display zone's midnight of a date (seconds since 1970 UTC: an all-day occurrence's
/// `startEpoch` and `endEpoch`), kept for the dates seen last: an agenda is in start order, so
/// its all-day lines ask for the same few dates again and again, and each answer otherwise
/// resolves a wall time through the zone's offsets.
///
/// A direct-mapped table of ``slotCount`` dates; a date takes its slot from the date that held
/// it. The answer is the clock's (``DisplayZoneClock/utcSeconds(of:)`` of the date's midnight),
/// held or not. One run's writer uses it, on one thread.
final class DayEpochMemo {
    static let slotCount = 64
    private var slots = [(date: CivilDate, seconds: Int)?](repeating: nil, count: DayEpochMemo.slotCount)

    /// The instant at which clocks of `clock`'s zone show the midnight that starts `date`.
    func utcSeconds(ofMidnight date: CivilDate, clock: DisplayZoneClock) -> Int {
        let slot = (date.year &* 372 &+ date.month &* 31 &+ date.day) & (DayEpochMemo.slotCount - 1)
        if let held = slots[slot], held.date == date { return held.seconds }
        let seconds = clock.utcSeconds(of: CivilDateTime(date: date))
        slots[slot] = (date, seconds)
        return seconds
    }
}
