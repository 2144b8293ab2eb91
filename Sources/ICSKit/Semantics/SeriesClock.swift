/// How a series reads its wall times: all-day dates, floating wall times, or wall times in a zone.
///
/// Part of the semantics core: the expansion (``SeriesBuilder``) and the validator
/// (``InstanceMatcher``) both put a series on its clock with ``of(start:defaultTZID:zone:utc:)``,
/// so that they read its EXDATEs, RECURRENCE-IDs and RDATEs alike.
enum SeriesClock {
    case date
    case floating
    /// A zone (UTC too), with the TZID the series wrote (`nil` for UTC).
    case zoned(ZoneCache, tzid: String?)

    var isDate: Bool { if case .date = self { return true } else { return false } }

    /// The zone of a zoned series.
    var zone: ZoneCache? { if case .zoned(let zone, _) = self { return zone } else { return nil } }

    /// The clock a start value puts its series on:
    /// - a DATE: all-day;
    /// - UTC: the UTC zone;
    /// - a TZID: its zone when `zone` resolves it, else floating (the caller reports the unknown zone);
    /// - floating: the zone of X-WR-TIMEZONE (`defaultTZID`) when it resolves, else floating.
    /// - UTC on a recurring series of a calendar with X-WR-TIMEZONE (`utcSeriesZone`): that zone,
    ///   so that the series recurs at the wall time DTSTART has there, as Google Calendar shows
    ///   it (a weekly 08:00Z meeting in `Europe/Berlin` is 09:00 Berlin in winter and summer),
    ///   the convention of the `x-wr-timezone` tool; ``ImportOptions`` can turn this off.
    /// - Parameters:
    ///   - utcSeriesZone: the TZID that a UTC start of a recurring series is read in; nil to keep UTC.
    ///   - zone: finds (and caches) the zone of a TZID; nil when unknown.
    ///   - utc: the UTC zone to use (shared by the series of one expansion).
    static func of(start: TimeValue, defaultTZID: String?, utcSeriesZone: String? = nil, zone: (String) -> ZoneCache?,
                   utc: ZoneCache) -> SeriesClock {
        switch start {
        case .date: return .date
        case .utc:
            if let name = utcSeriesZone, let found = zone(name) { return .zoned(found, tzid: name) }
            return .zoned(utc, tzid: nil)
        case .zoned(_, let tzid):
            if let found = zone(tzid) { return .zoned(found, tzid: tzid) }
            return .floating
        case .floating:
            if let name = defaultTZID, let found = zone(name) { return .zoned(found, tzid: name) }
            return .floating
        }
    }

    /// The clock of a value that belongs to a series on `series` (DTEND, DUE, a PERIOD's end):
    /// a floating value on a zoned series is read in the series' zone, as Mozilla Calendar and
    /// many generators mean it (`DTSTART;TZID=Europe/Brussels:…T180000` with `DTEND:…T190000`
    /// is one hour long); any other value is read on its own clock.
    static func of(value: TimeValue, series: SeriesClock, defaultTZID: String?, zone: (String) -> ZoneCache?,
                   utc: ZoneCache) -> SeriesClock {
        if case .floating = value, case .zoned = series { return series }
        return of(start: value, defaultTZID: defaultTZID, zone: zone, utc: utc)
    }

    /// The wall time of a start value on `clock` (a DATE at its midnight; a UTC start on a
    /// series read in a zone, the wall time of that instant there).
    static func wall(of start: TimeValue, on clock: SeriesClock) -> Int {
        if case .utc(let t) = start, case .zoned(let zone, _?) = clock {
            return zone.zone.wallTime(atUTC: t.secondsSinceEpoch).secondsSinceEpoch
        }
        return start.isDate ? CivilDateTime(date: start.date).secondsSinceEpoch : start.civil.secondsSinceEpoch
    }
}
