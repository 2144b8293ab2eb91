import Foundation
import Synchronization

/// Runs a ``SeriesMerge`` on a thread of its own and hands its occurrences over in sorted
/// batches (``SeriesStreamBatch``: each item moved in and out, never copied) through a ``BoundedChannel``, so that the expansion uses the second core: the
/// iterator merges this stream with its own series. At most ``bufferedBatches`` batches wait
/// (the expansion stays lazy: a long range never builds a large array), and the thread stops
/// as soon as the stream is cancelled (see ``SeriesStreamHandle``).
final class SeriesStream: Sendable {
    // Sendable notes: the merge (series, zone caches: not Sendable) is handed to the producer
    // thread at `init` and touched by it alone; the creator never touches those series again.

    static let batchSize = 512
    static let bufferedBatches = 8

    private let channel = BoundedChannel<SeriesStreamBatch>(capacity: SeriesStream.bufferedBatches)
    /// With a sieve: the thread's sieve as it ended and its limit diagnostics, set before the
    /// channel closes (read once ``next()`` has returned nil).
    private let ending = SieveEnding()

    /// Starts merging at once, on a new thread; with a `sieve`, only the occurrences it wants
    /// are made and handed over, and the limit diagnostics wait for ``sieveEnding``.
    init(_ merge: SeriesMerge, sieve: (any InstanceSieve)? = nil) {
        let box = Handoff(value: merge), channel = self.channel, ending = self.ending
        Thread.detachNewThread {
            defer { channel.close() }
            var merge = box.value
            var batch = SeriesStreamBatch(capacity: Self.batchSize)
            if var sieve {
                var diagnostics: [SievedDiagnostic] = []
                while let top = merge.top {
                    let occurrence = merge.pop(sieve: &sieve)
                    if merge.lastEnded, let diagnostic = merge.lastDiagnostic {
                        diagnostics.append(SievedDiagnostic(key: top.key, rank: top.rank, diagnostic: diagnostic))
                    }
                    guard let occurrence else { continue }
                    batch.append(key: top.key, rank: top.rank, occurrence: occurrence, diagnostic: nil)
                    if batch.isFull {
                        guard channel.send(batch) else { return }
                        batch = SeriesStreamBatch(capacity: Self.batchSize)
                    }
                }
                if batch.count > 0 { guard channel.send(batch) else { return } }
                ending.state.withLock { $0 = (sieve, diagnostics) }
                return
            }
            while let top = merge.top {
                batch.append(key: top.key, rank: top.rank, occurrence: merge.pop(), diagnostic: merge.lastEnded ? merge.lastDiagnostic : nil)
                if batch.isFull {
                    guard channel.send(batch) else { return }
                    batch = SeriesStreamBatch(capacity: Self.batchSize)
                }
            }
            if batch.count > 0 { channel.send(batch) }
        }
    }

    /// The next batch (never empty); nil at the end.
    func next() -> SeriesStreamBatch? {
        channel.receive()
    }

    /// With a sieve, once ``next()`` has returned nil: the thread's sieve as it ended (nil if the
    /// stream was cancelled) and its limit diagnostics.
    var sieveEnding: (sieve: (any InstanceSieve)?, diagnostics: [SievedDiagnostic]) {
        ending.state.withLock { $0 }
    }

    /// Stops the producer (at its next batch) and drops what is queued.
    func cancel() {
        channel.cancel()
    }
}

/// What a sieved stream's thread leaves at its end (``SeriesStream/sieveEnding``).
final class SieveEnding: Sendable {
    let state = Mutex<(sieve: (any InstanceSieve)?, diagnostics: [SievedDiagnostic])>((nil, []))
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
