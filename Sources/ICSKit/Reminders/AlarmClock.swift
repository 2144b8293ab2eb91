/// Adds alarm durations to instants the way RFC 5545 3.3.6 reads them: weeks and days are
/// nominal (calendar days in the zone of the time they are added to: 09:00 the day before
/// stays 09:00 across a DST change), hours, minutes and seconds exact.
struct AlarmClock {
    /// The zone whose wall time nominal days move.
    let zone: any ZoneConverting

    /// `utc` moved by `duration` × `times`.
    func add(_ duration: ICSDuration, times: Int = 1, to utc: Int) -> Int {
        let days = duration.nominalDays * times, exact = duration.exactSeconds * times
        guard days != 0 else { return utc + exact }
        var wall = zone.wallTime(atUTC: utc)
        wall.date = wall.date.adding(days: days)
        return zone.resolve(wall).utcSeconds + exact
    }

    /// The instant a start or end of an occurrence denotes, with the clock its nominal days move in:
    /// an instant in its own zone (`lookup` finds it by name; a fixed offset when nothing does),
    /// a date at its midnight in the viewer's zone, a floating time in `floating`.
    /// - Parameter movesDays: whether nominal days will be added (else the zone is not looked up:
    ///   exact durations need none).
    static func anchor(_ time: OccurrenceTime, viewer: any ZoneConverting, floating: any ZoneConverting, movesDays: Bool = true,
                       lookup: (String) -> (any ZoneConverting)?) -> (utc: Int, clock: AlarmClock) {
        switch time {
        case .instant(let seconds, let offset, let name):
            guard let name else { return (seconds, AlarmClock(zone: UTCZone())) }
            guard movesDays else { return (seconds, AlarmClock(zone: FixedOffsetZone(offset: offset))) }
            return (seconds, AlarmClock(zone: lookup(name) ?? FixedOffsetZone(offset: offset)))
        case .date(let d):
            return (viewer.resolve(CivilDateTime(date: d)).utcSeconds, AlarmClock(zone: viewer))
        case .floating(let t):
            return (floating.resolve(t).utcSeconds, AlarmClock(zone: floating))
        }
    }
}

extension AlarmClock {
    /// The instant `time` denotes, read without its zone: exact for an instant, within a day
    /// (the largest UTC offset) for a date or a floating time, read as if in UTC.
    static func roughInstant(_ time: OccurrenceTime) -> Int {
        switch time {
        case .instant(let seconds, _, _): return seconds
        case .date(let d): return CivilDateTime(date: d).secondsSinceEpoch
        case .floating(let t): return t.secondsSinceEpoch
        }
    }
}

/// A zone of one constant offset: the fallback when an occurrence's zone cannot be found again by name.
struct FixedOffsetZone: ZoneConverting {
    let offset: Int
    var identifier: String? { nil }
    func offset(atUTC utcSeconds: Int) -> Int { offset }
    func resolve(_ wall: CivilDateTime) -> (utcSeconds: Int, exists: Bool) { (wall.secondsSinceEpoch - offset, true) }
    func offsetChanges(from start: Int, through end: Int) -> (before: Int, changes: [OffsetTransition]) { (offset, []) }
}
