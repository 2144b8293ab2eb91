import Foundation

/// Prepares the series of an expansion: groups each calendar's incidences by UID (a master
/// with its overrides), then builds the series of the groups on both cores (``parallelMap``), in two parts
/// that each have their own zone caches and rank their own keys (``SeriesRanking``), and joins
/// the parts in file order.
///
/// The result is the same as building everything on one thread: the parts' series are
/// concatenated in order (their singles kept in one list per part), their positions do not overlap, and a TZID that both
/// parts found unknown is reported once, by the first.
enum SeriesSetup {
    /// Below this many incidences in a calendar, one thread builds them all.
    static let parallelThreshold = 2_000

    /// The series of `calendars` that have an instance in the range, with that first instance,
    /// the singles, the diagnostics found while building them, and the limit diagnostics of the
    /// series dropped because they stopped at their limit before reaching the range.
    /// `parts` tells which part (0 or 1) built each series: series of different parts share no
    /// zone cache, so that the two parts can be expanded on two threads. With a `sieve`, every
    /// series is drained into a copy of it on its part's thread (``SeriesDrain``, one per part in
    /// `drains`) instead of being returned. With `includes`, only the incidences it marks
    /// (``OccurrenceExpansion/includes``).
    ///
    /// - Complexity: O(n) for n events and todos (plus their rules' setup), spread over two threads.
    static func build(calendars: [ICalendar], viewerZone: any ZoneConverting, rangeStart: Int, rangeEnd: Int,
                      limit: Int, zoneLookup: @Sendable (ICalendar) -> ZoneLookup, parallel: Bool = true,
                      sieve: (any InstanceSieve)? = nil, includes: [[Bool]]? = nil)
        -> (series: [Series], firsts: [PendingInstance], parts: [Int], singles: [[PendingOccurrence]],
            diagnostics: [Diagnostic], limitDiagnostics: [Diagnostic], runs: [SeriesRanking.Run], drains: [SeriesDrain]) {
        var series: [Series] = []
        var firsts: [PendingInstance] = []
        var seriesParts: [Int] = []
        var limitDiagnostics: [Diagnostic] = []
        var singles: [[PendingOccurrence]] = []
        var diagnostics: [Diagnostic] = []
        var runs: [SeriesRanking.Run] = []
        var drains: [SeriesDrain] = []
        var firstOrder = 0
        // Each part's copy of the sieve goes on from calendar to calendar: a fresh copy for each
        // calendar wanted up to a grid's worth of occurrences for that calendar alone (3,000
        // calendars of a daily event kept 300 a day for a year, 387 MB). The copy a calendar's
        // part ends with is carried on; the drain that used it gets the sieve as it came, and each
        // part's last drain the copy the part ended with, so that the copies still add up to
        // what was counted.
        var carried = [sieve, sieve]
        var lastDrain: [Int?] = [nil, nil]
        for (index, calendar) in calendars.enumerated() {
            let lookup = zoneLookup(calendar)
            let calendarID = calendar.id
            let (ungrouped, groups) = group(calendar, parallel: parallel)
            let total = calendar.events.count + calendar.todos.count
            // Split the groups where about half of the incidences lie before.
            var split = groups.count
            if parallel && total >= parallelThreshold && ProcessInfo.processInfo.activeProcessorCount > 1 {
                for i in 0 ..< groups.count where ungrouped.count + groups.starts[i] >= total / 2 { split = i; break }
            }
            let parts: [Range<Int>] = split < groups.count ? [0 ..< split, split ..< groups.count] : [0 ..< groups.count]
            let starts = parts.count == 1 ? [firstOrder]
                : [firstOrder, firstOrder + ungrouped.count + groups.starts[split]]
            let startSieves = carried
            let built = parallelMap(count: parts.count, workers: parts.count) { part in
                var builder = SeriesBuilder(viewer: ZoneCache(viewerZone), rangeStart: rangeStart, rangeEnd: rangeEnd,
                                            limit: limit, calendar: calendar, lookup: lookup, firstOrder: starts[part],
                                            calendarID: calendarID)
                builder.drain = startSieves[part].map(SeriesDrain.init)
                builder.includes = includes?[index]
                builder.add(ungrouped: part == 0 ? ungrouped : [], groups: groups, range: parts[part], calendarIndex: index)
                // Ranked here, on the part's thread; the runs are merged after (``SeriesRanking``).
                let run = SeriesRanking.run(series: builder.series, drained: builder.drain?.keys ?? [], singles: builder.singles)
                return Handoff(value: (builder, run))
            }
            var reported = Set<String>()
            for (part, item) in built.enumerated() {
                let (builder, run) = item.value
                // The run and the part's list of singles go in at the same place in their lists.
                runs.append(run)
                if var drain = builder.drain, let sieve {
                    carried[part] = drain.sieve
                    drain.sieve = sieve
                    lastDrain[part] = drains.count
                    drains.append(drain)
                }
                series += builder.series
                firsts += builder.firsts
                limitDiagnostics += builder.limitDiagnostics
                seriesParts += repeatElement(part, count: builder.series.count)
                // Kept as the part's own list: joining the lists would copy every occurrence.
                singles.append(builder.singles)
                let repeated = Set(builder.unknownZones.filter { reported.contains($0.tzid) }.map(\.index))
                for (i, diagnostic) in builder.diagnostics.enumerated() where !repeated.contains(i) { diagnostics.append(diagnostic) }
                reported.formUnion(builder.unknownZones.map(\.tzid))
            }
            firstOrder += total + 1
        }
        for part in 0..<2 {
            if let index = lastDrain[part], let ended = carried[part] { drains[index].sieve = ended }
        }
        return (series, firsts, seriesParts, singles, diagnostics, limitDiagnostics, runs, drains)
    }

