import Foundation
import Testing
@testable import ICSKit

/// How UTC EXDATEs and RECURRENCE-IDs name the instances of a UTC series read at X-WR-TIMEZONE's
/// wall time (``UTCReading``). Expected instants worked out by hand: Europe/Berlin is +01:00 until
/// 31 March 2024 01:00Z, then +02:00 (tzdata); a weekly series from 18 March 2024 08:00Z is at
/// 09:00 Berlin, so 07:00Z from 1 April, while RFC 5545's reading of the same file keeps 08:00Z.
@Suite("UTCReading")
struct UTCReadingTests {
    static var berlin: ZoneCache { ZoneCache(ZoneResolver.systemZone("Europe/Berlin")!) }
    static func utc(_ y: Int, _ m: Int, _ d: Int, _ h: Int) -> Int {
        CivilDateTime(date: CivilDate(year: y, month: m, day: d), hour: h, minute: 0, second: 0).secondsSinceEpoch
    }
    static func value(_ seconds: Int) -> TimeValue { .utc(CivilDateTime(secondsSinceEpoch: seconds)) }
    static let start = value(utc(2024, 3, 18, 8))
    static var clock: SeriesClock { .zoned(berlin, tzid: "Europe/Berlin") }

    @Test func onlyForAUTCStartReadInAZone() {
        #expect(UTCReading(start: Self.start, clock: Self.clock) != nil)
        #expect(UTCReading(start: Self.start, clock: .zoned(ZoneCache(UTCZone()), tzid: nil)) == nil)
        let zonedStart = TimeValue.zoned(CivilDateTime(secondsSinceEpoch: Self.utc(2024, 3, 18, 9)), tzid: "Europe/Berlin")
        #expect(UTCReading(start: zonedStart, clock: Self.clock) == nil)
    }

    @Test func alternateAfterTheChange() throws {
        let reading = try #require(UTCReading(start: Self.start, clock: Self.clock))
        #expect(reading.offset == 3600)
        // 8 April 08:00Z read at +01:00 is 09:00 wall, which is 07:00Z in summer time.
        #expect(reading.alternate(Self.value(Self.utc(2024, 4, 8, 8)), zone: Self.berlin) == Self.utc(2024, 4, 8, 7))
        // Before the change both readings agree: no alternate.
        #expect(reading.alternate(Self.value(Self.utc(2024, 3, 25, 8)), zone: Self.berlin) == nil)
        // Only UTC values have one.
        let zoned = TimeValue.zoned(CivilDateTime(secondsSinceEpoch: Self.utc(2024, 4, 8, 8)), tzid: "Europe/Berlin")
        #expect(reading.alternate(zoned, zone: Self.berlin) == nil)
    }

    @Test func namedInstance() throws {
        let reading = try #require(UTCReading(start: Self.start, clock: Self.clock))
        // 08:00Z on 8 April is 10:00 wall, not DTSTART's 09:00: it names the 07:00Z instance.
        #expect(reading.named(Self.value(Self.utc(2024, 4, 8, 8)), instant: Self.utc(2024, 4, 8, 8), zone: Self.berlin) == Self.utc(2024, 4, 8, 7))
        // 07:00Z on 8 April is the instance's own instant (09:00 wall): kept.
        #expect(reading.named(Self.value(Self.utc(2024, 4, 8, 7)), instant: Self.utc(2024, 4, 8, 7), zone: Self.berlin) == Self.utc(2024, 4, 8, 7))
    }

    @Test func matcherAndLeftoversAgreeWithTheExpansion() {
        let rule = RecurrenceRule(frequency: .weekly, count: 6)
        let lookup: (String) -> ZoneCache? = { ZoneResolver.systemZone($0).map(ZoneCache.init) }
        let matcher = InstanceMatcher(start: Self.start, rules: [rule], dates: [], targets: [Self.value(Self.utc(2024, 4, 22, 8))],
                                      clock: Self.clock, lookup: lookup)
        // The UTC reading and the true instant of 8 April both name it; 10:00Z names nothing.
        #expect(matcher.matches(Self.value(Self.utc(2024, 4, 8, 8))))
        #expect(matcher.matches(Self.value(Self.utc(2024, 4, 8, 7))))
        #expect(!matcher.matches(Self.value(Self.utc(2024, 4, 8, 10))))
        // An EXDATE in the UTC reading excludes the override that names the instance by its true instant.
        #expect(CalDAVLeftovers.isExcluded(Self.value(Self.utc(2024, 4, 15, 7)), by: [Self.value(Self.utc(2024, 4, 15, 8))],
                                           start: Self.start, clock: Self.clock, lookup: lookup))
    }
}
