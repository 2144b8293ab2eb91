import Foundation
import ICSKit

/// Runs an expansion on its own thread, handing occurrences over in batches through ICSKit's
/// `BoundedChannel`, so that the caller encodes and writes one batch while the next is
/// expanded (two cores, two stages). At most ``bufferedBatches`` batches wait.
///
/// A batch is an ``OccurrenceBatch``: each occurrence is moved into it and moved out of it,
/// never copied.
final class OccurrencePipeline: Sendable {
    // Sendable notes: the expansion's iterator lives on the producer thread alone; the
    // diagnostics travel in the channel's last batch.
    private enum Message: Sendable {
        case batch(OccurrenceBatch)
        case end([Diagnostic])
    }

    private let channel = BoundedChannel<Message>(capacity: OccurrencePipeline.bufferedBatches)
    static let batchSize = 2048
    static let bufferedBatches = 4

    /// Starts expanding at once, on a new thread.
    init(_ expansion: OccurrenceExpansion) {
        let channel = self.channel
        Thread.detachNewThread {
            defer { channel.close() }
            var iterator = expansion.makeIterator()
            var batch = OccurrenceBatch(capacity: Self.batchSize)
            while let occurrence = iterator.next() {
                batch.append(consume occurrence)
                if batch.isFull {
                    guard channel.send(.batch(batch)) else { return }
                    batch = OccurrenceBatch(capacity: Self.batchSize)
                }
            }
            if !batch.isEmpty { guard channel.send(.batch(batch)) else { return } }
            channel.send(.end(iterator.diagnostics))
        }
    }

    deinit { channel.cancel() }

    /// Hands every occurrence, in order, to `body` on the calling thread; returns the expansion's diagnostics.
    func run(_ body: (borrowing Occurrence) -> Void) -> [Diagnostic] {
        while let message = channel.receive() {
            switch message {
            case .batch(let batch):
                while let occurrence = batch.takeNext() { body(occurrence) }
            case .end(let diagnostics): return diagnostics
            }
        }
        return []
    }
}
