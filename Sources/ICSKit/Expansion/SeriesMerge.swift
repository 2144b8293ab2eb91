/// A k-way merge of series: hands out their occurrences sorted by start key, then rank.
///
/// A ``MinHeap`` holds small entries (start key, rank, series index); each series' next instance
/// waits in `current` and becomes an ``Occurrence`` only when it is handed out.
///
/// Sendable notes: not Sendable (series and their zone caches are not); a merge is used by one
/// thread at a time.
struct SeriesMerge {
    /// A heap entry: the start key and rank of a series' next instance, and the series.
    struct Entry: Comparable {
        var key: Int
        var rank: Int
        var index: Int

        @inline(__always)
        static func < (a: Entry, b: Entry) -> Bool {
            a.key != b.key ? a.key < b.key : a.rank < b.rank
        }

        static func == (a: Entry, b: Entry) -> Bool { a.key == b.key && a.rank == b.rank }
    }

    /// Keeps the series alive; the merge reaches them through ``unretained``.
    private let series: [Series]
    /// The same series, reached without a retain and release per occurrence (they are kept
    /// alive by ``series`` for as long as the merge exists).
    private let unretained: [Unmanaged<Series>]
    /// The next instance of each series, made into an occurrence when its heap entry is popped.
    private var current: [PendingInstance]
    private var heap: MinHeap<Entry>

    /// A merge of `series`, whose first instances (in the range) are `firsts`; their ranks must be set.
    ///
    /// - Complexity: O(k) for k series.
    init(series: [Series], firsts: [PendingInstance]) {
        precondition(series.count == firsts.count, "one first instance per series")
        self.series = series
        unretained = series.map { Unmanaged.passUnretained($0) }
        current = firsts
        heap = MinHeap(series.indices.map { Entry(key: firsts[$0].key, rank: series[$0].order, index: $0) })
    }

    /// The start key and rank of the next occurrence; nil when every series is done.
    var top: (key: Int, rank: Int)? { heap.min.map { ($0.key, $0.rank) } }

    /// The series whose occurrence ``pop()`` handed out last, when that series ended right after
    /// it; -1 otherwise. A plain index, so that a pop writes no optional ``Diagnostic``.
    private var endedIndex = -1

    /// Whether the series of the occurrence ``pop()`` handed out last ended right after it (rare):
    /// only then may ``lastDiagnostic`` be non-nil.
    var lastEnded: Bool { endedIndex >= 0 }

    /// The limit diagnostic of the series whose occurrence ``pop()`` handed out last, when that
    /// series stopped at its instance limit right after it; nil otherwise.
    var lastDiagnostic: Diagnostic? { endedIndex >= 0 ? series[endedIndex].limitDiagnostic : nil }

    /// Hands out the next occurrence (there must be one); ``lastDiagnostic`` tells whether its
    /// series stopped at its instance limit right after it.
    ///
    /// The series moves on first, and the occurrence is built last, straight into the caller's
    /// result (it depends only on the instance and the series' fixed parts): no copy of it.
    ///
    /// - Complexity: O(log k) for k series, plus the work of finding the series' next instance.
    mutating func pop() -> Occurrence {
        let (series, instance) = advanceTop()
        return series._withUnsafeGuaranteedRef { $0.occurrence(for: instance) }
    }

    /// ``pop()`` for a `sieve`: the series moves on the same, and the occurrence is made and
    /// handed out only when the sieve wants it (``Series/occurrence(for:sieve:)``); nil when not.
    mutating func pop(sieve: inout any InstanceSieve) -> Occurrence? {
        let (series, instance) = advanceTop()
        return series._withUnsafeGuaranteedRef { $0.occurrence(for: instance, sieve: &sieve) }
    }

    /// Moves the first series on to its next instance (which takes the top entry's place: one
    /// sift instead of a pop and a push), or out of the heap when it has none, setting
    /// ``lastDiagnostic``'s index; returns that series, unretained (``series`` keeps it alive),
    /// and the instance it had. Inlined, so that both pops stay one straight path.
    @inline(__always)
    private mutating func advanceTop() -> (series: Unmanaged<Series>, instance: PendingInstance) {
        let top = heap.min!
        let index = top.index
        let series = unretained[index]
        let instance = current[index]
        if let next = series._withUnsafeGuaranteedRef({ $0.next() }) {
            current[index] = next
            heap.replaceMin(with: Entry(key: next.key, rank: top.rank, index: index))
            endedIndex = -1
        } else {
            heap.popMin()
            endedIndex = index
        }
        return (series, instance)
    }
}
