import Dispatch
import Foundation

/// Validates one stream: scans it on its own thread a batch ahead (as the importer does),
/// checks the blocks of each batch in parallel, then runs the calendar-wide checks.
struct ValidationRun {
    let file: String
    let options: Validator.Options

    /// The longest physical line RFC 5545 3.1 allows, without its line break.
    static let maxLineOctets = 75

    func run(_ stream: ByteStream) throws(ICSError) -> [Finding] {
        var scanner = BlockScanner(stream: stream, source: file, limits: options.limits, longLineLimit: Self.maxLineOctets)
        try scanner.checkFormat()
        let queue = BatchQueue(capacity: 2)
        let producer = ScannerBox(scanner: scanner)
        DispatchQueue.global().async {
            producer.scan(into: queue, batchBytes: CalendarImporter.batchBytes)
        }
        var results: [BlockResult] = []
        var findings: [Finding] = []
        loop: while true {
            switch queue.take() {
            case .batch(let batch):
                let slots = check(batch)
                for i in 0..<batch.count {
                    var result = slots.move(i)
                    findings.append(contentsOf: result.findings)
                    result.findings = []
                    results.append(result)
                }
            case .end(let diagnostics):
                findings.append(contentsOf: diagnostics.map { Finding($0, file: file) })
                break loop
            case .failure(let error): throw error
            }
        }
        var calendar = CalendarChecker(file: file)
        calendar.check(results)
        findings.append(contentsOf: calendar.findings)
        findings.append(contentsOf: producer.statistics.findings(file: file))
        return Self.ordered(findings, maxPerCode: options.limits.maxDiagnosticsPerCode)
    }

    /// Checks a batch of blocks in parallel; the slots hold the results in the batch's order,
    /// each to be moved out once.
    private func check(_ batch: [ComponentBlock]) -> ResultSlots {
        let count = batch.count
        let file = self.file
        let workers = min(count, options.parallelism > 0 ? options.parallelism : ProcessInfo.processInfo.activeProcessorCount)
        let slots = ResultSlots(count: count)
        if workers <= 1 {
            for i in 0..<count { slots.set(i, BlockValidation.check(batch[i], file: file)) }
            return slots
        }
        batch.withUnsafeBufferPointer { blocks in
            let input = BlockInput(base: blocks)
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                var i = worker
                while i < count {
                    slots.set(i, BlockValidation.check(input.base[i], file: file))
                    i += workers
                }
            }
        }
        return slots
    }

    /// Findings in line order (file-wide ones first), at most `maxPerCode` of each code: the
    /// rest are summed up in one last finding of that code.
    static func ordered(_ findings: [Finding], maxPerCode: Int) -> [Finding] {
        let sorted = findings.enumerated().sorted {
            ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset)
        }.map(\.element)
        guard maxPerCode > 0 else { return sorted }
        var kept: [Finding] = []
        var counts: [DiagnosticCode: Int] = [:]
        var last: [DiagnosticCode: Finding] = [:]
        for finding in sorted {
            let n = counts[finding.code, default: 0] + 1
            counts[finding.code] = n
            if n <= maxPerCode { kept.append(finding) } else { last[finding.code] = finding }
        }
        for (code, n) in counts.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where n > maxPerCode {
            var more = last[code]!
            more.message = "\(n - maxPerCode) more \(code.rawValue) findings like the ones above (the last on line \(more.line ?? 0))"
            more.uid = nil
            more.property = nil
            kept.append(more)
        }
        return kept
    }
}

/// Sendable notes: each worker writes only its own slots (`i ≡ worker mod workers`), and
/// ``move(_:)`` runs after `concurrentPerform` has returned. Every slot is set once and moved out
/// once before the slots are freed.
private final class ResultSlots: @unchecked Sendable {
    private let base: UnsafeMutablePointer<BlockResult>
    private let count: Int

    init(count: Int) {
        self.count = count
        base = .allocate(capacity: count)
    }

    func set(_ i: Int, _ result: BlockResult) { (base + i).initialize(to: result) }

    /// Moves a result out, leaving its slot uninitialized.
    func move(_ i: Int) -> BlockResult { (base + i).move() }

    deinit { base.deallocate() }
}

/// Sendable notes: the blocks are only read while `concurrentPerform` runs.
private struct BlockInput: @unchecked Sendable {
    let base: UnsafeBufferPointer<ComponentBlock>
}

extension LineStatistics {
    /// Long physical lines and bare line feeds, as findings.
    func findings(file: String) -> [Finding] {
        var out: [Finding] = longLines.lines.map { line in
            Finding(file: file, line: line, code: .longLine, message: "line is longer than \(ValidationRun.maxLineOctets) octets")
        }
        if longLines.count > longLines.lines.count, let last = longLines.lines.last {
            out.append(Finding(file: file, line: last, code: .longLine,
                               message: "\(longLines.count - longLines.lines.count) more lines are longer than \(ValidationRun.maxLineOctets) octets"))
        }
        if bareLineFeeds.count > 0, let first = bareLineFeeds.firstLine {
            let n = bareLineFeeds.count
            out.append(Finding(file: file, line: first, code: .bareLineFeed,
                               message: "\(n) line\(n == 1 ? "" : "s") end\(n == 1 ? "s" : "") with a bare LF instead of CRLF (the first is this one)"))
        }
        return out
    }
}
