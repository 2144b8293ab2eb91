/// Compares two DATE / DATE-TIME values of one component, through their zones when they differ:
/// the one order of a start and its end, for `validate` (DTEND not after DTSTART) and for the
/// expansion (which swaps an end before its start, ``EventSpan``).
enum TimeOrder {
    /// Finds a zone by TZID (the calendar's resolver), or nil when unknown.
    typealias Resolve = (String) -> (any ZoneConverting)?

    /// The instant (UTC seconds) of a value: a UTC time, or a zoned one whose zone resolves.
    static func instant(_ value: TimeValue, resolve: Resolve?) -> Int? {
        switch value {
        case .utc(let t): return t.secondsSinceEpoch
        case .zoned(let t, let tzid): return resolve?(tzid)?.resolve(t).utcSeconds
        case .date, .floating: return nil
        }
    }

    /// Whether both values have the same form (both DATE, both floating, both UTC, or the same TZID),
    /// or one is floating beside a zoned or UTC one (read in that one's zone, ``SeriesClock/of(value:series:defaultTZID:zone:utc:)``):
    /// then their wall times compare directly.
    static func sameForm(_ a: TimeValue, _ b: TimeValue) -> Bool {
        switch (a, b) {
        case (.date, .date), (.floating, .floating), (.utc, .utc): return true
        case (.floating, .zoned), (.zoned, .floating), (.floating, .utc), (.utc, .floating): return true
        case (.zoned(_, let x), .zoned(_, let y)): return x == y
        default: return false
        }
    }

    /// -1, 0 or 1 as `a` is before, at or after `b`; nil when they cannot be compared (a DATE
    /// against a DATE-TIME, floating against zoned, or an unknown zone).
    static func compare(_ a: TimeValue, _ b: TimeValue, resolve: Resolve?) -> Int? {
        if sameForm(a, b) { return a.civil < b.civil ? -1 : a.civil == b.civil ? 0 : 1 }
        guard let x = instant(a, resolve: resolve), let y = instant(b, resolve: resolve) else { return nil }
        return x < y ? -1 : x == y ? 0 : 1
    }
}
