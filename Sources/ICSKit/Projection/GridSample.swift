import Foundation

/// What a grid of days can show of a stream of occurrences, gathered without keeping them all:
/// each visible day's count, and a subset of the occurrences that holds, for every visible day,
/// its first `maxPerDay` occurrences in display order (``OccurrencePlacement/precedes(_:_:)``)
/// and every occurrence that covers more than one day (the day ranges and their lanes).
///
/// A projection of the subset with these counts (``MonthProjection/init(month:sample:calendar:options:)``)
/// lists, counts, decorates and lays out every day as a projection of the whole stream does: a
/// day lists its first `maxPerDay` occurrences in display order, the order of a subset is the
/// whole order restricted to it (the UID and summary ranks and the input positions keep their
/// relative order), and the lanes are laid out over every multi-day occurrence.
///
/// The occurrences must come in the order the expansion gives them (the positions in the
/// stream break the last ties of the display order). An occurrence is kept when, on one of
/// the days it covers, fewer than `maxPerDay` of those seen before it come strictly before it
/// on the leading keys of the display order (first day, all-day before timed, start, longer
/// first); an occurrence that a day lists in the end passes that test when it arrives, since
/// what came before it then is part of what comes before it in the end. Ties on those keys
/// are kept, so the subset may be larger than what is listed, never smaller.
///
/// - Complexity: O(log m) per visible day an occurrence covers, for m = `maxPerDay`; memory
///   O(d · m + k) for d visible days and k kept occurrences.
package struct GridSample {
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

    /// The kept occurrences, in the order they came.
    package private(set) var occurrences: [Occurrence] = []
    /// The day serials counted and sampled.
    let visibleSerials: ClosedRange<Int>
    private let arithmetic: DayArithmetic
    let includesCancelled: Bool
    let maxPerDay: Int
    /// Per visible day (by offset): the `maxPerDay` smallest keys seen on it, as a max-heap
    /// (``MinHeap`` of ``Reversed`` keys).
    private var smallest: [MinHeap<Reversed>]
    /// The counts' difference array: +1 on an occurrence's first visible day, −1 after its last.
    private var delta: [Int]

    /// A key in reverse order, so that a ``MinHeap`` of them holds its largest key on top.
    struct Reversed: Comparable {
        var key: Key
        static func < (a: Reversed, b: Reversed) -> Bool { b.key < a.key }
    }

    /// An empty sample of the days `visibleDays` in `calendar`.
    ///
    /// - Parameters:
    ///   - includesCancelled: whether occurrences with STATUS:CANCELLED are counted and kept (as
    ///     ``ProjectionOptions/includesCancelled``).
    ///   - maxPerDay: the most occurrences a day lists (``ProjectionOptions/maxOccurrencesPerDay``).
    package init(visibleDays: ClosedRange<CalendarDay>, calendar: Calendar, includesCancelled: Bool, maxPerDay: Int) {
        precondition(maxPerDay >= 1, "a day must list at least one occurrence")
        let arithmetic = DayArithmetic(calendar)
        self.arithmetic = arithmetic
        visibleSerials = arithmetic.serial(of: visibleDays.lowerBound)...arithmetic.serial(of: visibleDays.upperBound)
        self.includesCancelled = includesCancelled
        self.maxPerDay = maxPerDay
        smallest = Array(repeating: MinHeap<Reversed>(), count: visibleSerials.count)
        delta = Array(repeating: 0, count: visibleSerials.count + 1)
    }

    /// Counts `occurrence` on the visible days it covers, and keeps it when a day may list it or
    /// it covers more than one day. Occurrences that a projection would not place (cancelled
    /// ones unless included, those outside the visible days) are neither counted nor kept.
    package mutating func add(_ occurrence: Occurrence) {
        if !includesCancelled, occurrence.shared.value.status == .cancelled { return }
        let span = OccurrencePlacement.span(start: occurrence.start, end: occurrence.end, arithmetic: arithmetic)
        guard span.last >= visibleSerials.lowerBound, span.first <= visibleSerials.upperBound else { return }
        let low = max(span.first, visibleSerials.lowerBound) - visibleSerials.lowerBound
        let high = min(span.last, visibleSerials.upperBound) - visibleSerials.lowerBound
        delta[low] += 1
        delta[high + 1] -= 1
        let key = Key(first: span.first, timed: !occurrence.isAllDay, start: span.start, shorter: span.first - span.last)
        var keep = span.last > span.first
        for offset in low...high {
            if smallest[offset].count < maxPerDay {
                smallest[offset].push(Reversed(key: key))
                keep = true
            } else if let largest = smallest[offset].min?.key, !(largest < key) {
                if key < largest { smallest[offset].replaceMin(with: Reversed(key: key)) }
                keep = true
            }
        }
        if keep { occurrences.append(occurrence) }
    }

    /// How many occurrences were counted on each visible day, from the first.
    package var counts: [Int] {
        var counts = [Int](repeating: 0, count: visibleSerials.count)
        var running = 0
        for offset in counts.indices {
            running += delta[offset]
            counts[offset] = running
        }
        return counts
    }
}
