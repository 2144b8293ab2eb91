import Dispatch
import Foundation

/// Runs a ``SeriesMerge`` on a thread of its own and hands its occurrences over in sorted
/// batches, so that the expansion uses the second core: the iterator merges this stream
/// with its own series. At most ``bufferedBatches`` batches wait (the expansion stays
/// lazy: a long range never builds a large array), and the thread stops as soon as the
/// stream is cancelled (see ``SeriesStreamHandle``).
final class SeriesStream: @unchecked Sendable {
    // Sendable notes: `batches`, `head` and `cancelled` are only touched under `lock`; the
    // semaphores count free slots and ready batches. The merge (series, zone caches: not
    // Sendable) is handed to the producer thread at `init` and touched by it alone, and the
    // creator never touches those series again.

    /// One occurrence with its sort key and rank, and the limit diagnostic its series hit right after it.
    struct Item: Sendable {
        var key: Int
        var rank: Int
        var occurrence: Occurrence
        var diagnostic: Diagnostic?
    }

    static let batchSize = 512
    static let bufferedBatches = 8

    private let lock = NSLock()
    private var batches: [[Item]] = []
    private var head = 0
    private var cancelled = false
    private let ready = DispatchSemaphore(value: 0)
    /// Free slots. Made with 0 and signalled up: libdispatch traps when a semaphore goes away
    /// below its initial value, which a cancelled stream's may.
    private let space = DispatchSemaphore(value: 0)

    /// Starts merging at once, on a global queue.
    init(_ merge: SeriesMerge) {
        for _ in 0..<Self.bufferedBatches { space.signal() }
        let box = MergeBox(merge: merge)
        DispatchQueue.global().async { [self] in
            var merge = box.merge
            var batch: [Item] = []
            batch.reserveCapacity(Self.batchSize)
            while let top = merge.top {
                let (occurrence, diagnostic) = merge.pop()
                batch.append(Item(key: top.key, rank: top.rank, occurrence: occurrence, diagnostic: diagnostic))
                if batch.count == Self.batchSize {
                    if !put(batch) { return }
                    batch.removeAll(keepingCapacity: true)
                }
            }
            if !batch.isEmpty && !put(batch) { return }
            _ = put([])  // the end
        }
    }

    /// Queues a batch once there is room; false when the stream was cancelled.
    private func put(_ batch: [Item]) -> Bool {
        space.wait()
        let open = lock.withLock {
            if !cancelled { batches.append(batch) }
            return !cancelled
        }
        if open { ready.signal() }
        return open
    }

    /// The next batch, in order; empty at the end.
    func next() -> [Item] {
        ready.wait()
        let batch = lock.withLock {
            let batch = batches[head]
            batches[head] = []
            head += 1
            if head == batches.count { batches.removeAll(keepingCapacity: true); head = 0 }
            return batch
        }
        space.signal()
        return batch
    }

    /// Stops the producer (at its next batch) and drops what is queued.
    func cancel() {
        lock.withLock {
            cancelled = true
            batches.removeAll()
            head = 0
        }
        space.signal()
    }
}

/// Owned by the iterators that read a ``SeriesStream``: when the last of them goes away, the
/// stream is cancelled, so that an iteration left early does not leave a thread waiting.
final class SeriesStreamHandle: Sendable {
    let stream: SeriesStream

    init(_ stream: SeriesStream) {
        self.stream = stream
    }

    deinit {
        stream.cancel()
    }
}

/// Sendable notes: carries a merge to the producer thread once; its creator keeps no reference
/// to the merge's series.
private struct MergeBox: @unchecked Sendable {
    let merge: SeriesMerge
}
