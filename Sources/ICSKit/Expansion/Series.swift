/// An occurrence on its way out of the expansion, with the key it is sorted by.
struct PendingOccurrence {
    /// The start instant (seconds since 1970 UTC; floating and all-day starts read in their display zone).
    var key: Int
    /// The series' rank in (UID, calendar, file position) order: breaks ties between equal keys
    /// without comparing strings in the merge (a position in the file until ranks are given).
    var order: Int
    var occurrence: Occurrence

    /// Start instant, then rank (UID, then calendar, then position).
    @inline(__always)
    static func precedes(_ a: PendingOccurrence, _ b: PendingOccurrence) -> Bool {
        a.key != b.key ? a.key < b.key : a.order < b.order
    }
}

/// An instance of a series that passed every filter, as plain integers: the key the merge sorts
/// by, and what its ``Occurrence`` is built from once it is handed out (``Series/occurrence(for:)``).
/// Small and free of references, so that buffering and sifting it costs no retain or release.
struct PendingInstance {
    /// The start instant (floating and all-day starts read in the viewer's zone).
    var key: Int
    /// The start, after any THISANDFUTURE shift: wall time and instant.
    var wall: Int, utc: Int
    /// The original start (the recurrence id): wall time and instant.
    var rawWall: Int, rawUTC: Int
    /// The THISANDFUTURE change that applies (an index into ``Series/futures``), or -1.
    var future: Int
    /// The RDATE PERIOD whose end the instance takes (an index into ``Series/extras``), or -1.
    var extra: Int
}

/// In a series' reorder heap, instances are ordered by start key alone.
extension PendingInstance: Comparable {
    static func < (a: PendingInstance, b: PendingInstance) -> Bool { a.key < b.key }
    static func == (a: PendingInstance, b: PendingInstance) -> Bool { a.key == b.key }
}

/// A change that RANGE=THISANDFUTURE carries to the instances after its RECURRENCE-ID.
struct FutureChange {
    var key: Int
    /// The shift of the start, in wall seconds (exact seconds for UTC series).
    var shift: Int
    /// What the later instances show, shared by them.
    var incidence: SharedIncidence
    var length: InstanceLength
}

/// One recurring series being expanded: merges its rules and RDATEs, removes EXDATEs and
/// overridden instances, applies THISANDFUTURE changes, keeps what overlaps the range,
/// and hands the instances out sorted by start.
///
/// Most series produce their instances in start order already (see ``inOrder``) and hand each
/// out as soon as it is made; the others go through a small reorder heap that absorbs shifts.
///
/// Its hot state is `@exclusivity(unchecked)`: a series is used by one thread, and no method
/// of it is re-entered while another runs (no dynamic exclusivity check per access is needed).
final class Series {
    /// The master, shared by every occurrence the series makes.
    let sharedMaster: SharedIncidence
    var master: Incidence { _read { yield sharedMaster.value } }
    /// Whether the master has STATUS:CANCELLED, read once: a sieve is told for every instance
    /// (a comparison of the status's text, and a retain and release of the master, each time).
    private let masterIsCancelled: Bool
    let calendarIndex: Int
    let calendarID: CalendarID
    /// Position among the series of the expansion; replaced by the rank before the merge starts.
    var order: Int
    let frame: SeriesFrame
    let length: InstanceLength
    /// The first rule's source and its next instance, held in the series itself (most series have
    /// one RRULE): the merge reads them with no trip through an array's buffer, which on a calendar
    /// of thousands of series is a cache miss per instance. The other rules' are in ``moreSources``.
    @exclusivity(unchecked) private var firstSource: InstanceSource?
    @exclusivity(unchecked) private var firstHead: RuleInstance?
    @exclusivity(unchecked) private var moreSources: [InstanceSource]
    @exclusivity(unchecked) private var moreHeads: [RuleInstance?]
    /// How many rules the series expands (0: its instances are its extras alone).
    let ruleCount: Int
    /// Sorted by instant, a PERIOD first at one instant (``ExtraInstances``).
    let extras: ExtraInstances
    @exclusivity(unchecked) private var extraIndex = 0
    let excluded: InstanceMatchSet
    let overridden: InstanceMatchSet
    let futures: [FutureChange]
    let rangeStart: Int, rangeEnd: Int
    let slack: Int
    let limit: Int
    /// The calendar's source (its file or URL), for the limit diagnostic.
    let source: String?
    /// Whether the instances come out of ``process(_:)`` with non-decreasing keys, so that they
    /// need no reorder heap: no THISANDFUTURE change (which may move an instance past later
    /// ones), and keys that grow with the raw instants, which are merged in increasing order:
    /// - zoned (and UTC) series: the key is the instant itself; every rule produces increasing
    ///   instants, except a DTSTART in a spring-forward gap (read with the offset before it);
    /// - all-day series: midnights a day or more apart, which no offset change can reorder;
    /// - floating series: when the viewer's zone has a fixed offset.
    let inOrder: Bool
    /// Whether the key is the raw instant (zoned series without THISANDFUTURE changes): then no
    /// instance at or after the range end can overlap the range.
    private let keyIsInstant: Bool
    /// When the key is the raw instant: the earliest raw instant whose instance may reach the
    /// range (the range start less an instance's length, and two days more for a length in days);
    /// the instances before it show nothing, whatever their EXDATEs and overrides, and are passed
    /// over without those tests.
    private let earliestReaching: Int
    @exclusivity(unchecked) private var lastRaw = Int.min
    @exclusivity(unchecked) private var heap = MinHeap<PendingInstance>()
    @exclusivity(unchecked) private var emitted = 0, generated = 0, reachingIn = 0
    @exclusivity(unchecked) private var exhausted = false
    /// Set when the series stopped at the instance limit.
    private(set) var limitDiagnostic: Diagnostic?

