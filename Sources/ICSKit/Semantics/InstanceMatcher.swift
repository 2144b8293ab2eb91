/// Whether a time (an EXDATE, a RECURRENCE-ID) names an instance of a series: DTSTART, an
/// RDATE, or an instance of an RRULE found by a bounded walk of the recurrence engine (``SeriesWalk``).
/// The validator asks it for its "matches no instance" findings, the expansion for the
/// overrides CalDAV clients left behind (an override older than its master, whose rule no
/// longer has its instance).
///
/// Every decision is the semantics core's, as in the expansion: the series' clock
/// (``SeriesClock``), the instance keys and what a value names (``InstanceKey``), RDATE
/// placement, UNTIL and the rule seam. A time beyond what the walk could reach counts as
/// matching: no finding without proof.
struct InstanceMatcher {
    private var instances = InstanceMatchSet()
    private var instanceDays = Set<Int>()
    /// Keys (and wall days) beyond these were not walked (the walk stopped at its bound).
    private var walkedUpTo = Int.max
    private var walkedDaysUpTo = Int.max
    private let clock: SeriesClock
    private let lookup: (String) -> ZoneCache?
    /// A UTC series read at X-WR-TIMEZONE's wall time: UTC values also name instances by their UTC reading.
    private let reading: UTCReading?

    /// The most instances collected per series.
    static let maxInstances = 100_000

    /// - Parameters:
    ///   - dates: the starts of the series' RDATEs.
    ///   - targets: the times that will be asked about; the walk goes a day past the latest.
    ///   - clock: the series' clock (``SeriesClock/of(start:defaultTZID:zone:utc:)``).
    ///   - lookup: the zone of a TZID, nil when unknown.
    init(start: TimeValue, rules: [RecurrenceRule], dates: [TimeValue], targets: [TimeValue], clock: SeriesClock,
         lookup: @escaping (String) -> ZoneCache?) {
        self.clock = clock
        self.lookup = lookup
        reading = UTCReading(start: start, clock: clock)
        let startWall = SeriesClock.wall(of: start, on: clock)
        let startUTC: Int
        if let zone = clock.zone { startUTC = zone.resolve(wallSeconds: startWall).utcSeconds } else { startUTC = startWall }
        add(wall: startWall, utc: startUTC)
        for date in dates {
            let (wall, utc) = InstanceKey.place(date, clock: clock, lookup: lookup)
            add(wall: wall, utc: utc)
        }
        let horizon = (targets.map(\.civil).max() ?? start.civil).date.adding(days: 1)
        let horizonWall = CivilDateTime(date: horizon).secondsSinceEpoch
        // The wall times asked about, sorted: a rule without COUNT is sought to each (its walk
        // starts a couple of days before, in whole periods) instead of walked from DTSTART: an
        // EXDATE centuries on, which matches nothing, costs a few instances, not the walk's bound.
        let targetWalls = Array(Set(targets.map { $0.civil.secondsSinceEpoch })).sorted()
        for rule in rules {
            guard var walk = SeriesWalk(rule: rule, start: start, clock: clock) else {
                walkedUpTo = Int.min
                walkedDaysUpTo = Int.min
                continue
            }
            if walk.canSeek && !targetWalls.isEmpty {
                var covered = Int.min
                for target in targetWalls where target > covered {
                    guard var sought = SeriesWalk(rule: rule, start: start, clock: clock) else { break }
                    sought.seek(toWallSeconds: target - Self.seekMargin)
                    covered = target + Self.seekMargin
                    self.walk(&sought, until: covered)
                }
                continue
            }
            self.walk(&walk, until: horizonWall)
        }
        instances.seal()
    }

    /// How far before and after a time asked about a sought walk reaches: more than any zone
    /// offset between the time as written and the series' wall time.
    static let seekMargin = 2 * 86_400

    /// How many instances the walks took (for tests: what a check costs).
    private(set) var walked = 0

    /// Adds the walk's instances up to the first past `limit` (wall seconds), at most ``maxInstances``.
    private mutating func walk(_ walk: inout SeriesWalk, until limit: Int) {
        var count = 0
        while let instance = walk.next() {
            add(wall: instance.wallSeconds, utc: instance.utcSeconds)
            count += 1
            walked += 1
            if instance.wallSeconds > limit { break }
            if count >= Self.maxInstances {
                walkedUpTo = min(walkedUpTo, InstanceKey.key(wall: instance.wallSeconds, utc: instance.utcSeconds, clock: clock))
                walkedDaysUpTo = min(walkedDaysUpTo, InstanceKey.day(wall: instance.wallSeconds))
                break
            }
        }
    }

    private mutating func add(wall: Int, utc: Int) {
        instances.insert(.key(InstanceKey.key(wall: wall, utc: utc, clock: clock)))
        instanceDays.insert(InstanceKey.day(wall: wall))
    }

    /// Whether `value` names an instance (true also when the walk could not reach it).
    func matches(_ value: TimeValue) -> Bool {
        switch InstanceKey.match(value, clock: clock, lookup: lookup) {
        case .key(let k):
            if let reading, let zone = clock.zone, let other = reading.alternate(value, zone: zone),
               instances.contains(key: other) || other > walkedUpTo { return true }
            return instances.contains(key: k) || k > walkedUpTo
        case .day(let d): return instanceDays.contains(d) || d > walkedDaysUpTo
        }
    }
}
