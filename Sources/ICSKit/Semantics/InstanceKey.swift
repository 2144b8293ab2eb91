/// What an EXDATE or a RECURRENCE-ID value names among a series' instances: an instance key
/// (``InstanceKey/key(wall:utc:clock:)``), or a whole day (a DATE value on a timed series).
enum InstanceMatch: Hashable, Sendable {
    case key(Int)
    /// Days since 1970 of the instances' wall dates.
    case day(Int)
}

/// The one definition of how EXDATE and RECURRENCE-ID values name instances (RFC 5545 3.8.5.1,
/// 3.8.4.4), used by the expansion to remove and replace instances and by the validator to
/// report values that match none, so that the two cannot disagree.
///
/// - zoned and UTC series: by instant; a UTC value or one in another zone names the instance
///   at that instant; a floating value is read in the series' zone (as Mozilla Calendar and
///   many generators write it); a value whose TZID is unknown is read in the series' zone too;
/// - floating series: by wall time, whatever form the value has;
/// - all-day series: by date;
/// - a DATE value on a timed series: every instance on that wall date.
enum InstanceKey {
    /// The key of an instance at `wall` (seconds since 1970 as if UTC) and `utc` (its instant).
    @inline(__always)
    static func key(wall: Int, utc: Int, clock: SeriesClock) -> Int {
        switch clock {
        case .zoned: return utc
        case .floating: return wall
        case .date: return floorDivide(wall, 86_400) * 86_400
        }
    }

    /// The wall day (days since 1970) of an instance at `wall`.
    @inline(__always)
    static func day(wall: Int) -> Int { floorDivide(wall, 86_400) }

    /// What `value` names on a series of `clock`.
    /// - Parameter lookup: the zone of a TZID, nil when unknown.
    static func match(_ value: TimeValue, clock: SeriesClock, lookup: (String) -> ZoneCache?) -> InstanceMatch {
        // One switch on the clock, then one on the value (a switch on the pair would copy both).
        switch clock {
        case .date: return .key(floorDivide(value.civil.secondsSinceEpoch, 86_400) * 86_400)
        case .floating:
            if case .date(let d) = value { return .day(d.daysSinceEpoch) }
            return .key(value.civil.secondsSinceEpoch)
        case .zoned(let zone, _):
            switch value {
            case .date(let d): return .day(d.daysSinceEpoch)
            case .floating(let t): return .key(zone.resolve(wallSeconds: t.secondsSinceEpoch).utcSeconds)
            case .utc(let t): return .key(t.secondsSinceEpoch)
            case .zoned(let t, let tzid): return .key((lookup(tzid) ?? zone).resolve(wallSeconds: t.secondsSinceEpoch).utcSeconds)
            }
        }
    }

    /// The instant a value names on a zoned series (its key), or nil for a DATE value or another clock.
    static func instant(_ value: TimeValue, clock: SeriesClock, lookup: (String) -> ZoneCache?) -> Int? {
        guard case .zoned = clock, case .key(let key) = match(value, clock: clock, lookup: lookup) else { return nil }
        return key
    }

    /// The wall time of a value in the series' terms: a UTC or other-zone value moved to the series' zone.
    static func wall(of value: TimeValue, clock: SeriesClock, utc: Int) -> Int {
        if case .zoned(let zone, _) = clock, !value.isDate { return zone.zone.wallTime(atUTC: utc).secondsSinceEpoch }
        return value.civil.secondsSinceEpoch
    }

