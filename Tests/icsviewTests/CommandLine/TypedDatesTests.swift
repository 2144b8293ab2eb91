import Foundation
import Testing

/// Dates and options as people type them, run through the binary with `--today 2024-06-05`.
/// ISO weeks are worked out by hand from ISO 8601 (week 1 holds 4 January; weeks start on
/// Monday): 2024-W42 is Monday 14 October 2024; 2020 has a week 53 (1 January 2020 was a
/// Wednesday of a leap year) starting Monday 28 December; 2021 has none (1 January 2021 was
/// a Friday); week 1 of 2026 starts Monday 29 December 2025 (1 January 2026 is a Thursday).
@Suite struct TypedDatesTests {
    static let empty = DateArgumentTests.empty
    static let usageTail = CommandLineTests.usageTail
    static let family = "Fixtures/views/family.ics"

    /// The first non-empty line of a view, trimmed: its title.
    static func title(_ arguments: [String], today: String = "2024-06-05") throws -> String {
        let result = try CLI.run(arguments + ["--today", today, "-"], input: empty)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        #expect(result.stderr == "", "\(arguments)")
        let first = result.stdout.split(separator: "\n").first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        return String(first ?? "").trimmingCharacters(in: .whitespaces)
    }

    @Test(arguments: [
        (["--month", "10/2024", "--no-agenda"], "October 2024"),
        (["--month", "1/2025", "--no-agenda"], "January 2025"),
        (["--month", "2024/10", "--no-agenda"], "October 2024"),
        (["--month", "oct", "2024", "--no-agenda"], "October 2024"),
        (["--month", "October", "2023", "--no-agenda"], "October 2023"),
        (["--month", "oct 2024", "--no-agenda"], "October 2024"),
        (["--month=oct", "2025", "--no-agenda"], "October 2025"),
        (["-y", "2024"], "2024"),
        (["--year", "2023"], "2023"),
        (["-y"], "2024"),
    ] as [([String], String)])
    func monthsAndYears(arguments: [String], expected: String) throws {
        #expect(try Self.title(arguments) == expected)
    }

