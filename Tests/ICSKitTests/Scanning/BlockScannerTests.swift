import Testing
@testable import ICSKit

/// How the scanner cuts a stream into top-level blocks and repairs broken structure.
/// Every expected line number is counted by hand from the input shown beside it.
@Suite struct BlockScannerTests {
    struct Scan {
        var blocks: [ComponentBlock]
        /// Diagnostics of the blocks and of the scanner, in line order.
        var diagnostics: [Diagnostic]

        var names: [String] { blocks.map(\.name) }

        func codes() -> [String] { diagnostics.map(\.code.rawValue) }
    }

    static func scan(_ text: String, limits: ScanLimits = .standard) throws -> Scan {
        try scan(Array(text.utf8), limits: limits)
    }

    static func scan(_ bytes: [UInt8], limits: ScanLimits = .standard) throws -> Scan {
        var scanner = BlockScanner(stream: ByteStream(bytes: bytes), source: "t.ics", limits: limits)
        var blocks: [ComponentBlock] = []
        while let block = try scanner.next() { blocks.append(block) }
        let all = (blocks.flatMap(\.diagnostics) + scanner.diagnostics).sorted { ($0.line ?? 0) < ($1.line ?? 0) }
        return Scan(blocks: blocks, diagnostics: all)
    }

    /// The text of a block's content lines.
    static func lines(_ block: ComponentBlock) -> [String] {
        block.lines.map { line in
            String(decoding: block.text[Int(line.offset)..<Int(line.offset + line.length)], as: UTF8.self)
        }
    }

    @Test func cutsACalendarIntoTopLevelBlocks() throws {
        let scan = try Self.scan(ics([
            "BEGIN:VCALENDAR",       // 1
            "VERSION:2.0",           // 2
            "BEGIN:VTIMEZONE",       // 3
            "TZID:X",                // 4
            "BEGIN:STANDARD",        // 5
            "END:STANDARD",          // 6
            "END:VTIMEZONE",         // 7
            "PRODID:-//x//EN",       // 8
            "BEGIN:VEVENT",          // 9
            "UID:1",                 // 10
            "BEGIN:VALARM",          // 11
            "END:VALARM",            // 12
            "END:VEVENT",            // 13
            "BEGIN:VTODO",           // 14
            "END:VTODO",             // 15
            "END:VCALENDAR",         // 16
        ]))
        // The calendar's own properties come last, when END:VCALENDAR closes them.
        #expect(scan.names == ["VTIMEZONE", "VEVENT", "VTODO", "VCALENDAR"])
        #expect(scan.blocks.map(\.line) == [3, 9, 14, 1])
        #expect(scan.diagnostics.isEmpty)
        #expect(Self.lines(scan.blocks[1]) == ["BEGIN:VEVENT", "UID:1", "BEGIN:VALARM", "END:VALARM", "END:VEVENT"])
        #expect(scan.blocks[1].lines.map(\.number) == [9, 10, 11, 12, 13])
        #expect(Self.lines(scan.blocks[3]) == ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//x//EN", "END:VCALENDAR"])
        #expect(scan.blocks[3].lines.map(\.number) == [1, 2, 8, 16])
    }

    @Test func scansSeveralConcatenatedCalendars() throws {
        let one = ics(["BEGIN:VCALENDAR", "X-WR-CALNAME:A", "BEGIN:VEVENT", "UID:a", "END:VEVENT", "END:VCALENDAR"])
        let scan = try Self.scan(one + one.replacingOccurrences(of: ":A", with: ":B").replacingOccurrences(of: "UID:a", with: "UID:b"))
        #expect(scan.names == ["VEVENT", "VCALENDAR", "VEVENT", "VCALENDAR"])
        #expect(scan.blocks.map(\.line) == [3, 1, 9, 7])
        #expect(scan.diagnostics.isEmpty)
    }

    @Test func scansABareEventWithAWarning() throws {
        let scan = try Self.scan(ics(["BEGIN:VEVENT", "UID:1", "SUMMARY:Bare", "END:VEVENT"]))
        #expect(scan.names == ["VEVENT"])
        #expect(scan.codes() == ["ICS1014"])
        #expect(scan.diagnostics[0].line == 1)
        #expect(scan.diagnostics[0].message == "VEVENT is not inside a VCALENDAR")
    }

    @Test func closesAComponentWithNoEndWhereTheNextBegins() throws {
        let scan = try Self.scan(ics([
            "BEGIN:VCALENDAR",       // 1
            "BEGIN:VEVENT",          // 2
            "UID:broken",            // 3
            "SUMMARY:No end",        // 4
            "BEGIN:VEVENT",          // 5
            "UID:fine",              // 6
            "END:VEVENT",            // 7
            "END:VCALENDAR",         // 8
        ]))
        #expect(scan.names == ["VEVENT", "VEVENT", "VCALENDAR"])
        #expect(scan.codes() == ["ICS1004"])
        let missing = scan.diagnostics[0]
        #expect(missing.line == 2)
        #expect(missing.message == "VEVENT begun on line 2 has no END; closed at line 5")
        #expect(Self.lines(scan.blocks[0]).last == "END:VEVENT")
        #expect(Self.lines(scan.blocks[1]) == ["BEGIN:VEVENT", "UID:fine", "END:VEVENT"])
    }

