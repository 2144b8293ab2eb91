import Foundation
import Testing

/// Dates as people type them after `--month`, `--week`, `--select`, `--from` and `--to`,
/// run through the binary with `--today 2024-06-05` (a Wednesday: 1 June 2024 was a
/// Saturday). Every expected day is counted by hand on the 2024 calendar.
@Suite struct DateArgumentTests {
    static let empty = Data("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nEND:VCALENDAR\r\n".utf8)
    static let usageTail = CommandLineTests.usageTail

    /// The day `--from TEXT --days 1` starts on, read from "No events from D to D.".
    static func agendaDay(_ text: String, today: String = "2024-06-05", environment: [String: String] = [:]) throws -> String {
        let result = try CLI.run(["--agenda", "--from", text, "--days", "1", "--today", today, "-"], input: empty, environment: environment)
        #expect(result.status == 0, "\(text): \(result.stderr)")
        return result.stdout
    }

    @Test(arguments: [
        ("2024-06-20", "2024-06-20"), ("2024-1-5", "2024-01-05"),
        ("today", "2024-06-05"), ("Tomorrow", "2024-06-06"), ("yesterday", "2024-06-04"),
        ("+7d", "2024-06-12"), ("-2w", "2024-05-22"), ("+1m", "2024-07-05"), ("+0d", "2024-06-05"), ("-1y", "2023-06-05"),
        // The next one after today: Monday the 10th; Wednesday is today, so the 12th.
        ("mon", "2024-06-10"), ("monday", "2024-06-10"), ("wed", "2024-06-12"), ("Fri", "2024-06-07"), ("sun", "2024-06-09"),
    ])
    func dayForms(text: String, expected: String) throws {
        #expect(try Self.agendaDay(text) == "No events from \(expected) to \(expected).\n")
    }

    @Test func aMonthOnFromTheThirtyFirstIsTheLastDayOfTheNextMonth() throws {
        #expect(try Self.agendaDay("+1m", today: "2024-01-31") == "No events from 2024-02-29 to 2024-02-29.\n")
        #expect(try Self.agendaDay("+1m", today: "2023-01-31") == "No events from 2023-02-28 to 2023-02-28.\n")
    }

    @Test func weekdayNamesInTheLocalesLanguage() throws {
        let result = try CLI.run(["--week", "lundi", "--today", "2024-06-05", "-"], input: Self.empty, environment: ["LANG": "fr_FR.UTF-8"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("                     Semaine 24: 2024-06-10 – 2024-06-16\n"))
    }

    /// The first line of `--month TEXT --no-agenda`, trimmed: the month's title.
    static func monthTitle(_ arguments: [String], environment: [String: String] = [:]) throws -> String {
        let result = try CLI.run(arguments + ["--no-agenda", "--today", "2024-06-05"], input: empty, environment: environment)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return String(result.stdout.split(separator: "\n").first ?? "").trimmingCharacters(in: .whitespaces)
    }

    @Test(arguments: [
        ("2024-12", "December 2024"), ("2024-1", "January 2024"), ("2024-12-01", "December 2024"),
        ("nov", "November 2024"), ("November", "November 2024"), ("sept", "September 2024"), ("+1m", "July 2024"),
    ])
    func monthForms(text: String, expected: String) throws {
        #expect(try Self.monthTitle(["--month", text, "-"]) == expected)
        #expect(try Self.monthTitle(["-", "--month=\(text)"]) == expected)
    }

    @Test func monthNamesInTheLocalesLanguage() throws {
        #expect(try Self.monthTitle(["--month", "Dezember", "-"], environment: ["LANG": "de_DE.UTF-8"]) == "Dezember 2024")
        #expect(try Self.monthTitle(["--month", "déc.", "-"], environment: ["LANG": "fr_FR.UTF-8"]) == "décembre 2024")
        // English names work in every locale.
        #expect(try Self.monthTitle(["--month", "dec", "-"], environment: ["LANG": "de_DE.UTF-8"]) == "Dezember 2024")
    }

    @Test func aFileAfterMonthIsStillAFileAndNoValueMeansThisMonth() throws {
        #expect(try Self.monthTitle(["--month", "-"]) == "June 2024")
        let file = try CLI.run(["--month", "Fixtures/import/holidays.ics", "--no-agenda", "--today", "2024-06-05"])
        #expect(file.status == 0)
        #expect(file.stdout.hasPrefix("                                  June 2024\n"))
        let missing = try CLI.run(["--month", "missing.ics"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "Error: missing.ics: cannot open: No such file or directory\n")
        // `-3` after --month is the option, not a date.
        #expect(try Self.monthTitle(["--month", "-3", "-"]).hasPrefix("May 2024"))
    }

    @Test(arguments: [
        (["--month", "2024-13", "x.ics"], "Error: '2024-13' is not a month (YYYY-MM, MM/YYYY, oct, oct 2024)\n"),
        (["--month", "2024-00", "x.ics"], "Error: '2024-00' is not a month (YYYY-MM, MM/YYYY, oct, oct 2024)\n"),
        (["x.ics", "--month", "nobember"], "Error: 'nobember' is not a month (YYYY-MM, MM/YYYY, oct, oct 2024)\n"),
        (["--week", "2024-02-30", "x.ics"], "Error: '2024-02-30' given to --week is not a date (YYYY-MM-DD, today, +7d, mon, 2024-W42, …)\n"),
        (["--agenda", "--from", "soon", "x.ics"], "Error: 'soon' given to --from is not a date (YYYY-MM-DD, today, +7d, mon, 2024-W42, …)\n"),
        (["--agenda", "--to", "+3q", "x.ics"], "Error: '+3q' given to --to is not a date (YYYY-MM-DD, today, +7d, mon, 2024-W42, …)\n"),
        (["--month", "--select", "32", "x.ics"], "Error: '32' given to --select is not a date (YYYY-MM-DD, today, +7d, mon, 2024-W42, …)\n"),
        (["--agenda", "--from", "today", "--to", "yesterday", "--today", "2024-06-05", "x.ics"],
         "Error: --to 2024-06-04 is before --from 2024-06-05\n"),
    ] as [([String], String)])
    func badDatesAreUsageErrorsNotFiles(arguments: [String], firstLine: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr == firstLine + Self.usageTail)
        #expect(result.stdout == "")
    }
}
