/// The diagnostics a scan finds outside any block (stray ENDs, lines outside a component,
/// encoding), capped per code as they come: 300,000 stray `END:VEVENT` lines keep a hundred
/// diagnostics and a count, not 300,000.
///
/// A diagnostic is left out only when `maxPerCode` of its code came before it on earlier or the
/// same lines, so no later cap (``ImportDiagnostics``, `validate`'s findings) would keep it; of
/// those left out, the one on the last line is kept too (`validate` names its line), and the
/// others are counted in ``omitted``.
struct OutsideDiagnostics {
    /// The most of one code kept (0 or less: all are kept).
    let maxPerCode: Int
    /// The kept ones, in arrival order (the one left out on the last line of each code is in ``all``).
    private var kept: [Diagnostic] = []
    private var codes: [String: Tally] = [:]

    private struct Tally {
        var kept = 0
        var greatestKeptLine = Int.min
        /// Of those left out, the one with the greatest line (the last to come among equals).
        var last: Diagnostic?
        /// Those left out, `last` not counted.
        var omitted = 0
    }

    init(maxPerCode: Int) {
        self.maxPerCode = maxPerCode
    }

    /// Takes one diagnostic.
    /// - Complexity: O(1).
    mutating func append(_ diagnostic: Diagnostic) {
        guard maxPerCode > 0 else { kept.append(diagnostic); return }
        let line = diagnostic.line ?? 0
        // In place (the dictionary's modify accessor): one look-up.
        let keep = Self.tally(diagnostic, line: line, into: &codes[diagnostic.code.rawValue, default: Tally()], maxPerCode: maxPerCode)
        if keep { kept.append(diagnostic) }
    }

    /// Takes each of `diagnostics`, in order.
    mutating func append(contentsOf diagnostics: some Sequence<Diagnostic>) {
        for diagnostic in diagnostics { append(diagnostic) }
    }

    private static func tally(_ diagnostic: Diagnostic, line: Int, into tally: inout Tally, maxPerCode: Int) -> Bool {
        if tally.kept < maxPerCode || line < tally.greatestKeptLine {
            tally.kept += 1
            tally.greatestKeptLine = max(tally.greatestKeptLine, line)
            return true
        }
        if let last = tally.last {
            tally.omitted += 1
            if line >= last.line ?? 0 { tally.last = diagnostic }
        } else {
            tally.last = diagnostic
        }
        return false
    }

    /// The kept diagnostics, then the last left out of each capped code (in code order).
    var all: [Diagnostic] {
        kept + codes.sorted { $0.key < $1.key }.compactMap(\.value.last)
    }

    /// Per code, how many were left out and are not in ``all``.
    var omitted: [DiagnosticCode: Int] {
        var out: [DiagnosticCode: Int] = [:]
        for (_, tally) in codes where tally.omitted > 0 {
            if let code = tally.last?.code { out[code] = tally.omitted }
        }
        return out
    }
}
