import Foundation
import Testing
@testable import ICSKit

/// VTIMEZONEs with thousands of observances: every onset is computed once
/// and searched by binary search. The offsets are checked two ways: against the rules of the
/// VTIMEZONE worked out by hand (a synthetic zone whose onsets alternate every 36 days), and
/// against an independent implementation (tzdata through Foundation's `TimeZone`) for a zone
/// written, as some exporters do, as one DTSTART-only observance per historical change.
@Suite("Zones with many observances")
struct ManyObservancesTests {
    typealias F = ZoneFixtures

    /// Observance n has DTSTART at 03:00 local of day 36·n from 0001-01-01; even n is DAYLIGHT
    /// (+01:00 → +02:00), odd n STANDARD (+02:00 → +01:00).
    static func alternating(_ count: Int) -> TimeZoneDefinition {
        TimeZoneDefinition(tzid: "Hostile/Many", observances: (0..<count).map { n in
            let day = CivilDate(year: 1, month: 1, day: 1).adding(days: 36 * n)
            let daylight = n % 2 == 0
            return .init(kind: daylight ? .daylight : .standard, start: CivilDateTime(date: day, hour: 3, minute: 0, second: 0),
                         offsetFrom: F.hours(daylight ? 1 : 2), offsetTo: F.hours(daylight ? 2 : 1))
        })
    }

    /// The onset instant of observance n: its local 03:00 read in its TZOFFSETFROM.
    static func onset(_ n: Int) -> Int {
        let day = CivilDate(year: 1, month: 1, day: 1).adding(days: 36 * n)
        return CivilDateTime(date: day, hour: 3, minute: 0, second: 0).secondsSinceEpoch - F.hours(n % 2 == 0 ? 1 : 2)
    }

    @Test("offsets around onsets spread over 0001-9999 follow the observances' rules")
    func alternatingOffsets() {
        let count = 100_000
        let zone = DefinedZone(definition: Self.alternating(count), identifier: "Hostile/Many")
        // Before the first onset: the first observance's TZOFFSETFROM (+01:00).
        #expect(zone.offset(atUTC: Self.onset(0) - 1) == F.hours(1))
        for n in [0, 1, 2, 17, 5_000, 50_001, 99_998, count - 1] {
            // From onset n on: its TZOFFSETTO (+02:00 for even n); just before: the previous one's.
            #expect(zone.offset(atUTC: Self.onset(n)) == F.hours(n % 2 == 0 ? 2 : 1), "onset \(n)")
            #expect(zone.offset(atUTC: Self.onset(n) - 1) == F.hours(n % 2 == 0 ? 1 : 2), "before onset \(n)")
            // Half-way to the next onset (18 days on), still the same.
            #expect(zone.offset(atUTC: Self.onset(n) + 18 * 86_400) == F.hours(n % 2 == 0 ? 2 : 1), "within \(n)")
        }
        // After the last onset (odd: STANDARD), +01:00 for ever.
        #expect(zone.offset(atUTC: Self.onset(count - 1) + 400 * 86_400 * 365) == F.hours(1))
        // A DAYLIGHT onset at 03:00 (+01:00 → +02:00) skips 03:00–03:59 local: 03:30 does not
        // exist and is read with the offset before the gap; 12:00 that day is at +02:00.
        let day = CivilDate(year: 1, month: 1, day: 1).adding(days: 36 * 50_000)
        let gap = zone.resolve(CivilDateTime(date: day, hour: 3, minute: 30, second: 0))
        #expect(!gap.exists)
        #expect(gap.utcSeconds == CivilDateTime(date: day, hour: 3, minute: 30, second: 0).secondsSinceEpoch - F.hours(1))
        let noon = zone.resolve(CivilDateTime(date: day, hour: 12, minute: 0, second: 0))
        #expect(noon.exists && noon.utcSeconds == CivilDateTime(date: day, hour: 12, minute: 0, second: 0).secondsSinceEpoch - F.hours(2))
    }

    @Test("the changes over a span are each onset, in order")
    func changesList() {
        let zone = DefinedZone(definition: Self.alternating(10_000), identifier: nil)
        let from = Self.onset(4_000) - 1, through = Self.onset(4_010)
        let changes = zone.table.changes(from: from, through: through)
        #expect(changes.before == F.hours(1))
        #expect(changes.changes == (4_000...4_010).map { OffsetTransition(at: Self.onset($0), offset: F.hours($0 % 2 == 0 ? 2 : 1)) })
    }

    /// America/New_York written as one DTSTART-only observance per change that tzdata lists
    /// from 1900 to 2037 (about 270 observances), as converters from tzdata write history.
    static func newYorkHistory() throws -> (TimeZoneDefinition, TimeZone) {
        let reference = try #require(TimeZone(identifier: "America/New_York"))
        var observances: [TimeZoneDefinition.Observance] = []
        var instant = Date(timeIntervalSince1970: TimeInterval(F.utc(1900, 1, 1)))
        let end = Date(timeIntervalSince1970: TimeInterval(F.utc(2038, 1, 1)))
        var previous = reference.secondsFromGMT(for: instant)
        while let next = reference.nextDaylightSavingTimeTransition(after: instant), next < end {
            let offset = reference.secondsFromGMT(for: next)
            let utc = Int(next.timeIntervalSince1970)
            observances.append(.init(kind: offset > previous ? .daylight : .standard,
                                     start: CivilDateTime(secondsSinceEpoch: utc + previous), offsetFrom: previous, offsetTo: offset))
            previous = offset
            instant = next
        }
        return (TimeZoneDefinition(tzid: "America/New_York", observances: observances), reference)
    }

