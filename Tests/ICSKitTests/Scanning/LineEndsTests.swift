import Foundation
import Testing
@testable import ICSKit

/// Line ends other than CRLF and LF that real files have: a lone CR (classic Mac OS) and CR CR LF
/// (a CRLF file converted again). Both are read as line ends, with one ICS1023 note per file.
/// Expected lines worked out by hand from the bytes (RFC 5545 3.1 unfolding on top).
@Suite("Line ends")
struct LineEndsTests {
    static func lines(_ bytes: [UInt8], chunkSize: Int) throws -> (lines: [String], numbers: [Int], reader: ContentLineReader) {
        var reader = ContentLineReader(stream: ByteStream(bytes: bytes, chunkSize: chunkSize), maxContentLineBytes: 1 << 20)
        var lines: [String] = [], numbers: [Int] = []
        while try reader.next() {
            lines.append(String(decoding: reader.bytes, as: UTF8.self))
            numbers.append(reader.line)
        }
        return (lines, numbers, reader)
    }

    @Test("a lone CR ends a line, and folds still unfold", arguments: [1, 3, 1 << 20])
    func classicMac(chunkSize: Int) throws {
        let read = try Self.lines(Array("BEGIN:VCALENDAR\rSUMMARY:a\r b\rEND:VCALENDAR\r".utf8), chunkSize: chunkSize)
        #expect(read.lines == ["BEGIN:VCALENDAR", "SUMMARY:ab", "END:VCALENDAR"])
        #expect(read.numbers == [1, 2, 4])
        #expect(read.reader.readsClassicMacLineEnds)
    }

    @Test("CR CR LF is one line end", arguments: [1, 2, 5, 1 << 20])
    func doubledCR(chunkSize: Int) throws {
        let read = try Self.lines(Array("VERSION:2.0\r\r\nPRODID:x\r\r\nX:1\r\n".utf8), chunkSize: chunkSize)
        #expect(read.lines == ["VERSION:2.0", "PRODID:x", "X:1"])
        #expect(read.reader.doubledCRCount == 2)
        #expect(read.reader.firstDoubledCRLine == 1)
        #expect(!read.reader.readsClassicMacLineEnds)
    }

    @Test func anLFAnywhereKeepsCRsAsTheyAre() throws {
        // A CR inside a line of an LF file is not a line end (it is reported as a control character).
        let read = try Self.lines(Array("A:x\ry\nB:z\n".utf8), chunkSize: 1 << 20)
        #expect(read.lines == ["A:x\ry", "B:z"])
        #expect(!read.reader.readsClassicMacLineEnds)
    }

    static let event = "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//t//t//EN\nBEGIN:VEVENT\nUID:a\nDTSTAMP:20240101T000000Z\nDTSTART:20240610T090000Z\nSUMMARY:Team sync\nEND:VEVENT\nEND:VCALENDAR\n"

    @Test("the importer reads them, with one note", arguments: ["\r", "\r\r\n"])
    func imported(lineEnd: String) throws {
        let calendar = try ICalendar(bytes: Array(Self.event.replacingOccurrences(of: "\n", with: lineEnd).utf8), source: "t.ics")
        #expect(calendar.events.count == 1)
        #expect(calendar.events.first?.summary == "Team sync")
        #expect(calendar.diagnostics.filter { $0.code == .unusualLineEnds }.count == 1)
        #expect(calendar.diagnostics.allSatisfy { $0.severity == .note })
    }

    @Test("validate: one note, no cascade", arguments: ["\r", "\r\r\n"])
    func validated(lineEnd: String) {
        let report = Validator().validate(bytes: Array(Self.event.replacingOccurrences(of: "\n", with: lineEnd).utf8), file: "t.ics")
        #expect(report.findings.map(\.code) == [.unusualLineEnds])
    }
}
