import Foundation

/// Validates one stream: scans it through the importer's ``ScanPipeline`` (an input of one
/// batch on the calling thread), checks the blocks of each batch in parallel (a small batch on
/// the calling thread), then runs the calendar-wide checks.
struct ValidationRun {
    let file: String
    let options: Validator.Options
    /// How much of the input (``ComponentBlock/batchWeight``) is read on the calling thread
    /// before the scanning thread takes over; an input that ends within it starts no thread.
    /// By default the scan's batch size; 0 sends every batch through the pipeline, as every input
    /// was read before (the tests compare the two).
    var firstBatchBytes = CalendarImporter.batchBytes
    /// Whether repeated blocks with property lines share one check (``EmptyBlocks``); false
    /// checks each whole (the tests compare the two).
    var sharesRepeatedBlocks = true

    /// The longest physical line RFC 5545 3.1 allows, without its line break.
    static let maxLineOctets = 75

    /// A batch whose blocks weigh less than this (``ComponentBlock/batchWeight``) is checked on
    /// the calling thread: starting a thread costs about what checking a few small blocks does.
    static let parallelWeight = 8 << 10

    func run(_ stream: ByteStream) throws(ICSError) -> [Finding] {
        var scanner = BlockScanner(stream: stream, source: file, limits: options.limits, longLineLimit: Self.maxLineOctets)
        try scanner.checkFormat()
        // Kept by batch: one array grown by doubling was the peak memory of a file of many blocks.
        var results = BlockResults()
        // Findings are capped per code as they come: a file of many faulty blocks keeps a few.
        var findings = FindingCollector(maxPerCode: options.limits.maxDiagnosticsPerCode)
        let file = self.file, parallelism = options.parallelism, maxPerCode = options.limits.maxDiagnosticsPerCode
        // Blocks of only BEGIN and END lines, and blocks that repeat, checked once per shape
        // (300,000 lone BEGIN lines; 300,000 events of a UID and nothing else).
        var empty = EmptyBlocks(sharesRepeatedBlocks: sharesRepeatedBlocks)
        func check(_ batch: [ComponentBlock]) {
            let templates = empty.learn(batch, file: file, maxPerCode: maxPerCode)
            while results.sharedCount < empty.count {
                results.share(empty.shared(results.sharedCount))
            }
            // A block that takes its shape's result is not checked, and its result not copied:
            // its findings go straight to the file's, and it keeps a slot that names the shared result.
            var slots: [BlockResults.Slot] = []
            slots.reserveCapacity(batch.count)
            var whole: [Int] = []
            var weight = 0
            // The blocks read through the buffer: `batch[i]` copied each block (its four arrays
            // retained and released) for every read.
            batch.withUnsafeBufferPointer { blocks in
                for i in blocks.indices {
                    if templates[i] >= 0, let line = Int32(exactly: blocks[i].line), EmptyBlocks.mayUseTemplate(blocks[i]) {
                        slots.append(.shared(templates[i], line: Int(line)))
                    } else {
                        slots.append(.whole(whole.count))
                        whole.append(i)
                        weight += blocks[i].batchWeight
                    }
                }
            }
            let workers = weight < Self.parallelWeight ? 1 : parallelism
            var checked = parallelMap(count: whole.count, workers: workers) { [whole] in
                BlockValidation.check(batch[whole[$0]], file: file, maxPerCode: maxPerCode)
            }
            batch.withUnsafeBufferPointer { blocks in
                for i in blocks.indices {
                    let slot = slots[i]
                    guard slot.shared < 0 else {
                        empty.add(blocks[i], template: slot.shared, file: file, to: &findings)
                        continue
                    }
                    let position = Int(slot.value)
                    guard !checked[position].findings.isEmpty || !checked[position].omitted.isEmpty else { continue }
                    findings.add(contentsOf: checked[position].findings)
                    for (code, count) in checked[position].omitted { findings.addOmitted(code, count: count) }
                    checked[position].findings = []
                    checked[position].omitted = [:]
                }
            }
            if whole.count == batch.count {
                results.append(consume checked)
            } else {
                results.append(whole: consume checked, slots: slots)
            }
        }
        // The first batch is read here, as the pipeline's thread would cut it: an input that ends
        // within it (most calendars, and each small file of a directory) is checked with no
        // thread started; a longer one goes on through the pipeline from where this read stopped.
        var first: [ComponentBlock] = []
        var firstWeight = 0
        var ended = false
        while firstWeight < firstBatchBytes {
            guard let block = try scanner.next() else {
                ended = true
                break
            }
            firstWeight += block.batchWeight
            first.append(block)
        }
        let end: (diagnostics: [Diagnostic], omitted: [DiagnosticCode: Int], statistics: LineStatistics)
        if ended {
            if !first.isEmpty { check(first) }
            end = (scanner.diagnostics, scanner.omittedDiagnostics,
                   LineStatistics(longLines: scanner.longLines, bareLineFeeds: scanner.bareLineFeeds))
        } else {
            let pipeline = ScanPipeline(scanner: scanner, batchBytes: CalendarImporter.batchBytes)
            if !first.isEmpty { check(first) }
            end = try pipeline.run(check)
        }
        findings.add(contentsOf: end.diagnostics.map { Finding($0, file: file) })
        for (code, count) in end.omitted { findings.addOmitted(code, count: count) }
        var calendar = CalendarChecker(file: file, parallelism: options.parallelism, findings: findings)
        calendar.check(results)
        calendar.findings.add(contentsOf: end.statistics.findings(file: file))
        return calendar.findings.result()
    }
}

extension LineStatistics {
    /// Long physical lines and bare line feeds, as findings: one of each per file, on the first
    /// such line, with how many there are (a file that folds nothing has thousands).
    func findings(file: String) -> [Finding] {
        var out: [Finding] = []
        if longLines.count > 0, let first = longLines.lines.first {
            let n = longLines.count
            out.append(Finding(file: file, line: first, code: .longLine,
                               message: n == 1 ? "line is longer than \(ValidationRun.maxLineOctets) octets"
                                   : "\(n) lines are longer than \(ValidationRun.maxLineOctets) octets (the first is this one)"))
        }
        if bareLineFeeds.count > 0, let first = bareLineFeeds.firstLine {
            let n = bareLineFeeds.count
            out.append(Finding(file: file, line: first, code: .bareLineFeed,
                               message: "\(n) line\(n == 1 ? "" : "s") end\(n == 1 ? "s" : "") with a bare LF instead of CRLF (the first is this one)"))
        }
        return out
    }
}
