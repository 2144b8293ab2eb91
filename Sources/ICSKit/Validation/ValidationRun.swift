import Foundation

/// Validates one stream: scans it through the importer's ``ScanPipeline``,
/// checks the blocks of each batch in parallel, then runs the calendar-wide checks.
struct ValidationRun {
    let file: String
    let options: Validator.Options

    /// The longest physical line RFC 5545 3.1 allows, without its line break.
    static let maxLineOctets = 75

    func run(_ stream: ByteStream) throws(ICSError) -> [Finding] {
        var scanner = BlockScanner(stream: stream, source: file, limits: options.limits, longLineLimit: Self.maxLineOctets)
        try scanner.checkFormat()
        let pipeline = ScanPipeline(scanner: scanner, batchBytes: CalendarImporter.batchBytes)
        var results: [BlockResult] = []
        var findings: [Finding] = []
        let file = self.file, parallelism = options.parallelism
        let end = try pipeline.run { batch in
            var checked = parallelMap(count: batch.count, workers: parallelism) { BlockValidation.check(batch[$0], file: file) }
            for i in checked.indices where !checked[i].findings.isEmpty {
                findings.append(contentsOf: checked[i].findings)
                checked[i].findings = []
            }
            results.append(contentsOf: consume checked)
        }
        findings.append(contentsOf: end.diagnostics.map { Finding($0, file: file) })
        var calendar = CalendarChecker(file: file, parallelism: options.parallelism)
        calendar.check(results)
        findings.append(contentsOf: calendar.findings)
        findings.append(contentsOf: end.statistics.findings(file: file))
        return Self.ordered(findings, maxPerCode: options.limits.maxDiagnosticsPerCode)
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
