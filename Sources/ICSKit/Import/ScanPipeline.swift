import Foundation

/// What the scanning thread hands to the parsing side.
enum ScanMessage: Sendable {
    case batch([ComponentBlock])
    /// The end of the input, with the diagnostics that belong to no block.
    case end([Diagnostic])
    case failure(ICSError)
}

/// What the scanner learnt of the physical lines, known at the end of the input.
struct LineStatistics: Sendable {
    /// The first long physical lines (over the reader's limit, when it counts them) and their count.
    var longLines: (lines: [Int], count: Int) = ([], 0)
    /// Lines ending with a bare LF: how many, the first, and how many ended with CRLF.
    var bareLineFeeds: (count: Int, firstLine: Int?, crlfCount: Int) = (0, nil, 0)
}

/// The one scan pipeline of import and validation: the scanner runs on a thread of its own, at
/// most ``capacity`` batches of about `batchBytes` ahead of the consumer (a ``BoundedChannel``),
/// so that the consumer's threads work on one batch while the next is read, and memory stays
/// bounded by a few batches.
///
/// ```swift
/// let pipeline = ScanPipeline(scanner: scanner, batchBytes: 1 << 20)
/// let end = try pipeline.run { batch in parse(batch) }
/// ```
struct ScanPipeline {
    /// Batches that may wait between the scanner and the consumer.
    static let capacity = 2

    private let channel = BoundedChannel<ScanMessage>(capacity: ScanPipeline.capacity)
    private let producer: ScannerBox

    /// Starts scanning at once, on a new thread.
    init(scanner: BlockScanner, batchBytes: Int) {
        producer = ScannerBox(scanner: scanner)
        let channel = self.channel, producer = self.producer
        Thread.detachNewThread { producer.scan(into: channel, batchBytes: batchBytes) }
    }

    /// Hands every batch, in order, to `body` on the calling thread; returns the diagnostics that
    /// belong to no block and the line statistics, or throws the scanner's error.
    func run(_ body: ([ComponentBlock]) -> Void) throws(ICSError) -> (diagnostics: [Diagnostic], statistics: LineStatistics) {
        // Whatever happens here, the scanning thread is not left waiting for room.
        defer { channel.cancel() }
        while let message = channel.receive() {
            switch message {
            case .batch(let batch): body(batch)
            case .end(let diagnostics): return (diagnostics, producer.statistics)
            case .failure(let error): throw error
            }
        }
        preconditionFailure("the scanner closed the channel without an end")
    }
}

/// Moves the scanner to the scanning thread.
///
/// Sendable notes: the scanner is used by exactly one thread, the one running ``scan(into:batchBytes:)``,
/// after its creator has stopped touching it; ``statistics`` is written there before `.end` is
/// sent and read after `.end` is received (the channel's lock orders the two).
final class ScannerBox: @unchecked Sendable {
    private var scanner: BlockScanner
    /// Line statistics of the whole input; read only after the channel handed out `.end`.
    private(set) var statistics = LineStatistics()

    init(scanner: BlockScanner) {
        self.scanner = scanner
    }

    /// Scans to the end, sending batches of about `batchBytes` into `channel`, then `.end`
    /// (or `.failure`); stops early when the consumer cancels.
    func scan(into channel: BoundedChannel<ScanMessage>, batchBytes: Int) {
        defer { channel.close() }
        var batch: [ComponentBlock] = []
        var bytes = 0
        do {
            while let block = try scanner.next() {
                bytes += block.text.count
                batch.append(block)
                if bytes >= batchBytes {
                    guard channel.send(.batch(batch)) else { return }
                    batch = []
                    bytes = 0
                }
            }
            if !batch.isEmpty { guard channel.send(.batch(batch)) else { return } }
            statistics = LineStatistics(longLines: scanner.longLines, bareLineFeeds: scanner.bareLineFeeds)
            channel.send(.end(scanner.diagnostics))
        } catch {
            channel.send(.failure(error))
        }
    }
}
