import Testing
@testable import ICSKit

/// Findings registered once and handed over again and again with their lines moved
/// (``FindingCollector/register(_:)``, ``FindingCollector/add(repeated:movedBy:)``, as the blocks
/// that share a result hand theirs over) against their moved copies added one by one: the
/// collector's result and hand-over must be the same, and the rule's (sort all by line, keep the
/// first of each code, sum up the rest: ``FindingCollectorTests/reference(_:maxPerCode:)``).
@Suite("Registered findings taken moved")
struct RepeatedFindingTests {
    @Test(arguments: [0, 1, 3, 100], [1, 2, 3])
    func sameAsTheMovedCopies(maxPerCode: Int, seed: Int) {
        var random = SplitMix64(state: UInt64(seed) &+ 41)
        // A template of a dozen findings, columns and hints varied (the note that counts the
        // rest shows the last one's), some without a line.
        let template = FindingCollectorTests.findings(count: 12, seed: UInt64(seed)).enumerated().map { index, finding in
            Finding(file: finding.file, line: finding.line, column: index % 3 == 0 ? 4 : 1, code: finding.code, message: finding.message,
                    hint: index % 4 == 0 ? "hint \(index)" : nil, uid: finding.uid, property: finding.property)
        }
        var plain = FindingCollector(maxPerCode: maxPerCode), registered = FindingCollector(maxPerCode: maxPerCode)
        let handles = template.map { registered.register($0) }
        var all: [Finding] = []
        for block in 0..<300 {
            let delta = block * 20 + random.int(0...5)
            for (finding, handle) in zip(template, handles) where random.int(0...3) > 0 {
                plain.add(finding, movedBy: delta)
                registered.add(repeated: handle, movedBy: delta)
                var moved = finding
                moved.line = finding.line.map { $0 + delta }
                all.append(moved)
            }
            if block % 7 == 0 {
                // A finding of the block's own between the template's.
                let own = Finding(file: "f.ics", line: delta + 1, code: .longLine, message: "own \(block)", property: "Q")
                plain.add(own)
                registered.add(own)
                all.append(own)
            }
        }
        #expect(registered.result() == plain.result())
        let handed = registered.handOver(), expectedHanded = plain.handOver()
        #expect(handed.findings == expectedHanded.findings)
        #expect(handed.omitted == expectedHanded.omitted)
        let expected = FindingCollectorTests.reference(all, maxPerCode: maxPerCode)
        #expect(registered.result().map(\.message) == expected.map(\.message))
        #expect(registered.result().map(\.line) == expected.map(\.line))
        #expect(registered.result().map(\.column) == expected.map(\.column))
    }
}
