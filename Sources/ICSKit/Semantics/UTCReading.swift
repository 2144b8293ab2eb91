/// How the UTC EXDATEs and RECURRENCE-IDs of a UTC series that the views read at X-WR-TIMEZONE's
/// wall time (``SeriesClock/of(start:defaultTZID:utcSeriesZone:zone:utc:)``) name its instances.
///
/// Google Calendar writes such a series with a UTC DTSTART and writes its EXDATEs and
/// RECURRENCE-IDs in UTC as RFC 5545 reads the series: every instance at DTSTART's UTC time of
/// day. The views show it at DTSTART's wall time in the calendar's zone instead, as Google does;
/// once that zone's offset changes (daylight saving time) the instance at 09:00 Berlin is 07:00Z,
/// but its EXDATE says 08:00Z. Matched by instant alone, the deleted instance came back and a
/// moved one showed twice.
///
/// So a UTC value on such a series names the instance at its own instant (as every value does,
/// ``InstanceKey``) *or* the instance whose UTC reading it is: the instance whose wall time is the
/// value read at DTSTART's offset (``alternate(_:zone:)``). For a series whose instances lie more
/// than the zone's DST shift apart (every daily, weekly, monthly or yearly one) the two readings
/// can never name two different instances.
///
/// Worked example (`Fixtures/recurrence/x-wr-timezone-utc-dst.md`): DTSTART 2024-03-18 08:00Z in
/// Europe/Berlin (+01:00, so 09:00 wall), weekly. `EXDATE:20240408T080000Z` is not an instant of
/// the series (8 April is 09:00+02:00 = 07:00Z); read at DTSTART's offset it is 09:00 wall on
/// 8 April, which is that instance.
struct UTCReading: Sendable, Equatable {
    /// The zone's offset at DTSTART (seconds east): UTC time + offset = the series' wall time.
    let offset: Int
    /// DTSTART's wall time of day in the zone (seconds since midnight).
    let startSecondOfDay: Int

    /// The reading of a series that starts at `start` on `clock`; nil unless the start is UTC and
    /// the clock puts it in a zone of its own (X-WR-TIMEZONE's).
    init?(start: TimeValue, clock: SeriesClock) {
        guard case .utc(let t) = start, case .zoned(let zone, _?) = clock else { return nil }
        offset = zone.offset(atUTC: t.secondsSinceEpoch)
        startSecondOfDay = t.secondsSinceEpoch + offset - floorDivide(t.secondsSinceEpoch + offset, 86_400) * 86_400
    }

    /// The instant of the instance that a UTC `value` names by its UTC reading, when that is not
    /// the value's own instant; nil for any other value.
    func alternate(_ value: TimeValue, zone: ZoneCache) -> Int? {
        guard case .utc(let t) = value else { return nil }
        let instant = zone.resolve(wallSeconds: t.secondsSinceEpoch + offset).utcSeconds
        return instant == t.secondsSinceEpoch ? nil : instant
    }

    /// The instant of the instance `value` most likely names, for showing an override's original
    /// start and ordering THISANDFUTURE changes: the UTC reading when the value's own instant does
    /// not fall at DTSTART's wall time of day in the zone; else the value's own instant.
    func named(_ value: TimeValue, instant: Int, zone: ZoneCache) -> Int {
        let wall = zone.zone.wallTime(atUTC: instant).secondsSinceEpoch
        guard let other = alternate(value, zone: zone), wall - floorDivide(wall, 86_400) * 86_400 != startSecondOfDay else { return instant }
        return other
    }
}
