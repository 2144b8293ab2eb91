import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import ICSKit

/// The importer's guess of a file's event count (to reserve the events array once), worked by hand.
@Suite("Event count estimate")
struct EventCountEstimateTests {
    private func block(bytes: Int) -> ComponentBlock {
        var block = ComponentBlock(name: "VEVENT", line: 1)
        block.text = [UInt8](repeating: UInt8(ascii: "x"), count: bytes)
        return block
    }

    @Test func guessesAQuarterAboveTheRateOfTheFirstBatchWithEvents() {
        var estimate = EventCountEstimate(inputBytes: 100_000)
        // A batch of time zones only: no events yet, no guess.
        #expect(estimate.events(afterBytes: 1_000, eventsSoFar: 0) == nil)
        // 2,000 bytes scanned in all with 4 events: 100,000 · 4 / 2,000 = 200,
        // a quarter more is 250, plus 16.
        #expect(estimate.events(afterBytes: 1_000, eventsSoFar: 4) == 266)
        // Once only.
        #expect(estimate.events(afterBytes: 1_000, eventsSoFar: 9) == nil)
    }

    @Test func neverMoreThanOneEventPer26Bytes() {
        var estimate = EventCountEstimate(inputBytes: 2_600)
        // 100 events in 100 bytes would guess 3,266; the smallest event is 26 bytes: at most 101.
        #expect(estimate.events(afterBytes: 100, eventsSoFar: 100) == 101)
    }

    @Test func aBatchCountsItsTextAndTwoBytesOfLineBreakPerLine() {
        var first = block(bytes: 30)
        first.lines = (0..<3).map { ComponentBlock.Line(.property, name: "SUMMARY", number: 2 + $0, offset: 10 * $0, length: 10) }
        // 30 + 2 · 3 for the first, 7 for the second (no lines).
        #expect(EventCountEstimate.bytes(of: [first, block(bytes: 7)]) == 43)
        #expect(EventCountEstimate.bytes(of: []) == 0)
    }

    @Test func anUnknownSizeGivesNoGuess() {
        var estimate = EventCountEstimate(inputBytes: nil)
        #expect(estimate.events(afterBytes: 500, eventsSoFar: 3) == nil)
    }

    @Test func aRegularFileKnowsItsSizeAPipeDoesNot() throws {
        #expect(ByteStream(bytes: [1, 2, 3]).expectedSize == 3)
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        #expect(ByteStream(descriptor: fds[0]).expectedSize == nil)
    }
}
