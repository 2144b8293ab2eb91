/// The ranks of an expansion's series and singles in (UID, calendar, position) order
/// (``RankKey``), which break ties between equal start keys in the merges, so that they compare
/// integers, not UIDs.
///
/// Each part of the set-up (``SeriesSetup``) sorts its own keys, and its singles by start then
/// key, on its own thread (``run(series:singles:)``): that reads every series'
/// master and every single's UID, and mostly waits on memory. The calling thread then merges
/// the parts' sorted runs (``ranks(of:)``, ``singleHeads(runs:ranks:)``), in linear time for the usual two. The
/// result is what one sort of every key would give: the order is total (no two keys are equal:
/// their positions differ), so merging sorted runs gives the same sequence as sorting them all.
enum SeriesRanking {
    /// One part's keys and singles, sorted on the part's thread.
    struct Run {
        /// The keys of the part's series, then of its drained series (``SeriesDrain``), then of
        /// its singles, each in the order they were built.
        var keys: [RankKey]
        /// Positions in ``keys``, in key order.
        var sorted: [Int]
        /// The part's singles in start order, then key order, as positions in its list of singles.
        var singleOrder: [Int]
        /// The start key of each of the part's singles, in the order they were built (their rank
        /// keys are those of ``keys`` from ``singleKeyBase`` on).
        var singleStarts: [Int]
        /// Where the singles' keys start in ``keys`` (after the series' and the drained series').
        var singleKeyBase: Int
    }

    /// The run of a part that built `series` and `singles`, and drained the series whose keys
    /// are `drained` (``SeriesDrain/keys``).
    ///
    /// - Complexity: O(n log n) for n series and singles.
    static func run(series: [Series], drained: [RankKey] = [], singles: [PendingOccurrence]) -> Run {
        var keys: [RankKey] = []
        keys.reserveCapacity(series.count + drained.count + singles.count)
        for item in series { keys.append(RankKey(uid: item.master.uid ?? "", calendar: item.calendarIndex, order: item.order)) }
        keys += drained
        var starts: [Int] = []
        starts.reserveCapacity(singles.count)
        singles.withUnsafeBufferPointer { singles in
            for i in singles.indices {
                keys.append(RankKey(uid: singles[i].occurrence.incidence.uid ?? "", calendar: singles[i].occurrence.calendarIndex,
                                    order: singles[i].order))
                starts.append(singles[i].key)
            }
        }
        var sorted = Array(keys.indices)
        var singleOrder = Array(starts.indices)
        keys.withUnsafeBufferPointer { keys in
            sorted.sort { RankKey.precedes(keys[$0], keys[$1]) }
            let first = series.count + drained.count
            starts.withUnsafeBufferPointer { starts in
                singleOrder.sort { starts[$0] != starts[$1] ? starts[$0] < starts[$1] : RankKey.precedes(keys[first + $0], keys[first + $1]) }
            }
        }
        return Run(keys: keys, sorted: sorted, singleOrder: singleOrder, singleStarts: starts, singleKeyBase: series.count + drained.count)
    }

    /// The rank of each position (`ranks[order]`) that the runs' keys name, from the merge of the runs.
    ///
    /// - Complexity: O(n log k) for n keys in k runs.
    static func ranks(of runs: [Run]) -> [Int] {
        // One array of every key, each run's sorted positions shifted into it.
        var keys: [RankKey] = []
        var lists: [[Int]] = []
        for run in runs {
            let base = keys.count
            keys += run.keys
            lists.append(base == 0 ? run.sorted : run.sorted.map { base + $0 })
        }
        var orderCount = 0
        for key in keys { orderCount = max(orderCount, key.order + 1) }
        var ranks = [Int](repeating: 0, count: orderCount)
        keys.withUnsafeBufferPointer { keys in
            for (rank, position) in merge(lists, by: { RankKey.precedes(keys[$0], keys[$1]) }).enumerated() {
                ranks[keys[position].order] = rank
            }
        }
        return ranks
    }

    /// A single as the merge reads it: its start key, its rank, and where it is: list `part` of
    /// the expansion's lists of singles (one per part, in the order of the runs; not joined: no
    /// occurrence is copied), position `index`.
    struct SingleHead {
        var key: Int
        var rank: Int
        var part: Int
        var index: Int
    }

    /// The singles of every run in start order, then rank (`ranks` from ``ranks(of:)``): the
    /// merge of the runs' sorted singles, read from the runs alone (the occurrences are not
    /// touched). Run `r`'s singles are list `r` of the expansion's lists of singles.
    ///
    /// - Complexity: O(n log k) for n singles in k runs.
    static func singleHeads(runs: [Run], ranks: [Int]) -> [SingleHead] {
        var heads: [SingleHead] = []
        var lists: [[Int]] = []
        for (part, run) in runs.enumerated() {
            let base = heads.count
            for i in run.singleStarts.indices {
                heads.append(SingleHead(key: run.singleStarts[i], rank: ranks[run.keys[run.singleKeyBase + i].order],
                                        part: part, index: i))
            }
            lists.append(base == 0 ? run.singleOrder : run.singleOrder.map { base + $0 })
        }
        return heads.withUnsafeBufferPointer { heads in
            merge(lists, by: { heads[$0].key != heads[$1].key ? heads[$0].key < heads[$1].key : heads[$0].rank < heads[$1].rank })
                .map { heads[$0] }
        }
    }

    /// Sorted lists merged into one sorted list, two by two (each item moves O(log k) times for
    /// k lists); on a tie the item of the earlier list comes first.
    static func merge(_ lists: [[Int]], by precedes: (Int, Int) -> Bool) -> [Int] {
        var lists = lists
        if lists.isEmpty { return [] }
        while lists.count > 1 {
            var next: [[Int]] = []
            next.reserveCapacity((lists.count + 1) / 2)
            var i = 0
            while i + 1 < lists.count {
                next.append(merge(lists[i], lists[i + 1], by: precedes))
                i += 2
            }
            if i < lists.count { next.append(lists[i]) }
            lists = next
        }
        return lists[0]
    }

    private static func merge(_ a: [Int], _ b: [Int], by precedes: (Int, Int) -> Bool) -> [Int] {
        var out: [Int] = []
        out.reserveCapacity(a.count + b.count)
        var x = 0, y = 0
        while x < a.count && y < b.count {
            if precedes(b[y], a[x]) { out.append(b[y]); y += 1 } else { out.append(a[x]); x += 1 }
        }
        out.append(contentsOf: a[x...])
        out.append(contentsOf: b[y...])
        return out
    }
}