    /// - Parameter shared: the master as written, in the box every occurrence of the series shares.
    init(shared: SharedIncidence, calendarIndex: Int, calendarID: CalendarID, order: Int, frame: SeriesFrame, length: InstanceLength,
         sources: [InstanceSource], extras: ExtraInstances, excluded: InstanceMatchSet,
         overridden: InstanceMatchSet, futures: [FutureChange],
         rangeStart: Int, rangeEnd: Int, limit: Int, source: String? = nil, startExists: Bool) {
        self.sharedMaster = shared
        masterIsCancelled = shared.value.status == .cancelled
        self.calendarIndex = calendarIndex
        // A copy of its own (``unsharedCopy(_:)``): each occurrence retains it, on either thread.
        self.calendarID = CalendarID(rawValue: unsharedCopy(calendarID.rawValue))
        self.order = order
        self.frame = frame
        self.length = length
        ruleCount = sources.count
        // The builder moves its array in, and nothing reads `sources` after this: the first source
        // is moved out of it, not copied.
        var rest = sources
        // (`removeLast` when it is the only one: `removeFirst` shifts through `replaceSubrange`,
        // about 600 instructions more per series.)
        firstSource = rest.isEmpty ? nil : rest.count == 1 ? rest.removeLast() : rest.removeFirst()
        firstHead = nil
        moreSources = rest
        moreHeads = Array(repeating: nil, count: rest.count)
        self.extras = extras
        self.excluded = excluded
        self.overridden = overridden
        self.futures = futures.count > 1 ? futures.sorted { $0.key < $1.key } : futures
        self.rangeStart = rangeStart
        self.rangeEnd = rangeEnd
        self.limit = limit
        self.source = source
        switch frame.clock {
        case .zoned: inOrder = futures.isEmpty && (startExists || ruleCount == 0)
        case .date: inOrder = futures.isEmpty && extras.allStartAtMidnight
        case .floating: inOrder = futures.isEmpty && frame.viewer.isFixedOffset
        }
        if case .zoned = frame.clock, futures.isEmpty { keyIsInstant = true } else { keyIsInstant = false }
        let maxShift = futures.map { abs($0.shift) + $0.length.days * 86_400 + abs($0.length.seconds) }.max() ?? 0
        slack = 2 * 86_400 + maxShift
        // Jump near the range when the rules allow it (no COUNT, or COUNT with fixed periods): skip whole periods.
        let target: Int
        switch frame.clock {
        case .zoned(let zone, _) where keyIsInstant:
            // The key is the instant, and an instance ends its length after it: exactly, for a
            // length in seconds; a length in days is added on the wall clock, so an offset change
            // may move that end (by less than two days). The walk starts at the wall time of the
            // earliest instant that can reach the range, less the lowest offset near it and three
            // hours: two days walked before every range were 172,800 instances of a secondly series.
            let days = max(0, length.days)
            earliestReaching = rangeStart - (days > 0 ? (days + 2) * 86_400 : 0) - abs(length.seconds)
            let lowest = min(zone.offset(atUTC: earliestReaching), zone.offset(atUTC: earliestReaching + 86_400),
                             zone.offset(atUTC: rangeStart))
            target = earliestReaching + lowest - 3 * 3600
        case .zoned, .date, .floating:
            // The key is not the instant: from the range start, less the length and the slack.
            earliestReaching = Int.min
            let offset: Int
            if case .zoned(let zone, _) = frame.clock { offset = zone.offset(atUTC: rangeStart) } else { offset = frame.viewer.offset(atUTC: rangeStart) }
            target = rangeStart + offset - length.days * 86_400 - abs(length.seconds) - slack
        }
        if firstSource?.canSkip == true { firstSource!.skip(toWallSeconds: target) }
        for i in moreSources.indices where moreSources[i].canSkip {
            moreSources[i].skip(toWallSeconds: target)
        }
        firstHead = firstSource?.next()
        for i in moreSources.indices { moreHeads[i] = moreSources[i].next() }
    }

