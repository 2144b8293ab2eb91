import Foundation
import Testing
@testable import ICSKit

/// TZIDs that name a fixed offset (`UTC-04:00`, `GMT+1`) without a VTIMEZONE. Expected offsets
/// worked out by hand: the ordinary sign (east of UTC positive), hours and minutes as written;
/// tzdata's `Etc/GMT±N` keeps its POSIX sign (`Etc/GMT-3` is three hours east, as tzdata's
/// `etcetera` file says and Python's zoneinfo agrees: `Etc/GMT-3` → +03:00).
@Suite("FixedOffsetName")
struct FixedOffsetNameTests {
    @Test("offsets read from the name", arguments: [
        ("UTC-04:00", -4 * 3600), ("UTC+05:30", 5 * 3600 + 1800), ("GMT+1", 3600), ("GMT-0330", -(3 * 3600 + 1800)),
        ("utc+5", 5 * 3600), ("UTC +10", 10 * 3600), ("GMT+14:00", 14 * 3600), ("UTC\u{2212}03:00", -3 * 3600),
        ("GMT+05.45", 5 * 3600 + 45 * 60), ("UTC-0", 0),
    ])
    func offsets(_ tzid: String, _ offset: Int) {
        #expect(FixedOffsetName(tzid)?.offset == offset)
    }

    @Test("names that are not a bare fixed offset", arguments: [
        "Etc/GMT-3", "UTC", "GMT", "UTC-15", "UTC+05:60", "UTC+5:3", "UTC+12345", "(UTC-04:00) Atlantic Time (Canada)",
        "UTC-04:00 Halifax", "UTC-", "Europe/Berlin", "UTC+٥",
    ])
    func rejected(_ tzid: String) {
        #expect(FixedOffsetName(tzid) == nil)
    }

    @Test("the resolver reads them as fixed offsets, after tzdata and a VTIMEZONE")
    func resolver() throws {
        let resolver = ZoneResolver(timeZones: [])
        let minusFour = try #require(resolver.zone(for: "\"UTC-04:00\""))
        // 9 and 10 March 2024 (New York changes on the 10th): -04:00 on both, no DST.
        let ninth = CivilDate(year: 2024, month: 3, day: 9).daysSinceEpoch * 86_400
        #expect(minusFour.offset(atUTC: ninth) == -14_400)
        #expect(minusFour.offset(atUTC: ninth + 86_400 + 12 * 3600) == -14_400)
        #expect(minusFour.resolve(CivilDateTime(secondsSinceEpoch: ninth + 9 * 3600)).utcSeconds == ninth + 13 * 3600)
        // tzdata's name wins, with its POSIX sign: three hours east.
        let etc = try #require(resolver.zone(for: "Etc/GMT-3"))
        #expect(etc.identifier == "Etc/GMT-3")
        #expect(etc.offset(atUTC: ninth) == 10_800)
        #expect(resolver.zone(for: "GMT+1")?.offset(atUTC: ninth) == 3600)
        #expect(ZoneKind.of("UTC+05:30", resolver: resolver) == .fixedOffset("GMT+0530"))
    }
}
