import Testing
@testable import ICSKit

/// The day-to-date conversion (Neri and Schneider's algorithm within `CivilDate.fastDays`)
/// against Hinnant's `civil_from_days` (the reference it replaced), and against dates worked
/// out by hand.
@Suite struct CivilDateConversionTests {
    /// Days counted by hand: 1970 to 2000 is 30 years with 7 leap days (72…96), so 2000-01-01
    /// is day 10,957 and 2000-02-29 is 59 days later; 2024-01-01 is 54 × 365 + 13 leap days
    /// (1972…2020); day -719,468 is 0000-03-01 (Hinnant's era start); the first fast day is
    /// 82 × 146,097 days (82 cycles of 400 years) before that: -32800-03-01.
    @Test func handWorkedDays() {
        let cases: [(Int, Int, Int, Int)] = [
            (0, 1970, 1, 1), (-1, 1969, 12, 31), (10_957, 2000, 1, 1), (11_016, 2000, 2, 29),
            (11_017, 2000, 3, 1), (19_723, 2024, 1, 1), (-719_468, 0, 3, 1), (-719_469, 0, 2, 29),
            (-12_699_422, -32_800, 3, 1),
        ]
        for (days, year, month, day) in cases {
            let date = CivilDate(daysSinceEpoch: days)
            #expect((date.year, date.month, date.day) == (year, month, day), "day \(days)")
            #expect(date.daysSinceEpoch == days, "day \(days) back")
        }
        #expect(CivilDate.fastDays.lowerBound == -12_699_422)
    }

    /// Every day from 1583 (the first full Gregorian year) to 2600, both ends of the fast range,
    /// and one day in 9,973 across it: the same parts as Hinnant's algorithm.
    @Test func fastPartsMatchHinnant() {
        func check(_ days: Int) -> Bool {
            CivilDate.fastParts(daysSinceEpoch: days) == CivilDate.hinnantParts(daysSinceEpoch: days)
        }
        let first = CivilDate(year: 1583, month: 1, day: 1).daysSinceEpoch
        let last = CivilDate(year: 2600, month: 12, day: 31).daysSinceEpoch
        var mismatches: [Int] = []
        for days in first ... last where !check(days) { mismatches.append(days) }
        let range = CivilDate.fastDays
        for days in range.lowerBound ... range.lowerBound + 3_000 where !check(days) { mismatches.append(days) }
        for days in range.upperBound - 3_000 ... range.upperBound where !check(days) { mismatches.append(days) }
        for days in stride(from: range.lowerBound, through: range.upperBound, by: 9_973) where !check(days) {
            mismatches.append(days)
        }
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(5))")
    }

    /// Beyond the fast range the public initializer takes Hinnant's path, and still round-trips.
    @Test func outsideFastRange() {
        for days in [CivilDate.fastDays.lowerBound - 1, CivilDate.fastDays.upperBound + 1, -100_000_000, 2_000_000_000] {
            let date = CivilDate(daysSinceEpoch: days)
            let reference = CivilDate.hinnantParts(daysSinceEpoch: days)
            #expect((date.year, date.month, date.day) == reference, "day \(days)")
            #expect(date.daysSinceEpoch == days, "day \(days) back")
        }
    }

    /// The wall-time initializer's fast path (bits written without clamping) gives the same value
    /// as building it from its parts (the clamping initializer), on both sides of 1970 and of a
    /// midnight, at the fast range's ends, and beyond them.
    @Test func wallTimeFastPathMatchesParts() {
        func reference(_ seconds: Int) -> CivilDateTime {
            let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
            let rest = seconds - days * 86_400
            let parts = CivilDate.hinnantParts(daysSinceEpoch: days)
            return CivilDateTime(date: CivilDate(year: parts.year, month: parts.month, day: parts.day),
                                 hour: rest / 3600, minute: rest % 3600 / 60, second: rest % 60)
        }
        var seconds: [Int] = Array(-200_000 ... -172_000) + Array(-1_000 ... 1_000) + [86_399, 86_400, 951_782_400 + 86_399]
        seconds += [CivilDate.fastDays.lowerBound * 86_400, CivilDate.fastDays.lowerBound * 86_400 - 1,
                    CivilDate.fastDays.upperBound * 86_400 + 86_399, CivilDate.fastDays.upperBound * 86_400 + 86_400]
        seconds += stride(from: -1_000_000_000_000, through: 90_000_000_000_000, by: 987_654_321)
        let mismatches = seconds.filter { CivilDateTime(secondsSinceEpoch: $0) != reference($0) }
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(5))")
        // 2000-02-29T23:59:59 by hand: day 11,016 × 86,400 + 86,399.
        #expect(CivilDateTime(secondsSinceEpoch: 11_016 * 86_400 + 86_399)
                == CivilDateTime(year: 2000, month: 2, day: 29, hour: 23, minute: 59, second: 59))
        #expect(CivilDateTime(secondsSinceEpoch: -1) == CivilDateTime(year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59))
    }
}
