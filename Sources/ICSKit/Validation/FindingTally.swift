/// The findings of one file as they come, kept as ``ValidationRun/ordered(_:maxPerCode:)``
/// reports them: of each code only the `maxPerCode` first in line order (ties in the order they
/// came), the last, and how many there were. A file with millions of findings of a few codes (an
/// unclosed BEGIN on every line) holds a few hundred, not millions: memory is bounded by the
/// codes times `maxPerCode`, not by the file.
///
/// - Complexity: ``add(_:)`` amortised O(log `maxPerCode`); ``ordered()`` O(k log k) for the k kept.
struct FindingTally {
    /// A finding and its place in the order of arrival.
    private struct Entry {
        var finding: Finding
        var order: Int

        /// Line order (a file-wide finding, without a line, first), then order of arrival.
        static func precedes(_ a: Entry, _ b: Entry) -> Bool {
            (a.finding.line ?? 0, a.order) < (b.finding.line ?? 0, b.order)
        }
    }

    /// The most findings of one code reported; 0 or less: every finding.
    let maxPerCode: Int
    private var arrived = 0
    /// Per code: at most 2 × `maxPerCode` entries, among them the `maxPerCode` first.
    private var kept: [DiagnosticCode: [Entry]] = [:]
    private var counts: [DiagnosticCode: Int] = [:]
    /// Per code: the last entry in line order.
    private var last: [DiagnosticCode: Entry] = [:]

    init(maxPerCode: Int) {
        self.maxPerCode = maxPerCode
    }

    /// Adds one finding.
    mutating func add(_ finding: Finding) {
        let entry = Entry(finding: finding, order: arrived)
        arrived += 1
        let code = finding.code
        counts[code, default: 0] += 1
        if let current = last[code] {
            if Entry.precedes(current, entry) { last[code] = entry }
        } else {
            last[code] = entry
        }
        kept[code, default: []].append(entry)
        if maxPerCode > 0, let count = kept[code]?.count, count >= 2 * maxPerCode {
            kept[code]!.sort(by: Entry.precedes)
            kept[code]!.removeLast(count - maxPerCode)
        }
    }

    /// How many findings are held now (at most 2 × `maxPerCode` per code, when it is positive).
    var held: Int { kept.values.reduce(0) { $0 + $1.count } }

    /// Adds findings in order.
    mutating func add<S: Sequence>(contentsOf findings: S) where S.Element == Finding {
        for finding in findings { add(finding) }
    }

    /// The findings in line order (file-wide ones first), at most `maxPerCode` of each code, then
    /// for each code that had more (in the order of the codes) one finding that sums up the rest,
    /// on the line of the last.
    func ordered() -> [Finding] {
        var entries: [Entry] = []
        for (_, list) in kept {
            let sorted = list.sorted(by: Entry.precedes)
            entries.append(contentsOf: maxPerCode > 0 ? sorted.prefix(maxPerCode) : sorted[...])
        }
        var out = entries.sorted(by: Entry.precedes).map(\.finding)
        guard maxPerCode > 0 else { return out }
        for (code, n) in counts.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where n > maxPerCode {
            var more = last[code]!.finding
            more.message = "\(n - maxPerCode) more \(code.rawValue) findings like the ones above (the last on line \(more.line ?? 0))"
            more.uid = nil
            more.property = nil
            out.append(more)
        }
        return out
    }
}
