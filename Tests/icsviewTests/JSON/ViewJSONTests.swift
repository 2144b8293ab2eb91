import Foundation
import Testing

/// The structure of `--month --format json` and `--agenda --format json`, with values worked
/// out by hand from `Fixtures/import/google-team.ics` (June 2024 in Europe/Berlin, weeks from
/// Monday, ISO week numbers; see ``ViewGoldenTests`` for the occurrences of that month).
@Suite struct ViewJSONTests {
    static let google = ["Fixtures/import/google-team.ics", "--tz", "Europe/Berlin", "--today", "2024-06-12"]

    static func json(_ arguments: [String]) throws -> Any {
        let result = try CLI.run(arguments, environment: ["LANG": "C.UTF-8", "TZ": "UTC", "COLUMNS": "80"])
        #expect(result.status == 0)
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    @Test func monthObject() throws {
        let month = try #require(try Self.json(Self.google + ["--month", "2024-06", "--format", "json"]) as? [String: Any])
        #expect(Set(month.keys) == ["month", "firstWeekday", "weekdaySymbols", "weeks", "dayRanges", "occurrences"])
        #expect(month["month"] as? String == "2024-06")
        #expect(month["firstWeekday"] as? Int == 2)
        #expect(month["weekdaySymbols"] as? [String] == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
        let weeks = try #require(month["weeks"] as? [[String: Any]])
        // 1 June 2024 is a Saturday in ISO week 22; 30 June a Sunday in week 26.
        #expect(weeks.map { $0["weekNumber"] as? Int } == [22, 23, 24, 25, 26])
        let days = weeks.flatMap { $0["days"] as? [[String: Any]] ?? [] }
        #expect(days.count == 35)
        #expect(days.first?["date"] as? String == "2024-05-27")
        // 27 May 2024 is a Monday: Foundation's weekday 2; the rows run Monday (2) to Sunday (1).
        #expect(days.prefix(7).map { $0["weekday"] as? Int } == [2, 3, 4, 5, 6, 7, 1])
        #expect(days.last?["date"] as? String == "2024-06-30")
        for day in days {
            #expect(Set(day.keys) == ["date", "weekday", "inMonth", "isToday", "isSelected", "isEnabled", "isWeekend", "occurrenceCount",
                                      "occurrences", "decoration", "calendars"])
            // Nothing selected (no --select), every day enabled (no range of available days).
            #expect(day["isSelected"] as? Bool == false)
            #expect(day["isEnabled"] as? Bool == true)
        }
        #expect(days.filter { $0["inMonth"] as? Bool == false }.count == 5)
        #expect(days.filter { $0["isToday"] as? Bool == true }.map { $0["date"] as? String } == ["2024-06-12"])
        #expect(days.filter { $0["isWeekend"] as? Bool == true }.count == 10)

        let occurrences = try #require(month["occurrences"] as? [[String: Any]])
        // 18 June: design review, lunch, the call (16:00Z = 18:00 CEST), in that order.
        let june18 = try #require(days.first { $0["date"] as? String == "2024-06-18" })
        let indices = try #require(june18["occurrences"] as? [Int])
        #expect(indices.map { occurrences[$0]["summary"] as? String } == ["Design review", "Lunch with Ana", "Call with the New York office"])
        let decoration = try #require(june18["decoration"] as? [String: Any])
        #expect(decoration["kind"] as? String == "default")
        #expect(decoration["size"] as? String == "medium")
        #expect(decoration["count"] as? Int == 3)
        // The calendar names no color: the palette color of "Team" (FNV-1a), a #RRGGBB string.
        #expect((decoration["color"] as? String)?.count == 7)
        // One calendar: one dot with the three, in the decoration's colour (no event has a COLOR).
        let dots = try #require(june18["calendars"] as? [[String: Any]])
        #expect(dots.count == 1 && dots[0]["count"] as? Int == 3 && dots[0]["color"] as? String == decoration["color"] as? String)
        // 21 June: the cancelled stand-up is in `occurrences` but on no day.
        let cancelled = try #require(occurrences.firstIndex { $0["status"] as? String == "CANCELLED" })
        #expect(occurrences[cancelled]["start"] as? String == "2024-06-21T09:30:00+02:00")
        #expect(!days.contains { ($0["occurrences"] as? [Int] ?? []).contains(cancelled) })

