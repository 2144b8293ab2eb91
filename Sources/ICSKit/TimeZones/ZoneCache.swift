/// A memo in front of a ``ZoneConverting`` zone for the expansion's hot loop: days on
/// which the offset does not change resolve with one dictionary lookup (usually none,
/// thanks to a one-day memo), and only days around a transition reach the zone itself.
///
/// Sendable notes: not Sendable; one expansion iterator owns its caches and uses them on one thread.
/// Its memo is `@exclusivity(unchecked)`: one thread, and no method re-enters another (no
/// dynamic exclusivity check per access, which cost more than the memo lookup itself).
final class ZoneCache {
    let zone: any ZoneConverting
    /// Local day → its offset when constant over the day, or `Int.min` when a transition is near:
    /// a direct-mapped memo (slot `day & mask` holds one day and its offset), cheaper than hashing.
    @exclusivity(unchecked) private var localDays = DayMemo()
    /// UTC day → the offset over that day, or `Int.min`.
    @exclusivity(unchecked) private var utcDays = DayMemo()
    @exclusivity(unchecked) private var lastLocalDay = Int.min, lastLocalOffset = Int.min
    @exclusivity(unchecked) private var lastUTCDay = Int.min, lastUTCOffset = Int.min

    /// The zone's ``ZoneConverting/identifier``, read once (each occurrence shows it twice).
    let identifier: String?
    /// The gaps of ``gapRanges(from:to:)`` over a span of whole 2^25-second blocks (wall
    /// seconds), computed for the first span asked about and widened when a later one reaches out of it.
    @exclusivity(unchecked) private var gapSpan = 0 ..< 0
    @exclusivity(unchecked) private var gapMemo: [Range<Int>] = []

    init(_ zone: any ZoneConverting) {
        self.zone = zone
        self.identifier = zone.identifier
    }

    /// Whether the zone has one offset at all times (UTC, or a tzdata zone without any change):
    /// then wall times and instants convert by one subtraction, in the same order.
    private(set) lazy var isFixedOffset: Bool = {
        if zone is UTCZone { return true }
        if let foundation = zone as? FoundationZone {
            // Foundation reports every change of offset here, not only daylight-saving ones.
            return foundation.zone.nextDaylightSavingTimeTransition(after: .distantPast) == nil
        }
        return false
    }()

    /// The offset (seconds east of UTC) in force at `utcSeconds`.
    func offset(atUTC utcSeconds: Int) -> Int {
        let day = floorDivide(utcSeconds, 86_400)
        if day != lastUTCDay {
            lastUTCDay = day
            if let known = utcDays.value(for: day) {
                lastUTCOffset = known
            } else {
                let before = zone.offset(atUTC: day * 86_400 - 86_400)
                let after = zone.offset(atUTC: day * 86_400 + 2 * 86_400)
                lastUTCOffset = before == after ? before : Int.min
                utcDays.set(lastUTCOffset, for: day)
            }
        }
        return lastUTCOffset != Int.min ? lastUTCOffset : zone.offset(atUTC: utcSeconds)
    }

    /// The instant of a wall time given as seconds since 1970 (as if UTC), and whether that wall time exists.
    func resolve(wallSeconds: Int) -> (utcSeconds: Int, exists: Bool) {
        let day = floorDivide(wallSeconds, 86_400)
        if day != lastLocalDay {
            lastLocalDay = day
            if let known = localDays.value(for: day) {
                lastLocalOffset = known
            } else {
                // Real zones change offset at most once in three days: equal offsets
                // around the day mean no transition within it.
                let before = zone.offset(atUTC: day * 86_400 - 2 * 86_400)
                let after = zone.offset(atUTC: day * 86_400 + 3 * 86_400)
                lastLocalOffset = before == after ? before : Int.min
                localDays.set(lastLocalOffset, for: day)
            }
        }
        if lastLocalOffset != Int.min { return (wallSeconds - lastLocalOffset, true) }
        return zone.resolve(CivilDateTime(secondsSinceEpoch: wallSeconds))
    }