    /// The next instance of the series in the range, in start order.
    func next() -> PendingInstance? {
        if inOrder {
            while !exhausted {
                guard let raw = nextRaw() else { exhausted = true; break }
                if let instance = process(raw) { return instance }
            }
            return nil
        }
        while true {
            if let top = heap.min, exhausted || top.key + slack <= lastRaw { return heap.popMin() }
            if exhausted { return nil }
            guard let raw = nextRaw() else { exhausted = true; continue }
            if let instance = process(raw) { heap.push(instance) }
        }
    }

    /// The occurrence an instance of this series shows: its parts are made first, and the
    /// occurrence is built from them in the caller's result (no copy of it).
    func occurrence(for instance: PendingInstance) -> Occurrence {
        let start = frame.startTime(wall: instance.wall, utc: instance.utc)
        let end: OccurrenceTime
        if instance.extra >= 0, let periodEnd = extras.periodEnd(at: instance.extra) {
            end = periodEnd.time
        } else {
            let length = instance.future >= 0 ? futures[instance.future].length : self.length
            end = frame.endTime(wall: instance.wall, utc: instance.utc, length: length)
        }
        let recurrenceID = frame.recurrenceID(wall: instance.rawWall, utc: instance.rawUTC)
        let originalStart = instance.rawWall == instance.wall && instance.rawUTC == instance.utc
            ? start : frame.startTime(wall: instance.rawWall, utc: instance.rawUTC)
        return Occurrence(shared: instance.future >= 0 ? futures[instance.future].incidence : sharedMaster,
                          calendarID: calendarID, calendarIndex: calendarIndex, start: start, end: end,
                          recurrenceID: recurrenceID, recurrenceIDTime: originalStart)
    }

    /// ``occurrence(for:)`` when `sieve` wants it; nil when not. An instance of a zoned series
    /// (start and end both instants) is asked about by its instants and made only when wanted;
    /// the others are made first, then asked about.
    func occurrence(for instance: PendingInstance, sieve: inout any InstanceSieve) -> Occurrence? {
        if frame.kind == .zoned && instance.extra < 0 {
            let length = instance.future >= 0 ? futures[instance.future].length : self.length
            let cancelled = instance.future >= 0 ? futures[instance.future].incidence.value.status == .cancelled : masterIsCancelled
            guard sieve.wants(startSeconds: instance.utc, endSeconds: frame.endKey(wall: instance.wall, utc: instance.utc, length: length),
                              cancelled: cancelled) else { return nil }
            return occurrence(for: instance)
        }
        let occurrence = occurrence(for: instance)
        return sieve.wants(occurrence) ? occurrence : nil
    }

    /// The smallest of the rules' heads and the next extra, by instant, with the extra's index
    /// (-1 for a rule's instance); nil when all are used up.
    private func nextRaw() -> (wall: Int, utc: Int, extra: Int)? {
        // The rule whose head comes first: 0 for the first rule, i + 1 for ``moreSources``[i]; the
        // earlier rule wins a tie.
        var best = -1
        var bestUTC = Int.max
        if let h = firstHead { best = 0; bestUTC = h.utcSeconds }
        for i in moreHeads.indices { if let h = moreHeads[i], h.utcSeconds < bestUTC { best = i + 1; bestUTC = h.utcSeconds } }
        if extraIndex < extras.count && extras[extraIndex].utc <= bestUTC {
            extraIndex += 1
            return (extras[extraIndex - 1].wall, extras[extraIndex - 1].utc, extraIndex - 1)
        }
        if best == 0, let head = firstHead {
            firstHead = firstSource!.next()
            return (head.wallSeconds, head.utcSeconds, -1)
        }
        guard best > 0, let head = moreHeads[best - 1] else { return nil }
        moreHeads[best - 1] = moreSources[best - 1].next()
        return (head.wallSeconds, head.utcSeconds, -1)
    }