        // The offsite, 12–14 June (DTEND 15 exclusive): one range, Wednesday to Friday of row 2.
        let ranges = try #require(month["dayRanges"] as? [[String: Any]])
        #expect(ranges.count == 1)
        let range = ranges[0]
        #expect(occurrences[range["occurrence"] as? Int ?? -1]["summary"] as? String == "Team offsite")
        #expect(range["start"] as? String == "2024-06-12")
        #expect(range["end"] as? String == "2024-06-14")
        let segments = try #require(range["segments"] as? [[String: Int]])
        #expect(segments == [["week": 2, "startColumn": 2, "endColumn": 4, "lane": 0]])
    }

    /// A dot per calendar in each day's `calendars`, worked out by hand: Work (COLOR #3366CC) has
    /// two events on 18 June 2024, one with its own COLOR (red), which colours the decoration but
    /// not its calendar's dot; Home (#CC3300) one; 19 June has none.
    @Test func aDotPerCalendar() throws {
        let folder = NSTemporaryDirectory() + "icsview-dots-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func calendar(_ name: String, _ color: String, _ events: [(String, String, String?)]) -> String {
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nNAME:\(name)\r\nCOLOR:\(color)\r\n" + events.map { uid, start, own in
                "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:\(start)\r\nDURATION:PT1H\r\nSUMMARY:\(uid)\r\n"
                    + (own.map { "COLOR:\($0)\r\n" } ?? "") + "END:VEVENT\r\n"
            }.joined() + "END:VCALENDAR\r\n"
        }
        try calendar("Work", "#3366CC", [("w1", "20240618T090000Z", "red"), ("w2", "20240618T140000Z", nil)])
            .write(toFile: folder + "/work.ics", atomically: true, encoding: .utf8)
        try calendar("Home", "#CC3300", [("h1", "20240618T180000Z", nil)]).write(toFile: folder + "/home.ics", atomically: true, encoding: .utf8)
        let month = try #require(try Self.json([folder + "/work.ics", folder + "/home.ics", "--month", "2024-06", "--format", "json",
                                                "--today", "2024-06-12"]) as? [String: Any])
        let days = (month["weeks"] as? [[String: Any]] ?? []).flatMap { $0["days"] as? [[String: Any]] ?? [] }
        let june18 = try #require(days.first { $0["date"] as? String == "2024-06-18" })
        let dots = try #require(june18["calendars"] as? [[String: Any]])
        #expect(dots.map { $0["calendar"] as? String } == ["Work", "Home"])
        #expect(dots.map { $0["color"] as? String } == ["#3366CC", "#CC3300"])
        #expect(dots.map { $0["count"] as? Int } == [2, 1])
        #expect((june18["decoration"] as? [String: Any])?["color"] as? String == "#FF0000")
        let june19 = try #require(days.first { $0["date"] as? String == "2024-06-19" })
        #expect((june19["calendars"] as? [Any])?.isEmpty == true)
    }

    /// `--months N`: an array of N month objects.
    @Test func severalMonths() throws {
        let months = try #require(try Self.json(Self.google + ["--month", "2024-06", "--months", "3", "--format", "json"]) as? [[String: Any]])
        #expect(months.map { $0["month"] as? String } == ["2024-06", "2024-07", "2024-08"])
    }

    /// Overlapping ranges stack in lanes (views/wide.ics, 14–20 October 2024: conference,
    /// trip, hackathon, workshop take lanes 0, 1, 2, 3; the trip goes on into the next row in lane 0).
    @Test func lanes() throws {
        let month = try #require(try Self.json(["Fixtures/views/wide.ics", "--tz", "Europe/Berlin", "--today", "2024-10-16",
                                                "--month", "2024-10", "--format", "json"]) as? [String: Any])
        let ranges = try #require(month["dayRanges"] as? [[String: Any]])
        let occurrences = try #require(month["occurrences"] as? [[String: Any]])
        var lanes: [String: [[String: Int]]] = [:]
        for range in ranges {
            let summary = occurrences[range["occurrence"] as? Int ?? 0]["summary"] as? String ?? ""
            lanes[summary] = range["segments"] as? [[String: Int]]
        }
        #expect(lanes["東京カンファレンス 2024"] == [["week": 2, "startColumn": 0, "endColumn": 4, "lane": 0]])
        #expect(lanes["Trip ✈️ Kyoto"] == [["week": 2, "startColumn": 2, "endColumn": 6, "lane": 1],
                                           ["week": 3, "startColumn": 0, "endColumn": 1, "lane": 0]])
        #expect(lanes["Hackathon"] == [["week": 2, "startColumn": 3, "endColumn": 4, "lane": 2]])
        #expect(lanes["Workshop"] == [["week": 2, "startColumn": 4, "endColumn": 5, "lane": 3]])
        // Crossing midnight (20:00 → 02:00) and the end of DST (22:00 → 06:00): two days each.
        #expect(lanes["🎉 Party"] == [["week": 0, "startColumn": 5, "endColumn": 6, "lane": 0]])
        #expect(lanes["Night shift (DST ends)"] == [["week": 3, "startColumn": 5, "endColumn": 6, "lane": 0]])
        // Ending at midnight: one day only, so no range.
        #expect(lanes["Until midnight"] == nil)
    }

    /// `--agenda --format json`: one object per line with exactly the first version's keys, in order;
    /// cancelled occurrences included with their status.
    @Test func agendaLines() throws {
        let result = try CLI.run(Self.google + ["--agenda", "--from", "2024-06-17", "--to", "2024-06-23", "--format", "json"],
                                 environment: ["LANG": "C.UTF-8", "TZ": "UTC"])
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 5)
        for line in lines {
            #expect(line.hasPrefix("{\"component\":\"VEVENT\",\"uid\":"))
            let keys = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]).keys
            // The keys of the first version, then those added later (see CompleteJSONTests).
            #expect(Set(keys) == ["component", "uid", "recurrenceId", "summary", "location", "status", "start", "end",
                                  "allDay", "timeZone", "calendar", "calendarId", "description", "url", "categories", "color",
                                  "transparency", "organizer", "attendees", "alarms", "startEpoch", "endEpoch"])
        }
        #expect(lines.last.map { RecurrenceFixtureTests.firstVersion(String($0)) } == #"{"component":"VEVENT","uid":"4t7v2k9qv0c8d1e6mrb3l5s0ah@google.com","recurrenceId":"2024-06-21T09:30:00+02:00","summary":"Stand-up","location":null,"status":"CANCELLED","start":"2024-06-21T09:30:00+02:00","end":"2024-06-21T09:45:00+02:00","allDay":false,"timeZone":"Europe/Berlin","calendar":"Team"}"#)
        let text = try CLI.run(Self.google + ["--agenda", "--from", "2024-06-21", "--to", "2024-06-21", "--color", "never"],
                               environment: ["LANG": "C.UTF-8", "TZ": "UTC"])
        #expect(text.stdout == "No events from 2024-06-21 to 2024-06-21.\n", "cancelled hidden without --show-cancelled")
    }
}
