import Foundation
import ICSKit

/// A property's time (``TimeValue``) in the agenda JSON's forms, for `diff --format json`:
/// a DATE as `2024-06-20`, floating as `2024-06-20T10:00:00`, UTC as `2024-06-20T08:00:00Z`,
/// zoned as its wall time with that zone's offset then (`2024-06-20T10:00:00+02:00`); a TZID
/// Foundation does not know is written as the wall time alone, like a floating one.
enum AgendaTime {
    static func text(_ value: TimeValue) -> String {
        OccurrenceJSON.text(occurrenceTime(value))
    }

    static func text(_ value: TimeValue?) -> JSON {
        value.map { .string(text($0)) } ?? .null
    }

    /// The occurrence form of a time: a zoned one resolved to an instant (in a gap, with the
    /// offset before it; when ambiguous, the first of the two, as RFC 5545 3.3.5 reads them).
    static func occurrenceTime(_ value: TimeValue) -> OccurrenceTime {
        switch value {
        case .date(let day): return .date(day)
        case .floating(let wall): return .floating(wall)
        case .utc(let time): return .instant(secondsSinceEpoch: time.secondsSinceEpoch, utcOffset: 0, zone: nil)
        case .zoned(let wall, let tzid):
            guard let zone = TimeZoneNames.displayTimeZone(named: tzid) else { return .floating(wall) }
            let asUTC = wall.secondsSinceEpoch
            let offset = { (utc: Int) in zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(utc))) }
            // The offsets half a day either side; of those that read back as this wall time the
            // larger (the earlier instant); none in a gap: the one before it.
            let early = offset(asUTC - 43_200), late = offset(asUTC + 43_200)
            let chosen = [early, late].filter { offset(asUTC - $0) == $0 }.max() ?? early
            return .instant(secondsSinceEpoch: asUTC - chosen, utcOffset: chosen, zone: zone.identifier)
        }
    }
}
