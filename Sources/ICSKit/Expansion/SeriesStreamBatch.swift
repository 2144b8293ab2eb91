/// A batch of a ``SeriesStream``: occurrences with their sort keys, ranks and limit diagnostics,
/// written once by the producer and moved out one by one, in order, by the reader. An occurrence
/// is never copied on its way through (no retain now and release later of what it holds, no
/// reversal of the batch, no copy out of an array).
///
/// Sendable notes: the producer fills the batch, then hands it over through the stream's
/// channel and never touches it again; from then on the reader alone reads it. One thread at a
/// time, and no re-entrance: its state needs no dynamic exclusivity checks (`@exclusivity(unchecked)`).
final class SeriesStreamBatch: @unchecked Sendable {
    private let occurrences: UnsafeMutablePointer<Occurrence>
    /// Sort key and rank of each occurrence.
    @exclusivity(unchecked) private var orders: [(key: Int, rank: Int)] = []
    /// The limit diagnostics, by position of the occurrence their series stopped after (rare).
    @exclusivity(unchecked) private var diagnostics: [Int: Diagnostic] = [:]
    let capacity: Int
    /// Occurrences from `head` to `count` are initialized (written and not yet moved out).
    var count: Int { orders.count }
    @exclusivity(unchecked) private var head = 0

    /// An empty batch with room for `capacity` items (at least 1).
    init(capacity: Int) {
        precondition(capacity > 0, "a batch holds at least one item")
        self.capacity = capacity
        occurrences = .allocate(capacity: capacity)
        orders.reserveCapacity(capacity)
    }

    deinit {
        (occurrences + head).deinitialize(count: count - head)
        occurrences.deallocate()
    }

    var isFull: Bool { count == capacity }
    /// Whether every occurrence written was moved out.
    var isDrained: Bool { head == count }

    /// Appends an occurrence (the batch must not be full: a caller bug).
    func append(key: Int, rank: Int, occurrence: consuming Occurrence, diagnostic: Diagnostic?) {
        precondition(count < capacity, "append to a full batch")
        (occurrences + count).initialize(to: occurrence)
        if let diagnostic { diagnostics[count] = diagnostic }
        orders.append((key, rank))
    }

    /// The sort key and rank of the next occurrence (the batch must not be drained).
    var next: (key: Int, rank: Int) { orders[head] }

    /// The limit diagnostic that comes with the next occurrence, if its series stopped right after it.
    var nextDiagnostic: Diagnostic? { diagnostics.isEmpty ? nil : diagnostics[head] }

    /// Whether any occurrence of the batch came with a limit diagnostic (rare): when not, the
    /// reader skips ``nextDiagnostic`` (no optional ``Diagnostic`` made per occurrence).
    var hasDiagnostics: Bool { !diagnostics.isEmpty }

    /// Moves the next occurrence out (the batch must not be drained).
    func removeFirst() -> Occurrence {
        precondition(head < count, "removeFirst on a drained batch")
        head += 1
        return (occurrences + head - 1).move()
    }
}
