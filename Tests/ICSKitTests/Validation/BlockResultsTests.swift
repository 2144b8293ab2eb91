import Testing
@testable import ICSKit

/// ``BlockResults``: results kept by batch, read by their index in the file (worked by hand).
@Suite struct BlockResultsTests {
    private static func result(line: Int) -> BlockResult {
        BlockResult(facts: BlockFacts(name: "VEVENT", line: line), findings: [], timeZone: nil, incidence: nil)
    }

    private static func batch(_ lines: [Int]) -> [BlockResult] { lines.map { result(line: $0) } }

    @Test func readsEachResultByItsIndexAcrossBatches() {
        var results = BlockResults()
        #expect(results.count == 0)
        #expect(results.indices.isEmpty)
        // Batches of 3, none, 1 and 2 results: indices 0–2, 3, 4–5.
        results.append(Self.batch([2, 5, 9]))
        results.append([])
        results.append(Self.batch([14]))
        results.append(Self.batch([20, 27]))
        #expect(results.count == 6)
        #expect(results.indices == 0..<6)
        #expect(results.indices.map { results[$0].facts.line } == [2, 5, 9, 14, 20, 27])
    }

    @Test func oneBatchOfAWholeFile() {
        let results = BlockResults(Self.batch([1, 3]))
        #expect(results.indices.map { results[$0].facts.line } == [1, 3])
        #expect(BlockResults([]).count == 0)
    }
}
