import Foundation
import Testing
import TestSupport

/// Views of hostile shapes through the command line: the month JSON
/// says how many occurrences a day and a week row hold beyond what it lists, the text grid's
/// "+N" counts them all, and expansion diagnostics name the file and line as import ones do.
@Suite struct HostileViewTests {
    /// A file in a fresh temporary directory, holding `lines` joined by CRLF.
    static func file(_ name: String, _ lines: [String]) throws -> URL {
        let dir = try ScratchDirectory.make("icsview-hostile")
        let url = dir.appendingPathComponent(name)
        try Data((lines.joined(separator: "\r\n") + "\r\n").utf8).write(to: url)
        return url
    }

    /// A daily all-day event from 1 December 2023 whose instances each last 150 days: every day
    /// of the June 2024 grid (27 May – 30 June, five weeks from Monday) is covered by the 150 instances
    /// that began on it or on the 149 days before (all after 1 December 2023).
    static let overlapping = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ICSKit//tests//EN",
        "BEGIN:VEVENT", "UID:long@tests", "DTSTAMP:20240101T000000Z",
        "DTSTART;VALUE=DATE:20231201", "DTEND;VALUE=DATE:20240429", "RRULE:FREQ=DAILY",
        "SUMMARY:long", "END:VEVENT", "END:VCALENDAR",
    ]

    @Test func monthJSONCountsWhatItDoesNotList() throws {
        let url = try Self.file("overlapping.ics", Self.overlapping)
        let result = try CLI.run([url.path, "--month", "2024-06", "--first-weekday", "mon", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let month = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let weeks = try #require(month["weeks"] as? [[String: Any]])
        #expect(weeks.count == 5)
        let days = weeks.flatMap { $0["days"] as? [[String: Any]] ?? [] }
        #expect(days.first?["date"] as? String == "2024-05-27" && days.last?["date"] as? String == "2024-06-30")
        // Each day lists the projection's cap (100) of its 150, the dot counts all 150.
        for day in days {
            #expect(day["occurrenceCount"] as? Int == 150)
            #expect((day["occurrences"] as? [Int])?.count == 100)
            #expect((day["decoration"] as? [String: Any])?["count"] as? Int == 150)
        }
        // Each cell is covered by 150 ranges; 100 lanes are kept, 50 counted per column.
        for week in weeks { #expect(week["hiddenRanges"] as? [Int] == Array(repeating: 50, count: 7)) }
        // Every instance that overlaps the grid is in the list: those that began from 149 days
        // before 27 May (30 December 2023) to 30 June: 149 + 35 = 184.
        let occurrences = try #require(month["occurrences"] as? [[String: Any]])
        #expect(occurrences.count == 184)
        #expect(occurrences.first?["start"] as? String == "2023-12-30" && occurrences.last?["start"] as? String == "2024-06-30")
        let ranges = try #require(month["dayRanges"] as? [[String: Any]])
        #expect(ranges.flatMap { $0["segments"] as? [[String: Any]] ?? [] }.allSatisfy { ($0["lane"] as? Int ?? 100) < 100 })
    }

    @Test func textMonthSaysHowManyMore() throws {
        let url = try Self.file("overlapping.ics", Self.overlapping)
        let result = try CLI.run([url.path, "--month", "2024-06", "--first-weekday", "mon", "--color", "never"],
                                 environment: ["COLUMNS": "120"])
        #expect(result.status == 0)
        // Three bar lines a row at most: two lanes drawn, then "+148" under each day.
        let plus = result.stdout.split(separator: "\n").filter { $0.contains("+148") }
        #expect(plus.count == 5)
        #expect(plus.allSatisfy { $0.components(separatedBy: "+148").count - 1 == 7 })
    }

    @Test func expansionDiagnosticsNameTheFileAndLine() throws {
        let url = try Self.file("limits.ics", [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ICSKit//tests//EN",
            "BEGIN:VEVENT", "UID:seconds@tests", "DTSTAMP:20240101T000000Z",
            "DTSTART:20240601T000000Z", "RRULE:FREQ=SECONDLY", "SUMMARY:every second", "END:VEVENT",
            "BEGIN:VEVENT", "UID:mars@tests", "DTSTAMP:20240101T000000Z",
            "DTSTART;TZID=Mars/Olympus_Mons:20240601T090000", "SUMMARY:on Mars", "END:VEVENT",
            "END:VCALENDAR",
        ])
        // A grid caps what it collects (the streamed agenda lists every instance, uncapped).
        let result = try CLI.run([url.path, "--month", "2024-06", "--no-agenda", "--verbose"])
        #expect(result.status == 0)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("\(url.path):4: warning: stopped expanding the series after 10000 instances (the cap of what is collected at once) [ICS3002]"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("\(url.path):11: warning: unknown time zone \"Mars/Olympus_Mons\"") }, "\(lines)")
        #expect(!result.stderr.contains("<input>"))
    }
}
