import Foundation
import Testing
@testable import ICSKit

/// A windowed scan's skim (``BlockSkim``, ``BlockScanner/windowed(by:)``) against the ordinary
/// scan, the reference: every block, skipped (and read back from the ``KeptBlockStore``) or sent
/// on, is the block the ordinary scan makes (text, lines, numbers, names, diagnostics); the
/// diagnostics outside blocks and the line-ending counts are the same; and the blocks whose shape
/// the skim cannot prove plain are read the ordinary way (``KeptBlockStore/wasSkimmed(_:)`` false),
/// as worked out by hand from the rules in ``BlockSkim``'s documentation.
@Suite struct BlockSkimTests {
    /// June 2025 in UTC: an event of 2024 is skipped, one of June 2025 is parsed.
    static let window = WindowFilterTests.june

    /// One top-level block as the comparison sees it.
    struct Seen: Equatable, CustomStringConvertible {
        var name: String
        var line: Int
        var text: [UInt8]
        var lines: [String]
        var unparsed: [Int]
        var diagnostics: [Diagnostic]

        init(_ block: ComponentBlock) {
            name = block.name
            line = block.line
            text = block.text
            lines = block.lines.map { "\($0.kind) \($0.number) \($0.offset) \($0.length) \($0.name) \($0.nameID)" }
            unparsed = block.unparsed.map(\.number)
            diagnostics = block.diagnostics
        }

        var description: String { "\(name)@\(line) \(lines) \(diagnostics.map(\.code))" }
    }

    /// What a windowed scan gave: the blocks in file order (skipped ones read back from the store),
    /// whether each was skipped and skimmed, and the diagnostics and line statistics of the scan.
    struct Windowed {
        var blocks: [Seen] = []
        /// Per block: nil when sent on, else whether it was skimmed (kept as raw bytes).
        var skipped: [Bool?] = []
        var diagnostics: [Diagnostic] = []
        var bareLineFeeds: (count: Int, firstLine: Int?, crlfCount: Int) = (0, nil, 0)
    }

    static func windowed(_ bytes: [UInt8], chunk: Int, limits: ScanLimits = .standard) throws -> Windowed {
        var scanner = BlockScanner(stream: ByteStream(bytes: bytes, chunkSize: chunk), source: "t.ics", limits: limits)
        scanner.windowed(by: WindowFilter(window: window))
        var items: [BlockScanner.WindowedItem] = []
        while let item = try scanner.nextWindowed() { items.append(item) }
        let kept = scanner.takeKept()
        var result = Windowed()
        var index = 0
        for item in items {
            switch item {
            case .block(let block):
                result.blocks.append(Seen(block))
                result.skipped.append(nil)
            case .skip:
                result.blocks.append(Seen(kept.block(index)))
                result.skipped.append(kept.wasSkimmed(index))
                index += 1
            }
        }
        #expect(index == kept.count)
        result.diagnostics = scanner.diagnostics
        result.bareLineFeeds = scanner.bareLineFeeds
        return result
    }