    @Test func closesAnUnterminatedAlarmAtItsParentsEnd() throws {
        let scan = try Self.scan(ics([
            "BEGIN:VCALENDAR",       // 1
            "BEGIN:VEVENT",          // 2
            "BEGIN:VALARM",          // 3
            "ACTION:DISPLAY",        // 4
            "END:VEVENT",            // 5
            "END:VCALENDAR",         // 6
        ]))
        #expect(scan.codes() == ["ICS1004"])
        #expect(scan.diagnostics[0].message == "VALARM begun on line 3 has no END; closed at line 5")
        #expect(Self.lines(scan.blocks[0]) == ["BEGIN:VEVENT", "BEGIN:VALARM", "ACTION:DISPLAY", "END:VALARM", "END:VEVENT"])
    }

    @Test func closesAComponentCutOffByTheEndOfTheInput() throws {
        let scan = try Self.scan(ics(["BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:x"]))
        #expect(scan.names == ["VEVENT", "VCALENDAR"])
        #expect(scan.codes() == ["ICS1004", "ICS1004"])
        #expect(scan.diagnostics.map(\.line) == [1, 2])
        #expect(scan.diagnostics.map(\.message) == ["VCALENDAR begun on line 1 has no END",
                                                    "VEVENT begun on line 2 has no END; closed at line 3"])
    }

    @Test func reportsEndsThatMatchNoBegin() throws {
        let scan = try Self.scan(ics([
            "BEGIN:VCALENDAR",       // 1
            "BEGIN:VEVENT",          // 2
            "END:VTODO",             // 3  mismatched: ignored
            "END:VEVENT",            // 4
            "END:VALARM",            // 5  stray
            "END:VCALENDAR",         // 6
        ]))
        #expect(scan.names == ["VEVENT", "VCALENDAR"])
        #expect(scan.codes() == ["ICS1006", "ICS1005"])
        #expect(scan.diagnostics.map(\.line) == [3, 5])
        #expect(scan.diagnostics[0].message == "END:VTODO inside VEVENT (begun on line 2); ignored")
        #expect(scan.diagnostics[1].message == "END:VALARM without a matching BEGIN")
    }

    @Test func endOfCalendarClosesWhatIsStillOpen() throws {
        let scan = try Self.scan(ics(["BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:1", "END:VCALENDAR"]))
        #expect(scan.names == ["VEVENT", "VCALENDAR"])
        #expect(scan.codes() == ["ICS1004"])
        #expect(scan.diagnostics[0].message == "VEVENT begun on line 2 has no END; closed at line 4")
    }

    @Test func skipsComponentsNestedTooDeeply() throws {
        var lines = ["BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:deep"]   // 1–3
        lines += (0..<20).map { _ in "BEGIN:X-NEST" }                  // 4–23
        lines += (0..<20).map { _ in "END:X-NEST" }                    // 24–43
        lines += ["SUMMARY:after", "END:VEVENT", "END:VCALENDAR"]      // 44–46
        let scan = try Self.scan(ics(lines), limits: ScanLimits(maxDepth: 4))
        #expect(scan.names == ["VEVENT", "VCALENDAR"])
        #expect(scan.codes() == ["ICS1007"])
        // VEVENT is depth 1, so X-NEST on lines 4–6 fit (depths 2–4); line 7 is the first too deep.
        #expect(scan.diagnostics[0].line == 7)
        #expect(scan.diagnostics[0].message == "components nested deeper than 4 levels in VEVENT from line 2; the deeper ones are skipped")
        let kept = Self.lines(scan.blocks[0])
        #expect(kept.filter { $0 == "BEGIN:X-NEST" }.count == 3)
        #expect(kept.filter { $0 == "END:X-NEST" }.count == 3)
        #expect(kept.suffix(2) == ["SUMMARY:after", "END:VEVENT"])
    }

    @Test func removesNulBytesWithADiagnostic() throws {
        // Line 3 is "SUMMARY:a<NUL>b<NUL>", line 4 "<NUL>LOCATION:x".
        let bytes = Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:a".utf8) + [0] + Array("b".utf8) + [0]
            + Array("\r\n".utf8) + [0] + Array("LOCATION:x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
        let scan = try Self.scan(bytes)
        #expect(scan.codes() == ["ICS1002", "ICS1002"])
        #expect(scan.diagnostics.map(\.line) == [3, 4])
        #expect(Self.lines(scan.blocks[0]) == ["BEGIN:VEVENT", "SUMMARY:ab", "LOCATION:x", "END:VEVENT"])
    }

    @Test func readsWindows1252WithOneWarning() throws {
        // "Café" in Windows-1252 (E9) on line 3 and "€" (80) on line 4.
        let bytes = Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:Caf".utf8) + [0xE9]
            + Array("\r\nLOCATION:5 ".utf8) + [0x80] + Array("\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
        let scan = try Self.scan(bytes)
        #expect(scan.codes() == ["ICS1001"])
        #expect(scan.diagnostics[0].line == 3)
        #expect(Self.lines(scan.blocks[0]) == ["BEGIN:VEVENT", "SUMMARY:Café", "LOCATION:5 €", "END:VEVENT"])
    }

    @Test func keepsAStrayPropertyAsACalendarProperty() throws {
        let scan = try Self.scan(ics(["BEGIN:VCALENDAR", "END:VCALENDAR", "X-AFTER:1"]))
        #expect(scan.names == ["VCALENDAR", "VCALENDAR"])
        #expect(scan.codes() == ["ICS1009"])
        #expect(scan.diagnostics[0].line == 3)
        #expect(Self.lines(scan.blocks[1]) == ["BEGIN:VCALENDAR", "X-AFTER:1", "END:VCALENDAR"])
    }
}

extension BlockScannerTests.Scan {
    func diagnostics(of code: String) -> [Diagnostic] { diagnostics.filter { $0.code.rawValue == code } }
}
