import Foundation
import Testing

/// The facts each view golden was checked for by hand, asserted on the tool's output, so that
/// regenerating the goldens (`UPDATE_GOLDENS=1`) cannot bless a day, bar or title in the wrong
/// place. The expected positions were worked out from the fixtures and a printed calendar:
/// June 2024 begins on a Saturday, October 2024 on a Tuesday; in Mon-first grids, June's first
/// row shows 27–31 May, October's shows 30 September and its last 1–3 November.
@Suite struct GoldenFactsTests {
    static func output(_ name: String) throws -> String {
        let c = try #require(ViewGoldenTests.cases.first { $0.name == name }, "no golden \(name)")
        let result = try ViewGoldenTests.run(c)
        #expect(result.status == 0)
        return result.stdout
    }

    static func grid(_ name: String) throws -> GridText {
        try #require(GridText(try output(name)), "\(name) has no grid")
    }

    /// Every line of every text golden fits the terminal it was made for.
    @Test(arguments: ViewGoldenTests.cases.filter { !$0.arguments.contains("json") })
    func noLineWiderThanTheTerminal(_ c: ViewGoldenTests.Case) throws {
        let text = try ViewGoldenTests.run(c).stdout
        for line in text.split(separator: "\n") {
            let width = CellWidth.of(CellWidth.stripANSI(String(line)))
            #expect(width <= c.columns, "\(c.name): \(width) cells: \(line)")
        }
    }

