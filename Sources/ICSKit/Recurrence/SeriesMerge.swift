/// A k-way merge of series: hands out their occurrences sorted by start key, then rank.
///
/// The heap holds small entries (start key, rank, series index); each series' next instance
/// waits in `current` and becomes an ``Occurrence`` only when it is handed out.
///
/// Sendable notes: not Sendable (series and their zone caches are not); a merge is used by one
/// thread at a time.
struct SeriesMerge {
    private var series: [Series]
    /// The next instance of each series, made into an occurrence when its heap entry is popped.
    private var current: [PendingInstance]
    /// Heap of (start key, rank, series index).
    private var heap: [(key: Int, rank: Int, index: Int)] = []

    /// A merge of `series`, whose first instances (in the range) are `firsts`; their ranks must be set.
    ///
    /// - Complexity: O(k log k) for k series.
    init(series: [Series], firsts: [PendingInstance]) {
        precondition(series.count == firsts.count, "one first instance per series")
        self.series = series
        current = firsts
        heap.reserveCapacity(series.count)
        for index in series.indices { push((firsts[index].key, series[index].order, index)) }
    }

    /// The start key and rank of the next occurrence; nil when every series is done.
    var top: (key: Int, rank: Int)? { heap.first.map { ($0.key, $0.rank) } }

    /// Hands out the next occurrence (there must be one), with its series' limit diagnostic
    /// when the series stopped at its instance limit right after it.
    ///
    /// - Complexity: O(log k) for k series, plus the work of finding the series' next instance.
    mutating func pop() -> (occurrence: Occurrence, diagnostic: Diagnostic?) {
        let top = heap[0]
        let index = top.index
        let occurrence = series[index].occurrence(for: current[index])
        // The series' next instance takes the top entry's place (one sift instead of a pop and a push).
        if let next = series[index].next() {
            current[index] = next
            replaceTop((next.key, top.rank, index))
            return (occurrence, nil)
        }
        let last = heap.removeLast()
        if !heap.isEmpty { replaceTop(last) }
        return (occurrence, series[index].limitDiagnostic)
    }

    @inline(__always)
    private static func precedes(_ a: (key: Int, rank: Int, index: Int), _ b: (key: Int, rank: Int, index: Int)) -> Bool {
        a.key != b.key ? a.key < b.key : a.rank < b.rank
    }

    private mutating func push(_ item: (key: Int, rank: Int, index: Int)) {
        heap.append(item)
        var i = heap.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            if !Self.precedes(heap[i], heap[parent]) { break }
            heap.swapAt(i, parent)
            i = parent
        }
    }

    /// Replaces the top entry by `item` and sifts it down (moving a hole, not swapping).
    private mutating func replaceTop(_ item: (key: Int, rank: Int, index: Int)) {
        heap.withUnsafeMutableBufferPointer { heap in
            let count = heap.count
            var i = 0
            while true {
                let l = 2 * i + 1
                if l >= count { break }
                let r = l + 1
                let m = r < count && Self.precedes(heap[r], heap[l]) ? r : l
                if !Self.precedes(heap[m], item) { break }
                heap[i] = heap[m]
                i = m
            }
            heap[i] = item
        }
    }
}
