import ICSKit

/// A batch of occurrences handed from the expansion's thread to the writer's
/// (``OccurrencePipeline``): filled in order on one thread, then emptied in order on the other,
/// each occurrence moved in and moved out, so that none is copied (a copy retains each of its
/// references and the copy's destruction releases them again: about 430 instructions an
/// occurrence when an `Array` is read element by element).
///
/// Owns its buffer: the occurrences not yet taken are destroyed, and the buffer freed, in `deinit`.
///
/// Sendable notes: one thread at a time uses a batch: the producer until it sends the batch
/// through the channel, the consumer after it receives it; the channel's lock orders the two.
final class OccurrenceBatch: @unchecked Sendable {
    private let base: UnsafeMutablePointer<Occurrence>
    /// How many occurrences it holds when full.
    let capacity: Int
    /// How many were put in.
    private(set) var count = 0
    /// How many were taken out (the first `taken` slots are uninitialised again).
    private var taken = 0

    /// An empty batch with room for `capacity` occurrences.
    init(capacity: Int) {
        precondition(capacity > 0, "OccurrenceBatch: capacity must be positive")
        base = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    deinit {
        (base + taken).deinitialize(count: count - taken)
        base.deallocate()
    }

    var isFull: Bool { count == capacity }
    var isEmpty: Bool { count == 0 }

    /// Moves `occurrence` in at the end.
    func append(_ occurrence: consuming Occurrence) {
        precondition(count < capacity && taken == 0, "OccurrenceBatch: appended when full or being emptied")
        (base + count).initialize(to: occurrence)
        count += 1
    }

    /// Moves the next occurrence out, in the order they were put in; nil when all are taken.
    func takeNext() -> Occurrence? {
        guard taken < count else { return nil }
        taken += 1
        return (base + taken - 1).move()
    }
}
