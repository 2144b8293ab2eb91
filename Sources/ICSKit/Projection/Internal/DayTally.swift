/// The counting half of a ``GridSample``: each visible day's count, and whether an occurrence
/// may be among a day's first `maxPerDay` in display order or covers more than one day (then it
/// is wanted). As an ``InstanceSieve``, it decides from a zoned instance's instants before the
/// occurrence is made; an expansion on two threads gives each thread a copy, whose counts add up
/// (``adding(_:)``).
///
/// An occurrence is wanted when, on one of the days it covers, fewer than `maxPerDay` of those
/// seen before it come strictly before it on the leading keys of the display order (first day,
/// all-day before timed, start, longer first). An occurrence that a day lists in the end passes
/// that test whatever the order in which they come (what came before it is part of the whole),
/// and so does it in each thread's share. Ties on those keys are wanted too.
struct DayTally: InstanceSieve {
    /// The leading keys of the display order of one occurrence (compared as a tuple).
    struct Key: Comparable {
        var first: Int
        var timed: Bool
        var start: Int
        /// The number of days covered, negated: longer first.
        var shorter: Int

        static func < (a: Key, b: Key) -> Bool {
            if a.first != b.first { return a.first < b.first }
            if a.timed != b.timed { return !a.timed }
            if a.start != b.start { return a.start < b.start }
            return a.shorter < b.shorter
        }
    }

    /// A key in reverse order, so that a ``MinHeap`` of them holds its largest key on top.
    struct Reversed: Comparable {
        var key: Key
        static func < (a: Reversed, b: Reversed) -> Bool { b.key < a.key }
    }

    /// The day serials counted.
    let visibleSerials: ClosedRange<Int>
    let arithmetic: DayArithmetic
    let includesCancelled: Bool
    let maxPerDay: Int
    /// Per visible day (by offset): the `maxPerDay` smallest keys seen on it, largest on top.
    private var smallest: [MinHeap<Reversed>]
    /// The counts' difference array: +1 on an occurrence's first visible day, −1 after its last.
    private var delta: [Int]

    init(visibleSerials: ClosedRange<Int>, arithmetic: DayArithmetic, includesCancelled: Bool, maxPerDay: Int) {
        precondition(maxPerDay >= 1, "a day must list at least one occurrence")
        self.visibleSerials = visibleSerials
        self.arithmetic = arithmetic
        self.includesCancelled = includesCancelled
        self.maxPerDay = maxPerDay
        smallest = Array(repeating: MinHeap<Reversed>(), count: visibleSerials.count)
        delta = Array(repeating: 0, count: visibleSerials.count + 1)
    }

    mutating func wants(startSeconds: Int, endSeconds: Int, cancelled: Bool) -> Bool {
        if cancelled && !includesCancelled { return false }
        return wants(OccurrencePlacement.span(startSeconds: startSeconds, endSeconds: endSeconds, arithmetic: arithmetic), timed: true)
    }

    mutating func wants(_ occurrence: Occurrence) -> Bool {
        if !includesCancelled, occurrence.shared.value.status == .cancelled { return false }
        return wants(OccurrencePlacement.span(start: occurrence.start, end: occurrence.end, arithmetic: arithmetic),
                     timed: !occurrence.isAllDay)
    }

    /// Counts an occurrence of `span` on the visible days it covers; whether it is wanted.
    /// Outside the visible days: neither counted nor wanted (a projection would not place it).
    private mutating func wants(_ span: (first: Int, last: Int, start: Int), timed: Bool) -> Bool {
        guard span.last >= visibleSerials.lowerBound, span.first <= visibleSerials.upperBound else { return false }
        let low = max(span.first, visibleSerials.lowerBound) - visibleSerials.lowerBound
        let high = min(span.last, visibleSerials.upperBound) - visibleSerials.lowerBound
        delta[low] += 1
        delta[high + 1] -= 1
        let key = Key(first: span.first, timed: timed, start: span.start, shorter: span.first - span.last)
        var wanted = span.last > span.first
        for offset in low...high {
            if smallest[offset].count < maxPerDay {
                smallest[offset].push(Reversed(key: key))
                wanted = true
            } else if let largest = smallest[offset].min?.key, !(largest < key) {
                if key < largest { smallest[offset].replaceMin(with: Reversed(key: key)) }
                wanted = true
            }
        }
        return wanted
    }

    /// The counts of both tallies (of the same days); what decides the wanted ones is dropped.
    func adding(_ other: DayTally) -> DayTally {
        precondition(other.visibleSerials == visibleSerials, "tallies of the same days add up")
        var sum = DayTally(visibleSerials: visibleSerials, arithmetic: arithmetic, includesCancelled: includesCancelled, maxPerDay: maxPerDay)
        sum.delta = zip(delta, other.delta).map { $0 + $1 }
        return sum
    }

    /// How many occurrences were counted on each visible day, from the first.
    var counts: [Int] {
        var counts = [Int](repeating: 0, count: visibleSerials.count)
        var running = 0
        for offset in counts.indices {
            running += delta[offset]
            counts[offset] = running
        }
        return counts
    }
}
