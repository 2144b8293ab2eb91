/// The diagnostics of one import, capped per code as they come: per code, the first
/// `maxPerCode` in line order (ties in arrival order), the first of all and a count. A file of
/// 300,000 broken blocks keeps a few hundred diagnostics, not a million.
///
/// ``result(source:)`` is what sorting every diagnostic by line and code (a stable sort) and
/// keeping the first `maxPerCode` of each code gives, with one note per capped code
/// ("N more ICS1005 diagnostics not shown"); an empty RRULE in many components is one summary.
struct ImportDiagnostics {
    let maxPerCode: Int
    private var codes: [String: Entry] = [:]
    /// Arrival order, the tie-breaker between diagnostics on one line.
    private var arrivals = 0

    private struct Key: Comparable {
        var line: Int
        var arrival: Int
        static func < (a: Key, b: Key) -> Bool { (a.line, a.arrival) < (b.line, b.arrival) }
    }

    private struct Entry {
        /// The first `maxPerCode`, sorted by key.
        var kept: [(key: Key, diagnostic: Diagnostic)] = []
        /// The first of all (kept even when `maxPerCode` is 0: the empty-RRULE summary is made from it).
        var first: (key: Key, diagnostic: Diagnostic)?
        var count = 0
    }

    /// - Parameter maxPerCode: the most diagnostics of one code kept (0 or less: none, only counted).
    init(maxPerCode: Int) {
        self.maxPerCode = maxPerCode
    }

    /// Takes one diagnostic.
    /// - Complexity: O(1) for one that comes in line order, O(maxPerCode) for one that comes
    ///   before kept ones of its code.
    mutating func add(_ diagnostic: Diagnostic) {
        let key = Key(line: diagnostic.line ?? 0, arrival: arrivals)
        arrivals += 1
        Self.take((key, diagnostic), into: &codes[diagnostic.code.rawValue, default: Entry()], maxPerCode: maxPerCode)
    }

    /// Takes each of `diagnostics`, in order.
    mutating func add(contentsOf diagnostics: some Sequence<Diagnostic>) {
        for diagnostic in diagnostics { add(diagnostic) }
    }

    /// Counts `count` diagnostics of `code` that were left out where they were found, each after
    /// at least `maxPerCode` of its code on earlier or the same lines (``BlockScanner``'s own cap).
    mutating func addOmitted(_ code: DiagnosticCode, count: Int) {
        codes[code.rawValue, default: Entry()].count += count
    }

    private static func take(_ item: (key: Key, diagnostic: Diagnostic), into entry: inout Entry, maxPerCode: Int) {
        entry.count += 1
        if entry.first.map({ item.key < $0.key }) ?? true { entry.first = item }
        guard maxPerCode > 0 else { return }
        if entry.kept.count == maxPerCode {
            guard let greatest = entry.kept.last, item.key < greatest.key else { return }
            entry.kept.removeLast()
        }
        var index = entry.kept.count
        while index > 0, item.key < entry.kept[index - 1].key { index -= 1 }
        entry.kept.insert(item, at: index)
    }

    /// The kept diagnostics in line order (then by code, then as they came), then a note per
    /// code over the cap, in code order.
    func result(source: String?) -> [Diagnostic] {
        var kept: [(key: Key, diagnostic: Diagnostic)] = []
        var counts: [(code: String, count: Int)] = []
        for (code, entry) in codes {
            // An empty RRULE in every event of a holiday feed: one warning for the file, not one per event.
            if code == DiagnosticCode.emptyRecurrenceRule.rawValue, entry.count > 1, let first = entry.first {
                var summary = first.diagnostic
                summary.message = "\(entry.count) components have an empty RRULE (the first on line \(summary.line ?? 0)): read as no rule"
                summary.uid = nil
                if maxPerCode > 0 { kept.append((first.key, summary)) } else { counts.append((code, 1)) }
                continue
            }
            kept += entry.kept
            if entry.count > maxPerCode { counts.append((code, entry.count)) }
        }
        kept.sort { ($0.key.line, $0.diagnostic.code.rawValue, $0.key.arrival) < ($1.key.line, $1.diagnostic.code.rawValue, $1.key.arrival) }
        var out = kept.map(\.diagnostic)
        for (code, n) in counts.sorted(by: { $0.code < $1.code }) {
            out.append(Diagnostic(DiagnosticCode(rawValue: code), "\(n - maxPerCode) more \(code) diagnostics not shown",
                                  severity: .note, source: source))
        }
        return out
    }
}
