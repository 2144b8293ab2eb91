import Foundation

/// What the scanning thread hands to the parsing side.
enum ScanMessage: Sendable {
    case batch([ComponentBlock])
    /// A batch of a windowed scan (``ScanPipeline/init(scanner:batchBytes:filter:)``).
    case windowed(WindowedBatch)
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

    private let channel: BoundedChannel<ScanMessage>
    private let producer: ScannerBox
    /// A windowed scan's second stage, which judges and packs (`nil` without a filter).
    private let sifter: WindowSifter?

    /// Starts scanning at once, on a new thread.
    /// - Parameter filter: a windowed import's filter: a second thread (``WindowSifter``) then
    ///   judges each block of the scanner's batches, packs those the filter skips into a
    ///   ``KeptBlockStore`` at once (they never travel to the parse threads), hands their buffers
    ///   back to the scanner, and sends ``WindowedBatch``es; read them with ``run(windowed:)``.
    init(scanner: BlockScanner, batchBytes: Int, filter: WindowFilter? = nil) {
        let channel = BoundedChannel<ScanMessage>(capacity: ScanPipeline.capacity)
        let producer = ScannerBox(scanner: scanner)
        self.channel = channel
        self.producer = producer
        guard let filter else {
            sifter = nil
            Thread.detachNewThread { producer.scan(into: channel, batchBytes: batchBytes) }
            return
        }
        let scanned = BoundedChannel<ScanMessage>(capacity: ScanPipeline.capacity)
        let pool = BlockPool()
        let sifter = WindowSifter(filter: filter, pool: pool)
        self.sifter = sifter
        Thread.detachNewThread { producer.scan(into: scanned, batchBytes: batchBytes, reusing: pool) }
        Thread.detachNewThread { sifter.sift(scanned, into: channel) }
    }

    /// Hands every batch, in order, to `body` on the calling thread; returns the diagnostics that
    /// belong to no block and the line statistics, or throws the scanner's error.
    func run(_ body: ([ComponentBlock]) -> Void) throws(ICSError) -> (diagnostics: [Diagnostic], statistics: LineStatistics) {
        // Whatever happens here, the scanning thread is not left waiting for room.
        defer { channel.cancel() }
        while let message = channel.receive() {
            switch message {
            case .batch(let batch): body(batch)
            case .windowed: preconditionFailure("a windowed scan is read with run(windowed:)")
            case .end(let diagnostics): return (diagnostics, producer.statistics)
            case .failure(let error): throw error
            }
        }
        preconditionFailure("the scanner closed the channel without an end")
    }

    /// Hands every batch of a windowed scan (one started with a filter), in order, to `body` on the
    /// calling thread; returns the diagnostics that belong to no block and the blocks the filter
    /// skipped (in file order, as numbered by the batches' ``SkipMark``s), or throws the scanner's error.
    func run(windowed body: (WindowedBatch) -> Void) throws(ICSError) -> (diagnostics: [Diagnostic], kept: KeptBlockStore) {
        defer { channel.cancel() }
        while let message = channel.receive() {
            switch message {
            case .windowed(let batch): body(batch)
            case .batch: preconditionFailure("a scan without a filter is read with run(_:)")
            case .end(let diagnostics): return (diagnostics, sifter?.kept ?? KeptBlockStore())
            case .failure(let error): throw error
            }
        }
        preconditionFailure("the scanner closed the channel without an end")
    }
}

/// What a windowed scan sends of a stretch of the input: the blocks to parse, and a mark in
/// their midst for each block that the filter skipped (its text and lines are in the scan's
/// ``KeptBlockStore``, at the mark's number in file order).
struct WindowedBatch: Sendable {
    var blocks: [ComponentBlock] = []
    var skips: [SkipMark] = []
}

/// A block that a windowed scan skipped: where it stood among a batch's blocks, and the filter's
/// verdict and UID hash (``WindowFilter/verdictAndUID(_:)``).
struct SkipMark: Sendable {
    /// How many of the batch's ``WindowedBatch/blocks`` came before it in the file.
    var blocksBefore: Int
    var verdict: WindowFilter.Verdict
    var uidHash: UInt64?
}

/// Moves the scanner to the scanning thread.
///
/// Sendable notes: the scanner is used by exactly one thread, the one running ``scan(into:batchBytes:reusing:)``,
/// after its creator has stopped touching it; ``statistics`` is written there before `.end` is
/// sent and read after `.end` is received (the channel's lock orders the two; through a
/// ``WindowSifter``, which forwards `.end` after receiving it, both channels' locks do).
final class ScannerBox: @unchecked Sendable {
    private var scanner: BlockScanner
    /// Line statistics of the whole input; read only after the channel handed out `.end`.
    private(set) var statistics = LineStatistics()

    init(scanner: BlockScanner) {
        self.scanner = scanner
    }

    /// Scans to the end, sending batches of about `batchBytes` into `channel`, then `.end`
    /// (or `.failure`); stops early when the consumer cancels.
    /// - Parameter pool: where a windowed scan's sifter hands back the blocks it packed away: the
    ///   scanner reads its next blocks into their buffers, which saves their allocation and first
    ///   page faults.
    func scan(into channel: BoundedChannel<ScanMessage>, batchBytes: Int, reusing pool: BlockPool? = nil) {
        defer { channel.close() }
        var batch: [ComponentBlock] = []
        var bytes = 0
        var spares: [ComponentBlock] = []
        do {
            while true {
                if let pool, scanner.needsSpare {
                    if spares.isEmpty { spares = pool.takeAll() }
                    if let spare = spares.popLast() { scanner.recycle(spare) }
                }
                guard let block = try scanner.next() else { break }
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
