import Foundation

/// The display order of placements (``OccurrencePlacement/precedes(_:_:)``) and the lane order of
/// day ranges (``DayRangeLayout/laneOrder(_:_:)``), computed on small integer keys: the
/// placements are never copied or compared field by field during the sort, and the UIDs and
/// summaries are compared once per distinct incidence (the instances of a series share one), not
/// once per comparison.
///
/// - Complexity: O(n log n) integer comparisons for n placements, plus O(k log k) string
///   comparisons for their k distinct incidences.
struct PlacementOrder {
    /// For each placement, the rank of its incidence's UID (equal UIDs, equal ranks; `nil` as "").
    let uidRanks: [Int32]
    /// For each placement, the rank of its incidence's (UID, summary) pair.
    let uidSummaryRanks: [Int32]

    /// The order of the occurrences `occurrences[slot.index]` of `slots`.
    init(_ placed: [DayOccurrences.Slot], of occurrences: [Occurrence]) {
        // The distinct incidences, found by identity of their shared storage.
        var slotOf: [ObjectIdentifier: Int32] = [:]
        var distinct: [SharedIncidence] = []
        var slots: [Int32] = []
        slots.reserveCapacity(placed.count)
        for slot in placed {
            let shared = occurrences[slot.index].shared
            let id = ObjectIdentifier(shared)
            if let slot = slotOf[id] {
                slots.append(slot)
            } else {
                let slot = Int32(distinct.count)
                slotOf[id] = slot
                distinct.append(shared)
                slots.append(slot)
            }
        }
        let uids = distinct.map { $0.value.uid ?? "" }
        let summaries = distinct.map { $0.value.summary ?? "" }
        // Most UIDs differ in their first eight bytes: compared as one integer there, the strings
        // only when those are equal or not ASCII (``asciiPrefixKey(_:)``).
        let keys = uids.map(Self.asciiPrefixKey)
        let byUID = Self.ranks(count: distinct.count, less: { a, b in
            if let ka = keys[a], let kb = keys[b], ka != kb { return ka < kb }
            return uids[a] < uids[b]
        }, equal: { uids[$0] == uids[$1] })
        // The pair's order is the UID's rank, then the summary: strings compared only within a UID.
        let byPair = Self.ranks(count: distinct.count,
                                less: { byUID[$0] != byUID[$1] ? byUID[$0] < byUID[$1] : summaries[$0] < summaries[$1] },
                                equal: { byUID[$0] == byUID[$1] && summaries[$0] == summaries[$1] })
        uidRanks = slots.map { byUID[Int($0)] }
        uidSummaryRanks = slots.map { byPair[Int($0)] }
    }

    /// The first eight UTF-8 bytes of an all-ASCII string as a big-endian integer (zero-padded), or
    /// `nil` when the string is not all ASCII. For two ASCII strings, String's order is the order
    /// of their bytes (ASCII is its own normal form), so a smaller key means a smaller string; equal
    /// keys decide nothing. (A non-ASCII string may compose across the eighth byte under
    /// normalisation, so it has no key.)
    static func asciiPrefixKey(_ string: String) -> UInt64? {
        var string = string
        return string.withUTF8 { bytes -> UInt64? in
            var key: UInt64 = 0
            for (i, byte) in bytes.enumerated() {
                guard byte < 0x80 else { return nil }
                if i < 8 { key |= UInt64(byte) << (56 - 8 * UInt64(i)) }
            }
            return key
        }
    }

    /// The rank of each of `count` items in the order `less` (items that are `equal` share a rank).
    private static func ranks(count: Int, less: (Int, Int) -> Bool, equal: (Int, Int) -> Bool) -> [Int32] {
        let order = (0..<count).sorted(by: less)
        var ranks = [Int32](repeating: 0, count: count)
        var rank: Int32 = 0
        for (position, item) in order.enumerated() {
            if position > 0, !equal(order[position - 1], item) { rank += 1 }
            ranks[item] = rank
        }
        return ranks
    }

    /// One placement's sort key: every field of the order but the strings, which are ranks.
    private struct Key {
        var first: Int
        var start: Int
        var dayCount: Int
        var rank: Int32
        var isAllDay: Bool
        var index: Int
        var position: Int32
    }

    /// The positions of `slots` in display order (``OccurrencePlacement/precedes(_:_:)``):
    /// earlier first day, all-day before timed, earlier start, longer, UID, summary, index.
    func displayOrder(_ slots: [DayOccurrences.Slot], of occurrences: [Occurrence]) -> [Int] {
        var keys = slots.indices.map { position in
            let slot = slots[position]
            return Key(first: slot.first, start: slot.start, dayCount: slot.last - slot.first + 1, rank: uidSummaryRanks[position],
                       isAllDay: occurrences[slot.index].isAllDay, index: slot.index, position: Int32(position))
        }
        keys.sort { a, b in
            if a.first != b.first { return a.first < b.first }
            if a.isAllDay != b.isAllDay { return a.isAllDay }
            if a.start != b.start { return a.start < b.start }
            if a.dayCount != b.dayCount { return a.dayCount > b.dayCount }
            if a.rank != b.rank { return a.rank < b.rank }
            return a.index < b.index
        }
        return keys.map { Int($0.position) }
    }

    /// The positions `positions` of `placements` in lane order (``DayRangeLayout/laneOrder(_:_:)``):
    /// earlier first day, longer, UID, earlier start, index; `uidRanks` as ``uidRanks``, aligned with `placements`.
    static func laneOrder(_ positions: [Int], of placements: [OccurrencePlacement], uidRanks: [Int32]) -> [Int] {
        laneOrder(positions, of: placements.map {
            DayOccurrences.Slot(index: $0.index, first: $0.serials.lowerBound, last: $0.serials.upperBound,
                                start: Int($0.startDate.timeIntervalSince1970.rounded(.down)))
        }, uidRanks: uidRanks)
    }

    /// The positions `positions` of `slots` in lane order, as above.
    static func laneOrder(_ positions: [Int], of slots: [DayOccurrences.Slot], uidRanks: [Int32]) -> [Int] {
        var keys = positions.map { position in
            let slot = slots[position]
            return Key(first: slot.first, start: slot.start, dayCount: slot.last - slot.first + 1, rank: uidRanks[position],
                       isAllDay: false, index: slot.index, position: Int32(position))
        }
        keys.sort { a, b in
            if a.first != b.first { return a.first < b.first }
            if a.dayCount != b.dayCount { return a.dayCount > b.dayCount }
            if a.rank != b.rank { return a.rank < b.rank }
            if a.start != b.start { return a.start < b.start }
            return a.index < b.index
        }
        return keys.map { Int($0.position) }
    }
}
