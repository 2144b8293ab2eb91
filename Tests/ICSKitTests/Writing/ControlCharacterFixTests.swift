import Foundation
import Testing
@testable import ICSKit

/// `validate --fix` and `export` remove one set of control characters from the values they write
/// (``ValueControls``: RFC 5545 3.1's CONTROL, every C0 but HTAB and DEL, and the C1 controls
/// U+0080–U+009F), and `--fix` says where. Every expected text is worked out by hand from the
/// input: each control taken out, nothing else changed. (`--fix` wrote the input back as it was,
/// escape sequences and all, when it had nothing else to fix.)
@Suite struct ControlCharacterFixTests {
    static let stamp = Date(timeIntervalSince1970: 1_733_443_200)  // 2024-12-06T00:00:00Z

    /// C1 (U+009B CSI, U+009D OSC, U+0085 NEL) goes with C0 and DEL; HTAB and the characters
    /// whose UTF-8 has a byte in 0x80–0x9F after another lead byte (é is C3 A9, € is E2 82 AC)
    /// stay.
    @Test func theWriterRemovesC0DELAndC1() {
        #expect(written { $0.write("X-A", value: "a\u{9B}2Jb\u{9D}0;t\u{7}c\u{85}d\u{7F}e\tf é€") } == "X-A:a2Jb0;tcde\tf é€\r\n")
        #expect(written { $0.write("X-P", parameters: [Parameter(name: "X-N", value: "a\u{1B}[1m\u{9B}b\nc")], value: "v") }
            == "X-P;X-N=a[1mb^nc:v\r\n")
        var line: [UInt8] = []
        #expect(ValueControls.append("\u{0}\u{1F}\u{80}\u{9F}\u{A0}", to: &line) == 4)
        #expect(line == [0xC2, 0xA0], "U+00A0 (no-break space) is text")
    }

    static let hostile = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:c@example.com\r\n"
        + "DTSTAMP:20240101T000000Z\r\nDTSTART:20240610T090000Z\r\n"
        + "SUMMARY:Pay\u{1B}]0;title\u{7} now\u{9B}2J\u{7F} done\r\n"
        + "LOCATION:Room 4\r\n"
        + "DESCRIPTION:one\u{1B}\r\n  two\r\n"
        + "END:VEVENT\r\nEND:VCALENDAR\r\n"

    /// The two lines with controls are said (the DESCRIPTION's on its first physical line, 10,
    /// where the folded content line starts); the written file holds none, keeps the rest, and a
    /// second repair changes nothing.
    @Test func fixRemovesAndSaysWhere() throws {
        let repair = try CalendarRepair(bytes: Array(Self.hostile.utf8), file: "c.ics", stamp: Self.stamp)
        #expect(repair.changes.map(\.description) == [
            "line 8: control characters U+001B, U+0007, U+009B, U+007F removed from SUMMARY",
            "line 10: control character U+001B removed from DESCRIPTION",
        ])
        let text = String(decoding: repair.bytes, as: UTF8.self)
        #expect(text.contains("\r\nSUMMARY:Pay]0\\;title now2J done\r\n"), "the `;` escaped as TEXT (RFC 5545 3.3.11)")
        #expect(text.contains("\r\nDESCRIPTION:one two\r\n"))
        #expect(text.contains("\r\nLOCATION:Room 4\r\n"))
        #expect(!repair.bytes.contains(0x1B) && !repair.bytes.contains(0x07) && !repair.bytes.contains(0x7F))
        #expect(!zip(repair.bytes, repair.bytes.dropFirst()).contains { $0 == 0xC2 && (0x80...0x9F).contains($1) })
        #expect(!repair.remaining.contains { $0.code == .controlCharacter })
        let again = try CalendarRepair(bytes: repair.bytes, file: "c.ics", stamp: Self.stamp + 3600)
        #expect(!again.isChanged, "\(again.changes)")
    }

    /// A line that is not UTF-8 is read as Windows-1252, where C2 9B is "Â›", two printable
    /// characters, not a C1 control: nothing to fix there, and the file is left as it is.
    @Test func windows1252IsNotMistakenForC1() throws {
        var bytes = Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:w@example.com\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:20240610T090000Z\r\nSUMMARY:caf".utf8)
        bytes += [0xE9, 0x20, 0xC2, 0x9B]
        bytes += Array("\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
        let repair = try CalendarRepair(bytes: bytes, file: "w.ics", stamp: Self.stamp)
        #expect(repair.changes.isEmpty, "\(repair.changes)")
        #expect(repair.bytes == bytes)
    }

    /// A file with controls on many lines says the first hundred and counts the rest in one change.
    @Test func manyLinesAreCounted() throws {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
        for i in 0..<150 {
            text += "BEGIN:VEVENT\r\nUID:\(i)@example.com\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:20240610T090000Z\r\nSUMMARY:a\u{1B}b\r\nEND:VEVENT\r\n"
        }
        let repair = try CalendarRepair(bytes: Array((text + "END:VCALENDAR\r\n").utf8), file: "m.ics", stamp: Self.stamp)
        #expect(repair.changes.count == 101)
        #expect(repair.changes.first?.description == "line 8: control character U+001B removed from SUMMARY")
        // The 101st event's SUMMARY is on line 3 + 100 × 6 + 5 = 608.
        #expect(repair.changes.last?.description == "line 608: control characters removed from this line and 49 more")
    }
}
