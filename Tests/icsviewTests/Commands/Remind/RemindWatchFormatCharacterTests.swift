#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing

/// `remind --watch --exec`: the `ICSVIEW_*` variables a spawned command is given hold no
/// bidirectional override, embedding, isolate or mark and no invisible format character, as the
/// terminal's safe text removes them (docs/trust.md, "Text: never terminal control"): a command
/// that prints `$ICSVIEW_SUMMARY` to a terminal cannot have its line reordered by the feed
/// (U+202E made "evil" read "live"). The expected values are worked out by hand: each removed
/// character taken out of the text, the joiner U+200D (an emoji sequence needs it), line breaks
/// and tabs kept. The command is a real `sh` started by the watcher; what it wrote is compared
/// byte for byte.
@Suite("remind --watch --exec format characters", .serialized)
struct RemindWatchFormatCharacterTests {
    @Test func bidiAndFormatCharactersLeaveTheVariables() throws {
        let directory = NSTemporaryDirectory() + "icsview-watch-bidi-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let trigger = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 3).rounded(.up))
        // SUMMARY: RLO "evil" PDF, LRI … PDI, RLM, ZWSP, word joiner, BOM, soft hyphen, ALM, a
        // family emoji joined by U+200D, and an escaped line break with a tab after it.
        let summary = "Pay \u{202E}live\u{202C} \u{2066}now\u{2069}\u{200F}!\u{200B}\u{2060}\u{FEFF}\u{00AD}\u{061C} "
            + "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\\n\tnext"
        let location = "Room\u{202D} 4\u{202A}\u{202B}\u{2067}\u{2068}\u{200E}"
        let feed = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:bidi@example.com\r\n"
            + "DTSTAMP:20240101T000000Z\r\nDTSTART:\(RemindWatchTests.stamp(trigger.addingTimeInterval(3600)))\r\n"
            + "SUMMARY:\(summary)\r\nLOCATION:\(location)\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:x\r\n"
            + "TRIGGER;VALUE=DATE-TIME:\(RemindWatchTests.stamp(trigger))\r\nEND:VALARM\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let file = directory + "/cal.ics"
        try feed.write(toFile: file, atomically: true, encoding: .utf8)
        let out = directory + "/vars"
        let command = #"printf '%s' "$ICSVIEW_SUMMARY" > "$OUT.summary"; printf '%s' "$ICSVIEW_LOCATION" > "$OUT.location""#
        let watcher = try RemindWatchTests.Watcher(["--exec", command, "--tz", "UTC", file], directory: directory, name: "bidi",
                                                   environment: ["OUT": out])
        RemindWatchTests.wait(max(0, trigger.timeIntervalSinceNow) + 8) { FileManager.default.fileExists(atPath: out + ".location") }
        #expect(watcher.stop() == 0, "\(watcher.errors())")
        let written = try #require(FileManager.default.contents(atPath: out + ".summary"))
        #expect(String(decoding: written, as: UTF8.self)
            == "Pay live now! \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\n\tnext")
        #expect(try #require(FileManager.default.contents(atPath: out + ".location")) == Data("Room 4".utf8))
    }
}
