import Foundation
import Testing

/// The view options (`-3`, `--year`, `--days`, `--no-agenda`, `--todos`,
/// `--time-format`): their usage errors, and what each changes in the output. Expected texts
/// are worked out from the fixtures (google-team.ics: stand-ups MO/WE/FR 09:30 Europe/Berlin;
/// planning on 4 June 14:00–16:00).
@Suite struct ViewOptionsTests {
    static let google = ["Fixtures/import/google-team.ics", "--tz", "Europe/Berlin", "--today", "2024-06-12", "--color", "never"]

    @Test(arguments: [
        (["--time-format", "13", "x.ics"], "Error: '13' is not a time format (12h or 24h)\n"),
        (["--days", "0", "x.ics"], "Error: '0' is not a number of days from 1 to 3660\n"),
        (["--days", "3", "--to", "2024-06-20", "x.ics"], "Error: --days and --to cannot be used together\n"),
        (["--agenda", "-3", "x.ics"], "Error: --agenda and --month cannot be used together\n"),
        (["--year", "--week", "x.ics"], "Error: --year and --week cannot be used together\n"),
        (["-y", "--todos", "x.ics"], "Error: --year and --todos cannot be used together\n"),
        (["--no-agenda=yes", "x.ics"], "Error: '--no-agenda' takes no value\n"),
    ] as [([String], String)])
    func usageErrors(arguments: [String], firstLine: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr == firstLine + CommandLineTests.usageTail)
    }

    /// `--days 3` from Monday 3 June: Monday's stand-up, Tuesday's planning, Wednesday's stand-up, nothing after.
    @Test func daysCountsFromFrom() throws {
        let result = try CLI.run(Self.google + ["--agenda", "--from", "2024-06-03", "--days", "3"], environment: ["COLUMNS": "80"])
        #expect(result.status == 0)
        let headings = result.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        #expect(headings == ["Mon, 3 Jun 2024", "Tue, 4 Jun 2024", "Wed, 5 Jun 2024"])
    }

    /// `--no-agenda`: the output ends with the grid's bottom border.
    @Test func noAgenda() throws {
        let result = try CLI.run(Self.google + ["--month", "2024-06", "--no-agenda"], environment: ["COLUMNS": "80"])
        let last = try #require(result.stdout.split(separator: "\n").last)
        #expect(last.hasPrefix("└") && last.hasSuffix("┘"))
        #expect(!result.stdout.contains("Jun 2024\n  ●"))
    }

    /// `--time-format` overrides the locale both ways.
    @Test func timeFormatOverridesTheLocale() throws {
        let agenda = Self.google + ["--agenda", "--from", "2024-06-04", "--days", "1"]
        let us24 = try CLI.run(agenda + ["--time-format", "24"], environment: ["LANG": "en_US.UTF-8", "COLUMNS": "80"]).stdout
        #expect(us24.contains("  ● 14:00–16:00 Quarterly planning"))
        let de12 = try CLI.run(agenda + ["--time-format", "12"], environment: ["LANG": "de_DE.UTF-8", "COLUMNS": "80"]).stdout
        #expect(de12.contains("2:00 PM–4:00 PM"))
        let c = try CLI.run(agenda, environment: ["LANG": "C.UTF-8", "COLUMNS": "80"]).stdout
        #expect(c.contains("  ● 14:00–16:00 Quarterly planning"), "no locale: 24-hour")
    }

    /// `--year` without a value: the year of today; `-y` the same.
    @Test func yearDefaultsToThisYear() throws {
        for flag in ["--year", "-y"] {
            let result = try CLI.run(Self.google + [flag], environment: ["COLUMNS": "80"])
            #expect(result.status == 0)
            #expect(result.stdout.split(separator: "\n").first?.trimmingCharacters(in: .whitespaces) == "2024")
            #expect(result.stdout.contains("January 2024") && result.stdout.contains("December 2024"))
        }
    }

    /// A short terminal (`LINES`) shortens the rows of titles so that the grid fits: at 24 lines
    /// October's five rows (with their 1 + 0 + 3 + 1 + 2 bar lines) leave (24 − 4 − 10 − 7) / 5 = 0,
    /// so one entry line a row: the 2nd's two events become "+2 more"; unknown height: five lines.
    @Test func shortTerminalShortensRows() throws {
        let month = ViewGoldenTests.wide + ["--month", "2024-10", "--no-agenda", "--color", "never"]
        let short = try #require(GridText(try CLI.run(month, environment: ["COLUMNS": "120", "LINES": "24"]).stdout))
        #expect(short.entries(at: (0, 2)).filter { !$0.isEmpty } == ["+2 more"])
        #expect(short.rows.allSatisfy { $0.count <= 1 + 3 + 1 })
        let tall = try #require(GridText(try CLI.run(month, environment: ["COLUMNS": "120"]).stdout))
        #expect(tall.entries(at: (0, 2)).filter { !$0.isEmpty } == ["10:00 会議", "19:00 Dinner"])
    }

    /// "No events" in the user's language, English for a language without a translation.
    @Test func noEventsIsTranslated() throws {
        let agenda = Self.google + ["--agenda", "--from", "2024-06-08", "--days", "2"]
        let expected = [("de_DE.UTF-8", "Keine Termine vom 2024-06-08 bis 2024-06-09.\n"),
                        ("ja_JP.UTF-8", "2024-06-08から2024-06-09まで予定はありません。\n"),
                        ("sv_SE.UTF-8", "No events from 2024-06-08 to 2024-06-09.\n")]
        for (lang, text) in expected {
            #expect(try CLI.run(agenda, environment: ["LANG": lang, "COLUMNS": "80"]).stdout == text, "\(lang)")
        }
    }
}
