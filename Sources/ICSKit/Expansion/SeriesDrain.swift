/// The series of a sieved expansion (``OccurrenceExpansion/collect(sieve:_:)``), each asked of the
/// sieve whole, on the set-up's thread, as soon as it is built: its instances go through
/// ``Series/next()`` and the sieve one after another while the series is in the cache, and the
/// series is gone before the next one is built. Only the occurrences the sieve wants are kept,
/// with their start keys; the expansion puts them in order once the ranks are known (few: a grid
/// keeps each day's first ones). No merge heap holds the series, and no second thread merges them.
///
/// The sieve sees the same occurrences as through the merge, in another order, which
/// ``InstanceSieve`` allows (a sieve sees them in no particular order); what it wants is handed
/// out in the expansion's order all the same. A series that stops at its limit leaves its
/// diagnostic with the start key of its last occurrence, where the merge would have met it.
///
/// Sendable notes: not Sendable (its sieve's state belongs to the set-up's thread until the
/// set-up hands it back, through ``Handoff``).
struct SeriesDrain {
    /// This part's copy of the sieve: what it counted adds up with the other copies.
    var sieve: any InstanceSieve
    /// The occurrences the sieve wanted, with their start keys and their series' positions
    /// (ranks once ``OccurrenceExpansion/Iterator`` has them), in the order they were asked about.
    private(set) var wanted: [PendingOccurrence] = []
    /// The limit diagnostics, with the start key of the occurrence their series stopped after
    /// and its position (a rank later).
    private(set) var diagnostics: [SievedDiagnostic] = []
    /// The rank keys of the drained series, in the order they were built (``SeriesRanking``
    /// ranks them among the others).
    private(set) var keys: [RankKey] = []

    init(sieve: any InstanceSieve) {
        self.sieve = sieve
    }

    /// Asks the sieve about every instance of `series` in the range, from its first, `first`.
    ///
    /// - Complexity: O(n) for n instances, plus the sieve's work.
    mutating func drain(_ series: Series, first: PendingInstance) {
        keys.append(RankKey(uid: series.master.uid ?? "", calendar: series.calendarIndex, order: series.order))
        var instance = first
        while true {
            if let occurrence = series.occurrence(for: instance, sieve: &sieve) {
                wanted.append(PendingOccurrence(key: instance.key, order: series.order, occurrence: occurrence))
            }
            guard let next = series.next() else {
                if let diagnostic = series.limitDiagnostic {
                    diagnostics.append(SievedDiagnostic(key: instance.key, rank: series.order, diagnostic: diagnostic))
                }
                return
            }
            instance = next
        }
    }

    /// Keeps an occurrence the sieve wanted.
    mutating func keep(_ occurrence: PendingOccurrence) {
        wanted.append(occurrence)
    }

    /// Ranks a drained series among the others, by `key`.
    mutating func rank(_ key: RankKey) {
        keys.append(key)
    }
}

extension SeriesDrain {
    /// The wanted occurrences of every part in the expansion's order (start key, then rank), as
    /// heads that say where each lies (part `part` of `drains`, position `index` in its
    /// ``wanted``): the occurrences are neither moved nor copied to be sorted. The positions are
    /// replaced by `ranks` (``SeriesRanking/ranks(of:)``), in the heads and in the parts' limit
    /// diagnostics.
    ///
    /// - Complexity: O(n log n) for n wanted occurrences.
    static func ordered(_ drains: [SeriesDrain], ranks: [Int]) -> (heads: [SeriesRanking.SingleHead], diagnostics: [SievedDiagnostic]) {
        var heads: [SeriesRanking.SingleHead] = []
        var diagnostics: [SievedDiagnostic] = []
        heads.reserveCapacity(drains.reduce(0) { $0 + $1.wanted.count })
        for (part, drain) in drains.enumerated() {
            drain.wanted.withUnsafeBufferPointer { wanted in
                for i in wanted.indices {
                    heads.append(SeriesRanking.SingleHead(key: wanted[i].key, rank: ranks[wanted[i].order], part: part, index: i))
                }
            }
            for var item in drain.diagnostics {
                item.rank = ranks[item.rank]
                diagnostics.append(item)
            }
        }
        heads.sort { $0.key != $1.key ? $0.key < $1.key : $0.rank < $1.rank }
        return (heads, diagnostics)
    }
}
