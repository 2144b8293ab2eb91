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
/// relative order), and the lanes are laid out over every multi-day occurrence. Which are kept
/// is ``DayTally``'s rule; ties on its keys are kept, so the subset may be larger than what is
/// listed, never smaller.
///
/// The occurrences must be given in the order the expansion gives them (the positions in the
/// stream break the last ties of the display order): one by one (``add(_:)``), or through an
/// expansion that makes only the wanted ones (``collect(_:)``).
///
/// - Complexity: O(log m) per visible day an occurrence covers, for m = `maxPerDay`; memory
///   O(d · m + k) for d visible days and k kept occurrences.
package struct GridSample {
    /// The kept occurrences, in the order they came.
    package private(set) var occurrences: [Occurrence] = []
    private var tally: DayTally

    /// The day serials counted and sampled.
    var visibleSerials: ClosedRange<Int> { tally.visibleSerials }
    var includesCancelled: Bool { tally.includesCancelled }
    var maxPerDay: Int { tally.maxPerDay }

    /// An empty sample of the days `visibleDays` in `calendar`.
    ///
    /// - Parameters:
    ///   - includesCancelled: whether occurrences with STATUS:CANCELLED are counted and kept (as
    ///     ``ProjectionOptions/includesCancelled``).
    ///   - maxPerDay: the most occurrences a day lists (``ProjectionOptions/maxOccurrencesPerDay``).
    package init(visibleDays: ClosedRange<CalendarDay>, calendar: Calendar, includesCancelled: Bool, maxPerDay: Int) {
        let arithmetic = DayArithmetic(calendar)
        tally = DayTally(visibleSerials: arithmetic.serial(of: visibleDays.lowerBound)...arithmetic.serial(of: visibleDays.upperBound),
                         arithmetic: arithmetic, includesCancelled: includesCancelled, maxPerDay: maxPerDay)
    }

    /// Counts `occurrence` on the visible days it covers, and keeps it when a day may list it or
    /// it covers more than one day. Occurrences that a projection would not place (cancelled
    /// ones unless included, those outside the visible days) are neither counted nor kept. (Not
    /// after ``collect(_:)``, which keeps the counts only.)
    package mutating func add(_ occurrence: Occurrence) {
        if tally.wants(occurrence) { occurrences.append(occurrence) }
    }

    /// Fills an empty sample from `expansion` (its range must cover the visible days), with
    /// ``DayTally`` as the expansion's ``InstanceSieve``: the occurrences that are not kept are
    /// counted and never made. The same sample as ``add(_:)`` of every occurrence of
    /// ``OccurrenceExpansion/collect()``; returns the expansion's diagnostics.
    package mutating func collect(_ expansion: OccurrenceExpansion) -> [Diagnostic] {
        precondition(occurrences.isEmpty && counts.allSatisfy { $0 == 0 }, "a sample collects into an empty one")
        var kept: [Occurrence] = []
        // Room made once: grown by doubling, the list was copied over and over into fresh pages
        // (a tenth of a 100,000-event month's last step).
        let (sieves, diagnostics) = expansion.collect(sieve: tally, reserve: { kept.reserveCapacity($0) }) { kept.append($0) }
        occurrences = kept
        tally = sieves.dropFirst().reduce(sieves.first ?? tally) { $0.adding($1) }
        return diagnostics
    }

    /// How many occurrences were counted on each visible day, from the first.
    package var counts: [Int] { tally.counts }
}
