import Foundation

/// What the scanning thread hands to the parsing side.
enum ScanMessage: Sendable {
    case batch([ComponentBlock])
    /// A batch of a windowed scan (``ScanPipeline/init(scanner:batchBytes:filter:)``).
    case windowed(WindowedBatch)
    /// The end of the input, with the diagnostics that belong to no block and, per code, how
    /// many of them the scanner left out (``BlockScanner/omittedDiagnostics``).
    case end([Diagnostic], omitted: [DiagnosticCode: Int])
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

    /// Starts scanning at once, on a new thread.
    /// - Parameter filter: a windowed import's filter: the scanner then skims each top-level
    ///   VEVENT and judges it from the lines the filter reads (``BlockScanner/windowed(by:)``),
    ///   keeps those the filter skips in a ``KeptBlockStore`` (they never travel to the parse
    ///   threads), and sends ``WindowedBatch``es; read them with ``run(windowed:)``.
    init(scanner: BlockScanner, batchBytes: Int, filter: WindowFilter? = nil) {
        let channel = BoundedChannel<ScanMessage>(capacity: ScanPipeline.capacity)
        var scanner = scanner
        if let filter { scanner.windowed(by: filter) }
        let producer = ScannerBox(scanner: scanner)
        self.channel = channel
        self.producer = producer
        if filter == nil {
            Thread.detachNewThread { producer.scan(into: channel, batchBytes: batchBytes) }
        } else {
            Thread.detachNewThread { producer.scanWindowed(into: channel, batchBytes: batchBytes) }
        }
    }

    /// Hands every batch, in order, to `body` on the calling thread; returns the diagnostics that
    /// belong to no block (with the count of those left out, per code) and the line statistics,
    /// or throws the scanner's error.
    func run(_ body: ([ComponentBlock]) -> Void) throws(ICSError)
        -> (diagnostics: [Diagnostic], omitted: [DiagnosticCode: Int], statistics: LineStatistics) {
        // Whatever happens here, the scanning thread is not left waiting for room.
        defer { channel.cancel() }
        while let message = channel.receive() {
            switch message {
            case .batch(let batch): body(batch)
            case .windowed: preconditionFailure("a windowed scan is read with run(windowed:)")
            case .end(let diagnostics, let omitted): return (diagnostics, omitted, producer.statistics)
            case .failure(let error): throw error
            }
        }
        preconditionFailure("the scanner closed the channel without an end")
    }

    /// Hands every batch of a windowed scan (one started with a filter), in order, to `body` on the
    /// calling thread; returns the diagnostics that belong to no block (with the count of those
    /// left out, per code) and the blocks the filter skipped (in file order, as numbered by the
    /// batches' ``SkipMark``s), or throws the scanner's error.
    func run(windowed body: (WindowedBatch) -> Void) throws(ICSError)
        -> (diagnostics: [Diagnostic], omitted: [DiagnosticCode: Int], kept: KeptBlockStore) {
        defer { channel.cancel() }
        while let message = channel.receive() {
            switch message {
            case .windowed(let batch): body(batch)
            case .batch: preconditionFailure("a scan without a filter is read with run(_:)")
            case .end(let diagnostics, let omitted): return (diagnostics, omitted, producer.kept)
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
    /// The bytes of all its blocks, the skipped ones too (for ``EventCountEstimate``).
    var scanned = EventCountEstimate.Scanned()

    /// What a skipped block counts toward a batch's size (a typical event's text): a batch of
    /// skips alone goes out as often as one of the blocks they were.
    static let skipWeight = 400
}

/// A block that a windowed scan skipped: where it stood among a batch's blocks, and the filter's
/// judgement of it (``WindowFilter/judgement(_:)``).
struct SkipMark: Sendable {
    /// How many of the batch's ``WindowedBatch/blocks`` came before it in the file.
    var blocksBefore: Int
    var judgement: WindowFilter.Judgement
}

/// Moves the scanner to the scanning thread.
///
/// Sendable notes: the scanner is used by exactly one thread, the one running ``scan(into:batchBytes:)``
/// or ``scanWindowed(into:batchBytes:)``, after its creator has stopped touching it; ``statistics``
/// and ``kept`` are written there before `.end` is sent and read after `.end` is received (the
/// channel's lock orders the two).
final class ScannerBox: @unchecked Sendable {
    private var scanner: BlockScanner
    /// Line statistics of the whole input; read only after the channel handed out `.end`.
    private(set) var statistics = LineStatistics()
    /// A windowed scan's skipped blocks; read only after the channel handed out `.end`.
    private(set) var kept = KeptBlockStore()

    init(scanner: BlockScanner) {
        self.scanner = scanner
    }

    /// Scans to the end, sending batches of about `batchBytes` (of their blocks'
    /// ``ComponentBlock/batchWeight``) into `channel`, then `.end`
    /// (or `.failure`); stops early when the consumer cancels.
    func scan(into channel: BoundedChannel<ScanMessage>, batchBytes: Int) {
        defer { channel.close() }
        var batch: [ComponentBlock] = []
        var bytes = 0
        do {
            while true {
                guard let block = try scanner.next() else { break }
                bytes += block.batchWeight
                batch.append(block)
                if bytes >= batchBytes {
                    guard channel.send(.batch(batch)) else { return }
                    batch = []
                    bytes = 0
                }
            }
            if !batch.isEmpty { guard channel.send(.batch(batch)) else { return } }
            statistics = LineStatistics(longLines: scanner.longLines, bareLineFeeds: scanner.bareLineFeeds)
            channel.send(.end(scanner.diagnostics, omitted: scanner.omittedDiagnostics))
        } catch {
            channel.send(.failure(error))
        }
    }

    /// Scans a windowed scanner (``BlockScanner/windowed(by:)``) to the end, sending
    /// ``WindowedBatch``es into `channel` (each about `batchBytes` of the blocks'
    /// ``ComponentBlock/batchWeight``, a skipped one counted as ``WindowedBatch/skipWeight``),
    /// then ``kept`` and `.end` (or `.failure`); stops early when the consumer cancels.
    func scanWindowed(into channel: BoundedChannel<ScanMessage>, batchBytes: Int) {
        defer { channel.close() }
        var batch = WindowedBatch()
        var bytes = 0
        do {
            while let weight = try scanner.nextWindowed(into: &batch) {
                bytes += weight
                if bytes >= batchBytes {
                    guard channel.send(.windowed(batch)) else { return }
                    batch = WindowedBatch()
                    bytes = 0
                }
            }
            if !batch.blocks.isEmpty || !batch.skips.isEmpty { guard channel.send(.windowed(batch)) else { return } }
            statistics = LineStatistics(longLines: scanner.longLines, bareLineFeeds: scanner.bareLineFeeds)
            kept = scanner.takeKept()
            channel.send(.end(scanner.diagnostics, omitted: scanner.omittedDiagnostics))
        } catch {
            channel.send(.failure(error))
        }
    }
}
