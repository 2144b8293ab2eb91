import Foundation

/// The seam between recurrence and time zones: converts wall times in one zone to
/// instants and back. Implemented over Foundation's `TimeZone` (IANA names through
/// the system's tzdata) and over a file's own VTIMEZONE definitions.
///
/// Sendable notes: implementations are immutable values or classes with immutable
/// state and internal locking of caches.
protocol ZoneConverting: Sendable {
    /// The IANA name shown in output (`America/New_York`), `nil` for UTC, or for a zone known
    /// only by its VTIMEZONE its normalised TZID.
    var identifier: String? { get }

    /// The offset from UTC, in seconds east, in force at the instant `utcSeconds`.
    func offset(atUTC utcSeconds: Int) -> Int

    /// The instant (seconds since 1970 UTC) at which clocks in this zone show `wall`.
    /// A wall time in a spring-forward gap is read with the offset before the gap, and
    /// `exists` is false; an ambiguous wall time (fall-back) gives the first of the two.
    func resolve(_ wall: CivilDateTime) -> (utcSeconds: Int, exists: Bool)

    /// The changes of offset in the closed interval [`start`, `end`] (instants), sorted, with the
    /// offset in force just before `start`.
    func offsetChanges(from start: Int, through end: Int) -> (before: Int, changes: [OffsetTransition])
}

extension ZoneConverting {
    /// The wall time that clocks in this zone show at the instant `utcSeconds`.
    func wallTime(atUTC utcSeconds: Int) -> CivilDateTime {
        CivilDateTime(secondsSinceEpoch: utcSeconds + offset(atUTC: utcSeconds))
    }
}

/// A zone from the system's tzdata, through Foundation's `TimeZone`.
///
/// Offsets come from a process-wide table of the zone's changes, computed lazily about a
/// year at a time (see ``TransitionTable``), so that `offset(atUTC:)` and `resolve(_:)` cost
/// a lock and a binary search instead of ICU calls.
struct FoundationZone: ZoneConverting {
    let zone: TimeZone
    let table: TransitionTable

    /// The zone `zone`, sharing the offsets already computed for it.
    init(zone: TimeZone) {
        self.zone = zone
        self.table = FoundationTransitions.table(for: zone)
    }

    var identifier: String? { zone.identifier == "GMT" || zone.identifier == "UTC" ? nil : zone.identifier }

    func offset(atUTC utcSeconds: Int) -> Int {
        table.offset(atUTC: utcSeconds)
    }

    func resolve(_ wall: CivilDateTime) -> (utcSeconds: Int, exists: Bool) {
        table.resolve(local: wall.secondsSinceEpoch)
    }

    func offsetChanges(from start: Int, through end: Int) -> (before: Int, changes: [OffsetTransition]) {
        table.changes(from: start, through: end)
    }
}

/// UTC itself.
struct UTCZone: ZoneConverting {
    var identifier: String? { nil }
    func offset(atUTC utcSeconds: Int) -> Int { 0 }
    func resolve(_ wall: CivilDateTime) -> (utcSeconds: Int, exists: Bool) { (wall.secondsSinceEpoch, true) }
    func offsetChanges(from start: Int, through end: Int) -> (before: Int, changes: [OffsetTransition]) { (0, []) }
}

/// The display zone's wall clock for callers outside ICSKit that convert many wall times in one
/// zone (the command line's `startEpoch` of all-day and floating occurrences): the zone's
/// offsets looked up once, where ``OccurrenceTime/date(in:)`` finds them again on every call.
///
/// `utcSeconds(of:)` is exactly what `OccurrenceTime.date(in:)` answers for a DATE or floating
/// time, in whole seconds (both are ``FoundationZone/resolve(_:)``).
package struct DisplayZoneClock: Sendable {
    private let zone: FoundationZone

    /// The clock of `zone`.
    package init(_ zone: TimeZone) {
        self.zone = FoundationZone(zone: zone)
    }

    /// The instant (seconds since 1970 UTC) at which clocks in the zone show `wall`: in a
    /// spring-forward gap with the offset before it, at an ambiguous time the first of the two.
    package func utcSeconds(of wall: CivilDateTime) -> Int {
        zone.resolve(wall).utcSeconds
    }
}
