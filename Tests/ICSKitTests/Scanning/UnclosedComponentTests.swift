import Testing
@testable import ICSKit

/// A component the scanner closes without its END keeps the facts of its diagnostic on the END
/// line it writes (``ComponentBlock/Line/unclosedBegin``), and the diagnostic is made when the
/// block's diagnostics are read: they must read as the scanner found them, in that order. Every
/// line number below is counted by hand from the input beside it; the messages are the scanner's
/// wording (``MissingEndMessage``).
@Suite("Components closed without their END, made when read")
struct UnclosedComponentTests {
    static func blocks(_ lines: [String]) throws -> [ComponentBlock] {
        var scanner = BlockScanner(stream: ByteStream(bytes: Array(ics(lines).utf8)), source: "t.ics")
        var blocks: [ComponentBlock] = []
        while let block = try scanner.next() { blocks.append(block) }
        return blocks
    }

    /// A missing END found before any other diagnostic of the block is kept as facts; one found
    /// after a diagnostic was noted is noted as it comes; both read back in the order found.
    @Test func readInTheOrderFound() throws {
        let blocks = try Self.blocks([
            "BEGIN:VCALENDAR",        // 1
            "BEGIN:VEVENT",           // 2
            "BEGIN:VALARM",           // 3
            "BEGIN:X-FOO",            // 4
            "END:VALARM",             // 5  closes X-FOO (begun on 4) at 5
            "SUMMARY:a\u{0}b",        // 6  NUL byte, noted
            "BEGIN:VALARM",           // 7
            "END:VEVENT",             // 8  closes VALARM (begun on 7) at 8
            "END:VCALENDAR",          // 9
        ])
        let event = try #require(blocks.first { $0.name == "VEVENT" })
        #expect(event.unclosedCount == 1)
        #expect(event.noted.map(\.code) == [.nulByte, .missingEnd])
        let diagnostics = event.diagnostics
        #expect(diagnostics.map(\.code) == [.missingEnd, .nulByte, .missingEnd])
        #expect(diagnostics.map(\.line) == [4, 6, 7])
        #expect(diagnostics[0].message == "X-FOO begun on line 4 has no END; closed at line 5")
        #expect(diagnostics[2].message == "VALARM begun on line 7 has no END; closed at line 8")
        #expect(diagnostics.allSatisfy { $0.source == "t.ics" })
        #expect(diagnostics[0].severity == DiagnosticCode.missingEnd.defaultSeverity)
        #expect(event.lines.filter { $0.unclosedBegin != 0 }.map(\.number) == [5])
    }

    /// Two components closed at once by a BEGIN that cannot nest (a VEVENT inside an open
    /// VEVENT and VALARM): the inner one first, as the scanner closes them.
    @Test func closedAtOnceInnerFirst() throws {
        let blocks = try Self.blocks([
            "BEGIN:VCALENDAR",        // 1
            "BEGIN:VEVENT",           // 2
            "BEGIN:VALARM",           // 3
            "BEGIN:VEVENT",           // 4  closes VALARM (3) and VEVENT (2) at 4
            "END:VEVENT",             // 5
            "END:VCALENDAR",          // 6
        ])
        #expect(blocks.map(\.name) == ["VEVENT", "VEVENT", "VCALENDAR"])
        #expect(blocks[0].unclosedCount == 2)
        #expect(blocks[0].noted.isEmpty)
        #expect(blocks[0].diagnostics.map(\.message) == ["VALARM begun on line 3 has no END; closed at line 4",
                                                         "VEVENT begun on line 2 has no END; closed at line 4"])
        #expect(blocks[0].diagnostics.map(\.line) == [3, 2])
        #expect(!blocks[1].hasDiagnostics)
    }

    /// Setting a block's diagnostics replaces the unclosed components' too (a probe block
    /// without its scan diagnostics, ``EmptyBlockShape/probes(_:)``).
    @Test func settingReplacesBoth() throws {
        var block = try #require(try Self.blocks(["BEGIN:VCALENDAR", "BEGIN:VEVENT", "BEGIN:VALARM", "END:VEVENT"]).first)
        #expect(block.diagnostics.count == 1)
        block.diagnostics = []
        #expect(!block.hasDiagnostics)
        #expect(block.diagnostics.isEmpty)
        #expect(block.lines.allSatisfy { $0.unclosedBegin == 0 })
        let other = Diagnostic(.nulByte, "x", line: 3)
        block.diagnostics = [other]
        #expect(block.diagnostics == [other])
    }
}
