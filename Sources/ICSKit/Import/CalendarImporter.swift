import Foundation

/// Reads a stream into an ``ICalendar``: scans it into blocks, parses the blocks with
/// libical on ``ImportOptions/parallelism`` threads (a ``WorkerPool`` kept for the import) in
/// batches, and assembles the results in file order (``AssemblyThread``).
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
    /// and 181 MB, 256 KiB at the figure in the README.
    static let batchBytes = 1 << 18

    /// Inputs of at most this many bytes, known before reading (a CalDAV resource, a vdir item,
    /// a small file), are read without threads (``runInline(_:)``, ``runInlineWindowed(_:)``):
    /// starting the scanning, parsing and assembly threads costs more than a few dozen events
    /// take to parse, and an app that imports ten thousand such items one by one paid for thirty
    /// thousand thread starts (a view of 10,000 configured calendars: 3.9 s).
    static let inlineBytes = 16 << 10

    func run(_ stream: ByteStream) throws(ICSError) -> ICalendar {
        var scanner = BlockScanner(stream: stream, source: source, limits: options.limits)
        try scanner.checkFormat()
        if let size = stream.expectedSize, size <= Self.inlineBytes {
            return try options.window == nil ? runInline(scanner) : runInlineWindowed(scanner)
        }
        // The scan runs on its own thread, a batch ahead of the parse, so that both cores
        // parse while the next batch is read.
        let window = SkippedBlocks(window: options.window)
        // A windowed scan skims and judges each VEVENT, and keeps those it skips, on the scanning
        // thread (``BlockScanner/windowed(by:)``): only the others travel in batches.
        let pipeline = ScanPipeline(scanner: scanner, batchBytes: CalendarImporter.batchBytes, filter: window.filter)
        // The parsing threads, kept for the whole import: the calling one and `parallelism - 1` helpers.
        let workers = WorkerPool(workers: options.parallelism)
        defer { workers.close() }
        // The import's own caches of simple lines, one per parsing thread: its blocks share the
        // readings of the lines they repeat, whatever other imports run at the same time.
        let caches = SimpleLineCache.Pool(capacity: workers.workers)
        // Batches are assembled on a thread of their own while the next batch is parsed (inline
        // with one parsing thread).
        let initial = CalendarAssembler(source: source, maxPerCode: options.limits.maxDiagnosticsPerCode, forAView: options.window != nil,
                                        leavesOutLosingMasters: options.leavesOutLosingMasters)
        let assembly = AssemblyThread(initial, skipped: window,
                                      estimate: EventCountEstimate(inputBytes: stream.expectedSize), inline: workers.workers == 1)
        let diagnostics: [Diagnostic], omitted: [DiagnosticCode: Int]
        var kept: KeptBlockStore?
        // Blocks of only BEGIN and END lines, parsed once per shape (300,000 lone BEGIN lines).
        var empty = EmptyBlockParses(forAView: options.window != nil)
        do {
            if window.filter == nil {
                let end = try pipeline.run { batch in
                    let scanned = EventCountEstimate.bytes(of: batch)
                    assembly.send(.parsed(parse(batch, on: workers, caches: caches, empty: &empty), scanned: scanned))
                }
                (diagnostics, omitted) = (end.diagnostics, end.omitted)
            } else {
                let end = try pipeline.run(windowed: { batch in
                    assembly.send(.windowed(batch, parse(batch.blocks, on: workers, caches: caches, empty: &empty)))
                })
                (diagnostics, omitted, kept) = (end.diagnostics, end.omitted, end.kept)
            }
        } catch {
            _ = assembly.finish()
            throw error
        }
        let (assembler, skipped) = assembly.finish()
        guard let kept else { return finish(assembler, scanDiagnostics: diagnostics, omitted: omitted) }
        return finishWindowed(assembler, skipped: skipped, kept: kept, workers: workers, caches: caches, empty: &empty,
                              scanDiagnostics: diagnostics, omitted: omitted)
    }

    /// The last steps of a windowed import (both paths): the kept blocks that must be parsed after
    /// all put in their places (``SkippedBlocks/revived(from:)``), then the calendar, whose
    /// ``ICalendar/id`` counts what was left out.
    func finishWindowed(_ assembler: consuming CalendarAssembler, skipped: consuming SkippedBlocks, kept: KeptBlockStore,
                        workers: WorkerPool, caches: SimpleLineCache.Pool, empty: inout EmptyBlockParses,
                        scanDiagnostics: [Diagnostic], omitted: [DiagnosticCode: Int]) -> ICalendar {
        let late = skipped.revived(from: kept)
        if !late.isEmpty {
            let parsed = parse(late.map { $0.block }, on: workers, caches: caches, empty: &empty)
            assembler.insert(zip(late, parsed).map { ($0.eventsBefore, $1) })
        }
        // Left out by the assembler, or before it by their blocks' templates (``EmptyBlockParses``).
        let leftOut = UInt64(assembler.eventsLeftOut + empty.leftOut[.event, default: 0])
        let todosLeftOut = UInt64(assembler.todosLeftOut + empty.leftOut[.todo, default: 0])
        let journalsLeftOut = UInt64(assembler.journalsLeftOut + empty.leftOut[.journal, default: 0])
        // The masters without a start left out (``StartlessMasters``) count with their UIDs.
        let (startlessEvents, startlessTodos) = (assembler.startless.droppedEventUIDHashSum, assembler.startless.droppedTodoUIDHashSum)
        var calendar = finish(consume assembler, scanDiagnostics: scanDiagnostics, omitted: omitted)
        // The events left out for showing nothing have no UID: each counts as an empty one.
        calendar.skippedEventUIDHashSum = skipped.stillSkippedUIDHashSum &+ SkippedBlocks.uidHash([]) &* leftOut &+ startlessEvents
        // So do the to-dos and journals left out (``CalendarAssembler/showsNothingInARange(_:)``).
        let todoSum = SkippedBlocks.uidHash([]) &* todosLeftOut &+ startlessTodos
        if todosLeftOut > 0 || startlessTodos != 0 { calendar.skippedTodoUIDHashSum = todoSum }
        if journalsLeftOut > 0 { calendar.skippedJournalUIDHashSum = SkippedBlocks.uidHash([]) &* journalsLeftOut }
        return calendar
    }

    /// The last step of both paths: the scan's own diagnostics, the model made, the options it keeps.
    func finish(_ assembler: consuming CalendarAssembler, scanDiagnostics: [Diagnostic],
                        omitted: [DiagnosticCode: Int]) -> ICalendar {
        assembler.addScanDiagnostics(scanDiagnostics, omitted: omitted)
        var calendar = assembler.finish()
        if !options.readsUTCSeriesInCalendarZone { calendar.readsUTCSeriesInCalendarZone = false }
        return calendar
    }

    /// Parses a batch of blocks on the import's ``WorkerPool`` (``ImportOptions/parallelism``
    /// threads); results keep the batch's order (a windowed import's skipped blocks never reach here: the
    /// scanner keeps them, see ``ScanPipeline/init(scanner:batchBytes:filter:)``).
    /// Blocks of a shape met before (``EmptyBlockParses``) take its parse, moved.
    func parse(_ batch: [ComponentBlock], on workers: WorkerPool, caches: SimpleLineCache.Pool,
                       empty: inout EmptyBlockParses) -> [ParsedBlock] {
        let source = self.source, willParse = self.willParse
        let templates = empty.learn(batch, source: source, caches: caches)
        let known = empty
        return workers.map(count: batch.count) {
            willParse?()
            return known.parse(batch[$0], template: templates[$0], source: source, caches: caches)
        }
    }
}
