import Foundation
import Testing
@testable import ICSKit

/// ``KeptBlockStore`` gives back each block exactly as the scanner made it (the reference: the
/// scanner's own blocks, compared field by field).
@Suite struct KeptBlockStoreTests {
    @Test func roundTripsEveryBlock() throws {
        // A folded line (so that line numbers skip), a nested VALARM, a lower-case BEGIN, a block
        // that the scanner closes with a diagnostic (END missing before the next BEGIN).
        let text = calendarText([
            "BEGIN:VEVENT", "UID:a@example.com", "DTSTART:20250401T090000Z", "SUMMARY:folded", " over two lines",
            "BEGIN:VALARM", "TRIGGER:-PT5M", "ACTION:DISPLAY", "END:VALARM", "END:VEVENT",
            "begin:vevent", "UID:b", "DTSTART;VALUE=DATE:20250402", "end:vevent",
            "BEGIN:VEVENT", "UID:c", "DTSTART:20250403T090000Z",
        ])
        var scanner = BlockScanner(stream: ByteStream(bytes: Array(text.utf8)), source: "t.ics")
        var blocks: [ComponentBlock] = []
        while let block = try scanner.next() { blocks.append(block) }
        let events = blocks.filter { $0.name == "VEVENT" }
        try #require(events.count == 3)
        var store = KeptBlockStore()
        for block in events { store.append(block) }
        #expect(store.count == 3)
        for (index, original) in events.enumerated() {
            let copy = store.block(index)
            #expect(copy.name == original.name)
            #expect(copy.line == original.line)
            #expect(copy.text == original.text)
            #expect(copy.lines.map(\.number) == original.lines.map(\.number))
            #expect(copy.lines.map(\.offset) == original.lines.map(\.offset))
            #expect(copy.lines.map(\.length) == original.lines.map(\.length))
            #expect(copy.lines.map(\.kind) == original.lines.map(\.kind))
            #expect(copy.lines.map(\.name) == original.lines.map(\.name))
            #expect(copy.lines.map(\.nameID) == original.lines.map(\.nameID))
            #expect(copy.diagnostics == original.diagnostics)
        }
        // The folded SUMMARY is one content line; the next line's number skips the fold.
        #expect(events[0].lines.map(\.number).contains(7))
        #expect(!events[0].lines.map(\.number).contains(8))
        #expect(events[0].lines.map(\.name).contains("VALARM"))
        #expect(!events[2].diagnostics.isEmpty)
        // Parsed from the store, a block gives what it gives from the scanner.
        #expect(ComponentConverter.parse(store.block(0), source: "t.ics") == ComponentConverter.parse(events[0], source: "t.ics"))
    }

    /// A skimmed event's raw bytes after its BEGIN line, as a file holds them (CRLF line ends).
    private static func raw(_ lines: [String]) -> [UInt8] {
        Array(lines.map { $0 + "\r\n" }.joined().utf8)
    }

    @Test func keepsTheReadersChunksAndPacksThoseItUsesLittleOf() {
        let a = Self.raw(["UID:a", "DTSTART:20250401T090000Z", "SUMMARY:one", "END:VEVENT"])
        let b = Self.raw(["UID:b", "DTSTART:20250402T090000Z", "END:VEVENT"])
        let c = Self.raw(["UID:c", "DTSTART:20250403T090000Z", "END:VEVENT"])
        let filler = Self.raw(Array(repeating: "X-FILLER:a parsed block's line, not the store's", count: 40))
        var store = KeptBlockStore()
        // The first chunk: two skimmed events, nothing else.
        var first = a + b
        store.appendSkimmed(first, 0..<a.count, line: 2)
        store.appendSkimmed(first, a.count..<(a.count + b.count), line: 7)
        // The reader reads on into its own array: what the store kept does not change.
        first.replaceSubrange(0..<first.count, with: [UInt8](repeating: 0x58, count: first.count))
        // The second chunk: a parsed block's 40 lines, then one skimmed event (under half of it).
        let second = filler + c
        store.appendSkimmed(second, filler.count..<second.count, line: 60)
        #expect(store.heldBytes == a.count + b.count + second.count)
        // A third chunk: the second is packed to its event's bytes; the first, all blocks, stays.
        let third = a
        store.appendSkimmed(third, 0..<third.count, line: 100)
        #expect(store.heldBytes == a.count + b.count + c.count + third.count)
        #expect(store.count == 4)
        // Each reads back as its BEGIN line and its own lines, numbered from its BEGIN line.
        let expected: [(uid: String, line: Int, names: [String])] = [
            ("a", 2, ["VEVENT", "UID", "DTSTART", "SUMMARY", "VEVENT"]), ("b", 7, ["VEVENT", "UID", "DTSTART", "VEVENT"]),
            ("c", 60, ["VEVENT", "UID", "DTSTART", "VEVENT"]), ("a", 100, ["VEVENT", "UID", "DTSTART", "SUMMARY", "VEVENT"]),
        ]
        for (index, want) in expected.enumerated() {
            let block = store.block(index)
            #expect(store.wasSkimmed(index))
            #expect(block.line == want.line)
            #expect(block.lines.map(\.name) == want.names)
            #expect(block.lines.map { Int($0.number) } == Array(want.line..<(want.line + want.names.count)))
            #expect(String(decoding: block.text, as: UTF8.self).hasPrefix("BEGIN:VEVENTUID:\(want.uid)DTSTART:"))
        }
    }
}
