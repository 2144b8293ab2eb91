/// The listed placements and the count of each visible day of a ``DayOccurrences``.
///
/// A range of at most ``denseLimit`` days (a month or week grid, a year) keeps one list and one
/// count per day in arrays indexed by the day's offset: the counts from a difference array, the
/// lists filled through a union–find over the days that are not full yet. A longer range (an
/// agenda over centuries) keeps only the days that list something, in a dictionary, and counts by
/// binary search over the sorted first and last days.
///
/// - Complexity: O(n + d + l) for n placements over d days listing l slots (dense), O(n log n + l) (sparse).
struct DayLists: Sendable {
    /// The longest range kept in arrays.
    static let denseLimit = 4_096

    private let visible: ClosedRange<Int>
    /// Whether the days are kept in arrays.
    private let isDense: Bool
    /// Dense: day offset → listed slot positions, and the number of placements covering it.
    private let lists: [[Int]]
    private let counts: [Int]
    /// Sparse: day serial → listed slot positions; the clipped first and last days, each sorted.
    private let sparseLists: [Int: [Int]]
    private let firsts: [Int], lasts: [Int]

    init(_ slots: [DayOccurrences.Slot], visible: ClosedRange<Int>, maxPerDay: Int) {
        self.visible = visible
        isDense = visible.count <= Self.denseLimit
        if isDense {
            let dayCount = visible.count
            var lists = Array(repeating: [Int](), count: dayCount)
            var delta = Array(repeating: 0, count: dayCount + 1)
            // next[o]: o when day o may still take a slot, else a later day closer to an open one
            // (dayCount: none); path-compressed.
            var next = Array(0...dayCount)
            func firstOpen(_ offset: Int) -> Int {
                var root = offset
                while next[root] != root { root = next[root] }
                var node = offset
                while next[node] != root { (node, next[node]) = (next[node], root) }
                return root
            }
            for (position, slot) in slots.enumerated() {
                let low = max(slot.first, visible.lowerBound) - visible.lowerBound
                let high = min(slot.last, visible.upperBound) - visible.lowerBound
                delta[low] += 1
                delta[high + 1] -= 1
                var offset = firstOpen(low)
                while offset <= high {
                    lists[offset].append(position)
                    if lists[offset].count >= maxPerDay { next[offset] = offset + 1 }
                    offset = firstOpen(offset + 1)
                }
            }
            var counts = [Int](repeating: 0, count: dayCount)
            var running = 0
            for offset in 0..<dayCount {
                running += delta[offset]
                counts[offset] = running
            }
            self.lists = lists
            self.counts = counts
            self.sparseLists = [:]
            self.firsts = []
            self.lasts = []
            return
        }
        var bySerial: [Int: [Int]] = [:]
        var open = OpenDays()
        var firsts: [Int] = [], lasts: [Int] = []
        firsts.reserveCapacity(slots.count)
        lasts.reserveCapacity(slots.count)
        for (position, slot) in slots.enumerated() {
            let clipped = slot.serials.clamped(to: visible)
            firsts.append(clipped.lowerBound)
            lasts.append(clipped.upperBound)
            var serial = open.firstOpen(from: clipped.lowerBound)
            while serial <= clipped.upperBound {
                bySerial[serial, default: []].append(position)
                if bySerial[serial]!.count >= maxPerDay { open.close(serial) }
                serial = open.firstOpen(from: serial + 1)
            }
        }
        self.lists = []
        self.counts = []
        self.sparseLists = bySerial
        self.firsts = firsts.sorted()
        self.lasts = lasts.sorted()
    }

    /// The slot positions listed on `serial` (a visible day), in display order.
    func listed(onSerial serial: Int) -> [Int] {
        isDense ? lists[serial - visible.lowerBound] : sparseLists[serial] ?? []
    }

    /// How many placements cover `serial` (a visible day).
    ///
    /// - Complexity: O(1) dense, O(log n) sparse.
    func count(onSerial serial: Int) -> Int {
        if isDense { return counts[serial - visible.lowerBound] }
        return Self.countNotAfter(serial, in: firsts) - Self.countNotAfter(serial - 1, in: lasts)
    }

    /// How many of the sorted `values` are at most `value`.
    private static func countNotAfter(_ value: Int, in values: [Int]) -> Int {
        var low = 0, high = values.count
        while low < high {
            let mid = (low + high) >> 1
            if values[mid] <= value { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
