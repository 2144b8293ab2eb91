import Foundation

/// The seam between recurrence and time zones: converts wall times in one zone to
/// instants and back. Implemented over Foundation's `TimeZone` (IANA names through
/// the system's tzdata) and over a file's own VTIMEZONE definitions.
///
/// Sendable notes: implementations are immutable values or classes with immutable
/// state and internal locking of caches.
protocol ZoneConverting: Sendable {
    /// The IANA name shown in output (`America/New_York`), or `nil` for UTC or a zone known only by its VTIMEZONE.
    var identifier: String? { get }

    /// The offset from UTC, in seconds east, in force at the instant `utcSeconds`.
    func offset(atUTC utcSeconds: Int) -> Int

    /// The instant (seconds since 1970 UTC) at which clocks in this zone show `wall`.
    /// A wall time in a spring-forward gap is read with the offset before the gap, and
    /// `exists` is false; an ambiguous wall time (fall-back) gives the first of the two.
    func resolve(_ wall: CivilDateTime) -> (utcSeconds: Int, exists: Bool)
}

extension ZoneConverting {
    /// The wall time that clocks in this zone show at the instant `utcSeconds`.
    func wallTime(atUTC utcSeconds: Int) -> CivilDateTime {
        CivilDateTime(secondsSinceEpoch: utcSeconds + offset(atUTC: utcSeconds))
    }
}

/// A zone from the system's tzdata, through Foundation's `TimeZone`.
struct FoundationZone: ZoneConverting {
    let zone: TimeZone

    var identifier: String? { zone.identifier == "GMT" || zone.identifier == "UTC" ? nil : zone.identifier }

    func offset(atUTC utcSeconds: Int) -> Int {
        zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(utcSeconds)))
    }

    func resolve(_ wall: CivilDateTime) -> (utcSeconds: Int, exists: Bool) {
        let local = wall.secondsSinceEpoch
        let before = offset(atUTC: local - 86_400)
        let after = offset(atUTC: local + 86_400)
        // Earlier offset first: the first of two ambiguous instants.
        if offset(atUTC: local - before) == before { return (local - before, true) }
        if offset(atUTC: local - after) == after { return (local - after, true) }
        // In a gap: read with the offset before it.
        return (local - before, false)
    }
}

/// UTC itself.
struct UTCZone: ZoneConverting {
    var identifier: String? { nil }
    func offset(atUTC utcSeconds: Int) -> Int { 0 }
    func resolve(_ wall: CivilDateTime) -> (utcSeconds: Int, exists: Bool) { (wall.secondsSinceEpoch, true) }
}
