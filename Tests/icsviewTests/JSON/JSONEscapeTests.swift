import Foundation
import Testing

/// `--agenda --format json` escapes `"`, `\` and control characters wherever they stand in a
/// string (the writer scans eight bytes at a time, so positions around each 8-byte boundary are
/// tried); the output is decoded with Foundation's JSONSerialization, an independent reader.
@Suite struct JSONEscapeTests {
    @Test(arguments: 0..<18)
    func specialCharactersAtEveryPosition(position: Int) throws {
        for special in ["\"", "\\", "\u{01}", "\u{1F}"] {
            let prefix = String(repeating: "a", count: position)
            let summary = prefix + special + "zé€🎉" + String(repeating: "b", count: 9)
            // iCalendar TEXT escapes: a backslash is written \\ (RFC 5545 3.3.11); control characters stay raw.
            let written = summary.replacingOccurrences(of: "\\", with: "\\\\")
            let ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:u\r\n"
                + "DTSTAMP:20240101T000000Z\r\nDTSTART:20240610T090000Z\r\nSUMMARY:\(written)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            let result = try CLI.run(["-", "--agenda", "--from", "2024-06-10", "--to", "2024-06-10", "--tz", "UTC", "--format", "json"],
                                     input: Data(ics.utf8))
            #expect(result.status == 0, "\(result.stderr)")
            let line = try #require(result.stdout.split(separator: "\n").first)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["summary"] as? String == summary, "position \(position), \(special.unicodeScalars.first!.value)")
        }
    }

    /// The characters a terminal acts on are escaped as `\uXXXX` wherever they stand: the C1
    /// controls (U+0080, U+009B the 8-bit CSI, U+009F) and the bidi controls (U+061C, U+200E,
    /// U+202E, U+2066, U+2069); their neighbours in UTF-8 that are text (U+00A9 "©", C2 A9;
    /// U+2026 "…", E2 80 A6; U+061B "؛", D8 9B; U+200D, the joiner, E2 80 8D) stay raw. The
    /// escapes are worked out from the UTF-8 table (RFC 3629) and RFC 8259 section 7; each line
    /// decodes with JSONSerialization to its title. One event a starting position (0–9, across
    /// the writer's 8-byte steps), in one run.
    @Test func terminalControlsAtEveryPosition() throws {
        let controls = ["\u{80}", "\u{9B}", "\u{9F}", "\u{061C}", "\u{200E}", "\u{202E}", "\u{2066}", "\u{2069}"]
        let escapes = ["\\u0080", "\\u009b", "\\u009f", "\\u061c", "\\u200e", "\\u202e", "\\u2066", "\\u2069"]
        let text = "©…؛\u{200D}"
        func title(_ position: Int, _ parts: [String]) -> String {
            String(repeating: "a", count: position) + parts.joined(separator: text) + text + String(repeating: "b", count: 9)
        }
        var ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\n"
        for position in 0..<10 {
            ics += "BEGIN:VEVENT\r\nUID:u\(position)\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:20240610T0\(position)0000Z\r\n"
                + "SUMMARY:\(title(position, controls))\r\nEND:VEVENT\r\n"
        }
        ics += "END:VCALENDAR\r\n"
        let result = try CLI.run(["-", "--agenda", "--from", "2024-06-10", "--to", "2024-06-10", "--tz", "UTC", "--format", "json"],
                                 input: Data(ics.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 10)
        for (position, line) in lines.enumerated() {
            #expect(line.contains("\"summary\":\"" + title(position, escapes) + "\""), "position \(position): \(line)")
            #expect(line.unicodeScalars.allSatisfy { !controls.contains(String($0)) })
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["summary"] as? String == title(position, controls), "position \(position)")
        }
    }
}
