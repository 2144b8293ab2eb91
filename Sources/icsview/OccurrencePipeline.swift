import Foundation
import ICSKit

/// Runs an expansion on its own thread, handing occurrences over in batches through ICSKit's
/// `BoundedChannel`, so that the caller encodes and writes one batch while the next is
/// expanded (two cores, two stages). At most ``bufferedBatches`` batches wait.
///
/// A batch travels in reverse order, so that the caller takes each occurrence out of it with
/// `popLast()` (a move) instead of copying it out of the array and destroying the array's copy
/// afterwards (a retain and a release of each of its references, about 430 instructions an
/// occurrence); the reversal, on the expansion's thread, moves the values without retaining them.
final class OccurrencePipeline: Sendable {
    // Sendable notes: the expansion's iterator lives on the producer thread alone; the
    // diagnostics travel in the channel's last batch.
    private enum Message: Sendable {
        case batch([Occurrence])
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
            var batch: [Occurrence] = []
            batch.reserveCapacity(Self.batchSize)
            while let occurrence = iterator.next() {
                batch.append(occurrence)
                if batch.count == Self.batchSize {
                    batch.reverse()
                    guard channel.send(.batch(batch)) else { return }
                    batch = []
                    batch.reserveCapacity(Self.batchSize)
                }
            }
            batch.reverse()
            if !batch.isEmpty { guard channel.send(.batch(batch)) else { return } }
            channel.send(.end(iterator.diagnostics))
        }
    }

    deinit { channel.cancel() }

    /// Hands every occurrence, in order, to `body` on the calling thread; returns the expansion's diagnostics.
    func run(_ body: (borrowing Occurrence) -> Void) -> [Diagnostic] {
        while let message = channel.receive() {
            switch consume message {
            case .batch(var batch):
                while let occurrence = batch.popLast() { body(occurrence) }
            case .end(let diagnostics): return diagnostics
            }
        }
        return []
    }
}
