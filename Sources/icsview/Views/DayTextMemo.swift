/// The `YYYY-MM-DD` text of the days written last (the date part of an agenda line's times:
/// its recurrence id, start, end and alarms), kept so that a day's text is worked out from its
/// number once instead of for each time on it: an agenda is in start order, so its times fall
/// on the same few days again and again.
///
/// A direct-mapped table of ``slotCount`` days; a day takes its slot from the day that held it.
/// The text is ``OccurrenceJSON/civilDateText(daysSinceMarch0000:at:)``'s, held or not. One
/// run's writer uses it, on one thread.
///
/// The table is a buffer the memo owns (allocated in `init`, freed in `deinit`), not an array
/// property, so that no read or write of it is checked for exclusive access at run time (as
/// ``DayEpochMemo``'s).
final class DayTextMemo {
    static let slotCount = 64

    /// One day's text: its ten bytes as a word and a half-word, stored as they are.
    private struct Slot {
        var day: UInt
        var first8: UInt64
        var last2: UInt16
    }

    private let slots: UnsafeMutablePointer<Slot>

    init() {
        slots = .allocate(capacity: DayTextMemo.slotCount)
        // `UInt.max` is no day that ``OccurrenceJSON/fastTextRange`` holds: every slot starts empty.
        slots.initialize(repeating: Slot(day: .max, first8: 0, last2: 0), count: DayTextMemo.slotCount)
    }

    deinit {
        slots.deallocate()
    }

    /// Writes the ten bytes `YYYY-MM-DD` of the day `day` days after 0000-03-01 at `p`.
    func write(daysSinceMarch0000 day: UInt, at p: UnsafeMutablePointer<UInt8>) {
        let slot = slots + Int(truncatingIfNeeded: day & UInt(DayTextMemo.slotCount - 1))
        let raw = UnsafeMutableRawPointer(p)
        if slot.pointee.day != day {
            OccurrenceJSON.civilDateText(daysSinceMarch0000: day, at: p)
            slot.pointee = Slot(day: day, first8: raw.loadUnaligned(as: UInt64.self),
                                last2: raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self))
            return
        }
        raw.storeBytes(of: slot.pointee.first8, as: UInt64.self)
        raw.storeBytes(of: slot.pointee.last2, toByteOffset: 8, as: UInt16.self)
    }
}
