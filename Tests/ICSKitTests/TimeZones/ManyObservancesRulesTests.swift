import Foundation
import Testing
@testable import ICSKit

/// A VTIMEZONE that mixes endless RRULE observances with a thousand DTSTART-only observances,
/// one with a thousand yearly RDATEs, and an observance that falls on the same instant as a
/// rule's onset. Every expected offset and instant below is worked out by
/// hand from RFC 5545 3.6.5: each onset is its local time read in its own TZOFFSETFROM; from it
/// on, clocks show TZOFFSETTO; of two onsets at one instant the later observance in the file
/// wins; before the earliest onset, its TZOFFSETFROM holds. Calendar facts used: the last
/// Sundays of March and October are 2024-03-31, 2024-10-27, 2025-03-30 and 2025-10-26.
@Suite("Zones with many observances: rules and fixed onsets together")
struct ManyObservancesRulesTests {
    typealias F = ZoneFixtures

    /// O0: DAYLIGHT, last Sunday of March 02:00, +01 → +02, from 1990 (endless).
    /// O1: STANDARD, last Sunday of October 03:00, +02 → +01, from 1990 (endless).
    /// O2…O1001: DAYLIGHT on 1 July 00:00, +02 → +03, one DTSTART-only observance per year
    ///   2000–2999, written newest first (so the onsets come out of order).
    /// O1002: STANDARD on 1 August 00:00, +03 → +02: DTSTART in 2000 and RDATEs for 2001–2999.
    /// O1003: DAYLIGHT at 2024-03-31 02:00, +01 → +04: the same instant as O0's 2024 onset.
    static func definition() -> TimeZoneDefinition {
        var observances: [TimeZoneDefinition.Observance] = [
            .init(kind: .daylight, start: F.wall(1990, 3, 25, 2), offsetFrom: F.hours(1), offsetTo: F.hours(2),
                  recurrenceRule: F.yearly(month: 3, .init(.sunday, ordinal: -1))),
            .init(kind: .standard, start: F.wall(1990, 10, 28, 3), offsetFrom: F.hours(2), offsetTo: F.hours(1),
                  recurrenceRule: F.yearly(month: 10, .init(.sunday, ordinal: -1))),
        ]
        for year in (2000...2999).reversed() {
            observances.append(.init(kind: .daylight, start: F.wall(year, 7, 1), offsetFrom: F.hours(2), offsetTo: F.hours(3)))
        }
        observances.append(.init(kind: .standard, start: F.wall(2000, 8, 1), offsetFrom: F.hours(3), offsetTo: F.hours(2),
                                 recurrenceDates: (2001...2999).map { F.wall($0, 8, 1) }))
        observances.append(.init(kind: .daylight, start: F.wall(2024, 3, 31, 2), offsetFrom: F.hours(1), offsetTo: F.hours(4)))
        return TimeZoneDefinition(tzid: "Hand/Mixed", observances: observances)
    }

    /// (instant, offset expected there), worked out by hand as described above.
    static let offsets: [(Int, Int)] = [
        (F.utc(1980, 6, 1), F.hours(1)),              // before every onset: O0's TZOFFSETFROM
        (F.utc(1995, 7, 15), F.hours(2)),             // the rules alone: summer time
        (F.utc(1995, 12, 1), F.hours(1)),
        (F.utc(2024, 3, 31, 1) - 1, F.hours(1)),      // since O1's 2023 onset
        (F.utc(2024, 3, 31, 1), F.hours(4)),          // O0 (+02) and O1003 (+04) at 01:00Z: the later wins
        (F.utc(2024, 6, 30, 22) - 1, F.hours(4)),
        (F.utc(2024, 6, 30, 22), F.hours(3)),         // 1 July 00:00 read in +02
        (F.utc(2024, 7, 31, 21) - 1, F.hours(3)),
        (F.utc(2024, 7, 31, 21), F.hours(2)),         // 1 August 00:00 read in +03 (O1002's RDATE)
        (F.utc(2024, 10, 27, 1) - 1, F.hours(2)),
        (F.utc(2024, 10, 27, 1), F.hours(1)),         // last Sunday of October, 03:00 read in +02
        (F.utc(2025, 3, 30, 1) - 1, F.hours(1)),
        (F.utc(2025, 3, 30, 1), F.hours(2)),          // no tie in 2025: O0's +02
        (F.utc(2025, 6, 30, 22), F.hours(3)),
        (F.utc(2025, 7, 31, 21), F.hours(2)),
        (F.utc(2025, 10, 26, 1), F.hours(1)),
        (F.utc(2000, 6, 30, 22), F.hours(3)),         // the first year of the fixed onsets
        (F.utc(2000, 7, 31, 21), F.hours(2)),         // O1002's DTSTART
        (F.utc(2999, 7, 15), F.hours(3)),             // the last year of them
        (F.utc(2999, 8, 15), F.hours(2)),
        (F.utc(3000, 1, 15), F.hours(1)),             // after them, the rules alone again
        (F.utc(3000, 7, 15), F.hours(2)),
    ]

    @Test("offsets follow every observance: rules, DTSTARTs, RDATEs, and the later of a tie", arguments: offsets.indices)
    func offset(_ index: Int) {
        let zone = DefinedZone(definition: Self.definition(), identifier: "Hand/Mixed")
        let (instant, expected) = Self.offsets[index]
        #expect(zone.offset(atUTC: instant) == expected, "\(CivilDateTime(secondsSinceEpoch: instant))Z")
    }

    @Test("wall times in the gaps and overlaps of those onsets")
    func wallTimes() {
        let zone = DefinedZone(definition: Self.definition(), identifier: "Hand/Mixed")
        // 2024-03-31 01:00Z, +01 → +04: 02:00–04:59 local do not exist; 03:00 is read in +01.
        #expect(zone.resolve(F.wall(2024, 3, 31, 3)) == (F.utc(2024, 3, 31, 2), false))
        #expect(zone.resolve(F.wall(2024, 3, 31, 5)) == (F.utc(2024, 3, 31, 1), true))
        // 2024-06-30 22:00Z, +04 → +03: 01:00–01:59 on 1 July happen twice; the first is in +04.
        #expect(zone.resolve(F.wall(2024, 7, 1, 1, 30)) == (F.utc(2024, 6, 30, 21, 30), true))
        #expect(zone.resolve(F.wall(2024, 7, 1, 0, 30)) == (F.utc(2024, 6, 30, 20, 30), true))
        #expect(zone.resolve(F.wall(2024, 7, 1, 2, 30)) == (F.utc(2024, 6, 30, 23, 30), true))
        // 2025-03-30 01:00Z, +01 → +02: 02:30 does not exist.
        #expect(zone.resolve(F.wall(2025, 3, 30, 2, 30)) == (F.utc(2025, 3, 30, 1, 30), false))
    }

    @Test("the changes of 2024, in order, each once")
    func changesOf2024() {
        let zone = DefinedZone(definition: Self.definition(), identifier: nil)
        let changes = zone.table.changes(from: F.utc(2024, 1, 1), through: F.utc(2024, 12, 31))
        #expect(changes.before == F.hours(1))
        #expect(changes.changes == [
            OffsetTransition(at: F.utc(2024, 3, 31, 1), offset: F.hours(4)),
            OffsetTransition(at: F.utc(2024, 6, 30, 22), offset: F.hours(3)),
            OffsetTransition(at: F.utc(2024, 7, 31, 21), offset: F.hours(2)),
            OffsetTransition(at: F.utc(2024, 10, 27, 1), offset: F.hours(1)),
        ])
    }
}
