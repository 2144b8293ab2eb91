import Foundation
import Testing

/// The narrow week (under 60 columns, a list of days): as in the agenda, a multi-day event
/// once, on its first day in the week, with its span; today's heading in the user's language.
/// Facts from `Fixtures/views/wide.ics`: the trip to Kyoto is all day 21–22 October 2024 and
/// the night shift runs from Saturday 26 October 22:00 to Sunday 06:00 (Europe/Berlin).
@Suite struct WeekListTests {
    static let arguments = ["Fixtures/views/wide.ics", "Fixtures/views/family.ics", "--tz", "Europe/Berlin", "--color", "never"]

    @Test func aMultiDayEventIsListedOnceWithItsSpan() throws {
        let result = try CLI.run(Self.arguments + ["--today", "2024-10-16", "--week", "2024-10-27"], environment: ["COLUMNS": "70"])
        // 70 columns would draw the grid: the list is for narrower terminals.
        #expect(!result.stdout.contains("Mon 2024-10-21 ─"))
        let narrow = try CLI.run(Self.arguments + ["--today", "2024-10-16", "--week", "2024-10-27"], environment: ["COLUMNS": "58"])
        let lines = narrow.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("Trip ✈️") }.count == 1)
        #expect(lines.filter { $0.contains("Night shift") }.count == 1)
        let monday = try #require(lines.firstIndex { $0.hasPrefix("Mon 2024-10-21 ") })
        // (the calendar's tag and the span are kept; the title is cut to its 10 cells)
        #expect(lines[monday + 1] == "  ● all day     Trip ✈️ K… (until Tue, 22 Oct) [Wide 世界]")
        let saturday = try #require(lines.firstIndex { $0.hasPrefix("Sat 2024-10-26 ") })
        // (the title is shortened to fit 58 columns; the span is kept)
        #expect(lines[saturday + 1].hasPrefix("  ● 22:00–…     Night shift"))
        #expect(lines[saturday + 1].contains("(until Sun, 27 Oct 06:00)"))
        #expect(lines[saturday + 2].hasPrefix("Sun 2024-10-27 "))
    }

    @Test(arguments: [("C.UTF-8", " · today"), ("de_DE.UTF-8", " · heute"), ("fr_FR.UTF-8", " · aujourd’hui")])
    func todayIsInTheUsersLanguage(lang: String, mark: String) throws {
        let result = try CLI.run(Self.arguments + ["--today", "2024-10-16", "--week", "2024-10-16"],
                                 environment: ["COLUMNS": "50", "LANG": lang])
        let marked = result.stdout.split(separator: "\n").filter { $0.contains(" · ") && $0.hasSuffix("─") }
        #expect(marked.count == 1)
        #expect(marked.first?.contains("16" + mark + " ") == true, "\(marked)")
    }
}

/// A page's agenda heading and its legend's name are in the user's language, as its other words.
@Suite struct PageWordsTests {
    @Test(arguments: [("C.UTF-8", "Agenda", "Calendars"), ("de_DE.UTF-8", "Termine", "Kalender"), ("ja_JP.UTF-8", "予定", "カレンダー")])
    func agendaAndLegendAreTranslated(lang: String, agenda: String, calendars: String) throws {
        let result = try CLI.run(WeekListTests.arguments + ["--today", "2024-10-16", "--month", "2024-10", "--format", "html"],
                                 environment: ["LANG": lang])
        #expect(result.status == 0)
        #expect(result.stdout.contains("<h2>\(agenda)</h2>"))
        #expect(result.stdout.contains("class=\"legend\" aria-label=\"\(calendars)\""))
    }
}
