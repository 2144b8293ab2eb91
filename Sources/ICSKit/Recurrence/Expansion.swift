import Foundation

/// Finds the zone a TZID names (an IANA name, a Windows name, a VTIMEZONE of the file…).
typealias ZoneLookup = @Sendable (String) -> (any ZoneConverting)?

/// The lazy expansion of calendars into occurrences over an interval (RFC 5545 3.8.5):
/// RRULE + RDATE − EXDATE, RECURRENCE-ID overrides (RANGE=THISANDFUTURE too), durations,
/// all-day, floating and zoned times, for VEVENT and VTODO.
///
/// Occurrences come sorted by start instant, then UID; they are produced one at a time by a
/// k-way merge over the series, so a long range never builds a large array first. An
/// occurrence belongs to the range when it overlaps it (`start < end of range` and
/// `end > start of range`; a zero-length one when its start lies inside).
///
/// ```swift
/// let expansion = OccurrenceExpansion(calendars: [calendar], from: start, to: end,
///                                     viewerTimeZone: TimeZone(identifier: "Europe/Berlin")!)
/// for occurrence in expansion { print(occurrence.start) }
/// let (all, diagnostics) = expansion.collect()
/// ```
public struct OccurrenceExpansion: Sequence, Sendable {
    public let calendars: [ICalendar]
    public let start: Date
    public let end: Date
    /// The zone floating and all-day times are read in (unless a calendar has X-WR-TIMEZONE, for floating times).
    public let viewerTimeZone: TimeZone
    /// The most occurrences one series may produce in this expansion; past it, a `recurrenceLimit` diagnostic.
    public let instanceLimit: Int
    let viewerZone: any ZoneConverting
    let zoneLookup: @Sendable (ICalendar) -> ZoneLookup

    /// Prepares the expansion of `calendars` over `start..<end` (nothing is computed until iterated).
    ///
    /// - Parameters:
    ///   - calendars: the calendars; ``Occurrence/calendarIndex`` is a position in this list.
    ///   - start: the start of the range (inclusive).
    ///   - end: the end of the range (exclusive); must not be before `start`.
    ///   - viewerTimeZone: the zone of the viewer, for floating and all-day times.
    ///   - instanceLimit: the most occurrences of one series (default 10,000).
    public init(calendars: [ICalendar], from start: Date, to end: Date, viewerTimeZone: TimeZone,
                instanceLimit: Int = 10_000) {
        self.init(calendars: calendars, from: start, to: end, viewerTimeZone: viewerTimeZone,
                  viewerZone: FoundationZone(zone: viewerTimeZone), instanceLimit: instanceLimit,
                  zoneLookup: OccurrenceExpansion.resolverLookup)
    }

    /// The seam for other zone sources: `zoneLookup` gives, for each calendar, how its TZIDs resolve.
    init(calendars: [ICalendar], from start: Date, to end: Date, viewerTimeZone: TimeZone,
         viewerZone: any ZoneConverting, instanceLimit: Int, zoneLookup: @escaping @Sendable (ICalendar) -> ZoneLookup) {
        precondition(start <= end, "the range ends before it starts")
        precondition(instanceLimit > 0, "the instance limit must be positive")
        self.calendars = calendars
        self.start = start
        self.end = end
        self.viewerTimeZone = viewerTimeZone
        self.viewerZone = viewerZone
        self.instanceLimit = instanceLimit
        self.zoneLookup = zoneLookup
    }

    /// The default lookup: each calendar's TZIDs through a ``ZoneResolver`` (IANA and Windows
    /// names, vendor prefixes, the file's VTIMEZONEs).
    static let resolverLookup: @Sendable (ICalendar) -> ZoneLookup = { calendar in
        let resolver = ZoneResolver(calendar: calendar)
        return { tzid in resolver.zone(for: tzid) }
    }

    /// IANA names through Foundation's tzdata only (no VTIMEZONE, no Windows names).
    static let systemZone: ZoneLookup = { tzid in
        let upper = tzid.uppercased()
        if upper == "UTC" || upper == "GMT" || upper == "Z" || upper == "ETC/UTC" { return UTCZone() }
        return TimeZone(identifier: tzid).map { FoundationZone(zone: $0) }
    }

    public func makeIterator() -> Iterator {
        Iterator(self)
    }

    /// Runs the whole expansion: every occurrence, in order, and every diagnostic.
    ///
    /// - Complexity: O(n log k) for n occurrences of k series.
    public func collect() -> (occurrences: [Occurrence], diagnostics: [Diagnostic]) {
        var iterator = makeIterator()
        var all: [Occurrence] = []
        while let next = iterator.next() { all.append(next) }
        return (all, iterator.diagnostics)
    }

    /// Hands out the occurrences one by one; ``diagnostics`` grows as series hit their limits.
    public struct Iterator: IteratorProtocol {
        private var series: [Series]
        private var singles: [PendingOccurrence]
        private var singleIndex = 0
        /// The next instance of each series, made into an occurrence when its heap entry is popped.
        private var current: [PendingInstance]
        /// Heap of (start key, rank, series index): small entries, so that sifting moves no occurrences.
        private var heap: [(key: Int, rank: Int, index: Int)] = []
        private var setupDiagnostics: [Diagnostic]
        private var reported = Set<Int>()
        private var limitDiagnostics: [Diagnostic] = []