    /// Where an RDATE value falls on a series of `clock`: its wall time, and the instant that
    /// orders it (the wall time itself for floating and all-day series; a DATE at its midnight).
    static func place(_ value: TimeValue, clock: SeriesClock, lookup: (String) -> ZoneCache?) -> (wall: Int, utc: Int) {
        guard case .zoned(let zone, _) = clock else {
            let w = CivilDateTime(date: value.date, hour: value.isDate ? 0 : value.civil.hour,
                                  minute: value.isDate ? 0 : value.civil.minute, second: value.isDate ? 0 : value.civil.second)
            return (w.secondsSinceEpoch, w.secondsSinceEpoch)
        }
        let utc: Int
        switch value {
        case .utc(let t): utc = t.secondsSinceEpoch
        case .zoned(let t, let tzid): utc = (lookup(tzid) ?? zone).resolve(wallSeconds: t.secondsSinceEpoch).utcSeconds
        case .floating(let t): utc = zone.resolve(wallSeconds: t.secondsSinceEpoch).utcSeconds
        case .date(let d): utc = zone.resolve(wallSeconds: CivilDateTime(date: d).secondsSinceEpoch).utcSeconds
        }
        return (zone.zone.wallTime(atUTC: utc).secondsSinceEpoch, utc)
    }
}

/// A set of EXDATE or RECURRENCE-ID matches, or of instances, to test against each other.
///
/// Kept as two sorted arrays of integers (instance keys, wall days) rather than hash sets: a
/// million EXDATE values written in order are appended in one pass without rehashing, and
/// held in 8 bytes each; a lookup is a binary search. Values inserted out of order are sorted
/// once, by ``seal()``, which must run before the first lookup (a caller bug otherwise).
struct InstanceMatchSet {
    private(set) var keys: [Int] = []
    private(set) var days: [Int] = []
    /// Whether both arrays are sorted and free of duplicates.
    private(set) var isSealed = true

    var isEmpty: Bool { keys.isEmpty && days.isEmpty }

    /// Makes room for `count` more keys (a series' EXDATE values, before they are inserted).
    mutating func reserveCapacity(keys count: Int) {
        keys.reserveCapacity(keys.count + count)
    }

    mutating func insert(_ match: InstanceMatch) {
        switch match {
        case .key(let k): Self.append(k, to: &keys, sealed: &isSealed)
        case .day(let d): Self.append(d, to: &days, sealed: &isSealed)
        }
    }

    private static func append(_ value: Int, to list: inout [Int], sealed: inout Bool) {
        if let last = list.last {
            if value == last { return }
            if value < last { sealed = false }
        }
        list.append(value)
    }

    /// Sorts the members and drops duplicates, once the last one is inserted.
    ///
    /// - Complexity: O(n) when they were inserted in increasing order, O(n log n) otherwise.
    mutating func seal() {
        guard !isSealed else { return }
        Self.sortUnique(&keys)
        Self.sortUnique(&days)
        isSealed = true
    }

    private static func sortUnique(_ list: inout [Int]) {
        list.sort()
        var kept = 0
        for value in list where kept == 0 || list[kept - 1] != value {
            list[kept] = value
            kept += 1
        }
        list.removeLast(list.count - kept)
    }

    /// Whether the key `key` is a member. - Complexity: O(log n).
    @inline(__always)
    func contains(key: Int) -> Bool {
        assert(isSealed, "seal() before the first lookup")
        return Self.search(key, in: keys)
    }

    /// Whether the wall day `day` is a member. - Complexity: O(log n).
    @inline(__always)
    func contains(day: Int) -> Bool {
        assert(isSealed, "seal() before the first lookup")
        return Self.search(day, in: days)
    }

    /// Whether the instance with key `key` at wall time `wall` is named by a member.
    @inline(__always)
    func contains(key: Int, wall: Int) -> Bool {
        (!keys.isEmpty && contains(key: key)) || (!days.isEmpty && contains(day: InstanceKey.day(wall: wall)))
    }

    private static func search(_ value: Int, in list: [Int]) -> Bool {
        list.withUnsafeBufferPointer { list in
            var low = 0, high = list.count
            while low < high {
                let mid = (low + high) / 2
                if list[mid] < value { low = mid + 1 } else { high = mid }
            }
            return low < list.count && list[low] == value
        }
    }
}
