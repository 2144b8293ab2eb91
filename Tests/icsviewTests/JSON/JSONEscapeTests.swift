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
}
