import Testing
@testable import ICSKit

/// ``SeriesRanking``: the ranks merged from the parts' sorted runs against one sort of every
/// key by the tuple `(uid, calendar, order)` with `String`'s `<` (the order the expansion
/// ranked by before the parts sorted their own keys), and the merge of sorted lists.
@Suite("Recurrence: ranking from sorted runs")
struct SeriesRankingTests {
    /// UIDs with shared eight-byte prefixes, prefixes of each other, NUL, and canonically
    /// equivalent non-ASCII spellings, over three calendars, each order used once.
    static func keys() -> [(uid: String, calendar: Int, order: Int)] {
        let uids = ["040000008200E00074C5B7101A82E0080000000010", "040000008200E00074C5B7101A82E0080000000009",
                    "qg6gnouf4p2e@google.com", "abc", "abcdefgh", "abcdefgh0", "a\u{0}b", "a", "",
                    "e\u{301}x", "\u{e9}x", "B", "single-17", "single-170"]
        var keys: [(uid: String, calendar: Int, order: Int)] = []
        var order = 0
        for round in 0..<7 {
            for (i, uid) in uids.enumerated() where (i + round) % 3 != 0 {
                order += 1 + (i + round) % 2  // orders with gaps, as positions of skipped incidences leave
                keys.append((uid, (i * 5 + round) % 3, order))
            }
        }
        return keys
    }

    /// The keys dealt into `count` runs, each sorted as a part sorts its own.
    static func runs(_ keys: [(uid: String, calendar: Int, order: Int)], count: Int) -> [SeriesRanking.Run] {
        (0..<count).map { run in
            let mine = keys.enumerated().filter { $0.offset % count == run }.map { RankKey(uid: $0.element.uid, calendar: $0.element.calendar, order: $0.element.order) }
            let sorted = mine.indices.sorted { RankKey.precedes(mine[$0], mine[$1]) }
            return SeriesRanking.Run(keys: mine, sorted: sorted, singleOrder: [], singleStarts: [], singleKeyBase: mine.count)
        }
    }

    @Test(arguments: [1, 2, 3, 5])
    func ranksFromRunsAreThoseOfOneSort(runCount: Int) {
        let keys = Self.keys()
        let reference = keys.sorted { ($0.uid, $0.calendar, $0.order) < ($1.uid, $1.calendar, $1.order) }.map(\.order)
        let ranks = SeriesRanking.ranks(of: Self.runs(keys, count: runCount))
        #expect(keys.map { ranks[$0.order] }.sorted() == Array(0..<keys.count))
        #expect(reference.map { ranks[$0] } == Array(0..<keys.count))
    }

    @Test func singlesComeInStartThenRankOrder() {
        // Every key a single, with starts that tie often (four values): the heads must come in
        // (start, then (uid, calendar, order)) order, each naming its list and its position there.
        let keys = Self.keys()
        let start = { (i: Int) in 1_000 * ((i * 7) % 4) }
        var runs: [SeriesRanking.Run] = []
        for run in 0..<3 {
            let mine = keys.indices.filter { $0 % 3 == run }
            let ranked = mine.map { RankKey(uid: keys[$0].uid, calendar: keys[$0].calendar, order: keys[$0].order) }
            let starts = mine.map(start)
            let order = ranked.indices.sorted { starts[$0] != starts[$1] ? starts[$0] < starts[$1] : RankKey.precedes(ranked[$0], ranked[$1]) }
            runs.append(SeriesRanking.Run(keys: ranked, sorted: ranked.indices.sorted { RankKey.precedes(ranked[$0], ranked[$1]) },
                                          singleOrder: order, singleStarts: starts, singleKeyBase: 0))
        }
        let heads = SeriesRanking.singleHeads(runs: runs, ranks: SeriesRanking.ranks(of: runs))
        // Run r's list holds the keys at r, r + 3, r + 6, …: the head at (part, index) names key 3 × index + part.
        let expected = keys.indices.sorted { a, b in
            let x = keys[a], y = keys[b]
            return start(a) != start(b) ? start(a) < start(b) : (x.uid, x.calendar, x.order) < (y.uid, y.calendar, y.order)
        }
        #expect(heads.map { 3 * $0.index + $0.part } == expected)
        #expect(heads.map(\.key) == expected.map(start))
        #expect(Set(heads.map(\.key)).count == 4)
    }

    @Test func mergeOfSortedLists() {
        // Worked out by hand: every item once, in order; an empty list and a single list pass through.
        #expect(SeriesRanking.merge([[1, 4, 9], [2, 3, 10], [], [0, 5]], by: <) == [0, 1, 2, 3, 4, 5, 9, 10])
        #expect(SeriesRanking.merge([[7, 8]], by: <) == [7, 8])
        #expect(SeriesRanking.merge([], by: <) == [])
        // Ties: the earlier list's item first (here told apart by tens: 21 ties 25 by `/ 10`).
        #expect(SeriesRanking.merge([[21], [25], [20]], by: { $0 / 10 < $1 / 10 }) == [21, 25, 20])
    }
}
