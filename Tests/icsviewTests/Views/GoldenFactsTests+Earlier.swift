import Foundation
import Testing

/// The facts of the goldens made before titles were drawn in cells (the notes in ``ViewGoldenTests``), asserted
/// on the output: where the days, bars and times are in the narrow and wide months, the weeks
/// and the agendas.
@Suite struct EarlierGoldenFactsTests {
    static func output(_ name: String) throws -> String { try GoldenFactsTests.output(name) }

    /// June at 40 columns (cells of 4): neighbours `·27`…`·31`, the 1st on Saturday, today
    /// `[12]` on Wednesday, the offsite bar over Wednesday–Friday; the compact month at 30
    /// columns with ISO week numbers 22–26 and today `<`.
    @Test func narrowJune() throws {
        let grid = try GoldenFactsTests.grid("google-month-40")
        #expect(grid.cell == 4)
        #expect(grid.dayCell((0, 0)) == "·27●")
        #expect(grid.position(of: 1)! == (0, 5))
        #expect(grid.dayCell((2, 2)) == "[12]")
        #expect(grid.barColumns("Team offsite", row: 2) == 2...4)
        let compact = try Self.output("google-month-compact-30").split(separator: "\n").map(String.init)
        #expect(compact[2] == "22                 1  2")
        #expect(compact[4] == "24 10•11 12<13•14•15 16")
        #expect(compact[6] == "26 24•25 26•27◆28◆29 30", "Release and Office closed are all-day: ◆")
    }

    /// October at 40 columns in ASCII: `.30` for 30 September, marks `*`, the birthday `#`.
    @Test func narrowOctoberInASCII() throws {
        let grid = try GoldenFactsTests.grid("wide-month-40")
        #expect(grid.dayCell((0, 0)) == ".30")
        #expect(grid.dayCell((0, 1)) == "1*")
        #expect(grid.dayCell((1, 3)) == "10#")
        #expect(grid.rows[0][1].hasSuffix("|[🎉 Par~]|"), "the party bar over Saturday and Sunday")
    }

