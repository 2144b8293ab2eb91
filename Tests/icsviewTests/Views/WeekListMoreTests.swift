import Foundation
import Testing

/// The narrow week (a list of days, under 60 columns) within the terminal's height: the
/// title and seven headings take 8 lines, the days share the rest, and a day with more events
/// than its share ends with "+N more" (a pipe with no LINES lists everything). Expected lines
/// worked out by hand from the calendars written here (week of Monday 10 June 2024, UTC).
@Suite struct WeekListMoreTests {
    /// `count` half-hour events from 08:00 on `day` (YYYYMMDD), titled "<prefix> 1"….
    static func busy(_ day: String, _ count: Int, _ prefix: String) -> String {
        (0..<count).map { i in
            let start = 8 * 60 + 30 * i, end = start + 30
            func stamp(_ minutes: Int) -> String { String(format: "%@T%02d%02d00Z", day, minutes / 60, minutes % 60) }
            return "BEGIN:VEVENT\r\nUID:\(prefix)\(i)\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:\(stamp(start))\r\nDTEND:\(stamp(end))\r\nSUMMARY:\(prefix) \(i + 1)\r\nEND:VEVENT\r\n"
        }.joined()
    }

    static func calendar(_ events: String...) -> Data {
        Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\n" + events.joined() + "END:VCALENDAR\r\n").utf8)
    }

    static let arguments = ["--week", "2024-06-12", "--tz", "UTC", "--today", "2024-06-10", "--color", "never", "-"]

    func lines(_ input: Data, _ environment: [String: String]) throws -> [String] {
        let result = try CLI.run(Self.arguments, input: input, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// Twenty matches on Saturday in 20 lines: 12 for the days, all Saturday's: 11 matches (the
    /// 11th from 08:00 + 10 × 30 min = 13:00) and "+9 more".
    @Test func aBusyDayEndsWithMoreWithinTheHeight() throws {
        let input = Self.calendar(Self.busy("20240615", 20, "Match"))
        let fitted = try lines(input, ["COLUMNS": "50", "LINES": "20"])
        #expect(fitted.count == 20, "\(fitted.joined(separator: "\n"))")
        let saturday = try #require(fitted.firstIndex { $0.hasPrefix("Sat 2024-06-15 ") })
        #expect(fitted[saturday + 11].hasPrefix("  ● 13:00–13:30 Match 11"))
        #expect(fitted[saturday + 12] == "    +9 more")
        #expect(fitted[saturday + 13].hasPrefix("Sun 2024-06-16 "))
        // Without a height (a pipe, no LINES) every match: 8 + 20 lines.
        let all = try lines(input, ["COLUMNS": "50"])
        #expect(all.count == 28 && !all.joined().contains("more") && all.joined().contains("Match 20"))
    }

    /// Five meetings on Wednesday and twenty matches on Saturday in 20 lines: a cap of 7 lines a
    /// day (5 + 7 = 12): Wednesday whole, Saturday 6 matches and "+14 more". In 10 lines (2 for
    /// the days) a cap of 2, the least (one event and "+N more"): the week runs 2 lines past.
    @Test func busyDaysShareTheHeight() throws {
        let input = Self.calendar(Self.busy("20240612", 5, "Meeting"), Self.busy("20240615", 20, "Match"))
        let fitted = try lines(input, ["COLUMNS": "50", "LINES": "20"])
        #expect(fitted.count == 20)
        let wednesday = try #require(fitted.firstIndex { $0.hasPrefix("Wed 2024-06-12 ") })
        #expect(fitted[wednesday + 5].hasPrefix("  ● 10:00–10:30 Meeting 5"))
        #expect(fitted[wednesday + 6].hasPrefix("Thu 2024-06-13 "))
        let saturday = try #require(fitted.firstIndex { $0.hasPrefix("Sat 2024-06-15 ") })
        #expect(fitted[saturday + 6].hasPrefix("  ● 10:30–11:00 Match 6"))
        #expect(fitted[saturday + 7] == "    +14 more")
        let short = try lines(input, ["COLUMNS": "50", "LINES": "10"])
        #expect(short.count == 12)
        #expect(short.contains("    +4 more") && short.contains("    +19 more"))
        // German: "+N weitere", as the grid says it.
        let german = try lines(input, ["COLUMNS": "50", "LINES": "20", "LANG": "de_DE.UTF-8"])
        #expect(german.contains("    +14 weitere"), "\(german)")
    }
}
