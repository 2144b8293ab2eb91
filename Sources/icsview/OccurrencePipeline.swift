import Dispatch
import Foundation
import ICSKit

/// Runs an expansion on its own thread, handing occurrences over in batches, so that the
/// caller encodes and writes one batch while the next is expanded (two cores, two stages).
final class OccurrencePipeline: @unchecked Sendable {
    // Sendable notes: `batches` and `done` are only touched under `lock`; the semaphores
    // count free slots and ready batches.
    private let lock = NSLock()
    private var batches: [[Occurrence]] = []
    private var diagnostics: [Diagnostic] = []
    private let ready = DispatchSemaphore(value: 0)
    private let space = DispatchSemaphore(value: 4)
    static let batchSize = 2048

    /// Starts expanding at once.
    init(_ expansion: OccurrenceExpansion) {
        DispatchQueue.global().async { [self] in
            var iterator = expansion.makeIterator()
            var batch: [Occurrence] = []
            batch.reserveCapacity(OccurrencePipeline.batchSize)
            while let occurrence = iterator.next() {
                batch.append(occurrence)
                if batch.count == OccurrencePipeline.batchSize {
                    put(batch)
                    batch.removeAll(keepingCapacity: true)
                }
            }
            if !batch.isEmpty { put(batch) }
            lock.withLock { diagnostics = iterator.diagnostics }
            put([])  // the end
        }
    }

    private func put(_ batch: [Occurrence]) {
        space.wait()
        lock.withLock { batches.append(batch) }
        ready.signal()
    }

    /// The next batch, in order; empty at the end.
    func next() -> [Occurrence] {
        ready.wait()
        let batch = lock.withLock { batches.removeFirst() }
        space.signal()
        return batch
    }

    /// The expansion's diagnostics, once ``next()`` has returned the empty batch.
    var finalDiagnostics: [Diagnostic] { lock.withLock { diagnostics } }
}
