/// A walk of one RRULE's instances for the validator's checks, through the recurrence
/// engine's ``InstanceSource`` (the native engine, or libical's iterator for RSCALE rules),
/// with the series' zone so that instances compare as instants.
///
/// Bounded twice: the engine gives up on a rule that has produced nothing for a whole
/// 400-year Gregorian cycle (``gaveUp``), and callers stop after a number of instances.
struct SeriesWalk {
    private var source: InstanceSource
    private var skippedStart = false
    /// Whether the rule stopped producing within the engine's bound (it never will again).
    var gaveUp: Bool { source.gaveUp }

    /// - Parameters:
    ///   - zone: the series' zone when DTSTART is zoned and the zone is known; nil otherwise.
    /// - Returns: nil when the engine cannot expand the rule.
    init?(rule: RecurrenceRule, start: TimeValue, zone: (any ZoneConverting)?) {
        let cache = zone.map { ZoneCache($0) }
        var until = UntilBound.none
        switch rule.until {
        case .utc(let t)? where cache != nil: until = .instant(t.secondsSinceEpoch)
        case .date(let d)?:
            until = .wall(CivilDateTime(date: d, hour: start.isDate ? 0 : 23, minute: start.isDate ? 0 : 59,
                                        second: start.isDate ? 0 : 59).secondsSinceEpoch)
        case let t?: until = .wall(t.civil.secondsSinceEpoch)
        case nil: break
        }
        let wall = start.isDate ? CivilDateTime(date: start.date) : start.civil
        guard let source = InstanceSource(rule: rule, start: wall, isDate: start.isDate, until: until, zone: cache) else { return nil }
        self.source = source
    }

    /// The next instance after DTSTART (the engine's first instance, DTSTART itself, is skipped).
    mutating func next() -> RuleInstance? {
        if !skippedStart {
            skippedStart = true
            _ = source.next()
        }
        return source.next()
    }

    /// The zone a zoned DTSTART's TZID names: the calendar's resolver, else tzdata.
    static func zone(of start: TimeValue, resolve: TimeOrder.Resolve?) -> (any ZoneConverting)? {
        guard let tzid = start.tzid else { return nil }
        return resolve?(tzid) ?? ZoneResolver.systemZone(TZIDNormalizer.normalize(tzid))
    }
}
