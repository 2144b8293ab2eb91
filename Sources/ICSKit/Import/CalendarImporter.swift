import Dispatch
import Foundation

/// Reads a stream into an ``ICalendar``: scans it into blocks, parses the blocks with
/// libical on every core in batches, and assembles the results in file order.
///
/// Memory stays bounded by a batch of blocks plus the model: libical never holds more
/// than one block's tree per thread.
struct CalendarImporter {
    let source: String?
    let options: ImportOptions

    /// Blocks are handed to the workers in batches of about this many bytes (measured on the
    /// 100,000-event benchmark: 1 MiB batches peak at ~205 MB, 4 MiB batches at ~285 MB).
    static let batchBytes = 1 << 20

    func run(_ stream: ByteStream) throws(ICSError) -> ICalendar {
        var scanner = BlockScanner(stream: stream, source: source, limits: options.limits)
        try scanner.checkFormat()
        // The scan runs on its own thread, a batch ahead of the parse, so that both cores
        // parse while the next batch is read.
        let queue = BatchQueue(capacity: 2)
        let producer = ScannerBox(scanner: scanner)
        DispatchQueue.global().async {
            producer.scan(into: queue, batchBytes: CalendarImporter.batchBytes)
        }
        var assembler = CalendarAssembler(source: source)
        var skipped = SkippedBlocks(window: options.window)
        while true {
            switch queue.take() {
            case .batch(let batch):
                assembler.add(skipped.sift(batch, parse(batch, skipping: skipped.filter)))
            case .end(let diagnostics):
                let late = skipped.revived()
                let parsed = parse(late.map { $0.block }, skipping: nil)
                assembler.insert(zip(late, parsed).map { ($0.eventsBefore, $1!) })
                assembler.addScanDiagnostics(diagnostics)
                var calendar = assembler.finish(maxPerCode: options.limits.maxDiagnosticsPerCode)
                if !options.readsUTCSeriesInCalendarZone { calendar.readsUTCSeriesInCalendarZone = false }
                return calendar
            case .failure(let error):
                throw error
            }
        }
    }

    /// Parses a batch of blocks in parallel; results keep the batch's order, `nil` for each
    /// block that `filter` leaves out (a windowed import's, see ``ImportOptions/window``).
    private func parse(_ batch: [ComponentBlock], skipping filter: WindowFilter?) -> [ParsedBlock?] {
        let source = self.source
        let workers = Int(ProcessInfo.processInfo.environment["ICSKIT_P"] ?? "") ?? 0
        return parallelMap(count: batch.count, workers: workers) {
            filter?.skips(batch[$0]) == true ? nil : ComponentConverter.parse(batch[$0], source: source)
        }
    }
}
