import Foundation

/// Reads a stream into an ``ICalendar``: scans it into blocks, parses the blocks with
/// libical on ``ImportOptions/parallelism`` threads in batches, and assembles the results in file order.
///
/// Memory stays bounded by a batch of blocks plus the model: libical never holds more
/// than one block's tree per thread.
struct CalendarImporter {
    let source: String?
    let options: ImportOptions
    /// Called on the thread that parses each block, before it is parsed: a test hook, to see
    /// which threads ``ImportOptions/parallelism`` lets work.
    var willParse: (@Sendable () -> Void)? = nil

    /// Blocks are handed to the workers in batches of about this many bytes of text. Up to four
    /// batches are alive at once (two waiting in the pipeline, one being scanned, one being
    /// parsed), each block taking about three times its text (its reserved text and its lines);
    /// measured on the 100,000-event benchmark: 4 MiB batches peaked at ~285 MB, 1 MiB at ~205 MB
    /// (round 3) and 181 MB (round 4), 256 KiB at the figure in the README.
    static let batchBytes = 1 << 18

    func run(_ stream: ByteStream) throws(ICSError) -> ICalendar {
        var estimate = EventCountEstimate(inputBytes: stream.expectedSize)
        var scanner = BlockScanner(stream: stream, source: source, limits: options.limits)
        try scanner.checkFormat()
        // The scan runs on its own thread, a batch ahead of the parse, so that both cores
        // parse while the next batch is read.
        let pipeline = ScanPipeline(scanner: scanner, batchBytes: CalendarImporter.batchBytes)
        var assembler = CalendarAssembler(source: source)
        var skipped = SkippedBlocks(window: options.window)
        let end = try pipeline.run { batch in
            let results = parse(batch, skipping: skipped.filter)
            // Without a window every block is parsed: the results go to the assembler as they are (no copy).
            if skipped.filter == nil { assembler.add(results) } else { assembler.add(skipped.sift(batch, results)) }
            if skipped.filter == nil, let events = estimate.events(after: batch, eventsSoFar: assembler.eventCount) {
                assembler.reserveEvents(events)
            }
        }
        let late = skipped.revived()
        let parsed = parse(late.map { $0.block }, skipping: nil)
        assembler.insert(zip(late, parsed).map { ($0.eventsBefore, $1.parsed!) })
        assembler.addScanDiagnostics(end.diagnostics)
        var calendar = assembler.finish(maxPerCode: options.limits.maxDiagnosticsPerCode)
        if !options.readsUTCSeriesInCalendarZone { calendar.readsUTCSeriesInCalendarZone = false }
        if options.window != nil { calendar.skippedEventUIDHashSum = skipped.stillSkippedUIDHashSum }
        return calendar
    }

    /// Parses a batch of blocks on up to ``ImportOptions/parallelism`` threads; results keep the
    /// batch's order, with the verdict for each block that `filter` leaves out (a windowed
    /// import's, see ``ImportOptions/window``).
    private func parse(_ batch: [ComponentBlock], skipping filter: WindowFilter?) -> [SiftedBlock] {
        let source = self.source, willParse = self.willParse
        return parallelMap(count: batch.count, workers: options.parallelism) {
            if let filter {
                let (verdict, uid) = filter.verdictAndUID(batch[$0])
                if verdict != .parse { return .skipped(verdict, uidHash: uid) }
            }
            willParse?()
            return .parsed(ComponentConverter.parse(batch[$0], source: source))
        }
    }
}
