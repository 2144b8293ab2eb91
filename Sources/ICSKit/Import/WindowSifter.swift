import Foundation
import Synchronization

/// The second stage of a windowed scan (``ScanPipeline/init(scanner:batchBytes:filter:)``), on a
/// thread of its own between the scanning thread and the consumer: it judges each block of the
/// scanner's batches with the filter, packs the skipped ones into ``kept`` at once (leaving a
/// ``SkipMark`` in the batch it sends on, so that they never travel to the parse threads), and
/// hands their emptied husks back to the scanner through a ``BlockPool``, whose next blocks reuse
/// their buffers.
///
/// Why a thread of its own: the scanning thread is the critical path of a windowed import (the
/// parse threads wait for its batches), and judging and packing took about a fifth of its
/// instructions; here they run beside it, on the core the parse leaves idle.
///
/// Sendable notes: ``kept`` is written only by the thread running ``sift(_:into:)``, and read by
/// the consumer only after it received `.end`, which that thread sends after its last write (the
/// channel's lock orders the two).
final class WindowSifter: @unchecked Sendable {
    private let filter: WindowFilter
    private let pool: BlockPool
    /// The blocks the filter skipped, in file order; read only after the output handed out `.end`.
    private(set) var kept = KeptBlockStore()

    init(filter: WindowFilter, pool: BlockPool) {
        self.filter = filter
        self.pool = pool
    }

    /// Reads the scanner's `.batch`es from `input` until its `.end` (or `.failure`) and sends on,
    /// for each, a `.windowed` batch of the blocks to parse with the marks of those skipped; then
    /// the end. Stops early when the consumer cancels `output`, and then cancels `input`.
    func sift(_ input: BoundedChannel<ScanMessage>, into output: BoundedChannel<ScanMessage>) {
        defer {
            output.close()
            input.cancel()
        }
        var husks: [ComponentBlock] = []
        while let message = input.receive() {
            // The previous batch is gone by now: its skipped blocks' buffers are referenced only
            // by their husks, which the scanner can then empty and refill without a copy.
            if !husks.isEmpty { pool.put(&husks) }
            switch message {
            case .batch(let blocks):
                guard output.send(.windowed(sift(blocks, husks: &husks))) else { return }
            case .end(let diagnostics):
                output.send(.end(diagnostics))
                return
            case .failure(let error):
                output.send(.failure(error))
                return
            case .windowed:
                preconditionFailure("the scanner sends plain batches to the sifter")
            }
        }
    }

    /// The blocks of `blocks` to parse, and a mark for each skipped one (packed into ``kept``,
    /// its husk added to `husks`).
    private func sift(_ blocks: [ComponentBlock], husks: inout [ComponentBlock]) -> WindowedBatch {
        var batch = WindowedBatch()
        for block in blocks {
            let (verdict, uid) = filter.verdictAndUID(block)
            if verdict == .parse {
                batch.blocks.append(block)
                continue
            }
            batch.skips.append(SkipMark(blocksBefore: batch.blocks.count, verdict: verdict, uidHash: uid))
            kept.append(block)
            husks.append(block)
        }
        return batch
    }
}

/// Blocks whose buffers a windowed scan's sifting thread is done with, on their way back to the
/// scanning thread (``BlockScanner/recycle(_:)``): taken all at once, so that the lock is taken
/// about once a batch on either side. At most ``maxSpares`` wait; more are let go.
///
/// Sendable notes: the blocks live behind a `Mutex`; blocks are Sendable values.
final class BlockPool: Sendable {
    /// The most blocks kept waiting (a batch of small blocks is a few thousand).
    static let maxSpares = 8192
    private let spares = Mutex<[ComponentBlock]>([])

    init() {}

    /// Adds `blocks` to the pool (those beyond ``maxSpares`` are dropped) and empties `blocks`.
    func put(_ blocks: inout [ComponentBlock]) {
        spares.withLock { spares in
            if spares.count < Self.maxSpares { spares.append(contentsOf: blocks.prefix(Self.maxSpares - spares.count)) }
        }
        blocks.removeAll(keepingCapacity: true)
    }

    /// Every block waiting, the pool left empty.
    func takeAll() -> [ComponentBlock] {
        spares.withLock { spares in
            var all: [ComponentBlock] = []
            swap(&all, &spares)
            return all
        }
    }
}
