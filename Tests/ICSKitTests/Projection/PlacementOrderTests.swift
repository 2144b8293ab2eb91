import Foundation
import Testing
@testable import ICSKit

/// The keyed sort of ``PlacementOrder`` gives the order of the field-by-field comparators it
/// replaces (``OccurrencePlacement/precedes(_:_:)``, ``DayRangeLayout/laneOrder(_:_:)``): the
/// expected orders below are worked out by hand from those comparators' documented rules, and a
/// larger mixed list is checked against a sort with the comparators themselves.
@Suite struct PlacementOrderTests {
    typealias S = ProjectionSupport
    static let utc = S.gregorian("UTC")

    static func timed(_ uid: String, summary: String? = nil, _ start: Int, _ end: Int) -> Occurrence {
        Occurrence(incidence: S.event(uid, summary: summary), start: S.instant(start), end: S.instant(end))
    }

    /// One tie broken at each level of the display order, in input order scrambled.
    @Test func displayOrderBreaksEachTieAsDocumented() {
        let nine = S.utc(2025, 6, 10, 9), ten = S.utc(2025, 6, 10, 10)
        let input: [Occurrence] = [
            Self.timed("b", nine, ten),                        // 0
            Self.timed("a", summary: "z", nine, ten),          // 1
            Self.timed("a", summary: "y", nine, ten),          // 2
            Self.timed("a", summary: "y", nine, ten),          // 3: same UID and summary as 2
            Self.timed("c", ten, ten + 3600),                  // 4: later start
            Self.timed("d", nine, S.utc(2025, 6, 11, 10)),     // 5: same start, two days: before the one-day ones
            S.allDay("e", (2025, 6, 10), (2025, 6, 11)),       // 6: all-day: before every timed one on the 10th
            Self.timed("f", S.utc(2025, 6, 9, 23), S.utc(2025, 6, 9, 23, 30)),  // 7: the day before
        ]
        let placed = DayOccurrences(input, visibleDays: S.day(2025, 6, 1)...S.day(2025, 6, 30), calendar: Self.utc)
        // Day 9: f. Day 10: e (all-day), then 09:00 starts: d (longer), then a/y (2, 3 by index), a/z, b; then c at 10:00.
        #expect(placed.placements.map(\.index) == [7, 6, 5, 2, 3, 1, 0, 4])
    }

    @Test func laneOrderBreaksEachTieAsDocumented() {
        let input: [Occurrence] = [
            S.allDay("b", (2025, 6, 10), (2025, 6, 13)),       // 0: three days
            S.allDay("a", (2025, 6, 10), (2025, 6, 12)),       // 1: two days
            S.allDay("c", (2025, 6, 10), (2025, 6, 13)),       // 2: three days, UID after b
            Self.timed("b", S.utc(2025, 6, 10, 8), S.utc(2025, 6, 12, 20)),  // 3: three days, UID b, later start than 0
            S.allDay("b", (2025, 6, 9), (2025, 6, 11)),        // 4: begins a day earlier
        ]
        let placed = DayOccurrences(input, visibleDays: S.day(2025, 6, 1)...S.day(2025, 6, 30), calendar: Self.utc)
        let layout = DayRangeLayout(placed, gridStart: DayArithmetic(Self.utc).serial(of: S.day(2025, 6, 8)), rows: 1,
                                    visible: DayArithmetic(Self.utc).serial(of: S.day(2025, 6, 8))...DayArithmetic(Self.utc).serial(of: S.day(2025, 6, 14)),
                                    arithmetic: DayArithmetic(Self.utc))
        // Lane order: 4 (first day 9), then of the 10th the three-day ones: b all-day (00:00), b timed
        // (08:00), c; then a (two days). Lanes, first fit: 4 takes lane 0 (columns 1–2); every other
        // range starts at column 2, where lane 0 is still taken, so each takes the next new lane.
        let lanes = Dictionary(uniqueKeysWithValues: layout.segments.map { ($0.occurrenceIndex, $0.lane) })
        #expect(lanes == [4: 0, 0: 1, 3: 2, 2: 3, 1: 4])
    }

    /// Many occurrences with few distinct values in each field (so that ties are common): the
    /// keyed order equals a sort with the comparators.
    @Test func agreesWithTheComparators() {
        var input: [Occurrence] = []
        for n in 0..<400 {
            let uid = ["x", "y", "z", ""][n % 4]
            let summary = ["p", "q"][(n / 4) % 2]
            let start = S.utc(2025, 6, 1 + (n * 7) % 5, [9, 10][(n / 3) % 2])
            let hours = [1, 30, 50][(n / 5) % 3]
            if n % 11 == 0 {
                input.append(S.allDay(uid, (2025, 6, 1 + n % 5), (2025, 6, 2 + n % 5 + (n / 7) % 3)))
            } else {
                input.append(Self.timed(uid, summary: summary, start, start + hours * 3600))
            }
        }
        let placed = DayOccurrences(input, visibleDays: S.day(2025, 6, 1)...S.day(2025, 6, 30), calendar: Self.utc)
        let arithmetic = DayArithmetic(Self.utc)
        let reference = input.enumerated().map { OccurrencePlacement($1, index: $0, arithmetic: arithmetic) }
        #expect(placed.placements.map(\.index) == reference.sorted(by: OccurrencePlacement.precedes).map(\.index))
        let all = placed.placements
        let keyed = PlacementOrder.laneOrder(Array(all.indices), of: all, uidRanks: placed.uidRanks).map { all[$0].index }
        #expect(keyed == all.sorted(by: DayRangeLayout.laneOrder).map(\.index))
    }

    /// UIDs that the eight-byte prefix key cannot tell apart (the same first eight bytes, one a
    /// prefix of another) or does not read (not ASCII; one spelled with a combining accent, which
    /// String takes as equal to the precomposed one): the order equals a sort with the comparator.
    @Test func uidsOrderedAsStrings() {
        let uids = ["abcdefgh-2", "abcdefgh-1", "abcdefgh", "abcdefg", "b", "", "ab\u{E9}", "abe\u{301}", "abcdefgi", "Zed", "\u{E9}", "abcdefgh-1"]
        let nine = S.utc(2025, 6, 10, 9)
        let input = uids.map { Self.timed($0, nine, nine + 3600) }
        let placed = DayOccurrences(input, visibleDays: S.day(2025, 6, 1)...S.day(2025, 6, 30), calendar: Self.utc)
        let arithmetic = DayArithmetic(Self.utc)
        let reference = input.enumerated().map { OccurrencePlacement($1, index: $0, arithmetic: arithmetic) }
        #expect(placed.placements.map(\.index) == reference.sorted(by: OccurrencePlacement.precedes).map(\.index))
        // By hand: "" < "Zed" < "abcdefg" < "abcdefgh" < "abcdefgh-1" (twice, by index) < "abcdefgh-2"
        // < "abcdefgi" < "abé" (twice, equal as strings) < "b" < "é".
        #expect(placed.placements.map(\.index) == [5, 9, 3, 2, 1, 11, 0, 8, 6, 7, 4, 10])
    }

    @Test(arguments: [("", 0), ("A", 0x41 << 56), ("ABCDEFGHIJ", 0x4142_4344_4546_4748), ("ABCDEFGH\u{E9}", nil), ("\u{E9}", nil)]
          as [(String, UInt64?)])
    func asciiPrefixKey(string: String, key: UInt64?) {
        #expect(PlacementOrder.asciiPrefixKey(string) == key)
    }
}
