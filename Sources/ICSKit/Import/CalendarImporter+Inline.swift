/// The importer's paths for small inputs (``CalendarImporter/inlineBytes``): everything on the
/// calling thread, with the same steps, in the same order, as the pipeline with one parsing
/// thread, and so the same calendar.
///
/// A view of 10,000 configured calendars imports 10,000 small files, each with the view's
/// window: the pipeline started a scanning thread and an assembly thread (and a parsing helper)
/// for each, and those starts were most of the view's 3.9 s. A windowed import cannot simply
/// read a small file whole instead: it leaves out the diagnostics of the events outside the
/// window, which a view does not report, so the output would depend on the file's size.
extension CalendarImporter {
    /// A small input, imported whole.
    func runInline(_ scanner: consuming BlockScanner) throws(ICSError) -> ICalendar {
        var blocks: [ComponentBlock] = []
        while let block = try scanner.next() { blocks.append(block) }
        let workers = WorkerPool(workers: 1)
        defer { workers.close() }
        let caches = SimpleLineCache.Pool(capacity: 1)
        var assembler = CalendarAssembler(source: source, maxPerCode: options.limits.maxDiagnosticsPerCode)
        var empty = EmptyBlockParses()
        assembler.add(parse(blocks, on: workers, caches: caches, empty: &empty))
        return finish(assembler, scanDiagnostics: scanner.diagnostics, omitted: scanner.omittedDiagnostics)
    }

    /// A small input, imported with the options' window: the windowed scan
    /// (``BlockScanner/windowed(by:)``) read as one batch, its blocks parsed and sifted
    /// (``SkippedBlocks/sift(_:_:)``), then the kept blocks revived as the pipeline's end does
    /// (``finishWindowed(_:skipped:kept:workers:caches:empty:scanDiagnostics:omitted:)``).
    func runInlineWindowed(_ scanner: consuming BlockScanner) throws(ICSError) -> ICalendar {
        var skipped = SkippedBlocks(window: options.window)
        guard let filter = skipped.filter else { return try runInline(scanner) }
        var scanner = scanner
        scanner.windowed(by: filter)
        var batch = WindowedBatch()
        while try scanner.nextWindowed(into: &batch) != nil {}
        let kept = scanner.takeKept()
        let workers = WorkerPool(workers: 1)
        defer { workers.close() }
        let caches = SimpleLineCache.Pool(capacity: 1)
        var assembler = CalendarAssembler(source: source, maxPerCode: options.limits.maxDiagnosticsPerCode, forAView: true,
                                          leavesOutLosingMasters: options.leavesOutLosingMasters)
        var empty = EmptyBlockParses(forAView: true)
        let parsed = parse(batch.blocks, on: workers, caches: caches, empty: &empty)
        assembler.add(skipped.sift(batch, parsed))
        return finishWindowed(assembler, skipped: skipped, kept: kept, workers: workers, caches: caches, empty: &empty,
                              scanDiagnostics: scanner.diagnostics, omitted: scanner.omittedDiagnostics)
    }
}
