/// The one seam behind which rules are expanded: the native engine for Gregorian rules,
/// libical's iterator for rules with another RSCALE (or a SKIP, or a leap month), which
/// the native engine does not implement.
///
/// Part of the semantics core: the expansion and the validator both make their sources with
/// ``init(rule:start:clock:)``, which also reads UNTIL (``untilBound(of:start:clock:)``).
struct InstanceSource {
    /// The native engine (mutated in place through the optional: no copy of its buffers).
    private var native: RuleIterator?
    private let fallback: LibicalRecurrence?
    private let zone: ZoneCache?

    /// Chooses the engine for `rule`; nil when neither can expand it (libical refuses the rule).
    /// A rule whose UNTIL lies before DTSTART gives no instance at all (``untilPrecedesStart(_:startWall:zone:)``).
    init?(rule: RecurrenceRule, start: CivilDateTime, isDate: Bool, until: UntilBound, zone: ZoneCache?) {
        self.zone = zone
        let startWall = (isDate ? CivilDateTime(date: start.date) : start).secondsSinceEpoch
        if Self.untilPrecedesStart(until, startWall: startWall, zone: zone) {
            native = nil
            fallback = nil
        } else if Self.needsLibical(rule) {
            guard let fallback = LibicalRecurrence(rule: rule, start: start, isDate: isDate) else { return nil }
            self.fallback = fallback
            native = nil
        } else {
            fallback = nil
            native = RuleIterator(rule: rule, start: start, isDate: isDate, until: until, zone: zone)
        }
    }

    /// The source of `rule` on a series that starts at `start` (DTSTART as written) on `clock`.
    init?(rule: RecurrenceRule, start: TimeValue, clock: SeriesClock) {
        self.init(rule: rule, start: CivilDateTime(secondsSinceEpoch: SeriesClock.wall(of: start, on: clock)), isDate: start.isDate,
                  until: Self.untilBound(of: rule, start: start, clock: clock), zone: clock.zone)
    }

    /// Where `rule` stops (UNTIL is inclusive, RFC 5545 3.3.10), in the terms of the series:
    /// - a UTC UNTIL on a zoned series: that instant;
    /// - a DATE UNTIL: the end of that day (its midnight for an all-day series);
    /// - a floating UNTIL (or a UTC one on a floating series): that wall time, in DTSTART's zone
    ///   for a zoned series (the convention of generators that omit the `Z`);
    /// - an UNTIL with a TZID (not allowed, but written): that wall time.
    static func untilBound(of rule: RecurrenceRule, start: TimeValue, clock: SeriesClock) -> UntilBound {
        switch rule.until {
        case nil: return .none
        case .utc(let t)? where clock.zone != nil: return .instant(t.secondsSinceEpoch)
        case .date(let d)?:
            return .wall(CivilDateTime(date: d, hour: start.isDate ? 0 : 23, minute: start.isDate ? 0 : 59,
                                       second: start.isDate ? 0 : 59).secondsSinceEpoch)
        case let t?: return .wall(t.civil.secondsSinceEpoch)
        }
    }

    /// Whether a rule that stops at `until` ends before its DTSTART (at `startWall`, in `zone`):
    /// then the rule gives no instance, DTSTART included. RFC 5545 makes DTSTART the first instance
    /// and says nothing of an UNTIL before it; Google Calendar and Nextcloud write exactly that when
    /// "this and following" splits a series whose first part is then empty, and mean no instance
    /// (recurring-ical-events and KDE's KCalendarCore read it so too).
    /// An UNTIL equal to DTSTART keeps DTSTART (UNTIL is inclusive).
    static func untilPrecedesStart(_ until: UntilBound, startWall: Int, zone: ZoneCache?) -> Bool {
        switch until {
        case .none: return false
        case .wall(let limit): return startWall > limit
        case .instant(let limit): return (zone?.resolve(wallSeconds: startWall).utcSeconds ?? startWall) > limit
        }
    }

    /// Whether `rule`, on a series that starts at `start` on `clock`, ends before DTSTART
    /// (``untilPrecedesStart(_:startWall:zone:)``): the expansion warns and shows no instance of
    /// the rule, the validator reports ``DiagnosticCode/untilBeforeStart``.
    static func untilPrecedesStart(of rule: RecurrenceRule, start: TimeValue, clock: SeriesClock) -> Bool {
        guard rule.until != nil else { return false }
        return untilPrecedesStart(untilBound(of: rule, start: start, clock: clock),
                                  startWall: SeriesClock.wall(of: start, on: clock), zone: clock.zone)
    }

    /// Whether the rule needs libical: an RSCALE other than GREGORIAN, a SKIP other than OMIT, a leap month.
    static func needsLibical(_ rule: RecurrenceRule) -> Bool {
        if let rscale = rule.rscale, rscale.uppercased() != "GREGORIAN" { return true }
        return rule.skip != .omit || rule.byMonth.contains(where: \.isLeap)
    }

    /// Whether the source can jump to a window start (native, and ``RuleIterator/canSkip``).
    var canSkip: Bool { native?.canSkip ?? false }

    /// Whether the source can jump to a window start and is a rule without COUNT (what the
    /// validator's walks seek with: nothing they pass counts).
    var canSkipWithoutCount: Bool { native.map { $0.rule.count == nil } ?? false }

    /// Whether the native engine stopped because the rule stopped producing.
    var gaveUp: Bool { native?.gaveUp ?? false }

    /// See ``RuleIterator/skip(toWallSeconds:)``; only when ``canSkip``.
    mutating func skip(toWallSeconds wallSeconds: Int) {
        native?.skip(toWallSeconds: wallSeconds)
    }

    mutating func next() -> RuleInstance? {
        guard let fallback else { return native?.next() ?? nil }
        while let wall = fallback.next() {
            let wallSeconds = wall.secondsSinceEpoch
            guard let zone else { return RuleInstance(wallSeconds: wallSeconds, utcSeconds: wallSeconds) }
            let resolved = zone.resolve(wallSeconds: wallSeconds)
            if resolved.exists { return RuleInstance(wallSeconds: wallSeconds, utcSeconds: resolved.utcSeconds) }
        }
        return nil
    }
}
