/// A walk of one RRULE's instances for the validator's checks, through the semantics core's
/// rule seam (``InstanceSource/init(rule:start:clock:)``: the native engine, or libical's
/// iterator for RSCALE rules, with UNTIL read as the expansion reads it), on the series' clock.
///
/// Bounded twice: the engine gives up on a rule that has produced nothing for a whole
/// 400-year Gregorian cycle (``gaveUp``), and callers stop after a number of instances.
struct SeriesWalk {
    private var source: InstanceSource
    private var skippedStart = false
    /// Whether the rule stopped producing within the engine's bound (it never will again).
    var gaveUp: Bool { source.gaveUp }

    /// - Returns: nil when the engine cannot expand the rule.
    init?(rule: RecurrenceRule, start: TimeValue, clock: SeriesClock) {
        guard let source = InstanceSource(rule: rule, start: start, clock: clock) else { return nil }
        self.source = source
    }

    /// Whether ``seek(toWallSeconds:)`` may be called: a native rule without COUNT, not yet walked.
    /// (COUNT rules are walked: the matcher keeps every instance up to the targets, and a COUNT
    /// jump, ``RuleIterator/skip(toWallSeconds:)``, is for the expansion's window.)
    var canSeek: Bool { source.canSkipWithoutCount && !skippedStart }

    /// Jumps to the period of the rule that holds `wallSeconds` (``RuleIterator/skip(toWallSeconds:)``):
    /// the next instances are those from there (DTSTART among them only when it lies in that period).
    /// - Precondition: ``canSeek``.
    mutating func seek(toWallSeconds wallSeconds: Int) {
        precondition(canSeek, "SeriesWalk.seek: a rule without COUNT, before the first instance")
        source.skip(toWallSeconds: wallSeconds)
        // DTSTART is handed out first only when the jump did not pass it; the matcher adds it anyway.
        skippedStart = true
    }

    /// The next instance after DTSTART (the engine's first instance, DTSTART itself, is skipped).
    mutating func next() -> RuleInstance? {
        if !skippedStart {
            skippedStart = true
            _ = source.next()
        }
        return source.next()
    }

    /// The clock the expansion puts a series that starts at `start` on, with the calendar's
    /// zones (`resolver`; nil in the per-block pass, which knows only tzdata's zones).
    /// - Parameter recurring: whether the series has an RRULE (a UTC one is then read in X-WR-TIMEZONE).
    static func clock(of start: TimeValue, resolver: ZoneResolver?, recurring: Bool = false) -> SeriesClock {
        let zone: (String) -> ZoneCache? = { tzid in
            (resolver?.zone(for: tzid) ?? ZoneResolver.systemZone(TZIDNormalizer.normalize(tzid))).map(ZoneCache.init)
        }
        return SeriesClock.of(start: start, defaultTZID: resolver?.defaultTZID, utcSeriesZone: recurring ? resolver?.defaultTZID : nil,
                              zone: zone, utc: ZoneCache(UTCZone()))
    }
}