    /// `-3 2024-10` (and `-3 oct 2024`): September, October and November 2024, side by side.
    @Test func threeMonthsAroundAGivenMonth() throws {
        for arguments in [["-3", "2024-10"], ["-3", "oct", "2024"], ["-3", "10/2024"], ["--month", "2024-10", "-3"]] {
            #expect(try Self.title(arguments).split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
                    == "September 2024 October 2024 November 2024", "\(arguments)")
        }
    }

    @Test(arguments: [
        (["--week", "2024-W42"], "2024-10-14 – 2024-10-20"),
        (["--week", "2024w42"], "2024-10-14 – 2024-10-20"),
        (["--week", "2024-W42-7"], "2024-10-14 – 2024-10-20"),
        (["--week", "42"], "2024-10-14 – 2024-10-20"),
        (["--week", "W42"], "2024-10-14 – 2024-10-20"),
        (["--week", "2020-W53"], "2020-12-28 – 2021-01-03"),
        (["--week", "2026-W01"], "2025-12-29 – 2026-01-04"),
        (["--week", "1"], "2024-01-01 – 2024-01-07"),
    ] as [([String], String)])
    func isoWeeks(arguments: [String], expected: String) throws {
        #expect(try Self.title(arguments).hasSuffix(": " + expected))
    }

    /// An ISO week is a day wherever a day is expected: its Monday, or the weekday it names.
    @Test func isoWeekIsADayEverywhere() throws {
        let result = try CLI.run(["--agenda", "--from", "2024-W42-3", "--to", "2024-W43", "--today", "2024-06-05", "-"], input: Self.empty)
        #expect(result.stdout == "No events from 2024-10-16 to 2024-10-21.\n")
    }

    @Test(arguments: [
        (["--week", "2021-W53", "x.ics"], "Error: '2021-W53' given to --week is not a date (YYYY-MM-DD, today, +7d, mon, 2024-W42, …)\n"),
        (["--week", "54", "x.ics"], "Error: '54' given to --week is not a date (YYYY-MM-DD, today, +7d, mon, 2024-W42, …)\n"),
        (["--month", "13/2024", "x.ics"], "Error: '13/2024' is not a month (YYYY-MM, MM/YYYY, oct, oct 2024)\n"),
        // Options that do nothing in the view chosen.
        (["--days", "3", "x.ics"], "Error: --days has no effect without a view (the summary); it is for --agenda\n"),
        (["--month", "--from", "2024-06-01", "x.ics"], "Error: --from has no effect with --month; it is for --agenda\n"),
        (["--week", "--to", "+3d", "x.ics"], "Error: --to has no effect with --week; it is for --agenda\n"),
        (["--months", "13", "x.ics"], "Error: --months has no effect without a view (the summary); it is for --month\n"),
        (["-3", "--months", "2", "x.ics"], "Error: -3 shows three months; --months cannot be used with it\n"),
        (["--agenda", "--select", "2024-06-06", "x.ics"], "Error: --select has no effect with --agenda; it is for --month and --week\n"),
        (["--month", "2024-06", "--select", "2024-07-01", "x.ics"], "Error: --select 2024-07-01 is not shown (2024-06-01 to 2024-06-30)\n"),
        (["-3", "2024-06", "--select", "2024-08-01", "x.ics"], "Error: --select 2024-08-01 is not shown (2024-05-01 to 2024-07-31)\n"),
        (["--week", "2024-06-05", "--select", "2024-06-10", "x.ics"], "Error: --select 2024-06-10 is not shown (2024-06-03 to 2024-06-09)\n"),
        (["--time-format", "13h", "x.ics"], "Error: '13h' is not a time format (12h or 24h)\n"),
        // A one-letter option suggests no other one-letter option; a near miss of a long one is named.
        (["-m", "x.ics"], "Error: unknown option '-m'\n"),
        (["-v", "x.ics"], "Error: unknown option '-v'\n"),
        (["--week-number", "x.ics"], "Error: unknown option '--week-number'. Did you mean '--week-numbers'?\n"),
        (["--no-agnda", "x.ics"], "Error: unknown option '--no-agnda'. Did you mean '--no-agenda'?\n"),
    ] as [([String], String)])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try CLI.run(arguments + ["--today", "2024-06-05"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == message + Self.usageTail)
    }

    /// Harmless ones are warnings (silenced by --quiet); a --select day the view shows is fine;
    /// `--select` in a week view that starts on Sunday (`--first-weekday sun`) takes that week.
    @Test func harmlessOptionsWarn() throws {
        let week = try CLI.run(["--week", "--no-agenda", "--week-numbers", "--today", "2024-06-05", "-"], input: Self.empty)
        #expect(week.status == 0)
        #expect(week.stderr == "warning: --no-agenda has no effect with --week; it is for --month\n"
            + "warning: --week-numbers has no effect with --week; it is for --month and --year\n")
        let quiet = try CLI.run(["--week", "--no-agenda", "-q", "--today", "2024-06-05", "-"], input: Self.empty)
        #expect(quiet.stderr == "")
        #expect(quiet.stdout == week.stdout)
        let sunday = try CLI.run(["--week", "--first-weekday", "sun", "--select", "2024-06-02", "--today", "2024-06-05", "-"], input: Self.empty)
        #expect(sunday.status == 0, "\(sunday.stderr)")
        #expect(sunday.stderr == "")
    }

    /// `--time-format` takes what the configuration takes: 12h and 24h (and 12, 24).
    @Test func timeFormatAsTheConfigurationWritesIt() throws {
        // The stand-up of google-team.ics is at 09:30 Europe/Berlin: 07:30 UTC in June.
        let arguments = ["--agenda", "--from", "2024-06-10", "--days", "1", "--tz", "UTC", "--today", "2024-06-05", "Fixtures/import/google-team.ics"]
        let twelve = try CLI.run(arguments + ["--time-format", "12h"])
        #expect(twelve.status == 0)
        #expect(twelve.stdout == (try CLI.run(arguments + ["--time-format", "12"])).stdout)
        #expect(twelve.stdout.contains("7:30"))
        #expect(twelve.stdout.contains("AM"))
        let twentyFour = try CLI.run(arguments + ["--time-format", "24H"])
        #expect(twentyFour.stdout == (try CLI.run(arguments + ["--time-format", "24"])).stdout)
        #expect(twentyFour.stdout.contains("07:30"))
        #expect(!twentyFour.stdout.contains("AM"))
    }

    /// A word that is both a month and a configured calendar's name is the month, after
    /// `--month` and `-3` alike (the calendar is then named elsewhere or read by default).
    @Test func aDateThatIsAlsoAConfiguredNameIsTheDate() throws {
        let config = "[calendars]\noct = \(CLI.root.appendingPathComponent(Self.family).path)\n"
        let month = try ConfiguredCalendarTests.run(["--month", "oct", "2024", "--no-agenda", "--today", "2024-06-05"], config: config)
        #expect(month.status == 0, "\(month.stderr)")
        #expect(month.stdout.split(separator: "\n").first?.trimmingCharacters(in: .whitespaces) == "October 2024")
        let three = try ConfiguredCalendarTests.run(["-3", "oct", "--today", "2024-06-05"], config: config)
        #expect(three.status == 0, "\(three.stderr)")
        #expect(three.stdout.split(separator: "\n").first?.split(separator: " ").joined(separator: " ")
                == "September 2024 October 2024 November 2024")
    }
}
