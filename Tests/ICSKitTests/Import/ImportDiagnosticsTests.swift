import Testing
@testable import ICSKit

/// The import's diagnostics, capped as they come (``ImportDiagnostics``, with the scanner's own
/// cap ``OutsideDiagnostics`` before it), against the plain reading of the rule written here:
/// sort every diagnostic by line and code (a stable sort), sum up an empty RRULE in many
/// components in one warning, keep the first `maxPerCode` of each code and count the rest in a note.
@Suite("Import diagnostics capped as they come")
struct ImportDiagnosticsTests {
    static let codes: [DiagnosticCode] = [.missingStart, .unexpectedEnd, .emptyRecurrenceRule, .missingUID]

    /// The rule, on the whole list at once.
    static func reference(_ all: [Diagnostic], maxPerCode: Int) -> [Diagnostic] {
        var diagnostics = all.enumerated().sorted {
            ($0.element.line ?? 0, $0.element.code.rawValue, $0.offset) < ($1.element.line ?? 0, $1.element.code.rawValue, $1.offset)
        }.map(\.element)
        if let first = diagnostics.firstIndex(where: { $0.code == .emptyRecurrenceRule }) {
            let count = diagnostics.count { $0.code == .emptyRecurrenceRule }
            if count > 1 {
                var summary = diagnostics[first]
                summary.message = "\(count) components have an empty RRULE (the first on line \(summary.line ?? 0)): read as no rule"
                summary.uid = nil
                diagnostics.removeAll { $0.code == .emptyRecurrenceRule }
                diagnostics.insert(summary, at: min(first, diagnostics.count))
            }
        }
        var kept: [Diagnostic] = [], counts: [String: Int] = [:]
        for diagnostic in diagnostics {
            counts[diagnostic.code.rawValue, default: 0] += 1
            if counts[diagnostic.code.rawValue]! <= maxPerCode { kept.append(diagnostic) }
        }
        for (code, n) in counts.sorted(by: { $0.key < $1.key }) where n > maxPerCode {
            kept.append(Diagnostic(DiagnosticCode(rawValue: code), "\(n - maxPerCode) more \(code) diagnostics not shown", severity: .note, source: "f.ics"))
        }
        return kept
    }

    /// Diagnostics mostly in line order, some out of order, some on one line, some without a
    /// line, from a fixed generator.
    static func diagnostics(count: Int, seed: UInt64) -> [Diagnostic] {
        var random = SplitMix64(state: seed)
        func next(_ bound: Int) -> Int { random.int(0...(bound - 1)) }
        return (0..<count).map { index in
            let line: Int? = next(10) == 0 ? nil : next(4) == 0 ? next(count) + 1 : next(5) == 0 ? 7 : index + 1
            return Diagnostic(codes[next(codes.count)], "m\(index)", source: "f.ics", line: line, uid: "u\(index)")
        }
    }

    @Test(arguments: [0, 1, 3, 100], [1, 2, 3])
    func keepsWhatSortingAllThenCappingKeeps(maxPerCode: Int, seed: Int) {
        let all = Self.diagnostics(count: 400, seed: UInt64(seed))
        var capped = ImportDiagnostics(maxPerCode: maxPerCode)
        capped.add(contentsOf: all)
        let got = capped.result(source: "f.ics"), expected = Self.reference(all, maxPerCode: maxPerCode)
        #expect(got == expected)
    }

    /// The scanner's diagnostics go through its own cap first, then join the blocks' ones.
    @Test(arguments: [0, 1, 3, 100], [1, 2, 3])
    func theScannersCapLeavesTheResultAsItWas(maxPerCode: Int, seed: Int) {
        let blocks = Self.diagnostics(count: 300, seed: UInt64(seed))
        let outside = Self.diagnostics(count: 400, seed: UInt64(seed) + 10)
        var scanner = OutsideDiagnostics(maxPerCode: maxPerCode)
        scanner.append(contentsOf: outside)
        var capped = ImportDiagnostics(maxPerCode: maxPerCode)
        capped.add(contentsOf: blocks)
        capped.add(contentsOf: scanner.all)
        for (code, count) in scanner.omitted { capped.addOmitted(code, count: count) }
        #expect(capped.result(source: "f.ics") == Self.reference(blocks + outside, maxPerCode: maxPerCode))
    }

    /// 300,000 stray END lines in line order, with a cap of 100: the scanner keeps the first
    /// 100 and the last (line 300,000), and counts the 299,899 between.
    @Test func strayEndsKeepAHundredAndTheLast() {
        var scanner = OutsideDiagnostics(maxPerCode: 100)
        for line in 1...300_000 { scanner.append(Diagnostic(.unexpectedEnd, "END:VEVENT without a matching BEGIN", line: line)) }
        #expect(scanner.all.map(\.line) == (1...100).map { $0 } + [300_000])
        #expect(scanner.omitted == [.unexpectedEnd: 299_899])
    }
}
