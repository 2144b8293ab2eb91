import Foundation

/// Finds the zone a TZID names (an IANA name, a Windows name, a VTIMEZONE of the file…).
typealias ZoneLookup = @Sendable (String) -> (any ZoneConverting)?

/// The lazy expansion of calendars into occurrences over an interval (RFC 5545 3.8.5):
/// RRULE + RDATE − EXDATE, RECURRENCE-ID overrides (RANGE=THISANDFUTURE too), durations,
/// all-day, floating and zoned times, for VEVENT and VTODO.
///
/// Occurrences come sorted by start instant, then UID; they are produced one at a time by a
/// k-way merge over the series, so a long range never builds a large array first. A large
/// calendar (thousands of events) is prepared on two threads, and half of its series are
/// expanded on a second thread that runs at most a few thousand occurrences ahead. An
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
    /// The calendars; ``Occurrence/calendarIndex`` is a position in this list.
    public let calendars: [ICalendar]
    /// The start of the range (inclusive).
    public let start: Date
    /// The end of the range (exclusive).
    public let end: Date
    /// The zone floating and all-day times are read in (unless a calendar has X-WR-TIMEZONE, for floating times).
    public let viewerTimeZone: TimeZone
    /// The most occurrences one series may give ``collect()`` (what is gathered at once, as for a
    /// grid); past it, a `recurrenceLimit` diagnostic. Iterating the expansion lazily lists every
    /// occurrence that starts in the range, one at a time, with no cap (only a bound on work that
    /// shows nothing, and on instances running in from before the range: see ``makeIterator()``).
    public let instanceLimit: Int
    let viewerZone: any ZoneConverting
    /// Whether a large expansion may use a second thread (setup in two parts, and the second
    /// part's series merged on a thread of their own); `true` by default. Set it to `false` to
    /// keep the whole expansion on the iterating thread (an app that runs many expansions at
    /// once, or counts its threads): the occurrences and diagnostics are the same either way.
    ///
    /// ```swift
    /// var expansion = calendar.occurrences(from: start, to: end, viewerTimeZone: zone)
    /// expansion.usesSecondThread = false
    /// ```
    public var usesSecondThread = true
    /// The most occurrences ``collect()`` gathers in all, the earliest first (default 250,000,
    /// about 70 MB); past it the rest of the range is left out, with a `recurrenceLimit`
    /// diagnostic that says from when. ``instanceLimit`` caps each series: 300 secondly series
    /// under that cap alone were 3 million occurrences, 870 MB, for one month.
    public var occurrenceLimit = 250_000
    /// For each calendar, whether each of its incidences (its events, then its to-dos) is
    /// expanded; nil: all. A UID's incidences are kept or left out together (the first one
    /// decides). The reminder expansion reads some series with slack and others without
    /// (``ReminderSlack``), over the same calendars.
    var includes: [[Bool]]? = nil
    let zoneLookup: @Sendable (ICalendar) -> ZoneLookup

    /// Prepares the expansion of `calendars` over `start..<end` (nothing is computed until iterated).
    ///
    /// - Parameters:
    ///   - calendars: the calendars; each occurrence names its own by ``Occurrence/calendarID``.
    ///   - start: the start of the range (inclusive).
    ///   - end: the end of the range (exclusive); must not be before `start`.
    ///   - viewerTimeZone: the zone of the viewer, for floating and all-day times.
    ///   - instanceLimit: the most occurrences of one series in ``collect()`` (default 10,000).
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

    /// Lists every occurrence in the range lazily, uncapped (``instanceLimit`` applies to
    /// ``collect()``) but for the instances of a series that began before the range and still run
    /// in it: the first 10,000 of those, then a `recurrenceLimit` diagnostic.
    public func makeIterator() -> Iterator {
        Iterator(self, capped: false)
    }

    /// Runs the whole expansion: every occurrence, in order, and every diagnostic; at most
    /// ``instanceLimit`` occurrences of one series, with a `recurrenceLimit` diagnostic past it.
    ///
    /// - Complexity: O(n log k) for n occurrences of k series.
    public func collect() -> (occurrences: [Occurrence], diagnostics: [Diagnostic]) {
        var iterator = Iterator(self, capped: true)
        var all: [Occurrence] = []
        while let next = iterator.next() {
            guard all.count < occurrenceLimit else {
                let source = calendars.indices.contains(next.calendarIndex) ? calendars[next.calendarIndex].source : nil
                return (all, iterator.diagnostics + [Self.occurrenceLimitDiagnostic(occurrenceLimit, from: next, source: source)])
            }
            all.append(next)
        }
        return (all, iterator.diagnostics)
    }

    /// What ``collect()`` says when it stops at ``occurrenceLimit``: when the occurrences left
    /// out begin (the first one's start, UTC), in the calendar of that one (`source`).
    static func occurrenceLimitDiagnostic(_ limit: Int, from first: Occurrence, source: String?) -> Diagnostic {
        let formatter = ISO8601DateFormatter()
        let start = formatter.string(from: first.start.date(in: TimeZone(identifier: "UTC")!))
        return Diagnostic(.recurrenceLimit, "collected \(limit) occurrences in all (the cap of what is collected at once) and left out those from \(start) on",
                          source: source)
    }

    /// ``collect()`` without gathering: hands every occurrence, in order, to `body` (which keeps
    /// what it needs), with the same cap per series; returns the diagnostics.
    ///
    /// - Complexity: O(n log k) for n occurrences of k series, and memory for none of them.
    package func collect(_ body: (Occurrence) -> Void) -> [Diagnostic] {
        var iterator = Iterator(self, capped: true)
        while let next = iterator.next() { body(next) }
        return iterator.diagnostics
    }

    /// Hands out the occurrences one by one; ``diagnostics`` grows as series hit their limits.
    ///
    /// On a large calendar the series are expanded in two groups, one of them on a thread of its
    /// own (``SeriesStream``); the iterator merges that stream with its own group and the single
    /// events, so that the order is the same as from one merge.
    public struct Iterator: IteratorProtocol {
        private var merge: SeriesMerge
        /// The singles as the set-up's parts built them (one list per part), and their start keys,
        /// ranks and places in start order, then rank (``SeriesRanking/singleHeads(runs:ranks:)``):
        /// the occurrences are neither moved nor copied to be joined or sorted.
        private let singles: [[PendingOccurrence]]
        private let singleHeads: [SeriesRanking.SingleHead]
        private var singleIndex = 0
        /// The other group's stream (nil when one thread does all), and its current batch.
        private let stream: SeriesStreamHandle?
        private var batch: SeriesStreamBatch?
        private var streamEnded = false
        private var setupDiagnostics: [Diagnostic]
        private var limitDiagnostics: [Diagnostic] = []
        /// This thread's sieve (``OccurrenceExpansion/collect(sieve:_:)``), and the limit
        /// diagnostics met through it, with their keys and ranks.
        private var sieve: (any InstanceSieve)?
        private var sievedDiagnostics: [SievedDiagnostic] = []
        /// With a sieve: the series the set-up drained into its copies of it (``SeriesDrain``), and
        /// the occurrences they wanted, in order (``SeriesDrain/ordered(_:ranks:)``).
        private var drains: [SeriesDrain] = []
        private var drainedHeads: [SeriesRanking.SingleHead] = []
        private var drainedIndex = 0

        /// How many occurrences the set-up's copies of the sieve kept and ``nextSieved()`` has still
        /// to hand over (the others are made as they are read): room for them can be made at once.
        var drainedLeft: Int { drainedHeads.count - drainedIndex }

        /// Below this many series in the second group, one thread merges everything.
        static let streamThreshold = 256

        /// What was found so far: unknown zones and unexpandable rules at once, instance limits as they are hit.
        public var diagnostics: [Diagnostic] { setupDiagnostics + limitDiagnostics }

        init(_ expansion: OccurrenceExpansion, capped: Bool, sieve: (any InstanceSieve)? = nil) {
            self.sieve = sieve
            let rangeStart = Int(expansion.start.timeIntervalSince1970.rounded(.down))
            let rangeEnd = Int(expansion.end.timeIntervalSince1970.rounded(.up))
            let built = SeriesSetup.build(calendars: expansion.calendars, viewerZone: expansion.viewerZone,
                                          rangeStart: rangeStart, rangeEnd: rangeEnd, limit: capped ? expansion.instanceLimit : Int.max,
                                          zoneLookup: expansion.zoneLookup, parallel: expansion.usesSecondThread, sieve: sieve,
                                          includes: expansion.includes)
            setupDiagnostics = built.diagnostics
            limitDiagnostics = built.limitDiagnostics
            let series = built.series, firsts = built.firsts, parts = built.parts
            let singles = built.singles
            // Every series and single ranked by (UID, calendar, position), so that the merge compares
            // integers: each part sorted its own keys, and the sorted runs are merged here.
            let ranks = SeriesRanking.ranks(of: built.runs)
            for item in series { item.order = ranks[item.order] }
            if !built.drains.isEmpty {
                drains = built.drains
                (drainedHeads, sievedDiagnostics) = SeriesDrain.ordered(drains, ranks: ranks)
            }
            self.singles = singles
            singleHeads = SeriesRanking.singleHeads(runs: built.runs, ranks: ranks)
            let second = parts.indices.filter { parts[$0] == 1 }
            if second.count >= Self.streamThreshold && ProcessInfo.processInfo.activeProcessorCount > 1 {
                let first = parts.indices.filter { parts[$0] == 0 }
                merge = SeriesMerge(series: first.map { series[$0] }, firsts: first.map { firsts[$0] })
                stream = SeriesStreamHandle(SeriesStream(SeriesMerge(series: second.map { series[$0] },
                                                                     firsts: second.map { firsts[$0] }), sieve: sieve))
            } else {
                merge = SeriesMerge(series: series, firsts: firsts)
                stream = nil
            }
        }

        public mutating func next() -> Occurrence? {
            guard let source = nextSource() else { return nil }
            switch source {
            case 0:
                let occurrence = merge.pop()
                if merge.lastEnded, let diagnostic = merge.lastDiagnostic { limitDiagnostics.append(diagnostic) }
                return occurrence
            case 1:
                singleIndex += 1
                let head = singleHeads[singleIndex - 1]
                return singles[head.part][head.index].occurrence
            case 2:
                // Moved out of the batch, not copied (no retain now and release later of what it holds).
                if batch!.hasDiagnostics, let diagnostic = batch!.nextDiagnostic { limitDiagnostics.append(diagnostic) }
                return batch!.removeFirst()
            default:
                preconditionFailure("only a sieved expansion drains series")
            }
        }

        /// ``next()`` through the sieve: the next occurrence it wants (made only then, for a
        /// zoned series); the others are passed over.
        mutating func nextSieved() -> Occurrence? {
            while let source = nextSource() {
                switch source {
                case 0:
                    let top = merge.top!
                    let occurrence = merge.pop(sieve: &sieve!)
                    if merge.lastEnded, let diagnostic = merge.lastDiagnostic {
                        sievedDiagnostics.append(SievedDiagnostic(key: top.key, rank: top.rank, diagnostic: diagnostic))
                    }
                    if let occurrence { return occurrence }
                case 1:
                    singleIndex += 1
                    let head = singleHeads[singleIndex - 1]
                    if sieve!.wants(singles[head.part][head.index].occurrence) { return singles[head.part][head.index].occurrence }
                case 2:
                    // The stream's own sieve wanted it; the stream keeps its diagnostics for the end.
                    return batch!.removeFirst()
                default:
                    // A set-up's copy of the sieve wanted it.
                    drainedIndex += 1
                    let head = drainedHeads[drainedIndex - 1]
                    return drains[head.part].wanted[head.index].occurrence
                }
            }
            return nil
        }

        /// After ``nextSieved()`` returned nil: the sieves as they ended (this thread's, then the
        /// stream's), and the diagnostics in the order ``next()`` meets them (the limits by the
        /// key and rank of the occurrence their series stopped after).
        func sieveEnding() -> (sieves: [any InstanceSieve], diagnostics: [Diagnostic]) {
            var sieves = [sieve!] + drains.map(\.sieve)
            var limits = sievedDiagnostics
            if let stream {
                let ending = stream.stream.sieveEnding
                if let other = ending.sieve { sieves.append(other) }
                limits += ending.diagnostics
            }
            limits.sort { $0.key != $1.key ? $0.key < $1.key : $0.rank < $1.rank }
            return (sieves, diagnostics + limits.map(\.diagnostic))
        }

        /// Where the next occurrence comes from: 0 this thread's merge, 1 the singles, 2 the
        /// stream, 3 the drained series' wanted occurrences; nil at the end.
        @inline(__always)
        private mutating func nextSource() -> Int? {
            // The earliest of four heads: this thread's merge, the stream, the drained series', the singles.
            var best: (key: Int, rank: Int)? = merge.top
            var source = 0
            if let stream, !streamEnded {
                if batch?.isDrained ?? true {
                    batch = stream.stream.next()
                    if batch == nil { streamEnded = true }
                }
                if let batch, !streamEnded {
                    let head = batch.next
                    if best.map({ Self.precedes(head, $0) }) ?? true { best = head; source = 2 }
                }
            }
            if drainedIndex < drainedHeads.count {
                let head = (key: drainedHeads[drainedIndex].key, rank: drainedHeads[drainedIndex].rank)
                if best.map({ Self.precedes(head, $0) }) ?? true { best = head; source = 3 }
            }
            // A single wins a tie: an override shares its rank with its master's series, and comes first.
            if singleIndex < singleHeads.count {
                let single = (key: singleHeads[singleIndex].key, rank: singleHeads[singleIndex].rank)
                if best.map({ !Self.precedes($0, single) }) ?? true { best = single; source = 1 }
            }
            return best == nil ? nil : source
        }

        @inline(__always)
        private static func precedes(_ a: (key: Int, rank: Int), _ b: (key: Int, rank: Int)) -> Bool {
            a.key != b.key ? a.key < b.key : a.rank < b.rank
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
