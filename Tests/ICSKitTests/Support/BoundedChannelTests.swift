import Foundation
import Synchronization
import Testing
@testable import ICSKit

/// `BoundedChannel`: first in, first out; `close` lets receivers drain what was sent; a producer
/// never runs more than `capacity` elements ahead; `cancel` releases blocked senders and
/// receivers; many producers lose and duplicate nothing. The expected values follow from the
/// channel's contract (its doc comment), worked out by hand.
@Suite struct BoundedChannelTests {
    /// Waits up to 10 s for `condition` (another thread has to get there first).
    static func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while !condition() {
            if Date() > deadline { return false }
            usleep(1_000)
        }
        return true
    }

    @Test func deliversInOrderThenNilAfterClose() {
        let channel = BoundedChannel<Int>(capacity: 8)
        for i in 1...5 { #expect(channel.send(i)) }
        channel.close()
        var received: [Int] = []
        while let i = channel.receive() { received.append(i) }
        #expect(received == [1, 2, 3, 4, 5])
        #expect(channel.receive() == nil)  // stays drained
    }

    @Test func ringWrapsAround() {
        // Capacity 3, 10 rounds of send-send-receive-receive: the ring's head passes its end many times.
        let channel = BoundedChannel<Int>(capacity: 3)
        var received: [Int] = []
        for round in 0..<10 {
            channel.send(2 * round)
            channel.send(2 * round + 1)
            received.append(channel.receive()!)
            received.append(channel.receive()!)
        }
        #expect(received == Array(0..<20))
    }

    @Test func producerRunsAtMostCapacityAhead() {
        let capacity = 3, total = 200
        let channel = BoundedChannel<Int>(capacity: capacity)
        let sent = Atomic<Int>(0)
        Thread.detachNewThread {
            for i in 0..<total {
                channel.send(i)
                sent.add(1, ordering: .sequentiallyConsistent)
            }
            channel.close()
        }
        // Nobody receives: the producer fills the channel and blocks on its fourth send.
        #expect(Self.eventually { sent.load(ordering: .sequentiallyConsistent) == capacity })
        usleep(50_000)
        #expect(sent.load(ordering: .sequentiallyConsistent) == capacity)
        var received: [Int] = []
        while let i = channel.receive() {
            received.append(i)
            // After r receives, at most r + capacity sends can have returned.
            #expect(sent.load(ordering: .sequentiallyConsistent) <= received.count + capacity)
        }
        #expect(received == Array(0..<total))
    }

    @Test func manyProducersLoseNothing() {
        let producers = 4, each = 2_000
        let channel = BoundedChannel<(producer: Int, value: Int)>(capacity: 2)
        let finished = DispatchSemaphore(value: 0)
        for p in 0..<producers {
            Thread.detachNewThread {
                for v in 0..<each { channel.send((p, v)) }
                finished.signal()
            }
        }
        Thread.detachNewThread {
            for _ in 0..<producers { finished.wait() }
            channel.close()
        }
        var perProducer = [[Int]](repeating: [], count: producers)
        while let item = channel.receive() { perProducer[item.producer].append(item.value) }
        // Each producer's values arrive complete and in the order it sent them.
        for values in perProducer { #expect(values == Array(0..<each)) }
    }

    @Test func cancelReleasesABlockedSender() {
        let channel = BoundedChannel<Int>(capacity: 1)
        #expect(channel.send(1))
        let result = Mutex<Bool?>(nil)
        Thread.detachNewThread {
            let accepted = channel.send(2)  // blocks: the channel is full
            result.withLock { $0 = accepted }
        }
        usleep(20_000)
        #expect(result.withLock { $0 } == nil)  // still blocked
        channel.cancel()
        #expect(Self.eventually { result.withLock { $0 } != nil })
        #expect(result.withLock { $0 } == false)
        #expect(channel.receive() == nil)  // what waited was dropped
        #expect(channel.send(3) == false)
        #expect(channel.isCancelled)
    }

    @Test func closeReleasesABlockedReceiver() {
        let channel = BoundedChannel<Int>(capacity: 2)
        let result = Mutex<(done: Bool, value: Int?)>((false, nil))
        Thread.detachNewThread {
            let value = channel.receive()  // blocks: nothing was sent
            result.withLock { $0 = (true, value) }
        }
        usleep(20_000)
        #expect(result.withLock { $0.done } == false)
        channel.close()
        #expect(Self.eventually { result.withLock { $0.done } })
        #expect(result.withLock { $0.value } == nil)
    }
}
