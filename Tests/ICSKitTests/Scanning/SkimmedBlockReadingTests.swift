import Foundation
import Testing
@testable import ICSKit

/// A windowed scan makes the VEVENTs its filter sends on from the bytes the skim already read
/// (``RawContentLines``, ``BlockScanner``'s `readSkimmed`), not by reading them again line by
/// line. The reference is the ordinary scan (``BlockSkimTests/compare(_:chunks:limits:sourceLocation:)``:
/// every block's text, lines, numbers, names and diagnostics, the diagnostics outside blocks and
/// the line-ending counts); and the cutting of content lines is checked against
/// ``ContentLineReader``, whose unfolding ``ContentLineReaderTests`` works out by hand.
@Suite struct SkimmedBlockReadingTests {
    /// A windowed scan of `bytes` (chunks of `chunk` bytes): how many blocks it made from skims.
    static func readFromSkims(_ bytes: [UInt8], chunk: Int = 1 << 20) throws -> Int {
        var scanner = BlockScanner(stream: ByteStream(bytes: bytes, chunkSize: chunk), source: "t.ics")
        scanner.windowed(by: WindowFilter(window: BlockSkimTests.window))
        while try scanner.nextWindowed() != nil {}
        return scanner.blocksReadFromSkims
    }

    /// A June 2025 VEVENT (sent on) with `lines` after its DTSTART.
    static func june(_ uid: String, _ lines: [String] = []) -> [String] {
        ["BEGIN:VEVENT", "UID:\(uid)", "DTSTART:20250610T090000Z", "DTEND:20250610T100000Z"] + lines + ["END:VEVENT"]
    }