    /// Wall ranges, within [`start`, `end`) (wall seconds), that hold every wall time between them
    /// that ``resolve(wallSeconds:)`` finds nonexistent: the spring-forward gap of each change of
    /// offset to a larger one (a change at instant T from o1 to o2 skips the wall times
    /// [T + o1, T + o2)), clipped, sorted and merged. A superset: a wall time in them may still
    /// exist (an earlier fall-back can cover it), so callers ask ``resolve(wallSeconds:)`` about each.
    ///
    /// - Complexity: O(*k* log *k*) for *k* changes of offset between the two, once the zone's
    ///   offsets over them are computed.
    func gapRanges(from start: Int, to end: Int) -> [Range<Int>] {
        guard start < end else { return [] }
        if start < gapSpan.lowerBound || end > gapSpan.upperBound {
            let block = 1 << 25
            let lower = gapSpan.isEmpty ? start : min(start, gapSpan.lowerBound)
            let upper = gapSpan.isEmpty ? end : max(end, gapSpan.upperBound)
            gapSpan = floorDivide(lower, block) * block ..< (floorDivide(upper - 1, block) + 1) * block
            gapMemo = computeGaps(from: gapSpan.lowerBound, to: gapSpan.upperBound)
        }
        // The memo's gaps that reach into [start, end), clipped: from the first that ends after `start`.
        var low = 0, high = gapMemo.count
        while low < high {
            let middle = (low + high) / 2
            if gapMemo[middle].upperBound <= start { low = middle + 1 } else { high = middle }
        }
        var gaps: [Range<Int>] = []
        while low < gapMemo.count && gapMemo[low].lowerBound < end {
            gaps.append(max(gapMemo[low].lowerBound, start) ..< min(gapMemo[low].upperBound, end))
            low += 1
        }
        return gaps
    }

    /// ``gapRanges(from:to:)`` from the zone's changes of offset.
    private func computeGaps(from start: Int, to end: Int) -> [Range<Int>] {
        // Instants of changes whose gaps reach the wall range: wall minus an offset, and
        // offsets (a VTIMEZONE's TZOFFSETTO included) stay within ±100 hours.
        let margin = 5 * 86_400
        let (before, changes) = zone.offsetChanges(from: start - margin, through: end + margin)
        var gaps: [Range<Int>] = []
        var previous = before
        for change in changes {
            if change.offset > previous {
                let lower = max(change.at + previous, start), upper = min(change.at + change.offset, end)
                if lower < upper { gaps.append(lower ..< upper) }
            }
            previous = change.offset
        }
        guard gaps.count > 1 else { return gaps }
        gaps.sort { $0.lowerBound < $1.lowerBound }
        var merged: [Range<Int>] = [gaps[0]]
        for gap in gaps.dropFirst() {
            if gap.lowerBound <= merged[merged.count - 1].upperBound {
                let last = merged.removeLast()
                merged.append(last.lowerBound ..< max(last.upperBound, gap.upperBound))
            } else {
                merged.append(gap)
            }
        }
        return merged
    }
}

/// A direct-mapped memo from day numbers to offsets: each day has one slot (`day & mask`),
/// which keeps the last day stored there. A miss only costs a recomputation.
struct DayMemo {
    private static let mask = 1023
    /// The slots, allocated at the first store (many caches are made for one lookup only).
    private var days: [Int] = []
    private var values: [Int] = []

    @inline(__always)
    func value(for day: Int) -> Int? {
        let slot = day & Self.mask
        return !days.isEmpty && days[slot] == day ? values[slot] : nil
    }

    @inline(__always)
    mutating func set(_ value: Int, for day: Int) {
        if days.isEmpty {
            days = [Int](repeating: Int.min, count: Self.mask + 1)
            values = [Int](repeating: 0, count: Self.mask + 1)
        }
        let slot = day & Self.mask
        days[slot] = day
        values[slot] = value
    }
}

/// Integer division rounding toward negative infinity.
@inline(__always)
func floorDivide(_ a: Int, _ b: Int) -> Int {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}
