import Foundation
import Testing
@testable import ICSKit

/// A windowed scan (``ScanPipeline/init(scanner:batchBytes:filter:)``): the scanning thread keeps
/// the blocks the filter skips in a ``KeptBlockStore`` and marks their places among the blocks it
/// sends on. The expected marks and line numbers are counted by hand from the input shown.
@Suite struct ScanPipelineWindowedTests {
    /// The window: June 2025 (UTC).
    static let window = DateInterval(start: Date(timeIntervalSince1970: 1_748_736_000),   // 2025-06-01T00:00Z
                                     end: Date(timeIntervalSince1970: 1_751_328_000))     // 2025-07-01T00:00Z

    static let text = calendarText([
        "BEGIN:VEVENT", "UID:a", "DTSTART:20240101T090000Z", "END:VEVENT",            // lines 4–7: skipped (2024)
        "BEGIN:VEVENT", "UID:b", "DTSTART:20250610T090000Z", "END:VEVENT",            // 8–11: parsed (in June)
        "BEGIN:VEVENT", "UID:c", "DTSTART;VALUE=DATE:20260101", "END:VEVENT",         // 12–15: skipped (2026)
        "BEGIN:VEVENT", "DTSTART:20230101T090000Z", "SUMMARY:folded", " on", "END:VEVENT", // 16–20: skipped, no UID
    ])

    @Test func skippedBlocksAreMarkedInPlaceAndKept() throws {
        let scanner = BlockScanner(stream: ByteStream(bytes: Array(Self.text.utf8)), source: "t.ics")
        // A tiny batch size: every block ends a batch.
        let pipeline = ScanPipeline(scanner: scanner, batchBytes: 1, filter: WindowFilter(window: Self.window))
        var batches: [WindowedBatch] = []
        let end = try pipeline.run(windowed: { batches.append($0) })
        // Five blocks, one a batch: the VCALENDAR's properties come last (at its END).
        let shape = batches.map { batch in (batch.blocks.map(\.name), batch.skips.map(\.blocksBefore)) }
        try #require(shape.count == 5)
        #expect(shape[0].0 == [] && shape[0].1 == [0])
        #expect(shape[1].0 == ["VEVENT"] && shape[1].1 == [])
        #expect(shape[2].0 == [] && shape[2].1 == [0])
        #expect(shape[3].0 == [] && shape[3].1 == [0])
        #expect(shape[4].0 == ["VCALENDAR"] && shape[4].1 == [])
        #expect(batches[1].blocks[0].line == 8)
        // The UID hashes of the skipped: a, c, and none.
        let skips = batches.flatMap(\.skips)
        #expect(skips.map(\.judgement.uidHash) == [SkippedBlocks.uidHash(Array("a".utf8)), SkippedBlocks.uidHash(Array("c".utf8)), nil])
        #expect(skips.map(\.judgement.verdict) == [.skip, .skip, .skip])
        // The store holds them in file order, as a scanner without a window reads them.
        try #require(end.kept.count == 3)
        #expect(end.kept.block(0).line == 4)
        #expect(end.kept.block(1).line == 12)
        let folded = end.kept.block(2)
        #expect(folded.line == 16)
        #expect(BlockScannerTests.lines(folded) == ["BEGIN:VEVENT", "DTSTART:20230101T090000Z", "SUMMARY:foldedon", "END:VEVENT"])
        #expect(folded.lines.map(\.number) == [16, 17, 18, 20])
    }

    @Test func keptAndSentBlocksAreTheScannersBlocks() throws {
        // Sixty events, every third in June (parsed), the others in 2024 (skipped, skimmed), of
        // growing sizes, in batches of about 600 bytes. Every block, kept or sent on, is the one a
        // plain scanner reads (the reference).
        var body: [String] = []
        for n in 0..<60 {
            let start = n % 3 == 0 ? "DTSTART:20250610T090000Z" : "DTSTART:20240110T090000Z"
            body += ["BEGIN:VEVENT", "UID:e\(n)", start, "SUMMARY:" + String(repeating: "s", count: n * 7),
                     "BEGIN:VALARM", "TRIGGER:-PT\(n)M", "END:VALARM", "END:VEVENT"]
        }
        let text = calendarText(body)
        let reference = try BlockScannerTests.scan(text).blocks.filter { $0.name == "VEVENT" }
        let scanner = BlockScanner(stream: ByteStream(bytes: Array(text.utf8)), source: "t.ics")
        let pipeline = ScanPipeline(scanner: scanner, batchBytes: 600, filter: WindowFilter(window: Self.window))
        var sent: [ComponentBlock] = []
        var marks: [SkipMark] = []
        let end = try pipeline.run(windowed: { batch in
            sent += batch.blocks.filter { $0.name == "VEVENT" }
            marks += batch.skips
        })
        try #require(reference.count == 60)
        try #require(end.kept.count == 40)
        #expect(marks.count == 40)
        let kept = (0..<40).map { end.kept.block($0) }
        let expectedKept = reference.enumerated().filter { $0.offset % 3 != 0 }.map(\.element)
        let expectedSent = reference.enumerated().filter { $0.offset % 3 == 0 }.map(\.element)
        for (found, expected) in Array(zip(kept, expectedKept)) + Array(zip(sent, expectedSent)) {
            #expect(found.line == expected.line)
            #expect(found.text == expected.text)
            #expect(BlockScannerTests.lines(found) == BlockScannerTests.lines(expected))
            #expect(found.lines.map(\.number) == expected.lines.map(\.number))
            #expect(found.lines.map(\.nameID) == expected.lines.map(\.nameID))
        }
        #expect(sent.count == 20)
    }
}
