import Foundation
import Testing
@testable import ICSKit

/// VTIMEZONE-defined zones. Offsets are checked against an independent implementation:
/// Foundation's `TimeZone` (ICU over tzdata); wall→UTC against Foundation's `Calendar`
/// (whose gap policy moves forward by the gap's length, the same instant as reading the wall
/// time with the offset before the gap, and which takes the first of two ambiguous times).
@Suite("DefinedZone")
struct DefinedZoneTests {
    typealias F = ZoneFixtures

    static let compared: [(name: String, definition: TimeZoneDefinition, iana: String, years: ClosedRange<Int>)] = [
        ("Outlook W. Europe 1601", F.outlookWEurope(), "Europe/Berlin", 2020...2030),
        ("Google New York 1970", F.googleNewYork(), "America/New_York", 2020...2030),
        ("Mozilla New York BYMONTHDAY", F.mozillaNewYork(), "America/New_York", 2020...2030),
        ("historical New York with UNTIL", F.historicalNewYork(), "America/New_York", 1988...2030),
    ]

    /// Two resolvers over the same VTIMEZONEs (the windowed import's ``ZoneGaps`` and the
    /// expansion build one each) share one zone and its offsets (``DefinedZone/shared(definition:identifier:)``);
    /// another definition, or the same under another name, has its own. The shared zone answers
    /// as a new one does (checked at each change of 2020–2030, and the second before it).
    @Test func resolversOverTheSameDefinitionsShareTheOffsets() throws {
        let definition = F.outlookWEurope(tzid: "Custom/Shared-W-Europe")
        let first = try #require(ZoneResolver(timeZones: [definition]).zone(for: "Custom/Shared-W-Europe") as? DefinedZone)
        let start = F.utc(2020, 1, 1), end = F.utc(2031, 1, 1)
        let changes = first.offsetChanges(from: start, through: end).changes
        #expect(changes.count == 22)
        let second = try #require(ZoneResolver(timeZones: [definition]).zone(for: "Custom/Shared-W-Europe") as? DefinedZone)
        #expect(first.table === second.table)
        let other = try #require(ZoneResolver(timeZones: [F.standardOnly(tzid: "Custom/Shared-W-Europe")])
            .zone(for: "Custom/Shared-W-Europe") as? DefinedZone)
        #expect(other.table !== first.table)
        let renamed = try #require(ZoneResolver(timeZones: [F.outlookWEurope(tzid: "Custom/Shared-W-Europe-2")])
            .zone(for: "Custom/Shared-W-Europe-2") as? DefinedZone)
        #expect(renamed.table !== first.table)
        let fresh = DefinedZone(definition: definition, identifier: "Custom/Shared-W-Europe")
        #expect(fresh.table !== first.table)
        for change in changes {
            for t in [change.at - 1, change.at] { #expect(second.offset(atUTC: t) == fresh.offset(atUTC: t)) }
        }
        #expect(second.offsetChanges(from: start, through: end).changes == fresh.offsetChanges(from: start, through: end).changes)
    }

    @Test("offsets agree with tzdata at every 6 hours of every day", arguments: 0..<4)
    func offsetsMatchTzdata(_ index: Int) throws {
        let (name, definition, iana, years) = Self.compared[index]
        let zone = DefinedZone(definition: definition, identifier: nil)
        let reference = try #require(TimeZone(identifier: iana))
        let start = F.utc(years.lowerBound, 1, 1), end = F.utc(years.upperBound + 1, 1, 1)
        var mismatches: [String] = []
        for instant in stride(from: start, to: end, by: 6 * 3600) {
            let expected = reference.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
            let got = zone.offset(atUTC: instant)
            if got != expected { mismatches.append("\(CivilDateTime(secondsSinceEpoch: instant))Z: \(got) != \(expected)") }
        }
        #expect(mismatches.isEmpty, "\(name): \(mismatches.prefix(5))")
    }

    @Test("the changes are at tzdata's instants, to the second", arguments: 0..<4)
    func changesMatchTzdata(_ index: Int) throws {
        let (name, definition, iana, years) = Self.compared[index]
        let zone = DefinedZone(definition: definition, identifier: nil)
        let reference = try #require(TimeZone(identifier: iana))
        let start = F.utc(years.lowerBound, 1, 1), end = F.utc(years.upperBound + 1, 1, 1)
        var expected: [Int] = []
        var cursor = Date(timeIntervalSince1970: TimeInterval(start))
        while let next = reference.nextDaylightSavingTimeTransition(after: cursor), next.timeIntervalSince1970 < Double(end) {
            expected.append(Int(next.timeIntervalSince1970))
            cursor = next
        }
        let got = zone.table.changes(from: start, through: end).changes.map(\.at)
        #expect(got == expected, "\(name)")
        #expect(got.count == 2 * years.count)
    }

    @Test("wall times resolve as Foundation's Calendar resolves them, every day", arguments: 0..<4)
    func wallTimesMatchCalendar(_ index: Int) throws {
        let (name, definition, iana, years) = Self.compared[index]
        let zone = DefinedZone(definition: definition, identifier: nil)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: iana))
        var mismatches: [String] = []
        var day = CivilDate(year: years.lowerBound, month: 1, day: 1)
        while day.year <= years.upperBound {
            for (hour, minute) in [(0, 30), (1, 30), (2, 30), (12, 0)] {
                let components = DateComponents(year: day.year, month: day.month, day: day.day, hour: hour, minute: minute)
                let expected = Int(try #require(calendar.date(from: components)).timeIntervalSince1970)
                let got = zone.resolve(CivilDateTime(date: day, hour: hour, minute: minute)).utcSeconds
                if got != expected { mismatches.append("\(day) \(hour):\(minute): \(got) != \(expected)") }
            }
            day = day.adding(days: 1)
        }
        #expect(mismatches.isEmpty, "\(name): \(mismatches.prefix(5))")
    }

    // Hand-worked: New York springs forward on 2024-03-10 at 02:00 EST (07:00Z) and falls back on
    // 2024-11-03 at 02:00 EDT (06:00Z); Berlin on 2024-03-31 and 2024-10-27 at 01:00Z.
    static let handWorked: [(wall: CivilDateTime, utc: Int, exists: Bool)] = [
        (F.wall(2024, 3, 10, 2, 30), F.utc(2024, 3, 10, 7, 30), false),  // gap: read in EST
        (F.wall(2024, 3, 10, 1, 59, 59), F.utc(2024, 3, 10, 6, 59, 59), true),
        (F.wall(2024, 3, 10, 3, 0), F.utc(2024, 3, 10, 7, 0), true),
        (F.wall(2024, 11, 3, 1, 30), F.utc(2024, 11, 3, 5, 30), true),  // ambiguous: EDT, the first
        (F.wall(2024, 11, 3, 2, 0), F.utc(2024, 11, 3, 7, 0), true),
        (F.wall(2024, 7, 1, 12, 0), F.utc(2024, 7, 1, 16, 0), true),
    ]

    static let handWorkedBerlin: [(wall: CivilDateTime, utc: Int, exists: Bool)] = [
        (F.wall(2024, 3, 31, 2, 30), F.utc(2024, 3, 31, 1, 30), false),  // gap: read in CET
        (F.wall(2024, 3, 31, 3, 0), F.utc(2024, 3, 31, 1, 0), true),
        (F.wall(2024, 10, 27, 2, 30), F.utc(2024, 10, 27, 0, 30), true),  // ambiguous: CEST, the first
        (F.wall(2024, 10, 27, 3, 0), F.utc(2024, 10, 27, 2, 0), true),
        (F.wall(2024, 1, 15, 9, 0), F.utc(2024, 1, 15, 8, 0), true),
    ]

    @Test("gap and ambiguous times in New York (Google's VTIMEZONE), worked by hand", arguments: 0..<6)
    func newYorkEdges(_ index: Int) {
        let (wall, utc, exists) = Self.handWorked[index]
        let result = DefinedZone(definition: F.googleNewYork(), identifier: nil).resolve(wall)
        #expect(result.utcSeconds == utc)
        #expect(result.exists == exists)
    }

    @Test("gap and ambiguous times in Berlin (Outlook's VTIMEZONE), worked by hand", arguments: 0..<5)
    func berlinEdges(_ index: Int) {
        let (wall, utc, exists) = Self.handWorkedBerlin[index]
        let result = DefinedZone(definition: F.outlookWEurope(), identifier: nil).resolve(wall)
        #expect(result.utcSeconds == utc)
        #expect(result.exists == exists)
    }

    @Test("a zone with only STANDARD has one offset, before and after its DTSTART")
    func standardOnly() {
        let zone = DefinedZone(definition: F.standardOnly(), identifier: "India Only Standard")
        for instant in [F.utc(1900, 1, 1), F.utc(1970, 1, 1), F.utc(2024, 6, 1, 12), F.utc(2100, 12, 31)] {
            #expect(zone.offset(atUTC: instant) == 19_800)
        }
        // 2024-06-01 09:00 IST = 03:30Z.
        #expect(zone.resolve(F.wall(2024, 6, 1, 9)) == (F.utc(2024, 6, 1, 3, 30), true))
        #expect(zone.wallTime(atUTC: F.utc(2024, 6, 1, 3, 30)) == F.wall(2024, 6, 1, 9))
    }

    @Test("before its first onset a zone keeps the first onset's TZOFFSETFROM")
    func beforeFirstOnset() {
        let zone = DefinedZone(definition: F.googleNewYork(), identifier: nil)
        // The first onset is DAYLIGHT 1970-03-08 02:00 from -05:00.
        #expect(zone.offset(atUTC: F.utc(1960, 7, 1)) == -18_000)
    }
}