        /// What was found so far: unknown zones and unexpandable rules at once, instance limits as they are hit.
        public var diagnostics: [Diagnostic] { setupDiagnostics + limitDiagnostics }

        init(_ expansion: OccurrenceExpansion) {
            let rangeStart = Int(expansion.start.timeIntervalSince1970.rounded(.down))
            let rangeEnd = Int(expansion.end.timeIntervalSince1970.rounded(.up))
            let built = SeriesSetup.build(calendars: expansion.calendars, viewerZone: expansion.viewerZone,
                                          rangeStart: rangeStart, rangeEnd: rangeEnd, limit: expansion.instanceLimit,
                                          zoneLookup: expansion.zoneLookup)
            setupDiagnostics = built.diagnostics
            // Only the series with an instance in the range take part in the merge.
            var series: [Series] = []
            var firsts: [PendingInstance] = []
            for item in built.series {
                if let first = item.next() {
                    series.append(item)
                    firsts.append(first)
                } else if let diagnostic = item.limitDiagnostic {
                    limitDiagnostics.append(diagnostic)
                }
            }
            var singles = built.singles
            // Rank every series and single by (UID, calendar, position) once, so that the merge compares integers.
            var entries: [(uid: String, calendar: Int, order: Int)] = series.map {
                ($0.master.uid ?? "", $0.calendarIndex, $0.order)
            }
            entries += singles.map { ($0.occurrence.incidence.uid ?? "", $0.occurrence.calendarIndex, $0.order) }
            entries.sort { ($0.uid, $0.calendar, $0.order) < ($1.uid, $1.calendar, $1.order) }
            var rankOf = [Int](repeating: 0, count: (entries.map(\.order).max() ?? 0) + 1)
            for (rank, entry) in entries.enumerated() { rankOf[entry.order] = rank }
            for item in series { item.order = rankOf[item.order] }
            for i in singles.indices { singles[i].order = rankOf[singles[i].order] }
            let sortedIndices = singles.indices.sorted { PendingOccurrence.precedes(singles[$0], singles[$1]) }
            self.singles = sortedIndices.map { singles[$0] }
            self.series = series
            current = firsts
            for index in series.indices { push((firsts[index].key, series[index].order, index)) }
        }

        public mutating func next() -> Occurrence? {
            let hasSingle = singleIndex < singles.count
            if let top = heap.first, !hasSingle || Self.precedes(top, (singles[singleIndex].key, singles[singleIndex].order, 0)) {
                let index = top.index
                let occurrence = series[index].occurrence(for: current[index])
                // The series' next instance takes the top entry's place (one sift instead of a pop and a push).
                if let next = series[index].next() {
                    current[index] = next
                    replaceTop((next.key, top.rank, index))
                } else {
                    _ = pop()
                    if let diagnostic = series[index].limitDiagnostic, reported.insert(index).inserted {
                        limitDiagnostics.append(diagnostic)
                    }
                }
                return occurrence
            }
            guard hasSingle else { return nil }
            singleIndex += 1
            return singles[singleIndex - 1].occurrence
        }

        @inline(__always)
        private static func precedes(_ a: (key: Int, rank: Int, index: Int), _ b: (key: Int, rank: Int, index: Int)) -> Bool {
            a.key != b.key ? a.key < b.key : a.rank < b.rank
        }

        private mutating func push(_ item: (key: Int, rank: Int, index: Int)) {
            heap.append(item)
            var i = heap.count - 1
            while i > 0 {
                let parent = (i - 1) / 2
                if !Self.precedes(heap[i], heap[parent]) { break }
                heap.swapAt(i, parent)
                i = parent
            }
        }

        /// Replaces the top entry by `item` and sifts it down (moving a hole, not swapping).
        private mutating func replaceTop(_ item: (key: Int, rank: Int, index: Int)) {
            heap.withUnsafeMutableBufferPointer { heap in
                let count = heap.count
                var i = 0
                while true {
                    let l = 2 * i + 1
                    if l >= count { break }
                    let r = l + 1
                    let m = r < count && Self.precedes(heap[r], heap[l]) ? r : l
                    if !Self.precedes(heap[m], item) { break }
                    heap[i] = heap[m]
                    i = m
                }
                heap[i] = item
            }
        }

        private mutating func pop() -> (key: Int, rank: Int, index: Int) {
            let top = heap[0]
            let last = heap.removeLast()
            if !heap.isEmpty { replaceTop(last) }
            return top
        }
    }
}

extension ICalendar {
    /// The occurrences of this calendar's events and todos that overlap `start..<end`, lazily.
    ///
    /// - Parameters:
    ///   - start: the start of the range (inclusive).
    ///   - end: the end of the range (exclusive).
    ///   - viewerTimeZone: the zone floating and all-day times are read in.
    /// - Returns: an ``OccurrenceExpansion`` to iterate, or to `collect()` with its diagnostics.
    public func occurrences(from start: Date, to end: Date, viewerTimeZone: TimeZone) -> OccurrenceExpansion {
        OccurrenceExpansion(calendars: [self], from: start, to: end, viewerTimeZone: viewerTimeZone)
    }
}
