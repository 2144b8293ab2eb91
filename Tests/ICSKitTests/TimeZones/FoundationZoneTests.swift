import Foundation
import Testing
@testable import ICSKit

/// tzdata zones through the cached transition table, checked against Foundation's own
/// `TimeZone.secondsFromGMT(for:)` (an independent path through ICU) and against hand-worked instants.
@Suite("FoundationZone")
struct FoundationZoneTests {
    typealias F = ZoneFixtures

    static let zones = ["America/New_York", "Europe/Berlin", "Australia/Sydney", "Asia/Tokyo", "Europe/Moscow",
                        "Pacific/Apia", "America/Sao_Paulo", "Asia/Kolkata", "Europe/Dublin", "Australia/Lord_Howe"]

    @Test("offsets agree with TimeZone.secondsFromGMT every 3 hours, 1900–2040", arguments: zones)
    func offsetsMatchFoundation(_ identifier: String) throws {
        let reference = try #require(TimeZone(identifier: identifier))
        let zone = FoundationZone(zone: reference)
        var mismatches: [Int] = []
        for instant in stride(from: F.utc(1900, 1, 1), to: F.utc(2040, 1, 1), by: 3 * 3600 + 17) {
            if zone.offset(atUTC: instant) != reference.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant))) {
                mismatches.append(instant)
            }
        }
        #expect(mismatches.isEmpty, "\(identifier): first at \(mismatches.first.map { CivilDateTime(secondsSinceEpoch: $0).description } ?? "")")
    }

    @Test("offsets are right on both sides of each change, 1970–2040", arguments: zones)
    func offsetsAtChanges(_ identifier: String) throws {
        let reference = try #require(TimeZone(identifier: identifier))
        let zone = FoundationZone(zone: reference)
        var cursor = Date(timeIntervalSince1970: TimeInterval(F.utc(1970, 1, 1)))
        while let next = reference.nextDaylightSavingTimeTransition(after: cursor), next.timeIntervalSince1970 < Double(F.utc(2040, 1, 1)) {
            let at = Int(next.timeIntervalSince1970)
            #expect(zone.offset(atUTC: at) == reference.secondsFromGMT(for: next))
            #expect(zone.offset(atUTC: at - 1) == reference.secondsFromGMT(for: next - 1))
            cursor = next
        }
    }

    @Test("wall times in New York, worked by hand", arguments: 0..<6)
    func newYorkEdges(_ index: Int) throws {
        let (wall, utc, exists) = DefinedZoneTests.handWorked[index]
        let zone = FoundationZone(zone: try #require(TimeZone(identifier: "America/New_York")))
        let result = zone.resolve(wall)
        #expect(result.utcSeconds == utc)
        #expect(result.exists == exists)
    }

    @Test("wall times in Berlin, worked by hand", arguments: 0..<5)
    func berlinEdges(_ index: Int) throws {
        let (wall, utc, exists) = DefinedZoneTests.handWorkedBerlin[index]
        let zone = FoundationZone(zone: try #require(TimeZone(identifier: "Europe/Berlin")))
        let result = zone.resolve(wall)
        #expect(result.utcSeconds == utc)
        #expect(result.exists == exists)
    }

    @Test("Samoa skipped 2011-12-30: its wall times do not exist and read with -10:00")
    func samoaSkippedDay() throws {
        // Hand-worked: Pacific/Apia went from -10:00 (DST) to +14:00 at 2011-12-30T10:00Z,
        // so 2011-12-29 24:00 local became 2011-12-31 00:00 local.
        let zone = FoundationZone(zone: try #require(TimeZone(identifier: "Pacific/Apia")))
        let noon = zone.resolve(F.wall(2011, 12, 30, 12))
        #expect(noon.utcSeconds == F.utc(2011, 12, 30, 22))
        #expect(noon.exists == false)
        #expect(zone.resolve(F.wall(2011, 12, 31, 0)) == (F.utc(2011, 12, 30, 10), true))
    }

    @Test("wall times far from 1970 resolve (1601, 2400)")
    func farDates() throws {
        let zone = FoundationZone(zone: try #require(TimeZone(identifier: "America/New_York")))
        // Local mean time of New York, -4:56:02, per tzdata.
        #expect(zone.offset(atUTC: F.utc(1601, 6, 1)) == -17_762)
        // Rules of 2007 projected: 2400-07-01 is in EDT.
        #expect(zone.resolve(F.wall(2400, 7, 1, 12)) == (F.utc(2400, 7, 1, 16), true))
    }

    @Test("a fixed-offset zone has no changes")
    func fixedOffset() throws {
        let zone = FoundationZone(zone: try #require(TimeZone(secondsFromGMT: -3 * 3600)))
        #expect(zone.offset(atUTC: F.utc(2024, 1, 1)) == -10_800)
        #expect(zone.resolve(F.wall(2024, 1, 1)) == (F.utc(2024, 1, 1, 3), true))
    }

    @Test("identifier: the IANA name, nil for UTC and GMT")
    func identifiers() throws {
        #expect(FoundationZone(zone: try #require(TimeZone(identifier: "Europe/Berlin"))).identifier == "Europe/Berlin")
        #expect(FoundationZone(zone: try #require(TimeZone(identifier: "UTC"))).identifier == nil)
        #expect(UTCZone().identifier == nil)
        #expect(UTCZone().resolve(F.wall(2024, 3, 10, 2, 30)) == (F.utc(2024, 3, 10, 2, 30), true))
    }

    @Test("many threads asking at once get the answers one thread gets")
    func concurrentUse() async throws {
        let reference = try #require(TimeZone(identifier: "Europe/Paris"))
        let expected = (0..<400).map { reference.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval($0 * 86_400 * 37))) }
        let zone = FoundationZone(zone: reference)
        let results = await withTaskGroup(of: [Int].self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<400).map { zone.offset(atUTC: $0 * 86_400 * 37) } }
            }
            return await group.reduce(into: [[Int]]()) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == expected })
    }
}
