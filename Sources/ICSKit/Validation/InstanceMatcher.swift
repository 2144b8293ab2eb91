/// Whether a time (an EXDATE, a RECURRENCE-ID) names an instance of a series: DTSTART, an
/// RDATE, or an instance of an RRULE found by a bounded walk of the recurrence engine (``SeriesWalk``).
///
/// Times compare as instants when the series is zoned or in UTC, as wall times when it is
/// floating, and as dates when it is all-day. A time beyond what the walk could reach
/// counts as matching: no finding without proof.
struct InstanceMatcher {
    private var keys: Set<Int> = []
    /// Wall-time keys beyond this were not walked (the walk stopped at its bound).
    private var walkedUpTo = Int.max
    private let start: TimeValue
    private let resolve: TimeOrder.Resolve

    /// The most instances collected per series.
    static let maxInstances = 100_000

    /// - Parameters:
    ///   - targets: the times that will be asked about; the walk goes a day past the latest.
    init(series: BlockFacts.SeriesFacts, start: TimeValue, targets: [TimeValue], resolve: @escaping TimeOrder.Resolve) {
        self.start = start
        self.resolve = resolve
        keys.insert(key(start) ?? 0)
        for date in series.dates { if let k = key(date) { keys.insert(k) } }
        let horizon = (targets.map(\.civil).max() ?? start.civil).date.adding(days: 1)
        let horizonWall = CivilDateTime(date: horizon).secondsSinceEpoch
        let zone = SeriesWalk.zone(of: start, resolve: resolve)
        for rule in series.rules {
            guard var walk = SeriesWalk(rule: rule, start: start, zone: zone) else {
                walkedUpTo = Int.min
                continue
            }
            var count = 0
            var last = Int.min
            while let instance = walk.next() {
                last = key(of: instance, zone: zone)
                keys.insert(last)
                count += 1
                if instance.wallSeconds > horizonWall { break }
                if count >= Self.maxInstances {
                    walkedUpTo = min(walkedUpTo, last)
                    break
                }
            }
        }
    }

    /// The key of an instance in the series' terms: days for all-day series, the instant for
    /// zoned ones whose zone is known, else the wall time.
    private func key(of instance: RuleInstance, zone: (any ZoneConverting)?) -> Int {
        switch start {
        case .date: return (instance.wallSeconds >= 0 ? instance.wallSeconds : instance.wallSeconds - 86_399) / 86_400
        case .zoned where zone != nil: return instance.utcSeconds
        default: return instance.wallSeconds
        }
    }

    /// The key of a time asked about, in the series' terms; nil when it cannot name an instance (another value type).
    private func key(_ value: TimeValue) -> Int? {
        switch (start, value) {
        case (.date, .date(let d)): return d.daysSinceEpoch
        case (.date, _), (_, .date): return nil
        case (.floating, .floating(let t)): return t.secondsSinceEpoch
        case (.floating, _): return nil
        case (.zoned(_, let tzid), _) where resolve(tzid) == nil:
            return value.tzid == tzid || value.tzid == nil ? value.civil.secondsSinceEpoch : nil
        case (_, .utc(let t)): return t.secondsSinceEpoch
        case (_, .zoned(let t, let tzid)): return resolve(tzid)?.resolve(t).utcSeconds
        case (.zoned(_, let tzid), .floating(let t)): return resolve(tzid)?.resolve(t).utcSeconds
        case (_, .floating(let t)): return t.secondsSinceEpoch
        }
    }

    /// Whether `value` names an instance (true also when the walk could not reach it).
    func matches(_ value: TimeValue) -> Bool {
        guard let k = key(value) else { return false }
        return keys.contains(k) || k > walkedUpTo
    }
}
