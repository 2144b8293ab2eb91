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

    /// Blocks that share a result: a batch of slots, each a position among the batch's whole
    /// results or a shared result moved to the block's line (worked by hand).
    @Test func sharedResultsAreReadWithTheBlocksLines() {
        var results = BlockResults()
        results.append(Self.batch([1]))
        var event = BlockFacts(name: "VEVENT", line: 10)
        event.kind = .event
        event.sequence = 2
        results.share(BlockResult(facts: event, findings: [], timeZone: nil, incidence: nil))
        results.share(BlockResult(facts: BlockFacts(name: "VTIMEZONE", line: 20), findings: [],
                                  timeZone: TimeZoneDefinition(tzid: "", line: 20), incidence: nil))
        #expect(results.sharedCount == 2)
        // Lines 10 (shared 0), 12 (whole), 14 (shared 1), 16 (shared 0).
        results.append(whole: Self.batch([12]), slots: [.shared(0, line: 10), .whole(0), .shared(1, line: 14), .shared(0, line: 16)])
        #expect(results.count == 5)
        #expect(results.indices.map { results[$0].facts.line } == [1, 10, 12, 14, 16])
        #expect(results.indices.map { results.plain($0)?.shared } == [nil, 0, nil, 1, 0])
        #expect(results.indices.map { results.plain($0)?.line } == [nil, 10, nil, 14, 16])
        #expect(results[4].facts.kind == .event && results[4].facts.sequence == 2 && results[4].facts.name == "VEVENT")
        #expect(results[3].timeZone == TimeZoneDefinition(tzid: "", line: 14))
        #expect(results[3].facts.kind == nil && results[2].timeZone == nil)
    }
}