    /// June 2024 of the team calendar in every width: 1 June on Saturday (column 5), 27–31 May
    /// before it marked as neighbours, the 12th today; the offsite (12–14 June) one bar over
    /// Wednesday–Friday of row 2; Release 2.3 on the 27th and Office closed on the 28th are
    /// one-day all-day events, marked `◆`, the 28th also the stand-up (`●`, 2 in all).
    @Test(arguments: ["google-month-80", "google-month-120", "google-month-80-color"])
    func juneOfTheTeam(_ name: String) throws {
        let grid = try Self.grid(name)
        let colored = name.hasSuffix("color")
        #expect(grid.position(of: 1)! == (0, 5))
        // Neighbours: `·27` without colour, dimmed `27` with it (the same numbers).
        for (column, day) in (27...31).enumerated() { #expect(grid.dayCell((0, column)).hasPrefix(colored ? "\(day)" : "·\(day)")) }
        #expect(grid.dayCell((4, 6)) == "30")
        #expect(grid.dayCell((2, 2)).hasPrefix(colored ? "12" : "[12]"), "today")
        #expect(grid.barColumns("Team offsite", row: 2) == 2...4)
        if name == "google-month-120" {
            // Titles in cells: the one-day all-day events as one-day bars, the times of the others.
            #expect(grid.entries(at: grid.position(of: 27)!).first == "▕Release 2.3──▏")
            #expect(grid.entries(at: grid.position(of: 28)!).prefix(2) == ["▕Office close…▏", "09:30 Stand-up"])
            #expect(grid.entries(at: grid.position(of: 18)!) == ["10:00 Design …", "12:30 Lunch w…", "18:00 Call wi…"])
            #expect(grid.entries(at: grid.position(of: 12)!).contains("11:00 Stand-u…"), "the moved instance")
            #expect(grid.entries(at: grid.position(of: 21)!).allSatisfy { $0.isEmpty }, "the cancelled one hidden")
            #expect(grid.entries(at: (0, 0)) == ["09:30 Stand-up"], "neighbours (27 May) list theirs")
        } else {
            #expect(grid.dayCell((4, 3)) == "27 ◆")
            #expect(grid.dayCell((4, 4)) == "28 ◆●", "one all-day event and one timed: a mark each, no count")
            #expect(grid.dayCell((3, 1)) == "18 ●3")
        }
    }

    /// The agenda under June lists the offsite once, on its first day, with its last day.
    @Test func agendaListsARangeOnce() throws {
        let text = try Self.output("google-month-80")
        #expect(text.components(separatedBy: "Team offsite").count == 3, "once in the bar, once in the agenda")
        #expect(text.contains("all day     Team offsite (until Fri, 14 Jun) · Seehotel"))
        #expect(!text.contains("Thu, 13 Jun 2024"), "the 13th has nothing else")
    }

    /// October 2024 of wide + family (Mon-first): the party bar over Saturday–Sunday of row 0;
    /// 30 September and 1–3 November numbered as neighbours; Herbstferien (28 Oct–1 Nov) one bar
    /// from Monday to the Friday that shows `·1`; the conference Mon–Fri of row 2 and the trip
    /// from Wednesday, going on (`▶`), with the hidden lanes counted +1, +2, +1 on 17–19 October.
    @Test(arguments: ["wide-month-80", "wide-month-100-titles", "wide-month-80-color", "wide-month-80-256"])
    func octoberOfWide(_ name: String) throws {
        let grid = try Self.grid(name)
        let colored = name.contains("color") || name.contains("256")
        let mark = colored ? "" : "·"
        #expect(grid.position(of: 1)! == (0, 1))
        #expect(grid.dayCell((0, 0)) == mark + "30")
        #expect(grid.dayCell((4, 4)).hasPrefix(mark + "1"))
        #expect(grid.dayCell((4, 6)) == mark + "3")
        #expect(grid.position(of: 31)! == (4, 3))
        #expect(grid.barColumns("🎉 Party", row: 0) == 5...6)
        #expect(grid.barColumns("Herbstferien", row: 4) == 0...4)
        #expect(grid.barColumns("東京カンファレンス", row: 2) == 0...4)
        #expect(grid.barColumns("Trip ✈️ Kyoto", row: 2) == 2...6)
        #expect(grid.rows[2].contains { line in
            [(3, "+1"), (4, "+2"), (5, "+1")].allSatisfy { grid.text(line, column: $0.0).trimmingCharacters(in: .whitespaces) == $0.1 }
        })
        if name == "wide-month-100-titles" {
            #expect(grid.entries(at: grid.position(of: 10)!).filter { !$0.isEmpty } == ["▕Geburtstag…▏", "01:30 Late …"])
            #expect(grid.entries(at: grid.position(of: 2)!).filter { !$0.isEmpty } == ["10:00 会議", "19:00 Dinner"])
        } else if !colored {
            #expect(grid.dayCell(grid.position(of: 10)!) == "10 ◆●", "the birthday (all day) and the late call, one of each")
        }
    }

    /// Colours: 24-bit only when COLORTERM says so, else the nearest of the 256. By hand, with
    /// the cube levels 0, 95, 135, 175, 215, 255: #4E79A7 (78, 121, 167) → levels 1, 2, 3 →
    /// 16 + 36 + 12 + 3 = 67; #7CB342 (124, 179, 66) → 2, 3, 1 → 107; white text → 231.
    @Test func colourDepth() throws {
        let plain = try Self.output("wide-month-80-256")
        #expect(plain.contains("\u{1B}[38;5;67m●"))
        #expect(plain.contains("\u{1B}[38;5;107m●"))
        #expect(plain.contains("48;5;67;38;5;231m"))
        #expect(!plain.contains("38;2;") && !plain.contains("48;2;"))
        let full = try Self.output("wide-month-80-color")
        #expect(full.contains("\u{1B}[38;2;78;121;167m●"))
        #expect(!full.contains("38;5;"))
    }

    /// The grey ramp wins where it is nearer: #808080 is 3 × 7² = 147 from the cube's (135, 135, 135)
    /// but 0 from grey 232 + 12 (8 + 10 × 12 = 128), so 244; #FF0000 is the cube's own red, 196.
    @Test(arguments: [("#808080", "38;5;244"), ("#FF0000", "38;5;196"), ("#000000", "38;5;16")])
    func nearestOf256(_ color: String, _ code: String) throws {
        let ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nX-APPLE-CALENDAR-COLOR:\(color)\r\n"
            + "BEGIN:VEVENT\r\nUID:one\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:20240605T090000Z\r\nSUMMARY:One\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let arguments = ["-", "--agenda", "--from", "2024-06-05", "--days", "1", "--tz", "UTC", "--color", "always"]
        let result = try CLI.run(arguments, input: Data(ics.utf8), environment: ["COLORTERM": "", "COLUMNS": "80"])
        #expect(result.stdout.contains("\u{1B}[\(code)m●"), "\(color): \(result.stdout)")
        let full = try CLI.run(arguments, input: Data(ics.utf8), environment: ["COLORTERM": "24bit", "COLUMNS": "80"])
        #expect(full.stdout.contains("\u{1B}[38;2;"), "COLORTERM=24bit")
    }

    /// The agenda beside the grid at 160 columns: the grid's top border and the first day's
    /// heading on one line, the agenda starting at the same column on every line.
    @Test func agendaBesideTheGrid() throws {
        let lines = try Self.output("wide-month-160-beside").split(separator: "\n").map(String.init)
        let first = try #require(lines.first { $0.contains("Tue, 1 Oct 2024") })
        #expect(first.hasPrefix("┌"))
        let column = CellWidth.of(String(first[..<first.range(of: "Tue, 1 Oct 2024")!.lowerBound]))
        let grid = try #require(GridText(lines.joined(separator: "\n")))
        #expect(column == 7 * grid.cell + 8 + 2, "after the grid and two spaces")
        for line in lines where line.contains(" Oct 2024") && !line.contains("October") {
            let heading = line.range(of: #"[A-Z][a-z]{2}, \d+ Oct 2024"#, options: .regularExpression)!
            #expect(CellWidth.of(String(line[..<heading.lowerBound])) == column)
        }
        #expect(lines.filter { $0.contains("Trip ✈️ Kyoto (until") }.count == 1, "listed once")
    }

    /// `-3` at 80 columns: May, June and July 2024 side by side as `cal -3` has them, today
    /// (12 June) marked `<`; at 200 columns three full grids side by side.
    @Test func threeMonths() throws {
        let lines = try Self.output("google-three-80").split(separator: "\n").map(String.init)
        let titles = lines[0]
        let may = titles.range(of: "May 2024")!, june = titles.range(of: "June 2024")!, july = titles.range(of: "July 2024")!
        #expect(may.lowerBound < june.lowerBound && june.lowerBound < july.lowerBound)
        #expect(lines[1] == "Mo Tu We Th Fr Sa Su   Mo Tu We Th Fr Sa Su   Mo Tu We Th Fr Sa Su")
        // 1 May is a Wednesday, 1 June a Saturday, 1 July a Monday.
        #expect(lines[2].hasPrefix("       1  2  3  4  5                   1  2    1"))
        #expect(lines[4].contains("10•11 12<13•14•15 16"))
        let wide = try Self.output("google-three-200").split(separator: "\n").map(String.init)
        #expect(wide[1].components(separatedBy: "┌").count == 4, "three grids on one line")
        #expect(wide[0].contains("May 2024") && wide[0].contains("June 2024") && wide[0].contains("July 2024"))
    }

    /// The year: twelve months, three a row at 80 columns, the holidays marked `◆` (one-day
    /// all-day events): 1 January, 1 April (Easter Monday), 1 May, 3 October, 25–26 December;
    /// today 29 March marked `<`.
    @Test func year() throws {
        let lines = try Self.output("holidays-year-80").split(separator: "\n").map(String.init)
        #expect(lines[0].trimmingCharacters(in: .whitespaces) == "2024")
        let titleLines = lines.filter { $0.contains("2024") && $0.contains("   ") && !$0.contains("Mo") }.dropFirst()
        #expect(titleLines.count == 4)
        #expect(titleLines.first!.contains("January 2024") && titleLines.first!.contains("March 2024"))
        #expect(lines.contains { $0.hasPrefix(" 1◆ 2  3") }, "New Year's Day, a Monday")
        #expect(lines.contains { $0.contains("25 26 27 28 29<30 31") }, "today, Friday 29 March")
        #expect(lines.contains { $0.hasSuffix("23 24 25◆26◆27 28 29") }, "Christmas")
    }

    /// To-dos: boxes, done ones checked, the overdue one said so, `--todos` by due date with
    /// the undated one last and neither the done nor the cancelled ones.
    @Test func todos() throws {
        let list = try Self.output("todos-list-80").split(separator: "\n").map(String.init)
        #expect(list.map { $0.contains("File tax return (overdue)") } == [true, false, false, false])
        #expect(list[1].contains("Thu, 17 Oct 2024 18:00") && list[1].contains("Water the plants"))
        #expect(list[2].contains("all day") && list[2].contains("Winter tyres"))
        #expect(list[3].contains("Learn the cello"))
        #expect(list.allSatisfy { $0.hasPrefix("  ☐ ") })
        let agenda = try Self.output("todos-agenda-80")
        #expect(agenda.contains("  ✓ 09:00       Repair the bike"))
        #expect(agenda.contains("  ✓ 10:00–12:00 Book the party room"), "PERCENT-COMPLETE:100 is done")
        #expect(agenda.contains("  ☐ 17:00       File tax return (overdue)"), "15:00Z is 17:00 in Berlin")
        #expect(!agenda.contains("Call the plumber"), "cancelled")
        let grid = try Self.grid("todos-month-100")
        #expect(grid.entries(at: grid.position(of: 14)!).first == "☐ 17:00 Fil…")
        #expect(grid.entries(at: grid.position(of: 15)!).first == "✓ 09:00 Rep…")
        // With colours: the overdue one bold red, the done ones dimmed, the open one in its calendar's colour.
        let colored = try CLI.run(ViewGoldenTests.todos + ["--month", "2024-10", "--no-agenda", "--color", "always"],
                                  environment: ["COLUMNS": "100", "COLORTERM": "truecolor"]).stdout
        #expect(colored.contains("\u{1B}[1;31m ☐ 17:00 Fil…\u{1B}[0m"))
        #expect(colored.contains("\u{1B}[2m ✓ 09:00 Rep…\u{1B}[0m"))
        #expect(colored.contains("\u{1B}[38;2;225;87;89m ☐ 18:00 \u{1B}[0mWat…"), "#E15759, Chores' colour")
        let ascii = try Self.grid("todos-month-100-ascii")
        #expect(ascii.entries(at: ascii.position(of: 14)!).first == "[ ] 17:00 F~")
        #expect(ascii.entries(at: ascii.position(of: 15)!).first == "[x] 09:00 R~")
        #expect(ascii.barColumns("Herbstferien", row: 4) == 0...4)
        #expect(ascii.dayCell((4, 4)) == ".1")
    }

    /// Locales: the title from the locale's `yMMMM` pattern, translated words, 12-hour time for
    /// en_US, and right-to-left locales marked to stay left to right.
    @Test func locales() throws {
        let ja = try Self.output("google-month-100-ja")
        #expect(ja.split(separator: "\n")[0].trimmingCharacters(in: .whitespaces) == "2024年6月")
        #expect(ja.contains("終日"))
        let jaGrid = try #require(GridText(ja))
        #expect(jaGrid.position(of: 1)! == (0, 6), "Sunday first in Japan: Saturday the 1st in the last column")
        let de = try Self.output("google-month-80-de")
        #expect(de.split(separator: "\n")[0].trimmingCharacters(in: .whitespaces) == "Juni 2024")
        #expect(de.contains("KW │   Mo    │"))
        #expect(de.contains("ganztägig"))
        let us = try Self.output("google-agenda-en-us")
        #expect(us.contains("9:30 AM–9:45 AM    Stand-up"))
        #expect(us.contains("6:00 PM–7:00 PM    Call with the New York office"), "16:00Z is 18:00 CEST")
        let he = try Self.output("google-month-80-he")
        #expect(he.split(separator: "\n").allSatisfy { $0.hasPrefix("\u{200E}") })
        let heGrid = try #require(GridText(he))
        #expect(heGrid.position(of: 1)! == (0, 6), "Sunday first in Israel")
        // The small months: a mark after each weekday name, so that the names keep their columns.
        let heYear = try Self.output("google-year-he").split(separator: "\n").map(String.init)
        // The first weekday header: the third line (after the year and the month titles).
        let header = try #require(heYear[safe: 2])
        #expect(header.components(separatedBy: "\u{200E} ").count == 3 * 6 + 1, "six marks in each of three months")
    }

    /// A busy day at 100 columns: seven timed events, five lines at most, so four titles in
    /// time order and "+3 more".
    @Test func busyDayEndsWithMore() throws {
        var ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\n"
        for hour in 9...15 {
            let hh = hour < 10 ? "0\(hour)" : "\(hour)"
            ics += "BEGIN:VEVENT\r\nUID:busy\(hour)\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:20240605T\(hh)0000Z\r\n"
                + "DURATION:PT30M\r\nSUMMARY:Meeting \(hour)\r\nEND:VEVENT\r\n"
        }
        ics += "END:VCALENDAR\r\n"
        let result = try CLI.run(["-", "--month", "2024-06", "--tz", "UTC", "--today", "2024-06-01", "--color", "never", "--no-agenda"],
                                 input: Data(ics.utf8), environment: ["COLUMNS": "100"])
        let grid = try #require(GridText(result.stdout))
        // Cells of 13 at 100 columns: " 09:00 " leaves 6 cells for the title.
        #expect(grid.entries(at: grid.position(of: 5)!) == ["09:00 Meeti…", "10:00 Meeti…", "11:00 Meeti…", "12:00 Meeti…", "+3 more"])
    }

    /// Widths never above the terminal, for the month, `-3` and the year at many widths and in
    /// several locales (the issue's "tried at several widths").
    @Test func everyWidthFits() throws {
        let base = ViewGoldenTests.wide + ["--color", "never"]
        for columns in [24, 40, 79, 92, 100, 149, 150, 200] {
            for view in [["--month", "2024-10"], ["-3", "--month", "2024-10"], ["--year", "2024"], ["--month", "2024-10", "--week-numbers"]] {
                for lang in ["C.UTF-8", "fr_FR.UTF-8"] {
                    let result = try CLI.run(base + view, environment: ["COLUMNS": String(columns), "LANG": lang])
                    #expect(result.status == 0)
                    let widest = result.stdout.split(separator: "\n").map { CellWidth.of(String($0)) }.max() ?? 0
                    #expect(widest <= max(columns, 20), "\(view) at \(columns) in \(lang): \(widest)")
                }
            }
        }
    }
}

