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
}
