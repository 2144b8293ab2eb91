import Foundation
import Testing

/// `search` and `--grep` look for their text in time linear in the text and the description.
/// The match tried the text at every start of the description: a text of 10,001 bytes
/// (`aaa…ab`) in a description of 200,000 `a` took longer than 20 s (release build, killed by
/// `timeout`), 2.9 s for a description of 20,000. The expected exit statuses follow from the
/// texts: `aaa…ab` occurs nowhere, 10,000 `a` occur at once.
@Suite struct SearchTextLengthTests {
    static func calendar(description: String, summary: String = "Plain") -> Data {
        Data("""
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//t//EN\r
            BEGIN:VEVENT\r
            UID:long\r
            DTSTAMP:20240101T000000Z\r
            DTSTART:20240603T090000Z\r
            SUMMARY:\(summary)\r
            DESCRIPTION:\(description)\r
            END:VEVENT\r
            END:VCALENDAR\r

            """.utf8)
    }

    static func search(_ text: String, in ics: Data) throws -> CLI.Result {
        let file = NSTemporaryDirectory() + "icsview-search-\(UUID().uuidString).ics"
        try ics.write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        // `timeout` makes a search that does not end a failed expectation, not a stuck test.
        return try CLI.shell("timeout 20 \"$ICSVIEW\" search '\(text)' '\(file)' --from 2024-06-01 --to 2024-06-30 --tz UTC")
    }

    @Test func aLongTextInALongDescriptionEndsAtOnce() throws {
        // 200,000 bytes folded at 75: one content line of the description, under libical's limit.
        let ics = Self.calendar(description: String(repeating: "a", count: 200_000))
        let missing = try Self.search(String(repeating: "a", count: 10_000) + "b", in: ics)
        #expect(missing.status == 1, "\(missing.stderr.prefix(200))")
        let found = try Self.search(String(repeating: "A", count: 10_000), in: ics)
        #expect(found.status == 0, "\(found.stderr.prefix(200))")
        #expect(found.stdout.contains("Plain"))
    }

    @Test func theMatchStillIgnoresCaseAndAccentsAndFindsScalarsInsideClusters() throws {
        // "Café" is found by "CAFE"; a man in a family emoji (one grapheme cluster of three
        // people joined by U+200D) is found, as before; the text at the very end is found; a text
        // longer than every field is not.
        let ics = Self.calendar(description: "Meet at the Café 👨\u{200D}👩\u{200D}👧 end", summary: "Ünïcode")
        for (text, status) in [("CAFE", 0), ("👨", 0), ("👩", 0), ("ode", 0), ("unicode", 0), (" end", 0),
                               ("cafés", 1), (String(repeating: "x", count: 200), 1)] {
            let result = try Self.search(text, in: ics)
            #expect(result.status == Int32(status), "\(text): \(result.stderr)")
        }
    }
}
