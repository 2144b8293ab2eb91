import Foundation
import Testing
@testable import ICSKit

/// How large a block a windowed scan skims (``BlockSkim``): a line too long to parse, or a block
/// over ``BlockSkim/skimLimit``, is given up as soon as that is known, not at its end, and read
/// the ordinary way, with the same blocks as the ordinary scan (``BlockSkimTests/compare(_:chunks:limits:sourceLocation:)``
/// checks them). A skim asks for more bytes whenever a block straddles a chunk, and each new
/// chunk holds the block's bytes again: a 100 MB ATTACH line took 100 copies of up to 100 MB
/// (9.5 s for a month view) before it fell back at its end.
@Suite struct BlockSkimSizeTests {
    private func advance(_ skim: inout BlockSkim, _ text: String) -> SkimOutcome {
        Array(text.utf8).withUnsafeBufferPointer { skim.advance($0) }
    }

    @Test func aLineLongerThanTheParsedLimitFallsBackBeforeItsEnd() {
        // maxParsedLineBytes 100: a physical line of 100 bytes may still end (and be skimmed);
        // one of 103 bytes with no line break yet cannot (its content is at least 101 bytes).
        let limits = ScanLimits(maxParsedLineBytes: 100)
        var skim = BlockSkim(limits: limits)
        skim.start(beginLine: 4)
        #expect(advance(&skim, "UID:x\r\nX-A:" + String(repeating: "a", count: 96)) == .needMore)
        skim.start(beginLine: 4)
        #expect(advance(&skim, "UID:x\r\nX-A:" + String(repeating: "a", count: 99)) == .fallback)
        // A fold line the same: its partial bytes already exceed the limit.
        skim.start(beginLine: 4)
        #expect(advance(&skim, "UID:x\r\nX-A:a\r\n " + String(repeating: "b", count: 103)) == .fallback)
    }

    @Test func aLongLineScansAsTheOrdinaryScanDoesInSmallChunks() throws {
        // The line is over 256 KiB: kept unparsed by both scans, and a block with an unparsed line
        // is never skipped (``BlockSkimTests/overLongLinesAndDeepNestingAreReadTheOrdinaryWay()``).
        let found = try BlockSkimTests.compare(BlockSkimTests.old("long", ["ATTACH:" + String(repeating: "Q", count: 300_000)]),
                                               chunks: [4096, 1 << 20])
        #expect(found.skipped == [nil, nil])
        #expect(found.blocks[0].unparsed.count == 1)
    }

    @Test func aBlockOverTheSkimLimitIsReadTheOrdinaryWay() throws {
        // 66 bytes a line (with CRLF): just over 4 MiB of lines after BEGIN. A block of 2 MiB is
        // still skimmed.
        let line = "X-A:" + String(repeating: "a", count: 60)
        let over = BlockSkim.skimLimit / 66 + 10
        let big = try BlockSkimTests.compare(BlockSkimTests.old("big", Array(repeating: line, count: over)), chunks: [1 << 20])
        #expect(big.skipped == [false, nil])
        let small = try BlockSkimTests.compare(BlockSkimTests.old("small", Array(repeating: line, count: over / 2)), chunks: [1 << 20])
        #expect(small.skipped == [true, nil])
    }
}