    /// Scans `text` both ways, with each chunk size given, and checks that they agree; returns the
    /// windowed scan of the first chunk size.
    @discardableResult
    static func compare(_ bytes: [UInt8], chunks: [Int] = [1 << 20, 7, 64], limits: ScanLimits = .standard,
                        sourceLocation: SourceLocation = #_sourceLocation) throws -> Windowed {
        var ordinary = BlockScanner(stream: ByteStream(bytes: bytes), source: "t.ics", limits: limits)
        var reference: [Seen] = []
        while let block = try ordinary.next() { reference.append(Seen(block)) }
        var first: Windowed?
        for chunk in chunks {
            let found = try windowed(bytes, chunk: chunk, limits: limits)
            #expect(found.blocks == reference, "chunk \(chunk)", sourceLocation: sourceLocation)
            #expect(found.diagnostics == ordinary.diagnostics, "chunk \(chunk)", sourceLocation: sourceLocation)
            #expect(found.bareLineFeeds == ordinary.bareLineFeeds, "chunk \(chunk)", sourceLocation: sourceLocation)
            if let first { #expect(found.skipped == first.skipped, "chunk \(chunk)", sourceLocation: sourceLocation) }
            first = first ?? found
        }
        return first!
    }

    static func compare(_ body: [String], lineBreak: String = "\r\n", chunks: [Int] = [1 << 20, 7, 64], limits: ScanLimits = .standard,
                        sourceLocation: SourceLocation = #_sourceLocation) throws -> Windowed {
        try compare(Array(calendarText(body, lineBreak: lineBreak).utf8), chunks: chunks, limits: limits, sourceLocation: sourceLocation)
    }

    /// A VEVENT of 2024 (skipped) with `lines` after its DTSTART.
    static func old(_ uid: String, _ lines: [String] = []) -> [String] {
        ["BEGIN:VEVENT", "UID:\(uid)", "DTSTART:20240110T090000Z", "DTEND:20240110T100000Z"] + lines + ["END:VEVENT"]
    }

    @Test func plainOldEventsAreSkimmedAndJuneOnesSentOn() throws {
        let found = try Self.compare(Self.old("a", ["SUMMARY:one"])
            + ["BEGIN:VEVENT", "UID:b", "DTSTART:20250610T090000Z", "END:VEVENT"]
            + Self.old("c", ["BEGIN:VALARM", "TRIGGER:-PT5M", "ACTION:DISPLAY", "END:VALARM"]))
        // VEVENT a (lines 4–9), b (10–13), c (14–22), then the VCALENDAR's properties.
        #expect(found.skipped == [true, nil, true, nil])
        #expect(found.blocks.map(\.line) == [4, 10, 14, 1])
        #expect(found.blocks[2].lines.count == 9)
    }

    /// A windowed batch counts the bytes of the events it skipped too, as read (each line and its
    /// CRLF), beside its sent blocks' (``EventCountEstimate/bytes(of:)``): the importer's guess of
    /// the events a windowed import keeps is a rate per byte of events read, skipped or not.
    @Test func aWindowedBatchCountsTheBytesOfTheEventsItSkipped() throws {
        let old = Self.old("a", ["SUMMARY:one"])
        let june = ["BEGIN:VEVENT", "UID:b", "DTSTART:20250610T090000Z", "END:VEVENT"]
        var scanner = BlockScanner(stream: ByteStream(bytes: Array(calendarText(old + june).utf8)), source: "t.ics")
        scanner.windowed(by: WindowFilter(window: Self.window))
        var batch = WindowedBatch()
        while try scanner.nextWindowed(into: &batch) != nil {}
        #expect(batch.skips.count == 1)
        #expect(batch.blocks.map(\.name) == ["VEVENT", "VCALENDAR"])
        // BEGIN (12), UID (5), DTSTART (24), DTEND (22), SUMMARY (11), END (10), each + 2: 96.
        let skipped = 96
        #expect(old.reduce(0) { $0 + $1.utf8.count + 2 } == skipped)
        let sent = EventCountEstimate.bytes(of: batch.blocks)
        #expect(sent.events > 0)
        #expect(batch.scanned == EventCountEstimate.Scanned(total: sent.total + skipped, events: sent.events + skipped))
    }

    @Test func foldedFilterLinesAreUnfoldedForTheFilter() throws {
        // DTSTART folded inside its name and inside its value, UID and RRULE folded: the filter
        // reads DTSTART 2024-01-10, RRULE UNTIL 2024-03-01 (before June): skipped, skimmed.
        let body = ["BEGIN:VEVENT", "UI", " D:fol", " ded", "DTST", " ART:2024011", " 0T090000Z",
                    "RRULE:FREQ=WEEKLY;UN", "\tTIL=20240301T000000Z", "SUMMARY:x", " y", "END:VEVENT"]
        let found = try Self.compare(body)
        #expect(found.skipped == [true, nil])
        #expect(found.blocks[0].lines.count == 6)
        // The same with June's DTSTART split the same way: parsed.
        let june = ["BEGIN:VEVENT", "UID:j", "DTST", " ART:2025061", " 0T090000Z", "END:VEVENT"]
        #expect(try Self.compare(june).skipped == [nil, nil])
    }

    @Test func aFoldedUIDIsHashedUnfolded() throws {
        var scanner = BlockScanner(stream: ByteStream(bytes: Array(calendarText(["BEGIN:VEVENT", "UID:ab", " cd", "DTSTART:20240110T090000Z", "END:VEVENT"]).utf8)),
                                   source: "t.ics")
        scanner.windowed(by: WindowFilter(window: Self.window))
        guard case .skip(let judgement)? = try scanner.nextWindowed() else { Issue.record("not skipped"); return }
        #expect(judgement.verdict == .skip)
        #expect(judgement.uidHash == SkippedBlocks.uidHash(Array("abcd".utf8)))
        #expect(!judgement.isOverride)
    }

    @Test func boundariesNotSpelledCanonicallyAreReadTheOrdinaryWay() throws {
        // Lower case, blanks after the colon, a blank before it: each still skipped (2024), but
        // scanned the ordinary way (with its warning, for the blanks).
        for alarm in ["begin:valarm", "BEGIN: VALARM", "BEGIN :VALARM", "Begin:VALARM"] {
            let found = try Self.compare(Self.old("x", [alarm, "TRIGGER:-PT5M", "END:VALARM"]))
            #expect(found.skipped == [false, nil], "\(alarm)")
        }
        let end = try Self.compare(Self.old("y", ["BEGIN:VALARM", "TRIGGER:-PT5M", "end:valarm"]))
        #expect(end.skipped == [false, nil])
        // BEGIN with parameters (malformed, dropped with an error).
        let malformed = try Self.compare(Self.old("z", ["BEGIN;X=1:VALARM", "END:VALARM"]))
        #expect(malformed.skipped == [false, nil])
        #expect(malformed.blocks[0].diagnostics.map(\.code).contains(.malformedLine))
    }

    @Test func aFoldedBoundaryIsReadUnfolded() throws {
        // `BEGIN:VAL` + ` ARM` is BEGIN:VALARM: the block is plain, skimmed.
        let found = try Self.compare(Self.old("f", ["BEGIN:VAL", " ARM", "TRIGGER:-PT5M", "END:VALARM"]))
        #expect(found.skipped == [true, nil])
    }

    @Test func aMissingEndBeforeTheNextVEVENT() throws {
        // The first VEVENT lacks its END: the ordinary scan closes it at line 8 with missingEnd.
        let found = try Self.compare(["BEGIN:VEVENT", "UID:m", "DTSTART:20240110T090000Z", "SUMMARY:no end"] + Self.old("n"))
        #expect(found.skipped == [false, true, nil])
        #expect(found.blocks[0].diagnostics.map(\.code) == [.missingEnd])
        // A VTODO nested in a VEVENT (a top-level-only name): the same.
        let todo = try Self.compare(Self.old("t", ["BEGIN:VTODO", "END:VTODO"]))
        #expect(todo.skipped.first == false)
    }

    @Test func aMismatchedEndIsReadTheOrdinaryWay() throws {
        let found = try Self.compare(Self.old("e", ["BEGIN:VALARM", "TRIGGER:-PT5M", "END:VTODO", "END:VALARM"]))
        #expect(found.skipped == [false, nil])
        #expect(found.blocks[0].diagnostics.map(\.code) == [.mismatchedEnd])
        // END:VEVENT while VALARM is open: the ordinary scan closes VALARM with missingEnd.
        let early = try Self.compare(["BEGIN:VEVENT", "UID:e2", "DTSTART:20240110T090000Z", "BEGIN:VALARM", "END:VEVENT"])
        #expect(early.skipped == [false, nil])
    }

    @Test func anEndAtTheEndOfTheInput() throws {
        // No VCALENDAR END, the last END:VEVENT without a line break: read the ordinary way (the
        // skim stops at the end of the input); with its line break too.
        let head = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:z\r\nDTSTART:20240110T090000Z\r\nEND:VEVENT"
        for text in [head, head + "\r\n", head + "\n"] {
            let found = try Self.compare(Array(text.utf8))
            #expect(found.skipped == [false, nil])
            #expect(found.blocks[0].diagnostics.isEmpty)
            #expect(found.diagnostics.map(\.code) == [.missingEnd])  // the VCALENDAR's
        }
    }

    @Test func lineEndingsMixedAreCountedAsTheReaderCounts() throws {
        // CRLF and bare LF mixed inside skimmed blocks: the first bare LF is line 6.
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:l\r\nDTSTART:20240110T090000Z\r\nSUMMARY:a\n b\r\n"
            + "END:VEVENT\n\r\n\nBEGIN:VEVENT\nUID:m\r\nDTSTART;VALUE=DATE:20240110\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let found = try Self.compare(Array(text.utf8))
        #expect(found.skipped == [true, true, nil])
        #expect(found.bareLineFeeds.firstLine == 6)
        #expect(found.bareLineFeeds.count == 5)
        #expect(found.bareLineFeeds.crlfCount == 10)
        #expect(found.blocks[1].line == 11)
    }

    @Test func aFoldLineOfOnlyItsOctetIsReadTheOrdinaryWay() throws {
        // `SUMMARY:a\r\r\n \n`: the reader drops the CR left on SUMMARY when the fold line is empty.
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:q\r\nDTSTART:20240110T090000Z\r\nSUMMARY:a\r\r\n \nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let found = try Self.compare(Array(text.utf8))
        #expect(found.skipped == [false, nil])
    }

    @Test func blocksStraddlingChunksAtEveryChunkSize() throws {
        var body: [String] = []
        for n in 0..<12 {
            body += Self.old("s\(n)", ["SUMMARY:" + String(repeating: "w", count: n * 9), " folded", "BEGIN:VALARM", "TRIGGER:-PT5M", "END:VALARM"])
            if n % 4 == 0 { body += ["BEGIN:VEVENT", "UID:j\(n)", "DTSTART:20250610T090000Z", "END:VEVENT"] }
        }
        let bytes = Array(calendarText(body).utf8)
        let found = try Self.compare(bytes, chunks: [1 << 20] + Array(1...97) + [128, 256, 300, 512])
        #expect(found.skipped.filter { $0 == true }.count == 12)
        #expect(found.skipped.filter { $0 == nil }.count == 4)
    }

    /// A classic Mac file (lone CRs, given as LFs by the stream) whose blocks straddle chunks:
    /// the chunk that joins a block's first bytes with the next read has its CRs turned as well.
    @Test func classicMacBlocksStraddlingChunks() throws {
        var body: [String] = []
        for n in 0..<8 {
            body += Self.old("m\(n)", ["SUMMARY:" + String(repeating: "r", count: n * 7), " folded"])
            if n % 3 == 0 { body += ["BEGIN:VEVENT", "UID:k\(n)", "DTSTART:20250610T090000Z", "END:VEVENT"] }
        }
        let bytes = Array(calendarText(body, lineBreak: "\r").utf8)
        let found = try Self.compare(bytes, chunks: [1 << 20] + Array(1...40) + [64, 100])
        #expect(found.skipped.filter { $0 == true }.count == 8)
        #expect(found.skipped.filter { $0 == nil }.count == 4)  // the three June events and the calendar's own lines
    }

    @Test func nulAndInvalidUTF8AreReadTheOrdinaryWay() throws {
        // A NUL byte (removed, with a diagnostic in the block), a Windows-1252 byte (the file-wide
        // note goes to the block that has it), a fold splitting a UTF-8 character (the raw bytes are
        // invalid; unfolded they are valid: read the ordinary way, slower, with no diagnostic).
        let head = Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:u\r\nDTSTART:20240110T090000Z\r\nSUMMARY:".utf8)
        let tail = Array("\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:v\r\nDTSTART:20240110T090000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
        let nul = try Self.compare(head + [0x61, 0x00, 0x62] + tail)
        #expect(nul.skipped == [false, true, nil])
        #expect(nul.blocks[0].diagnostics.map(\.code) == [.nulByte])
        let latin = try Self.compare(head + [0x63, 0x61, 0x66, 0xE9] + tail)
        #expect(latin.skipped == [false, true, nil])
        #expect(latin.blocks[0].diagnostics.map(\.code) == [.invalidUTF8])
        let split = try Self.compare(head + [0x63, 0x61, 0x66, 0xC3, 0x0D, 0x0A, 0x20, 0xA9] + tail)
        #expect(split.skipped == [false, true, nil])
        #expect(split.blocks[0].diagnostics.isEmpty)
        let valid = try Self.compare(head + Array("café".utf8) + tail)
        #expect(valid.skipped == [true, true, nil])
    }

    @Test func overLongLinesAndDeepNestingAreReadTheOrdinaryWay() throws {
        let limits = ScanLimits(maxContentLineBytes: 400, maxParsedLineBytes: 100, maxDepth: 3, maxComponentBytes: 2000)
        // A line of 101 bytes unfolded (over maxParsedLineBytes: kept unparsed, never skipped).
        let long = try Self.compare(Self.old("l", ["SUMMARY:" + String(repeating: "x", count: 60), " " + String(repeating: "y", count: 33)]), limits: limits)
        #expect(long.skipped == [nil, nil])
        #expect(long.blocks[0].unparsed.count == 1)
        // Exactly 100 bytes: skimmed.
        let fits = try Self.compare(Self.old("k", ["SUMMARY:" + String(repeating: "x", count: 60), " " + String(repeating: "y", count: 32)]), limits: limits)
        #expect(fits.skipped == [true, nil])
        // Depth 3 (VEVENT › VALARM › X-A) is the limit; a fourth level is skipped with a diagnostic.
        let three = try Self.compare(Self.old("d", ["BEGIN:VALARM", "BEGIN:X-A", "END:X-A", "END:VALARM"]), limits: limits)
        #expect(three.skipped == [true, nil])
        let four = try Self.compare(Self.old("e", ["BEGIN:VALARM", "BEGIN:X-A", "BEGIN:X-B", "END:X-B", "END:X-A", "END:VALARM"]), limits: limits)
        #expect(four.skipped == [false, nil])
        #expect(four.blocks[0].diagnostics.map(\.code) == [.nestingTooDeep])
        // Over maxComponentBytes: dropped with a diagnostic, never skimmed.
        let big = try Self.compare(Self.old("b", (0..<40).map { "X-P\($0):" + String(repeating: "z", count: 60) }), limits: limits)
        #expect(big.skipped == [nil])
        #expect(big.diagnostics.map(\.code) == [.componentTooLarge])
    }

    @Test func anEmptyLineThenABlankStartedLine() throws {
        // After an empty line a line starting with a space is a content line of its own.
        let found = try Self.compare(Self.old("w", ["", " X-ODD:1", "SUMMARY:s"]))
        #expect(found.skipped == [false, nil])
        let empty = try Self.compare(Self.old("v", ["", "SUMMARY:s"]))
        #expect(empty.skipped == [true, nil])
    }

    @Test func aRevivedBlockIsTheOrdinaryScansBlock() throws {
        // Through the whole import: a skipped block that shares its UID with a parsed one is read
        // back from the store and parsed; the windowed import equals the full one (occurrences
        // and diagnostics), the reference.
        let body = Self.old("same", ["SUMMARY:old", " folded", "BEGIN:VALARM", "TRIGGER:-PT5M", "ACTION:DISPLAY", "END:VALARM"])
            + ["BEGIN:VEVENT", "UID:same", "DTSTART:20250610T090000Z", "RECURRENCE-ID:20240117T090000Z", "END:VEVENT"]
        let text = calendarText(body)
        let full = try ICalendar(parsing: text)
        let windowed = try ICalendar(parsing: text, options: ImportOptions(window: Self.window))
        #expect(windowed.events.count == 2)
        #expect(windowed.events.map(\.uid) == full.events.map(\.uid))
        #expect(windowed.diagnostics == full.diagnostics)
        #expect(occurrences(windowed, Self.window, TimeZone(identifier: "UTC")!) == occurrences(full, Self.window, TimeZone(identifier: "UTC")!))
    }
}
