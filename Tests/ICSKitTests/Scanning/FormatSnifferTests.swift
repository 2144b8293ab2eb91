import Testing
@testable import ICSKit

/// What the sniffer says about line 1, worked out from its rules by hand.
@Suite struct FormatSnifferTests {
    static func problem(_ bytes: [UInt8]) -> String? {
        FormatSniffer.problem(with: bytes[...])
    }

    @Test(arguments: [
        "BEGIN:VCALENDAR\r\n",
        "begin:vcalendar\r\n",
        "\r\n\r\n  BEGIN:VCALENDAR\r\n",
        "BEGIN:VEVENT\r\n",
    ])
    func acceptsWhatStartsLikeICalendar(text: String) {
        #expect(Self.problem(Array(text.utf8)) == nil)
    }

    @Test(arguments: [
        ("", "the input is empty"),
        (" \r\n\t\n", "the input is empty"),
        ("<!DOCTYPE html>\n<html><head>", "line 1 looks like an HTML page: \"<!DOCTYPE html>\""),
        ("<html lang=\"en\">", "line 1 looks like an HTML page: \"<html lang=\"en\">\""),
        ("<?xml version=\"1.0\"?>\n<feed/>", "line 1 looks like XML: \"<?xml version=\"1.0\"?>\""),
        ("{\"events\": []}", "line 1 looks like a JSON document: \"{\"events\": []}\""),
        ("[1, 2]", "line 1 looks like a JSON document: \"[1, 2]\""),
        ("Subject: meeting\r\n", "line 1 should be BEGIN:VCALENDAR but is \"Subject: meeting\""),
        ("BEGIN VCALENDAR", "line 1 should be BEGIN:VCALENDAR but is \"BEGIN VCALENDAR\""),
    ] as [(String, String)])
    func namesWhatLineOneLooksLike(text: String, expected: String) {
        #expect(Self.problem(Array(text.utf8)) == expected)
    }

    @Test func longFirstLinesAreCutAt48Characters() {
        let line = String(repeating: "x", count: 60)
        #expect(Self.problem(Array(line.utf8)) == "line 1 should be BEGIN:VCALENDAR but is \"\(String(repeating: "x", count: 48))…\"")
    }

    @Test func binaryDataShowsItsFirstBytes() {
        // The PNG signature (ISO/IEC 15948): 89 50 4E 47 0D 0A 1A 0A, then an IHDR chunk.
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52]
        #expect(Self.problem(png) == "line 1 looks like binary data (it starts with the bytes 89 50 4E 47 0D 0A 1A 0A)")
    }

    /// UTF-16, as Windows tools save "Unicode" text: named as such, with or without a byte-order
    /// mark (RFC 2781 3.2), in either order of bytes (the expected texts written out by hand).
    @Test func utf16IsNamed() {
        func utf16(_ text: String, littleEndian: Bool, mark: Bool) -> [UInt8] {
            var out: [UInt8] = mark ? (littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]) : []
            for unit in text.utf16 {
                let low = UInt8(unit & 0xFF), high = UInt8(unit >> 8)
                out += littleEndian ? [low, high] : [high, low]
            }
            return out
        }
        let advice = "; iCalendar is UTF-8 (RFC 5545 3.1.4): save it as UTF-8, or convert it with iconv -f UTF-16 -t UTF-8"
        #expect(Self.problem(utf16("BEGIN:VCALENDAR\r\n", littleEndian: true, mark: true))
            == "the file is UTF-16 text (little-endian, with a byte-order mark, it starts with the bytes FF FE 42 00 45 00 47 00)" + advice)
        #expect(Self.problem(utf16("BEGIN:VCALENDAR\r\n", littleEndian: false, mark: true))
            == "the file is UTF-16 text (big-endian, with a byte-order mark, it starts with the bytes FE FF 00 42 00 45 00 47)" + advice)
        #expect(Self.problem(utf16("begin:VCALENDAR\r\n", littleEndian: true, mark: false))
            == "the file is UTF-16 text (little-endian, it starts with the bytes 62 00 65 00 67 00 69 00)" + advice)
        #expect(Self.problem(utf16("BEGIN:VCALENDAR\r\n", littleEndian: false, mark: false))
            == "the file is UTF-16 text (big-endian, it starts with the bytes 00 42 00 45 00 47 00 49)" + advice)
        // UTF-32, and other text with zero bytes, is still binary data.
        #expect(Self.problem([0xFF, 0xFE, 0, 0, 0x42, 0, 0, 0]) == "line 1 looks like binary data (it starts with the bytes FF FE 00 00 42 00 00 00)")
        #expect(Self.problem(utf16("SUBJECT:x\r\n", littleEndian: true, mark: false))?.hasPrefix("line 1 looks like binary data") == true)
    }
}
