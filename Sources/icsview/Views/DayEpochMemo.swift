import ICSKit

/// The display zone's midnight of a date (seconds since 1970 UTC: an all-day occurrence's
/// `startEpoch` and `endEpoch`), kept for the dates seen last: an agenda is in start order, so
/// its all-day lines ask for the same few dates again and again, and each answer otherwise
/// resolves a wall time through the zone's offsets.
///
/// A direct-mapped table of ``slotCount`` dates; a date takes its slot from the date that held
/// it. The answer is the clock's (``DisplayZoneClock/utcSeconds(of:)`` of the date's midnight),
/// held or not. One run's writer uses it, on one thread.
///
/// The table is a buffer the memo owns (allocated in `init`, freed in `deinit`) rather than an
/// array property: a class's stored `var` is checked for exclusive access at run time on every
/// read and write (`swift_beginAccess`, about 75 instructions: more than the lookup itself).
final class DayEpochMemo {
    static let slotCount = 64
    private let slots: UnsafeMutablePointer<(date: CivilDate, seconds: Int)?>

    init() {
        slots = .allocate(capacity: DayEpochMemo.slotCount)
        slots.initialize(repeating: nil, count: DayEpochMemo.slotCount)
    }

    deinit {
        slots.deinitialize(count: DayEpochMemo.slotCount)
        slots.deallocate()
    }

    /// The instant at which clocks of `clock`'s zone show the midnight that starts `date`.
    func utcSeconds(ofMidnight date: CivilDate, clock: DisplayZoneClock) -> Int {
        let slot = (date.year &* 372 &+ date.month &* 31 &+ date.day) & (DayEpochMemo.slotCount - 1)
        if let held = slots[slot], held.date == date { return held.seconds }
        let seconds = clock.utcSeconds(of: CivilDateTime(date: date))
        slots[slot] = (date, seconds)
        return seconds
    }
}