/// The captured outputs of the views in the README and `docs/cli.md` are the tool's own (the demo
/// at 80 columns, the month at 120, `-3` and a year), so that they cannot drift from what it prints.
@Suite struct ReadmeViewsTests {
    @Test(arguments: [
        (80, ["Fixtures/import/google-team.ics", "--month", "2024-06", "--today", "2024-06-12", "--tz", "Europe/Berlin"], 27),
        (120, ["Fixtures/import/google-team.ics", "--month", "2024-06", "--today", "2024-06-12", "--tz", "Europe/Berlin", "--no-agenda"], 0),
        (80, ["Fixtures/import/google-team.ics", "-3", "--today", "2024-06-12", "--tz", "Europe/Berlin", "--no-agenda"], 0),
        (80, ["Fixtures/import/holidays.ics", "--year", "2024", "--today", "2024-03-29", "--tz", "Europe/Berlin"], 0),
    ] as [(Int, [String], Int)])
    func readmeShowsTheToolsOutput(columns: Int, arguments: [String], lines: Int) throws {
        let pages = try ["README.md", "docs/cli.md"].map {
            try String(contentsOf: CLI.root.appendingPathComponent($0), encoding: .utf8)
        }
        var output = try CLI.run(arguments, environment: ["COLUMNS": String(columns)]).stdout
        if lines > 0 { output = output.split(separator: "\n", omittingEmptySubsequences: false).prefix(lines).joined(separator: "\n") + "\n…\n" }
        #expect(pages.joined(separator: "\n").contains("\n" + output + "```"), "regenerate the README's (or docs/cli.md's) output of icsview \(arguments.joined(separator: " ")) at \(columns) columns")
        // The demo's month stands at the top of the README itself, after the command that makes it.
        if lines == 27 {
            #expect(pages[0].contains("--tz Europe/Berlin\n" + output + "```"), "regenerate the README's demo output")
        }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
