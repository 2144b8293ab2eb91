/// How long each instance lasts (RFC 5545 3.8.5.3, 3.3.6).
struct InstanceLength: Sendable, Equatable {
    /// Nominal days (added to the wall date) and exact seconds (added to the instant).
    var days: Int
    var seconds: Int

    static let zero = InstanceLength(days: 0, seconds: 0)
}

/// Conversions between a series' wall times and sort keys, shared by the series and its overrides.
///
/// The clock's parts are also kept apart (``kind``, ``zone``, ``tzid``, ``zoneIdentifier``),
/// read once at `init`: the per-instance conversions switch on a plain tag and read the zone
/// in place, instead of copying the clock's payload (a retain and release of the zone and of
/// its TZID) at every call.
struct SeriesFrame {
    /// The clock without its payload.
    enum Kind { case date, floating, zoned }

    let clock: SeriesClock
    /// The zone that floating and all-day times are shown in.
    let viewer: ZoneCache
    let kind: Kind
    /// The zone of a zoned series (UTC too); nil otherwise.
    let zone: ZoneCache?
    /// The TZID a zoned series wrote (nil for UTC, and for other clocks).
    let tzid: String?
    /// The zone's ``ZoneCache/identifier``, shown in every instant of a zoned series.
    let zoneIdentifier: String?

    init(clock: SeriesClock, viewer: ZoneCache) {
        self.clock = clock
        self.viewer = viewer
        switch clock {
        case .date: kind = .date; zone = nil; tzid = nil; zoneIdentifier = nil
        case .floating: kind = .floating; zone = nil; tzid = nil; zoneIdentifier = nil
        case .zoned(let z, let t):
            // Copies of their own (``unsharedCopy(_:)``): each occurrence retains them, on either thread.
            kind = .zoned; zone = z; tzid = t.map(unsharedCopy); zoneIdentifier = z.identifier.map(unsharedCopy)
        }
    }

    var isDate: Bool { kind == .date }

    /// The instant of a wall time: in the series' zone, or the viewer's for floating and all-day times.
    func instant(wall: Int) -> Int {
        switch kind {
        case .zoned: return zone.unsafelyUnwrapped.resolve(wallSeconds: wall).utcSeconds
        case .date, .floating: return viewer.resolve(wallSeconds: wall).utcSeconds
        }
    }

    /// The key EXDATE and RECURRENCE-ID are matched on (``InstanceKey``).
    @inline(__always)
    func matchKey(wall: Int, utc: Int) -> Int { InstanceKey.key(wall: wall, utc: utc, clock: clock) }

    /// The start as shown: for a zone, the instant with the offset in force at it, so that a wall
    /// time in a spring-forward gap (read with the offset before the gap, RFC 5545 3.3.5) shows as
    /// the local time it denotes (02:30 New York on 10 March 2024 → 03:30-04:00, not 02:30-05:00).
    func startTime(wall: Int, utc: Int) -> OccurrenceTime {
        switch kind {
        case .date: return .date(CivilDate(daysSinceEpoch: floorDivide(wall, 86_400)))
        case .floating: return .floating(CivilDateTime(secondsSinceEpoch: wall))
        case .zoned: return .instant(secondsSinceEpoch: utc, utcOffset: zone.unsafelyUnwrapped.offset(atUTC: utc), zone: zoneIdentifier)
        }
    }

    /// The end of an instance that starts at `wall`/`utc` and lasts `length`: (sort key, as shown).
    func end(wall: Int, utc: Int, length: InstanceLength) -> (key: Int, time: OccurrenceTime) {
        (endKey(wall: wall, utc: utc, length: length), endTime(wall: wall, utc: utc, length: length))
    }

    /// The sort key of the end of an instance that starts at `wall`/`utc` and lasts `length`.
    func endKey(wall: Int, utc: Int, length: InstanceLength) -> Int {
        switch kind {
        case .date:
            let day = floorDivide(wall, 86_400) + length.days + length.seconds / 86_400
            return viewer.resolve(wallSeconds: day * 86_400).utcSeconds
        case .floating:
            return viewer.resolve(wallSeconds: wall + length.days * 86_400 + length.seconds).utcSeconds
        case .zoned:
            let base = length.days == 0 ? utc : zone.unsafelyUnwrapped.resolve(wallSeconds: wall + length.days * 86_400).utcSeconds
            return base + length.seconds
        }
    }

    /// The end, as shown, of an instance that starts at `wall`/`utc` and lasts `length`.
    func endTime(wall: Int, utc: Int, length: InstanceLength) -> OccurrenceTime {
        switch kind {
        case .date:
            return .date(CivilDate(daysSinceEpoch: floorDivide(wall, 86_400) + length.days + length.seconds / 86_400))
        case .floating:
            return .floating(CivilDateTime(secondsSinceEpoch: wall + length.days * 86_400 + length.seconds))
        case .zoned:
            let zone = self.zone.unsafelyUnwrapped
            let base = length.days == 0 ? utc : zone.resolve(wallSeconds: wall + length.days * 86_400).utcSeconds
            let endUTC = base + length.seconds
            return .instant(secondsSinceEpoch: endUTC, utcOffset: zone.offset(atUTC: endUTC), zone: zoneIdentifier)
        }
    }

    /// The one instance of an event without RRULE, RDATE or EXDATE, if it overlaps
    /// `rangeStart..<rangeEnd`: its start key and its start and end as shown. The same test
    /// as ``Series`` makes, without building one (most events of a calendar are single, and
    /// most of those lie outside the range).
    func singleInstance(wall: Int, utc: Int, length: InstanceLength, rangeStart: Int, rangeEnd: Int)
        -> (key: Int, start: OccurrenceTime, end: OccurrenceTime)? {
        let key = kind == .zoned ? utc : viewer.resolve(wallSeconds: wall).utcSeconds
        let endKey = endKey(wall: wall, utc: utc, length: length)
        let inRange = endKey == key ? (key >= rangeStart && key < rangeEnd) : (key < rangeEnd && endKey > rangeStart)
        guard inRange else { return nil }
        return (key, startTime(wall: wall, utc: utc), endTime(wall: wall, utc: utc, length: length))
    }

    /// The original start of an instance, as a value in the series' own form.
    func recurrenceID(wall: Int, utc: Int) -> TimeValue {
        switch kind {
        case .date: return .date(CivilDate(daysSinceEpoch: floorDivide(wall, 86_400)))
        case .floating: return .floating(CivilDateTime(secondsSinceEpoch: wall))
        case .zoned:
            if let tzid { return .zoned(CivilDateTime(secondsSinceEpoch: wall), tzid: tzid) }
            return .utc(CivilDateTime(secondsSinceEpoch: utc))
        }
    }
}
