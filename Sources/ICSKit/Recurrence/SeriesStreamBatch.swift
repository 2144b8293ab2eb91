/// A batch of a ``SeriesStream``: items written once by the producer and moved out one by one,
/// in order, by the reader. An item is never copied on its way through (no retain now and
/// release later of what its occurrence holds, no reversal of the batch, no copy out of an array).
///
/// Sendable notes: the producer fills the batch, then hands it over through the stream's
/// channel and never touches it again; from then on the reader alone reads it.
final class SeriesStreamBatch: @unchecked Sendable {
    private let items: UnsafeMutablePointer<SeriesStream.Item>
    let capacity: Int
    /// Items from `head` to `count` are initialized (written and not yet moved out).
    private(set) var count = 0
    private var head = 0

    /// An empty batch with room for `capacity` items (at least 1).
    init(capacity: Int) {
        precondition(capacity > 0, "a batch holds at least one item")
        self.capacity = capacity
        items = .allocate(capacity: capacity)
    }

    deinit {
        (items + head).deinitialize(count: count - head)
        items.deallocate()
    }

    var isFull: Bool { count == capacity }
    /// Whether every item written was moved out.
    var isDrained: Bool { head == count }

    /// Appends an item (the batch must not be full: a caller bug).
    func append(_ item: consuming SeriesStream.Item) {
        precondition(count < capacity, "append to a full batch")
        (items + count).initialize(to: item)
        count += 1
    }

    /// The sort key and rank of the next item (the batch must not be drained).
    var next: (key: Int, rank: Int) {
        let item = items + head
        return (item.pointee.key, item.pointee.rank)
    }

    /// Moves the next item out (the batch must not be drained).
    func removeFirst() -> SeriesStream.Item {
        precondition(head < count, "removeFirst on a drained batch")
        head += 1
        return (items + head - 1).move()
    }
}
