import Foundation
import Testing
@testable import ICSKit

/// Windowed imports of the shapes a skim reads or leaves to the ordinary scan (``BlockSkim``),
/// against full imports (the independent reference): over each range, the same occurrences;
/// and the windowed import's diagnostics, in order, are among the full import's (a skipped block
/// that stays skipped reports nothing of its own; nothing is reported that a full import does not).
@Suite struct WindowedImportSkimTests {
    /// Each shape: one event of 2024 or June 2025 written in a way the skim handles or gives up on,
    /// beside plain events sharing its UID or not.
    static let shapes: [(name: String, text: [UInt8])] = {
        func cal(_ body: [String], _ lineBreak: String = "\r\n") -> [UInt8] { Array(calendarText(body, lineBreak: lineBreak).utf8) }
        let old = ["BEGIN:VEVENT", "UID:o", "DTSTART:20240110T090000Z", "DTEND:20240110T100000Z", "END:VEVENT"]
        let june = ["BEGIN:VEVENT", "UID:j", "DTSTART:20250610T090000Z", "DTEND:20250610T100000Z", "END:VEVENT"]
        let series = ["BEGIN:VEVENT", "UID:s", "DTST", " ART:20240101T080000Z", "RRU", " LE:FREQ=DAILY;UNTIL=20240201T000000Z", "END:VEVENT"]
        let override = ["BEGIN:VEVENT", "UID:s", "RECURRENCE-ID:20240105T080000Z", "DTSTART:20250605T080000Z", "END:VEVENT"]
        let head = Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:u\r\nDTSTART:20240110T090000Z\r\nSUMMARY:".utf8)
        let tail = Array(("\r\nEND:VEVENT\r\n" + june.joined(separator: "\r\n") + "\r\nEND:VCALENDAR\r\n").utf8)
        return [
            ("plain", cal(old + june)),
            ("folded series, override in June", cal(series + override + old)),
            ("folded series alone", cal(series + june)),
            ("lower-case alarm", cal(["BEGIN:VEVENT", "UID:a", "DTSTART:20240110T090000Z", "begin:valarm", "TRIGGER:-PT5M", "end:valarm", "END:VEVENT"] + june)),
            ("blanks in BEGIN", cal(["BEGIN:VEVENT", "UID:b", "DTSTART:20240110T090000Z", "BEGIN: VALARM", "TRIGGER:-PT5M", "END:VALARM", "END:VEVENT"] + june)),
            ("missing END", cal(["BEGIN:VEVENT", "UID:m", "DTSTART:20240110T090000Z"] + old + june)),
            ("missing END, same UID in June", cal(["BEGIN:VEVENT", "UID:j", "DTSTART:20240110T090000Z", "RECURRENCE-ID:20250610T090000Z"] + june)),
            ("END at EOF", Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:e\r\nDTSTART:20250610T090000Z\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:f\r\nDTSTART:20240110T090000Z\r\nEND:VEVENT".utf8)),
            ("bare LF", cal(old + june, "\n")),
            ("NUL", head + [0x61, 0x00] + tail),
            ("Windows-1252", head + [0x63, 0xE9] + tail),
            ("fold splitting a character", head + [0xC3, 0x0D, 0x0A, 0x20, 0xA9] + tail),
            ("nested too deep", cal(["BEGIN:VEVENT", "UID:d", "DTSTART:20240110T090000Z"]
                + (0..<17).map { "BEGIN:X-L\($0)" } + (0..<17).reversed().map { "END:X-L\($0)" } + ["END:VEVENT"] + june)),
            ("over-long line", cal(["BEGIN:VEVENT", "UID:l", "DTSTART:20240110T090000Z", "DESCRIPTION:" + String(repeating: "x", count: 300 << 10), "END:VEVENT"] + june)),
        ]
    }()

    static let utc = TimeZone(identifier: "UTC")!
    static let ranges = [WindowFilterTests.june, WindowedImportEquivalenceTests.interval(2024, 1, 1, days: 366),
                         WindowedImportEquivalenceTests.interval(2024, 1, 5, days: 1)]

    @Test(arguments: 0..<shapes.count)
    func windowedEqualsFull(shape index: Int) throws {
        let (name, bytes) = Self.shapes[index]
        let full = try ICalendar(bytes: bytes, source: "t.ics")
        for range in Self.ranges {
            let windowed = try ICalendar(bytes: bytes, source: "t.ics", options: ImportOptions(window: range))
            #expect(occurrences(windowed, range, Self.utc) == occurrences(full, range, Self.utc), "\(name) over \(range)")
            var remaining = full.diagnostics[...]
            for diagnostic in windowed.diagnostics {
                guard let at = remaining.firstIndex(of: diagnostic) else {
                    Issue.record("\(name): \(diagnostic) is not among the full import's")
                    break
                }
                remaining = remaining[(at + 1)...]
            }
        }
    }

    @Test func theFileWideNotesOfAFullImportStay() throws {
        // A June event with a Windows-1252 byte after a skipped one: the note is on its line, 9.
        let text = Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART:20240110T090000Z\r\nEND:VEVENT\r\n".utf8)
            + Array("BEGIN:VEVENT\r\nUID:y\r\nDTSTART:20250610T090000Z\r\nSUMMARY:caf".utf8) + [0xE9] + Array("\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
        let windowed = try ICalendar(bytes: text, source: "t.ics", options: ImportOptions(window: WindowFilterTests.june))
        #expect(windowed.diagnostics(.invalidUTF8).map(\.line) == [9])
        #expect(windowed.events.map(\.uid) == ["y"])
    }
}