    /// October at 120 columns, Sunday first: the 1st on Tuesday (column 2); the party a bar
    /// on Saturday going on (`▶`) and on Sunday of the next row coming from before (`◀`);
    /// Herbstferien Monday 28 October to Friday 1 November (columns 1–5); titles in the cells.
    @Test func wideOctoberSundayFirst() throws {
        let grid = try GoldenFactsTests.grid("wide-month-120")
        #expect(grid.position(of: 1)! == (0, 2))
        #expect(grid.dayCell((0, 0)) == "·29")
        #expect(grid.barColumns("🎉 Party", row: 0) == 6...6)
        #expect(grid.barColumns("🎉 Party", row: 1) == 0...0)
        #expect(grid.rows[1].contains { $0.hasPrefix("│◀🎉 Party") })
        #expect(grid.barColumns("Herbstferien", row: 4) == 1...5)
        #expect(grid.entries(at: (0, 3)).filter { !$0.isEmpty } == ["10:00 会議", "19:00 Dinner"])
        #expect(grid.entries(at: grid.position(of: 11)!).filter { !$0.isEmpty } == ["22:00 Until mi…"], "22:00–00:00 stays on the 11th")
        #expect(grid.entries(at: grid.position(of: 10)!).filter { !$0.isEmpty } == ["▕Geburtstag Om…▏", "01:30 Late UTC…"],
                "23:30Z on the 9th is 01:30 CEST on the 10th")
    }

    /// `--select 2024-10-02`: the 2nd marked `<2>`, and only its two events listed.
    @Test func selectedDay() throws {
        let text = try Self.output("wide-month-80-select")
        let grid = try #require(GridText(text))
        #expect(grid.dayCell((0, 2)) == "<2>*2")
        let agenda = text.components(separatedBy: "\n\n").dropFirst().joined(separator: "\n\n")
        #expect(agenda == "Wed, 2 Oct 2024\n  * 10:00-11:00 会議 @ 東京オフィス [Wide 世界]\n  * 19:00-21:00 Dinner @ Ristorante Roma [Family]\n")
    }

    /// Two months at 80 columns, Sunday first: March and April 2024 side by side as small
    /// months (1 March a Friday, 1 April a Monday, Easter Monday marked `◆`); today, the 29th
    /// (Good Friday), marked `<`, its holiday in the agenda below under a heading that says "Today".
    @Test func twoMonthsSideBySide() throws {
        let lines = try Self.output("holidays-months-2").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "     March 2024             April 2024")
        #expect(lines[1] == "Su Mo Tu We Th Fr Sa   Su Mo Tu We Th Fr Sa")
        #expect(lines[2] == "                1  2       1◆ 2  3  4  5  6")
        #expect(lines[6] == "24 25 26 27 28 29<30   28 29 30")
        #expect(lines.contains("Fri, 29 Mar 2024 · Today") && lines.contains("  ● all day     Karfreitag"))
    }

    /// The weeks: the title with the ISO week and its days; today `[Wed 12]`; the offsite over
    /// Wednesday–Friday; the moved stand-up at 11:00 on the 12th; the 18th's three events in
    /// time order; the party over Saturday–Sunday of week 40, its bar starting with its start time
    /// (20:00; "20:00 🎉 Party" is 14 cells of the bar's 19, the rest fill).
    @Test func weeks() throws {
        let june = try Self.output("google-week-80").split(separator: "\n").map(String.init)
        #expect(june[0].trimmingCharacters(in: .whitespaces) == "Week 24: 2024-06-10 – 2024-06-16")
        #expect(june[2] == "│  Mon 10  │  Tue 11  │ [Wed 12] │  Thu 13  │  Fri 14  │  Sat 15  │  Sun 16  │")
        #expect(june[4].hasPrefix("│          │          │▕Team offsite") && june[4].hasSuffix("▏│          │          │"))
        #expect(june[6] == "│09:30     │          │11:00     │          │09:30     │          │          │")
        let next = try Self.output("google-week-120").split(separator: "\n").map(String.init)
        let tuesday = next.dropFirst(4).filter { $0.hasPrefix("│") }
            .map { $0.split(separator: "│", omittingEmptySubsequences: false)[2].trimmingCharacters(in: .whitespaces) }
        #expect(Array(tuesday.prefix(6)) == ["10:00–11:00", "Design review", "12:30–13:30", "Lunch with Ana", "18:00–19:00", "Call with the N…"])
        let october = try Self.output("wide-week-80").split(separator: "\n").map(String.init)
        #expect(october[0].trimmingCharacters(in: .whitespaces) == "Week 40: 2024-09-30 – 2024-10-06")
        #expect(october[4].hasSuffix("│▕20:00 🎉 Party─────▏│"))
        let list = try Self.output("wide-week-list-50").split(separator: "\n").map(String.init)
        #expect(list[0] == "Week 43: 2024-10-21 – 2024-10-27")
        #expect(list.filter { $0.hasSuffix("─") }.count == 7, "a heading for each of the seven days")
    }

    /// The agendas: each multi-day event once, on its first day, with its last day (an all-day
    /// range's last date; a timed one's end); the cancelled stand-up of 21 June with `[cancelled]`.
    @Test func agendas() throws {
        let october = try Self.output("wide-agenda-80")
        for (title, count) in [("Trip ✈️ Kyoto (until Tue, 22 Oct)", 1), ("Herbstferien (until Fri, 1 Nov)", 1),
                               ("🎉 Party (until Sun, 6 Oct 02:00)", 1), ("Night shift (DST ends) (until Sun, 27 Oct 06:00)", 1),
                               ("Trip ✈️ Kyoto", 1), ("Sync 📞", 4)] {
            #expect(october.components(separatedBy: title).count - 1 == count, "\(title)")
        }
        #expect(october.contains("A very long event title that ca… (until Wed, 30 Oct) [Wide 世界]"), "the span and the calendar's tag kept, the title cut")
        let cancelled = try Self.output("google-agenda-cancelled")
        #expect(cancelled.contains("Fri, 21 Jun 2024\n  * 09:30-09:45 [cancelled] Stand-up\n"))
    }
}