    @Test func sentOnBlocksAreMadeFromTheSkimAsTheReaderMakesThem() throws {
        // Folds (space and TAB, inside a name and inside a value, a fold line of a blank and CR
        // alone), an empty line inside, a VALARM, UTF-8, and a boundary folded.
        let body = Self.june("a", ["SUMMARY:caf", " é au lait", "DESCRIPTION:one", "\ttwo", " ", "X-EMPTY:", "",
                                   "BEGIN:VAL", " ARM", "TRIGGER:-PT5M", "ACTION:DISPLAY", "END:VALARM", "LOCA", " TION:here"])
            + BlockSkimTests.old("old") + Self.june("b")
        let bytes = Array(calendarText(body).utf8)
        let found = try BlockSkimTests.compare(bytes, chunks: [1 << 20] + Array(1...60) + [128, 256])
        #expect(found.skipped == [nil, true, nil, nil])
        #expect(found.blocks[0].lines.count == 13)
        // The two June events, at every chunk size.
        for chunk in [1 << 20, 1, 7, 64] { #expect(try Self.readFromSkims(bytes, chunk: chunk) == 2, "chunk \(chunk)") }
    }

    @Test func bareLineFeedsAndMixedEndsInSentOnBlocks() throws {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\nUID:l\r\nDTSTART:20250610T090000Z\nSUMMARY:a\n b\r\n"
            + "END:VEVENT\n\r\n\nBEGIN:VEVENT\r\nUID:m\nDTSTART;VALUE=DATE:20250611\r\nEND:VEVENT\r\nEND:VCALENDAR\n"
        let bytes = Array(text.utf8)
        let found = try BlockSkimTests.compare(bytes, chunks: [1 << 20] + Array(1...40))
        #expect(found.skipped == [nil, nil, nil])
        // LF ends: lines 3, 5, 6, 8, 10, 13, 16 (worked out from the text above).
        #expect(found.bareLineFeeds.count == 7)
        #expect(found.bareLineFeeds.firstLine == 3)
        #expect(try Self.readFromSkims(bytes) == 2)
    }

    @Test func aLineEndingWithCRCRLFIsReadTheOrdinaryWay() throws {
        // The reader reads CR CR LF as one line end and counts it for the calendar's note: a block
        // with one is read by the reader (the note is the same either way).
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:c\r\nDTSTART:20250610T090000Z\r\nSUMMARY:a\r\r\nEND:VEVENT\r\n"
            + "BEGIN:VEVENT\r\nUID:d\r\nDTSTART:20250610T090000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let bytes = Array(text.utf8)
        let found = try BlockSkimTests.compare(bytes, chunks: [1 << 20, 3, 5, 17])
        #expect(found.diagnostics.map(\.code) == [.unusualLineEnds])
        #expect(try Self.readFromSkims(bytes) == 1)
    }

    @Test func aFileEndingAfterASentOnBlock() throws {
        // No END:VCALENDAR: the calendar's missing END is noted at the same line either way.
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:z\r\nDTSTART:20250610T090000Z\r\nEND:VEVENT\r\nX-AFTER:1\r\n"
        let found = try BlockSkimTests.compare(Array(text.utf8), chunks: [1 << 20, 1, 9])
        #expect(found.diagnostics.map(\.code) == [.missingEnd])
        #expect(try Self.readFromSkims(Array(text.utf8)) == 1)
    }

    /// Random calendars: June events (sent on) and 2024 ones (skipped), with random folds, empty
    /// lines, CRLF and LF line ends, VALARMs and UTF-8, at several chunk sizes; most June events are
    /// made from their skims. (CR CR LF is left to the test above: the reader reads it differently
    /// when a chunk ends between the two CRs, whichever way the block is made.)
    @Test(arguments: [1, 2, 3, 4])
    func randomCalendarsScanAsTheOrdinaryScan(seed: UInt64) throws {
        var random = SplitMix64(state: seed)
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"
        var june = 0
        let ends = ["\r\n", "\n", "\r\n"]
        let words = ["SUMMARY:Réunion d'équipe", "DESCRIPTION:a\\, b\\nc 日本語", "LOCATION:Room 1", "X-A;X-P=\"q:r\":v", "CATEGORIES:A,B",
                     "ATTENDEE;CN=Ann:mailto:ann@example.com", "EXDATE:20250617T090000Z", "X-EMPTY:"]
        for n in 0..<60 {
            let isJune = random.next() % 2 == 0
            var lines = ["BEGIN:VEVENT", "UID:r\(seed)-\(n)", isJune ? "DTSTART:20250610T090000Z" : "DTSTART:20240110T090000Z"]
            for _ in 0..<Int(random.next() % 6) { lines.append(words[Int(random.next() % UInt64(words.count))]) }
            if random.next() % 3 == 0 { lines += ["BEGIN:VALARM", "TRIGGER:-PT5M", "ACTION:DISPLAY", "END:VALARM"] }
            lines.append("END:VEVENT")
            for (i, line) in lines.enumerated() {
                // Fold some lines after their first byte, at random places (between bytes of a character too).
                var bytes = Array(line.utf8)
                var pieces: [[UInt8]] = []
                while bytes.count > 3 && random.next() % 3 == 0 {
                    let at = 1 + Int(random.next() % UInt64(bytes.count - 1))
                    pieces.append(Array(bytes[..<at]))
                    bytes = Array(bytes[at...])
                }
                pieces.append(bytes)
                for (k, piece) in pieces.enumerated() {
                    let end = ends[Int(random.next() % UInt64(ends.count))]
                    text += (k > 0 ? (random.next() % 2 == 0 ? " " : "\t") : "") + String(decoding: piece, as: UTF8.self) + end
                }
                // An empty line now and then inside the block (never before a fold or the first line).
                if i > 0 && i < lines.count - 1 && random.next() % 8 == 0 { text += "\r\n" }
            }
            if isJune { june += 1 }
        }
        text += "END:VCALENDAR\r\n"
        let bytes = Array(text.utf8)
        try BlockSkimTests.compare(bytes, chunks: [1 << 20, 5, 61, 300])
        // Folds that split a character make the raw bytes invalid UTF-8 (those blocks are read the
        // ordinary way); the others are made from their skims.
        let made = try Self.readFromSkims(bytes)
        #expect(made <= june)
        #expect(made * 2 > june)
        #expect(june > 15)
    }

    /// ``RawContentLines`` against ``ContentLineReader`` on random bytes of the shapes it takes
    /// (every line ended by LF, no CR CR LF): the same lines, in order, on the same physical lines.
    @Test func rawContentLinesCutAsTheReaderCuts() throws {
        var random = SplitMix64(state: 9)
        let pieces: [[UInt8]] = [Array("A:b".utf8), Array("NAME;P=1:v".utf8), [0x20], [0x09], [0x20, 0x20], Array("é".utf8), [0x0D], []]
        for _ in 0..<2_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(random.next() % 9) {
                for _ in 0..<Int(random.next() % 3) { bytes += pieces[Int(random.next() % UInt64(pieces.count))] }
                if bytes.last == 0x0D, random.next() % 2 == 0 { bytes.removeLast() }
                bytes += random.next() % 2 == 0 ? [0x0D, 0x0A] : [0x0A]
            }
            // The cases the function leaves to the reader: CR CR LF.
            if zip(bytes, bytes.dropFirst(2)).enumerated().contains(where: { i, pair in pair.0 == 0x0D && bytes[i + 1] == 0x0D && pair.1 == 0x0A }) { continue }
            let reference = try ContentLineReaderTests.read(bytes)
            var lines: [String] = [], numbers: [Int] = []
            var scratch: [UInt8] = []
            let last = bytes.withUnsafeBufferPointer { raw in
                RawContentLines.forEach(raw, firstLine: 1, scratch: &scratch) { line, number in
                    lines.append(String(decoding: line, as: UTF8.self))
                    numbers.append(number)
                }
            }
            #expect(lines == reference.lines, "\(bytes)")
            #expect(numbers == reference.numbers, "\(bytes)")
            #expect(last == (reference.numbers.last ?? 0), "\(bytes)")
        }
    }
}
