import Foundation
import Synchronization

/// Offsets of a tzdata zone, read through Foundation's `TimeZone`
/// (`secondsFromGMT(for:)` and `nextDaylightSavingTimeTransition(after:)`, which reports
/// every change of offset, not only daylight-saving ones).
struct FoundationTransitionSource: TransitionSource {
    let zone: TimeZone

    /// At most this many changes per block (real zones have two a year); a guard against a loop.
    static let changeLimit = 64

    func transitions(from start: Int, to end: Int) -> (initial: Int, changes: [OffsetTransition]) {
        var cursor = Date(timeIntervalSince1970: TimeInterval(start))
        let initial = zone.secondsFromGMT(for: cursor)
        let limit = Date(timeIntervalSince1970: TimeInterval(end))
        var changes: [OffsetTransition] = []
        while changes.count < Self.changeLimit,
              let next = zone.nextDaylightSavingTimeTransition(after: cursor), next > cursor, next < limit {
            let offset = zone.secondsFromGMT(for: next)
            let at = Int(next.timeIntervalSince1970.rounded(.down))
            if offset != (changes.last?.offset ?? initial) { changes.append(OffsetTransition(at: at, offset: offset)) }
            cursor = next
        }
        return (initial, changes)
    }
}

/// One ``TransitionTable`` per tzdata zone for the whole process, so that every
/// ``FoundationZone`` of a zone shares what was computed.
enum FoundationTransitions {
    /// Bounded: identifiers may come from the input (`GMT+05:30`); tzdata has about 600 zones.
    static let tables = BoundedCache<String, TransitionTable>(capacity: capacity)
    /// The most tables kept (each holds at most one block per 388 days of the years 0–9999).
    static let capacity = 1_024

    /// The shared table of `zone` (keyed by its identifier).
    static func table(for zone: TimeZone) -> TransitionTable {
        tables.value(for: zone.identifier) { TransitionTable(source: FoundationTransitionSource(zone: zone)) }
    }
}
