import Dispatch
import Foundation

/// What the scanning thread hands to the parsing side.
enum ScanMessage: Sendable {
    case batch([ComponentBlock])
    /// The end of the input, with the diagnostics that belong to no block.
    case end([Diagnostic])
    case failure(ICSError)
}

/// A bounded, blocking queue between the scanning thread and the parsing side: the
/// scanner runs at most `capacity` batches ahead, so memory stays bounded.
///
/// Sendable notes: `items` is only touched under `lock`; the semaphores count free
/// slots and waiting items.
final class BatchQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [ScanMessage] = []
    private let available = DispatchSemaphore(value: 0)
    private let space: DispatchSemaphore

    init(capacity: Int) {
        space = DispatchSemaphore(value: capacity)
    }

    func put(_ message: ScanMessage) {
        space.wait()
        lock.withLock { items.append(message) }
        available.signal()
    }

    func take() -> ScanMessage {
        available.wait()
        let message = lock.withLock { items.removeFirst() }
        space.signal()
        return message
    }
}

/// What the scanner learnt of the physical lines, known at the end of the input.
struct LineStatistics: Sendable {
    /// The first long physical lines (over the reader's limit, when it counts them) and their count.
    var longLines: (lines: [Int], count: Int) = ([], 0)
    /// Lines ending with a bare LF: how many, the first, and how many ended with CRLF.
    var bareLineFeeds: (count: Int, firstLine: Int?, crlfCount: Int) = (0, nil, 0)
}

/// Moves the scanner to the scanning thread.
///
/// Sendable notes: the scanner is used by exactly one thread, the one running ``scan(into:batchBytes:)``,
/// after its creator has stopped touching it; ``statistics`` is written there before `.end` is
/// queued and read after `.end` is taken (the queue's lock orders the two).
final class ScannerBox: @unchecked Sendable {
    private var scanner: BlockScanner
    /// Line statistics of the whole input; read only after the queue handed out `.end`.
    private(set) var statistics = LineStatistics()

    init(scanner: BlockScanner) {
        self.scanner = scanner
    }

    /// Scans to the end, putting batches of about `batchBytes` into `queue`, then `.end`.
    func scan(into queue: BatchQueue, batchBytes: Int) {
        var batch: [ComponentBlock] = []
        var bytes = 0
        do {
            while let block = try scanner.next() {
                bytes += block.text.count
                batch.append(block)
                if bytes >= batchBytes {
                    queue.put(.batch(batch))
                    batch = []
                    bytes = 0
                }
            }
            if !batch.isEmpty { queue.put(.batch(batch)) }
            statistics = LineStatistics(longLines: scanner.longLines, bareLineFeeds: scanner.bareLineFeeds)
            queue.put(.end(scanner.diagnostics))
        } catch {
            queue.put(.failure(error))
        }
    }
}
