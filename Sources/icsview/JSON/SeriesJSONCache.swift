import ICSKit

/// The parts of an agenda JSON object that every instance of a series shares, written once per
/// series and copied for each instance (`--agenda --format json` writes hundreds of thousands
/// of objects, most of them instances of a few thousand series).
///
/// An entry is keyed by the occurrence's shared incidence box (``Occurrence/sharedIncidenceKey``,
/// held by the entry, so that the identity cannot be reused by a later allocation and the box
/// is not written in place while it is held) and by the position of its calendar; the bytes
/// depend on nothing else (the ``OccurrenceJSON/Context`` is fixed for one run).
///
/// Bounded: a direct-mapped table of ``slotCount`` entries (a new series takes its slot from
/// whichever series held it; 131,072 slots of 8 bytes, so that the 17,000 series of the
/// 100,000-event benchmark's year mostly keep theirs) holding at most ``byteBudget`` bytes in
/// all; a series whose parts would pass the budget is written afresh for each instance, as
/// without the cache.
struct SeriesJSONCache {
    /// The bytes of one series: `head` (`{"component":…,"recurrenceId":`), `middle`
    /// (`,"summary":…,"start":`) and `tail` (`,"calendar":…,"attendees":[…]`), one after the other.
    final class Parts {
        let owner: AnyObject
        let calendarIndex: Int
        private let storage: UnsafeMutableBufferPointer<UInt8>
        private let headEnd: Int, middleEnd: Int
        /// The triggers of the component's alarms, worked out once for the series (the `alarms`
        /// key is the instance's own); nil when it has none (`[]` for every instance).
        let alarms: AlarmTriggers.SeriesTriggers?

        init(owner: AnyObject, calendarIndex: Int, bytes: UnsafeBufferPointer<UInt8>, headEnd: Int, middleEnd: Int,
             alarms: AlarmTriggers.SeriesTriggers?) {
            self.alarms = alarms
            self.owner = owner
            self.calendarIndex = calendarIndex
            storage = .allocate(capacity: bytes.count)
            _ = storage.initialize(from: bytes)
            self.headEnd = headEnd
            self.middleEnd = middleEnd
        }

        deinit {
            storage.deallocate()
            zoneBytes.deallocate()
        }

        /// The zone name last written for an instance (`timeZone`), and its quoted bytes (empty
        /// until the first is written: a JSON string has at least its two quotes).
        private var zoneName: String?
        private var zoneBytes = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)

        /// Writes `zone` (nil: `"UTC"`) as a JSON string: the bytes kept from the last instance
        /// when it is the same name, else written afresh and kept (every instance of a series is
        /// in the zone of its DTSTART, so the name is written once per series).
        func writeZone(_ zone: String?, to out: inout JSONBytes) {
            if !zoneBytes.isEmpty && zone == zoneName {
                out.append(UnsafeBufferPointer(zoneBytes))
                return
            }
            let from = out.count
            out.string(zone ?? "UTC")
            zoneBytes.deallocate()
            zoneBytes = .allocate(capacity: out.count - from)
            _ = zoneBytes.initialize(from: UnsafeBufferPointer(rebasing: out.written[from...]))
            zoneName = zone
        }

        var count: Int { storage.count }
        var head: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: storage[..<headEnd]) }
        var middle: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: storage[headEnd..<middleEnd]) }
        var tail: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: storage[middleEnd...]) }
    }

    static let slotCount = 1 << 17
    static let byteBudget = 32 << 20

    private var slots: [Parts?]
    private let mask: Int
    private let budget: Int
    /// Bytes held by all entries.
    private(set) var storedBytes = 0
    /// Entries held.
    private(set) var storedCount = 0

    init(slotCount: Int = SeriesJSONCache.slotCount, byteBudget: Int = SeriesJSONCache.byteBudget) {
        precondition(slotCount > 0 && slotCount & (slotCount - 1) == 0, "slotCount must be a power of two")
        slots = Array(repeating: nil, count: slotCount)
        mask = slotCount - 1
        budget = byteBudget
    }

    private func slot(_ owner: AnyObject, _ calendarIndex: Int) -> Int {
        // Fibonacci hashing of the address (objects are 16-byte aligned) mixed with the calendar.
        let address = UInt(bitPattern: ObjectIdentifier(owner))
        let mixed = (address >> 4 ^ UInt(bitPattern: calendarIndex) &* 0x9E37_79B9) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 40) & mask
    }

    /// The parts of the series that `owner` stands for in the calendar at `calendarIndex`, if held.
    func parts(_ owner: AnyObject, calendarIndex: Int) -> Parts? {
        guard let held = slots[slot(owner, calendarIndex)], held.owner === owner, held.calendarIndex == calendarIndex else { return nil }
        return held
    }

    /// Keeps `parts` in its slot, in place of whatever held it, unless that would pass the byte budget.
    /// - Returns: whether it is kept.
    @discardableResult
    mutating func store(_ parts: Parts) -> Bool {
        let index = slot(parts.owner, parts.calendarIndex)
        let freed = slots[index]?.count ?? 0
        guard storedBytes - freed + parts.count <= budget else { return false }
        if slots[index] == nil { storedCount += 1 }
        storedBytes += parts.count - freed
        slots[index] = parts
        return true
    }
}
