import Foundation

/// A bounded, blocking first-in-first-out channel between threads: the one producer/consumer
/// queue of the package (import and validation batches, the expansion's second thread, the
/// command line's output pipeline).
///
/// - ``send(_:)`` blocks while `capacity` elements wait (backpressure: a producer runs at most
///   `capacity` elements ahead, so memory stays bounded), and returns false once the channel
///   is cancelled.
/// - ``receive()`` blocks while the channel is empty and open; it returns nil once the channel
///   is closed (or cancelled) and drained.
/// - ``close()`` is the producer's end of input: what was sent is still received.
/// - ``cancel()`` is the consumer's "stop": what waits is dropped and blocked senders return false.
///
/// ```swift
/// let channel = BoundedChannel<[Int]>(capacity: 2)
/// Thread.detachNewThread { for i in 0..<10 { _ = channel.send([i]) }; channel.close() }
/// while let batch = channel.receive() { print(batch) }
/// ```
///
/// Threads that wait block in a condition variable (`NSCondition`, a pthread mutex and
/// condition): this is for threads, not for Swift concurrency's cooperative pool.
///
/// Sendable notes: `buffer`, `head`, `count`, `closed` and `cancelled` are only touched while
/// `condition` is locked; elements are Sendable.
package final class BoundedChannel<Element: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    /// A ring of `capacity` slots; `count` of them, from `head`, hold elements.
    private var buffer: [Element?]
    private var head = 0
    private var count = 0
    private var closed = false
    private var cancelled = false
    /// The most elements that wait at once.
    package let capacity: Int

    /// A channel holding at most `capacity` elements (at least 1: a caller bug otherwise).
    package init(capacity: Int) {
        precondition(capacity > 0, "a channel holds at least one element")
        self.capacity = capacity
        buffer = Array(repeating: nil, count: capacity)
    }

    /// Queues `element`, waiting while the channel is full. Returns false, dropping `element`,
    /// when the channel has been cancelled. Sending on a closed channel is a caller bug.
    ///
    /// - Complexity: O(1), plus the wait.
    @discardableResult
    package func send(_ element: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while count == capacity && !cancelled { condition.wait() }
        if cancelled { return false }
        precondition(!closed, "send on a closed channel")
        buffer[(head + count) % capacity] = element
        count += 1
        condition.broadcast()
        return true
    }

    /// The oldest element, waiting while the channel is empty and open; nil once it is closed
    /// and drained, or cancelled.
    ///
    /// - Complexity: O(1), plus the wait.
    package func receive() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while count == 0 && !closed && !cancelled { condition.wait() }
        if count == 0 || cancelled { return nil }
        let element = buffer[head].take()
        head = (head + 1) % capacity
        count -= 1
        condition.broadcast()
        return element
    }

    /// Ends the input: receivers get what was sent, then nil. Closing twice is harmless.
    package func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Stops the channel from the consumer's side: drops what waits, wakes blocked senders
    /// (their ``send(_:)`` returns false) and receivers (nil). Cancelling twice is harmless.
    package func cancel() {
        condition.lock()
        cancelled = true
        for i in buffer.indices { buffer[i] = nil }
        count = 0
        condition.broadcast()
        condition.unlock()
    }

    /// Whether the channel was cancelled (a producer may poll it between expensive steps).
    package var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }
}