    /// Filters a raw instance (EXDATE, overrides, the range), applies THISANDFUTURE changes;
    /// nil when the instance is not shown.
    private func process(_ raw: (wall: Int, utc: Int, extra: Int)) -> PendingInstance? {
        generated += 1
        if generated - emitted > workLimit { stop(shownNothing: true); return nil }
        if raw.utc == lastRaw { return nil }
        lastRaw = raw.utc
        if raw.utc > rangeEnd + slack { exhausted = true; lastRaw = Int.max; return nil }
        // Past the range end nothing can overlap it; the raw instants up to the slack are still counted above.
        if keyIsInstant && raw.utc >= rangeEnd { return nil }
        // Before the earliest instant that can reach the range: its end (its length later, and
        // for a length in days less than two days of offset change more) is before the range
        // start too; not for an RDATE PERIOD, whose end is its own.
        if raw.utc < earliestReaching && raw.extra < 0 { return nil }
        let key = frame.matchKey(wall: raw.wall, utc: raw.utc)
        if excluded.contains(key: key, wall: raw.wall) || overridden.contains(key: key, wall: raw.wall) { return nil }
        var wall = raw.wall, utc = raw.utc, length = self.length, future = -1
        if !futures.isEmpty, let index = futures.lastIndex(where: { $0.key < key }) {
            let change = futures[index]
            future = index
            wall += change.shift
            length = change.length
            if frame.kind == .zoned {
                utc = frame.tzid == nil ? utc + change.shift : frame.zone.unsafelyUnwrapped.resolve(wallSeconds: wall).utcSeconds
            } else {
                utc = wall
            }
        }
        let startKey = frame.kind == .zoned ? utc : frame.viewer.resolve(wallSeconds: wall).utcSeconds
        // An RDATE PERIOD keeps its own end unless a THISANDFUTURE change moved it: then it takes
        // the change's length from its new start (RFC 5545 3.8.4.4 moves the instance; an end kept
        // in place could fall before the moved start).
        let periodEnd = raw.extra >= 0 && future < 0 ? extras.periodEnd(at: raw.extra) : nil
        let endKey = periodEnd?.key ?? frame.endKey(wall: wall, utc: utc, length: length)
        let inRange = endKey == startKey ? (startKey >= rangeStart && startKey < rangeEnd)
            : (startKey < rangeEnd && endKey > rangeStart)
        if !inRange { return nil }
        if startKey < rangeStart {
            reachingIn += 1
            // Passed over, not listed: counted as work that shows nothing (``workLimit``), so a
            // series with millions of them stops there; the instances that start in the range
            // still come after a few more.
            if reachingIn > reachLimit {
                if limitDiagnostic == nil {
                    limitDiagnostic = Diagnostic(.recurrenceLimit, "listed \(reachLimit) instances of the series that began before the range and still run in it, and left out the rest of those",
                                                 source: source, line: master.line, uid: master.uid, property: "RRULE")
                }
                return nil
            }
        }
        emitted += 1
        if emitted > limit { stop(); return nil }
        return PendingInstance(key: startKey, wall: wall, utc: utc, rawWall: raw.wall, rawUTC: raw.utc,
                               future: future, extra: periodEnd == nil ? -1 : raw.extra)
    }

    /// The most raw instances that show nothing (before the range, excluded) a series may
    /// produce: a hundred per instance of the cap, or a million for an uncapped (streamed) expansion.
    var workLimit: Int { limit == Int.max ? 1_000_000 : limit * 100 }

    /// The most instances that began before the range and still run in it that an uncapped
    /// (streamed) expansion lists of one series: instances that each last centuries all reach
    /// into the range, a hundred million of a minutely series, and an agenda would hold them all
    /// for its first day. Later ones are left out (with a warning), those that start in the
    /// range are listed. A capped expansion stops at its ``limit`` anyway.
    static let reachingInLimit = 10_000
    var reachLimit: Int { limit == Int.max ? Self.reachingInLimit : Int.max }

    private func stop(shownNothing: Bool = false) {
        exhausted = true
        lastRaw = Int.max
        // The work limit's reason replaces the note that instances running in were left out.
        if limitDiagnostic == nil || shownNothing {
            let message = shownNothing
                ? "stopped expanding the series after \(workLimit) instances that showed nothing in the range"
                : "stopped expanding the series after \(limit) instances (the cap of what is collected at once)"
            limitDiagnostic = Diagnostic(.recurrenceLimit, message, source: source, line: master.line, uid: master.uid, property: "RRULE")
        }
    }
}
