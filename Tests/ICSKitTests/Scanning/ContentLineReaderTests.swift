import Testing
@testable import ICSKit

/// Unfolding and physical line numbers (RFC 5545 3.1). Expected values are worked out by
/// hand from the input: a fold is a line break followed by one space or TAB, and both are removed.
@Suite struct ContentLineReaderTests {
    struct Read: Equatable {
        var lines: [String]
        var numbers: [Int]
        var crlf: Int
        var bareLF: Int
        var firstBareLF: Int?
    }

    /// Reads every content line of `bytes`, handing the reader chunks of `chunkSize` bytes.
    static func read(_ bytes: [UInt8], chunkSize: Int = 1 << 20, max: Int = 1 << 20) throws -> Read {
        var reader = ContentLineReader(stream: ByteStream(bytes: bytes, chunkSize: chunkSize), maxContentLineBytes: max)
        var lines: [String] = []
        var numbers: [Int] = []
        while try reader.next() {
            lines.append(String(decoding: reader.bytes, as: UTF8.self))
            numbers.append(reader.line)
        }
        return Read(lines: lines, numbers: numbers, crlf: reader.crlfCount, bareLF: reader.bareLFCount,
                    firstBareLF: reader.firstBareLFLine)
    }

    static func read(_ text: String, chunkSize: Int = 1 << 20) throws -> Read {
        try read(Array(text.utf8), chunkSize: chunkSize)
    }

    @Test func unfoldsSpaceAndTabFolds() throws {
        let text = "SUMMARY:Hello\r\n  world\r\nDESCRIPTION:a\r\n\tb\r\n\t c\r\nX:1\r\n"
        let read = try Self.read(text)
        // " world" after removing the fold's single space; "a" + "b" + " c".
        #expect(read.lines == ["SUMMARY:Hello world", "DESCRIPTION:ab c", "X:1"])
        #expect(read.numbers == [1, 3, 6])
        #expect(read.crlf == 6)
        #expect(read.bareLF == 0)
    }

    @Test func unfoldsAFoldThatSplitsAMultiByteCharacter() throws {
        // "é" is C3 A9 and "🎉" is F0 9F 8E 89; each is cut by a fold.
        let bytes: [UInt8] = Array("SUMMARY:Caf".utf8) + [0xC3, 0x0D, 0x0A, 0x20, 0xA9] + Array(" ".utf8)
            + [0xF0, 0x9F, 0x0D, 0x0A, 0x09, 0x8E, 0x89] + [0x0D, 0x0A]
        let read = try Self.read(bytes)
        #expect(read.lines == ["SUMMARY:Café 🎉"])
        #expect(read.numbers == [1])
    }

    @Test func skipsAUTF8ByteOrderMark() throws {
        let read = try Self.read([0xEF, 0xBB, 0xBF] + Array("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".utf8))
        #expect(read.lines == ["BEGIN:VCALENDAR", "END:VCALENDAR"])
        #expect(read.numbers == [1, 2])
    }

    @Test func countsCRLFAndBareLFEndings() throws {
        let read = try Self.read("A:1\r\nB:2\nC:3\r\nD:4\n")
        #expect(read.lines == ["A:1", "B:2", "C:3", "D:4"])
        #expect(read.crlf == 2)
        #expect(read.bareLF == 2)
        #expect(read.firstBareLF == 2)
    }

    @Test func readsALastLineWithoutALineBreak() throws {
        let read = try Self.read("A:1\r\nB:2")
        #expect(read.lines == ["A:1", "B:2"])
        #expect(read.numbers == [1, 2])
    }

    @Test func skipsBlankLinesButCountsThem() throws {
        // Blank physical lines are not content lines; the next line keeps its own number.
        let read = try Self.read("A:1\r\n\r\n\r\nB:2\n\nC:3\r\n")
        #expect(read.lines == ["A:1", "B:2", "C:3"])
        #expect(read.numbers == [1, 4, 6])
    }

    @Test func aLoneCRIsNotALineBreak() throws {
        // RFC 5545 breaks lines with CRLF; a CR alone stays in the value.
        let read = try Self.read("A:x\ry\r\nB:2\r\n")
        #expect(read.lines == ["A:x\ry", "B:2"])
    }

    /// The same text in chunks of every small size: CRs, folds and UTF-8 cut at chunk edges.
    @Test(arguments: [1, 2, 3, 4, 5, 7, 11, 64])
    func chunkBoundariesDoNotChangeTheLines(chunkSize: Int) throws {
        let text = "BEGIN:VEVENT\r\nSUMMARY:Café\r\n  crème\r\n\tbrûlée\r\nDESCRIPTION:x\n y\r\nEND:VEVENT\r\n"
        let read = try Self.read(text, chunkSize: chunkSize)
        #expect(read.lines == ["BEGIN:VEVENT", "SUMMARY:Café crèmebrûlée", "DESCRIPTION:xy", "END:VEVENT"])
        #expect(read.numbers == [1, 2, 5, 7])
        #expect(read.crlf == 6)
        #expect(read.bareLF == 1)
    }

    @Test(arguments: [1, 2, 3, 4])
    func byteOrderMarkSplitOverSmallReadsIsSkipped(chunkSize: Int) throws {
        // The scanner peeks at the start before reading lines; the peek gathers the BOM
        // even when it arrives one byte per read.
        var reader = ContentLineReader(stream: ByteStream(bytes: [0xEF, 0xBB, 0xBF] + Array("A:1\r\n".utf8), chunkSize: chunkSize),
                                       maxContentLineBytes: 1 << 20)
        #expect(Array(try reader.peekStart()) == Array("A:1\r\n".utf8))
        #expect(try reader.next())
        #expect(String(decoding: reader.bytes, as: UTF8.self) == "A:1")
        #expect(reader.line == 1)
        #expect(try !reader.next())
    }

    @Test func physicalLineNumbersOfEveryContentLineAfterFolds() throws {
        let text = ics([
            "BEGIN:VCALENDAR",           // 1
            "X-WR-CALDESC:one",          // 2
            " two",                      // 3
            " three",                    // 4
            "BEGIN:VEVENT",              // 5
            "SUMMARY:s",                 // 6
            "DESCRIPTION:d",             // 7
            "\td",                       // 8
            "END:VEVENT",                // 9
            "END:VCALENDAR",             // 10
        ])
        let read = try Self.read(text)
        #expect(read.numbers == [1, 2, 5, 6, 7, 9, 10])
        #expect(read.lines[1] == "X-WR-CALDESC:onetwothree")
    }

    @Test func measuresALineOverTheLimitWithoutHoldingIt() throws {
        let long = "X-BIG:" + String(repeating: "A", count: 10_000)
        let read = try Self.read(Array((long + "\r\n more\r\nB:2\r\n").utf8), max: 1000)
        var reader = ContentLineReader(stream: ByteStream(bytes: Array((long + "\r\n more\r\nB:2\r\n").utf8)), maxContentLineBytes: 1000)
        #expect(try reader.next())
        #expect(reader.length == long.utf8.count + 4)
        #expect(reader.bytes.count <= 1000)
        #expect(reader.line == 1)
        #expect(try reader.next())
        #expect(String(decoding: reader.bytes, as: UTF8.self) == "B:2")
        #expect(reader.line == 3)
        #expect(read.lines.count == 2)
    }
}
