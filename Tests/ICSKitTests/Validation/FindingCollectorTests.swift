import Testing
@testable import ICSKit

/// The capped collector against the plain reading of the rule it keeps in bounded memory: sort
/// every finding by line (then arrival), keep the first `maxPerCode` of each code, and sum up the
/// rest of each capped code in its last finding. The reference is written here from that rule.
@Suite("Findings capped as they come")
struct FindingCollectorTests {
    static let codes: [DiagnosticCode] = [.missingStart, .missingUID, .longLine]

    /// The rule, on the whole list at once.
    static func reference(_ findings: [Finding], maxPerCode: Int) -> [Finding] {
        let sorted = findings.enumerated().sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }.map(\.element)
        guard maxPerCode > 0 else { return sorted }
        var kept: [Finding] = [], counts: [DiagnosticCode: Int] = [:], last: [DiagnosticCode: Finding] = [:]
        for finding in sorted {
            counts[finding.code, default: 0] += 1
            if counts[finding.code]! <= maxPerCode { kept.append(finding) } else { last[finding.code] = finding }
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

    /// Findings mostly in line order (as the blocks come), with some out of order and some
    /// without a line (as the calendar-wide checks add them), from a fixed generator.
    static func findings(count: Int, seed: UInt64) -> [Finding] {
        var random = SplitMix64(state: seed)
        func next(_ bound: Int) -> Int { random.int(0...(bound - 1)) }
        return (0..<count).map { index in
            let line: Int? = next(10) == 0 ? nil : next(4) == 0 ? next(count) + 1 : index + 1
            return Finding(file: "f.ics", line: line, code: codes[next(codes.count)], message: "m\(index)", uid: "u\(index)", property: "P")
        }
    }

    @Test(arguments: [0, 1, 3, 100], [1, 2, 3])
    func keepsWhatSortingAllThenCappingKeeps(maxPerCode: Int, seed: Int) {
        let all = Self.findings(count: 400, seed: UInt64(seed))
        var collector = FindingCollector(maxPerCode: maxPerCode)
        collector.add(contentsOf: all)
        let got = collector.result(), expected = Self.reference(all, maxPerCode: maxPerCode)
        #expect(got.map(\.message) == expected.map(\.message))
        #expect(got.map(\.line) == expected.map(\.line))
        #expect(got.map(\.uid) == expected.map(\.uid))
    }

    /// What the run keeps of a file whose every block has the same fault: the cap, and one line
    /// that counts the rest and names the last.
    @Test func manyOfOneCode() {
        var collector = FindingCollector(maxPerCode: 2)
        for line in 1...100_000 { collector.add(Finding(file: "f.ics", line: line, code: .missingStart, message: "no DTSTART")) }
        let result = collector.result()
        #expect(result.map(\.line) == [1, 2, 100_000])
        #expect(result.last?.message == "99998 more ICS2104 findings like the ones above (the last on line 100000)")
    }

    /// One block's checks collect with the file's cap and hand over what a later collector
    /// needs (``FindingCollector/handOver()``): the file's result is the rule's on all findings,
    /// whatever the blocks.
    @Test(arguments: [0, 1, 3, 100], [1, 2, 3])
    func blocksHandOverWhatTheFileKeeps(maxPerCode: Int, seed: Int) {
        let all = Self.findings(count: 400, seed: UInt64(seed))
        let file = Self.collectInBlocks(all, maxPerCode: maxPerCode) { block, findings in block.add(contentsOf: findings) }
        let got = file.result(), expected = Self.reference(all, maxPerCode: maxPerCode)
        #expect(got.map(\.message) == expected.map(\.message))
        #expect(got.map(\.line) == expected.map(\.line))
        #expect(got.map(\.uid) == expected.map(\.uid))
    }

    /// `all` collected as a file's blocks hand theirs over: blocks of 1, 250, 7, 0, 60 and the rest,
    /// each filled by `fill` with its findings, each handing its kept findings and its counts of
    /// the others to the file's collector.
    static func collectInBlocks(_ all: [Finding], maxPerCode: Int,
                                fill: (inout FindingCollector, ArraySlice<Finding>) -> Void) -> FindingCollector {
        var file = FindingCollector(maxPerCode: maxPerCode)
        var start = 0
        for (index, size) in [1, 250, 7, 0, 60, 82].enumerated() {
            let end = index == 5 ? all.count : min(all.count, start + size)
            var block = FindingCollector(maxPerCode: maxPerCode)
            fill(&block, all[start..<end])
            let (findings, omitted) = block.handOver()
            file.add(contentsOf: findings)
            for (code, count) in omitted { file.addOmitted(code, count: count) }
            start = end
        }
        return file
    }

    /// Adds `finding` as ``BlockChecker`` does, its message made only when it is kept.
    static func addLazily(_ finding: Finding, to collector: inout FindingCollector, made: inout Int) {
        collector.add(finding.code, line: finding.line, file: finding.file, severity: finding.severity, property: finding.property) {
            made += 1
            return finding.message
        }
    }

    /// Messages made only for the findings that are kept give the rule's result, through a
    /// block's hand-over too; in line order, a hundred thousand findings with a cap of 2 make
    /// two messages.
    @Test(arguments: [0, 1, 3, 100], [1, 2, 3])
    func messagesMadeOnlyWhenKeptGiveTheSameResult(maxPerCode: Int, seed: Int) {
        // Without UIDs: the line pass names none (a block's UID is added after its hand-over).
        let all = Self.findings(count: 400, seed: UInt64(seed)).map { finding in
            var finding = finding
            finding.uid = nil
            return finding
        }
        var made = 0
        let file = Self.collectInBlocks(all, maxPerCode: maxPerCode) { block, findings in
            for finding in findings { Self.addLazily(finding, to: &block, made: &made) }
        }
        let got = file.result(), expected = Self.reference(all, maxPerCode: maxPerCode)
        #expect(got.map(\.message) == expected.map(\.message))
        #expect(got.map(\.line) == expected.map(\.line))
        #expect(got.map(\.severity) == expected.map(\.severity))
        #expect(got.map(\.property) == expected.map(\.property))

        var inOrder = FindingCollector(maxPerCode: 2)
        var inOrderMade = 0
        for line in 1...100_000 {
            Self.addLazily(Finding(file: "f.ics", line: line, code: .missingStart, message: "no DTSTART"), to: &inOrder, made: &inOrderMade)
        }
        #expect(inOrderMade == 2)
        #expect(inOrder.result().map(\.line) == [1, 2, 100_000])
        #expect(inOrder.result().last?.message == "99998 more ICS2104 findings like the ones above (the last on line 100000)")
    }

    /// Findings taken moved (``FindingCollector/add(_:movedBy:)``, as the blocks that share their
    /// shape's result hand theirs over) and diagnostics taken as findings
    /// (``FindingCollector/add(_:file:)``) give what adding the moved copies and the findings
    /// gives: the same findings, lines, columns, hints and notes. Columns and hints are varied,
    /// since the note that counts the rest shows the last one's.
    @Test(arguments: [0, 1, 3, 100], [1, 2, 3])
    func movedFindingsAndDiagnosticsGiveTheSameResult(maxPerCode: Int, seed: Int) {
        var random = SplitMix64(state: UInt64(seed) &+ 17)
        let all = Self.findings(count: 400, seed: UInt64(seed)).enumerated().map { index, finding in
            var finding = finding
            if index % 3 == 0, finding.line != nil { finding.column = 5 }
            if index % 4 == 0 { finding.hint = "hint \(index)" }
            return finding
        }
        let deltas = all.map { _ in random.int(0...1_000) }
        var plain = FindingCollector(maxPerCode: maxPerCode), moved = FindingCollector(maxPerCode: maxPerCode)
        for (index, (finding, delta)) in zip(all, deltas).enumerated() {
            var copy = finding
            copy.line = finding.line.map { $0 + delta }
            if index % 5 == 0 {
                // As a diagnostic: its line, column, code, message, severity, UID and property (the code's hint).
                copy.hint = copy.code.hint
                let diagnostic = Diagnostic(copy.code, copy.message, severity: copy.severity, line: copy.line, column: copy.column,
                                            uid: copy.uid, property: copy.property)
                plain.add(Finding(diagnostic, file: "f.ics"))
                moved.add(diagnostic, file: "f.ics")
            } else {
                plain.add(copy)
                moved.add(finding, movedBy: delta)
            }
        }
        let got = moved.result(), expected = plain.result()
        #expect(got == expected)
        #expect(got.count > 0)
    }
}
