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

/// An extra instance from RDATE (or DTSTART of a series without RRULE), with the end of a PERIOD.
struct ExtraInstance {
    var wall: Int
    var utc: Int
    var end: (key: Int, time: OccurrenceTime)?
}

/// A change that RANGE=THISANDFUTURE carries to the instances after its RECURRENCE-ID.
struct FutureChange {
    var key: Int
    /// The shift of the start, in wall seconds (exact seconds for UTC series).
    var shift: Int
    var incidence: Incidence
    var length: InstanceLength
}

/// One recurring series being expanded: merges its rules and RDATEs, removes EXDATEs and
/// overridden instances, applies THISANDFUTURE changes, keeps what overlaps the range,
/// and hands the occurrences out sorted by start (a small reorder heap absorbs shifts).
final class Series {
    let master: Incidence
    let masterBox: Incidence
    let calendarIndex: Int
    /// Position among the series of the expansion; replaced by the rank before the merge starts.
    var order: Int
    let frame: SeriesFrame
    let length: InstanceLength
    var sources: [InstanceSource]
    private var heads: [RuleInstance?]
    let extras: [ExtraInstance]
    private var extraIndex = 0
    let excluded: Set<Int>, excludedDays: Set<Int>
    let overridden: Set<Int>, overriddenDays: Set<Int>
    let futures: [FutureChange]
    let rangeStart: Int, rangeEnd: Int
    let slack: Int
    let limit: Int
    private var lastRaw = Int.min
    private var heap: [PendingOccurrence] = []
    private var emitted = 0, generated = 0
    private var exhausted = false
    /// Set when the series stopped at the instance limit.
    private(set) var limitDiagnostic: Diagnostic?

    init(master: Incidence, calendarIndex: Int, order: Int, frame: SeriesFrame, length: InstanceLength,
         sources: [InstanceSource], extras: [ExtraInstance], excluded: Set<Int>, excludedDays: Set<Int>,
         overridden: Set<Int>, overriddenDays: Set<Int>, futures: [FutureChange],
         rangeStart: Int, rangeEnd: Int, limit: Int) {
        self.master = master
        self.masterBox = master
        self.calendarIndex = calendarIndex
        self.order = order
        self.frame = frame
        self.length = length
        self.sources = sources
        self.heads = Array(repeating: nil, count: sources.count)
        self.extras = extras.sorted { $0.utc < $1.utc }
        self.excluded = excluded
        self.excludedDays = excludedDays
        self.overridden = overridden
        self.overriddenDays = overriddenDays
        self.futures = futures.sorted { $0.key < $1.key }
        self.rangeStart = rangeStart
        self.rangeEnd = rangeEnd
        self.limit = limit
        let maxShift = futures.map { abs($0.shift) + $0.length.days * 86_400 + abs($0.length.seconds) }.max() ?? 0
        slack = 2 * 86_400 + maxShift
        // Jump near the range when the rules allow it (no COUNT): skip whole periods.
        let reach = length.days * 86_400 + abs(length.seconds) + slack
        let offset: Int
        switch frame.clock {
        case .zoned(let zone, _): offset = zone.offset(atUTC: rangeStart)
        case .date, .floating: offset = frame.viewer.offset(atUTC: rangeStart)
        }
        for i in self.sources.indices where self.sources[i].canSkip {
            self.sources[i].skip(toWallSeconds: rangeStart + offset - reach)
        }
        for i in self.sources.indices { heads[i] = self.sources[i].next() }
    }

    /// The next occurrence of the series in the range, in start order.
    func next() -> PendingOccurrence? {
        while true {
            if let top = heap.first, exhausted || top.key + slack <= lastRaw { return popHeap() }
            if exhausted { return nil }
            guard let raw = nextRaw() else { exhausted = true; continue }
            process(raw)
        }
    }

    /// The smallest of the rules' heads and the next extra, by instant; nil when all are used up.
    private func nextRaw() -> ExtraInstance? {
        var best = -1
        var bestUTC = Int.max
        for i in heads.indices { if let h = heads[i], h.utcSeconds < bestUTC { best = i; bestUTC = h.utcSeconds } }
        if extraIndex < extras.count && extras[extraIndex].utc <= bestUTC {
            extraIndex += 1
            return extras[extraIndex - 1]
        }
        guard best >= 0, let head = heads[best] else { return nil }
        heads[best] = sources[best].next()
        return ExtraInstance(wall: head.wallSeconds, utc: head.utcSeconds, end: nil)
    }

    private func process(_ raw: ExtraInstance) {
        generated += 1
        if generated > limit * 100 { stop(); return }
        if raw.utc == lastRaw { return }
        lastRaw = raw.utc
        if raw.utc > rangeEnd + slack { exhausted = true; lastRaw = Int.max; return }
        let key = frame.matchKey(wall: raw.wall, utc: raw.utc)
        let day = floorDivide(raw.wall, 86_400)
        if excluded.contains(key) || (!excludedDays.isEmpty && excludedDays.contains(day)) { return }
        if overridden.contains(key) || (!overriddenDays.isEmpty && overriddenDays.contains(day)) { return }
        var wall = raw.wall, utc = raw.utc, incidence = masterBox, length = self.length
        if !futures.isEmpty, let change = futures.last(where: { $0.key < key }) {
            wall += change.shift
            incidence = change.incidence
            length = change.length
            if case .zoned(let zone, let tzid) = frame.clock {
                utc = tzid == nil ? utc + change.shift : zone.resolve(wallSeconds: wall).utcSeconds
            } else {
                utc = wall
            }
        }
        let startKey: Int
        if case .zoned = frame.clock { startKey = utc } else { startKey = frame.viewer.resolve(wallSeconds: wall).utcSeconds }
        let end = raw.end ?? frame.end(wall: wall, utc: utc, length: length)
        let inRange = end.key == startKey ? (startKey >= rangeStart && startKey < rangeEnd)
            : (startKey < rangeEnd && end.key > rangeStart)
        if !inRange { return }
        emitted += 1
        if emitted > limit { stop(); return }
        var occurrence = Occurrence(incidence: incidence, calendarIndex: calendarIndex,
                                    start: frame.startTime(wall: wall, utc: utc), end: end.time,
                                    recurrenceID: frame.recurrenceID(wall: raw.wall, utc: raw.utc))
        occurrence.recurrenceIDTime = frame.startTime(wall: raw.wall, utc: raw.utc)
        pushHeap(PendingOccurrence(key: startKey, order: order, occurrence: occurrence))
    }

    private func stop() {
        exhausted = true
        lastRaw = Int.max
        if limitDiagnostic == nil {
            limitDiagnostic = Diagnostic(.recurrenceLimit,
                "stopped expanding the series after \(limit) instances", line: master.line, uid: master.uid,
                property: "RRULE")
        }
    }

    private func pushHeap(_ item: PendingOccurrence) {
        heap.append(item)
        var i = heap.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            if !PendingOccurrence.precedes(heap[i], heap[parent]) { break }
            heap.swapAt(i, parent)
            i = parent
        }
    }

    private func popHeap() -> PendingOccurrence {
        let top = heap[0]
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < heap.count && PendingOccurrence.precedes(heap[l], heap[m]) { m = l }
                if r < heap.count && PendingOccurrence.precedes(heap[r], heap[m]) { m = r }
                if m == i { break }
                heap.swapAt(i, m)
                i = m
            }
        }
        return top
    }
}