    /// The incidences without UID, and the groups sharing a UID, in the order of their first member,
    /// as positions: the calendar's events, then its todos (position `events.count + i` is todo `i`).
    /// Positions, not copies of the incidences: ``SeriesBuilder`` reads each in place.
    ///
    /// The UIDs are read and hashed (``UIDGroups/code(of:)``) in place, on two threads for a large
    /// calendar (`parallel`): that pass touches every incidence and every UID's bytes, and waits on
    /// memory more than it computes. Only the table of groups is filled on this thread.
    ///
    /// Events and todos are grouped apart (``CalDAVLeftovers/seriesKey(uid:kind:)``): a VEVENT and a VTODO
    /// that share a UID are two series, not a master and a duplicate.
    static func group(_ calendar: ICalendar, parallel: Bool = false) -> (ungrouped: [Int], groups: UIDGroups) {
        let total = calendar.events.count + calendar.todos.count
        let eventCount = calendar.events.count
        let halves = parallel && total >= parallelThreshold && ProcessInfo.processInfo.activeProcessorCount > 1 ? 2 : 1
        let coded = parallelMap(count: halves, workers: halves) { half in
            let range = total * half / halves ..< total * (half + 1) / halves
            return withUIDs(of: calendar) { uid in
                range.map { UIDGroups.code(of: uid($0), kind: $0 < eventCount ? .event : .todo) }
            }
        }
        let codes = halves == 1 ? coded[0] : coded[0] + coded[1]
        return withUIDs(of: calendar) { uid in
            UIDGroups.of(codes: codes, sameUID: { uid($0) == uid($1) && ($0 < eventCount) == ($1 < eventCount) },
                         byDictionary: {
                             UIDGroups.byDictionary((0 ..< total).map { position in
                                 uid(position).map { CalDAVLeftovers.seriesKey(uid: $0, kind: position < eventCount ? .event : .todo) }
                             })
                         })
        }
    }

    /// Calls `body` with the UID at each position of `calendar` (its events, then its todos), read
    /// in place through the lists' buffers.
    private static func withUIDs<T>(of calendar: ICalendar, _ body: ((Int) -> String?) -> T) -> T {
        let eventCount = calendar.events.count
        return calendar.events.withUnsafeBufferPointer { events in
            calendar.todos.withUnsafeBufferPointer { todos in
                body { $0 < eventCount ? events[$0].uid : todos[$0 - eventCount].uid }
            }
        }
    }
}