    @Test("a zone of one observance per historical change agrees with tzdata every 6 hours")
    func historyMatchesTzdata() throws {
        let (definition, reference) = try Self.newYorkHistory()
        #expect(definition.observances.count > 200)
        let zone = DefinedZone(definition: definition, identifier: nil)
        var mismatches: [String] = []
        for instant in stride(from: F.utc(1920, 1, 1), to: F.utc(2037, 12, 1), by: 6 * 3600) {
            let expected = reference.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
            let got = zone.offset(atUTC: instant)
            if got != expected { mismatches.append("\(CivilDateTime(secondsSinceEpoch: instant))Z: \(got) != \(expected)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test("fixed observances and an endless rule together: each where it applies")
    func fixedThenEndless() {
        // Berlin-like: +01:00 fixed onsets in 1940 and 1945 (to +02:00 and back), then the EU rule from 1981.
        let definition = TimeZoneDefinition(tzid: "Mixed", observances: [
            .init(kind: .daylight, start: F.wall(1940, 4, 1, 2), offsetFrom: F.hours(1), offsetTo: F.hours(2)),
            .init(kind: .standard, start: F.wall(1945, 9, 16, 2), offsetFrom: F.hours(2), offsetTo: F.hours(1)),
            .init(kind: .daylight, start: F.wall(1981, 3, 29, 2), offsetFrom: F.hours(1), offsetTo: F.hours(2),
                  recurrenceRule: F.yearly(month: 3, .init(.sunday, ordinal: -1))),
            .init(kind: .standard, start: F.wall(1996, 10, 27, 3), offsetFrom: F.hours(2), offsetTo: F.hours(1),
                  recurrenceRule: F.yearly(month: 10, .init(.sunday, ordinal: -1))),
        ])
        let zone = DefinedZone(definition: definition, identifier: nil)
        #expect(zone.offset(atUTC: F.utc(1930, 6, 1)) == F.hours(1))   // before every onset: the first TZOFFSETFROM
        #expect(zone.offset(atUTC: F.utc(1942, 1, 1)) == F.hours(2))   // after the 1940 onset
        #expect(zone.offset(atUTC: F.utc(1960, 7, 1)) == F.hours(1))   // after 1945, before the rules
        // 2024: last Sunday of March is the 31st (02:00 +01:00 = 01:00Z), of October the 27th (03:00 +02:00 = 01:00Z).
        #expect(zone.offset(atUTC: F.utc(2024, 3, 31, 1) - 1) == F.hours(1))
        #expect(zone.offset(atUTC: F.utc(2024, 3, 31, 1)) == F.hours(2))
        #expect(zone.offset(atUTC: F.utc(2024, 10, 27, 1) - 1) == F.hours(2))
        #expect(zone.offset(atUTC: F.utc(2024, 10, 27, 1)) == F.hours(1))
    }

    @Test("thousands of copies of the same two rules give tzdata's offsets; a copy's own RDATE still counts")
    func duplicatedRules() throws {
        // Outlook's W. Europe rules (last Sunday of March 02:00 → +02:00, of October 03:00 → +01:00),
        // written 2,000 times with DTSTARTs on 1 January of years 1601–1900. Copy 500 (from 1801)
        // also has an RDATE on 15 January 1950 02:00 (+01:00 → +02:00): +02:00 from then until the
        // March rule (which keeps it) and the October one (which ends it).
        var observances: [TimeZoneDefinition.Observance] = []
        for n in 0..<2_000 {
            let year = 1601 + n % 300
            observances.append(.init(kind: .standard, start: F.wall(year, 1, 1, 3), offsetFrom: F.hours(2), offsetTo: F.hours(1),
                                     recurrenceRule: F.yearly(month: 10, .init(.sunday, ordinal: -1))))
            observances.append(.init(kind: .daylight, start: F.wall(year, 1, 1, 2), offsetFrom: F.hours(1), offsetTo: F.hours(2),
                                     recurrenceRule: F.yearly(month: 3, .init(.sunday, ordinal: -1)),
                                     recurrenceDates: n == 500 ? [F.wall(1950, 1, 15, 2)] : []))
        }
        let zone = DefinedZone(definition: TimeZoneDefinition(tzid: "Copies", observances: observances), identifier: nil)
        let reference = try #require(TimeZone(identifier: "Europe/Berlin"))
        var mismatches: [String] = []
        for instant in stride(from: F.utc(2020, 1, 1), to: F.utc(2031, 1, 1), by: 6 * 3600) {
            let expected = reference.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
            if zone.offset(atUTC: instant) != expected { mismatches.append("\(CivilDateTime(secondsSinceEpoch: instant))Z") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect(zone.offset(atUTC: F.utc(1950, 1, 15, 1) - 1) == F.hours(1))
        #expect(zone.offset(atUTC: F.utc(1950, 1, 15, 1)) == F.hours(2))
        #expect(zone.offset(atUTC: F.utc(1950, 2, 1)) == F.hours(2))
        #expect(zone.offset(atUTC: F.utc(1951, 2, 1)) == F.hours(1))
    }
}
