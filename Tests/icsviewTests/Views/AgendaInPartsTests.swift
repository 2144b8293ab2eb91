import Foundation
import Testing
import TestSupport

/// A day of more occurrences than the agenda holds at once (4,096) is written in parts, each
/// ending before the next occurrence's start: one heading, every occurrence, in the order of the
/// whole day. Expected lines worked out by hand (RFC 5545 3.3.10: SECONDLY with COUNT=1800 is
/// 1,800 instances a second apart from DTSTART; the agenda lists all-day events first, then by
/// start, then by UID).
@Suite struct AgendaInPartsTests {
    static let file: URL = {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ICSKit//parts//EN"]
        for uid in ["A", "B", "C"] {
            lines += ["BEGIN:VEVENT", "UID:\(uid)@parts", "DTSTAMP:20240101T000000Z", "DTSTART:20240603T000000Z",
                      "RRULE:FREQ=SECONDLY;COUNT=1800", "SUMMARY:Tick \(uid)", "END:VEVENT"]
        }
        lines += ["BEGIN:VEVENT", "UID:D@parts", "DTSTAMP:20240101T000000Z", "DTSTART;VALUE=DATE:20240603", "SUMMARY:All day",
                  "END:VEVENT", "BEGIN:VEVENT", "UID:E@parts", "DTSTAMP:20240101T000000Z", "DTSTART:20240604T090000Z",
                  "SUMMARY:Next day", "END:VEVENT", "END:VCALENDAR"]
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("icsview-parts-\(getpid()).ics")
        try! (lines.joined(separator: "\r\n") + "\r\n").write(to: url, atomically: true, encoding: .utf8)
        ScratchDirectory.removeAtExit(url.path)
        return url
    }()

    @Test func aDayOfMoreThanOnePartListsEveryOccurrenceInOrderUnderOneHeading() throws {
        let result = try CLI.run([Self.file.path, "--agenda", "--from", "2024-06-03", "--to", "2024-06-04", "--tz", "UTC",
                                  "--color", "never"])
        #expect(result.status == 0, "\(result.stderr)")
        var expected = ["Mon, 3 Jun 2024", "  ● all day     All day"]
        for i in 0..<5_400 {
            let second = i / 3
            let minute = second / 60
            expected.append("  ● 00:\(minute < 10 ? "0" : "")\(minute)       Tick \(["A", "B", "C"][i % 3])")
        }
        expected += ["", "Tue, 4 Jun 2024", "  ● 09:00       Next day"]
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == expected.count + 1)
        #expect(Array(lines.prefix(expected.count)) == expected)
    }
}
