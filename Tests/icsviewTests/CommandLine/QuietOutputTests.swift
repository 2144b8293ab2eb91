import Foundation
import Testing

/// Views are quiet by default: one line per input with problems, every problem with
/// `--verbose`, none with `--quiet`; and `validate --ignore/--warn` for a producer's quirks.
///
/// `Fixtures/views/holiday-quirks.ics` is a holiday feed with an empty RRULE in each of its 12
/// events, three observances in Outlook's unnamed "Customized Time Zone" (no VTIMEZONE), and
/// Boxing Day's DTEND (line 73) the day before its DTSTART. Counted by hand from the file: its
/// events are 8 lines long from line 5 (Boxing Day 9, the observances 7), so the RRULEs are on
/// lines 9, 17, …, 65, 74, 82, 89 and 96 and the first observance begins on line 78.
@Suite struct QuietOutputTests {
    static let file = "Fixtures/views/holiday-quirks.ics"
    static let march = [file, "--month", "2025-03", "--today", "2025-03-01", "--tz", "UTC"]
    /// What the import and the expansion report (the empty RRULEs once per file, the unknown zone once).
    static let problems = [
        "\(file):9: warning: 12 components have an empty RRULE (the first on line 9): read as no rule [ICS2209]",
        "\(file):78: warning: unknown time zone \"Customized Time Zone\"; times read as floating [ICS3001]",
    ]

    @Test func aViewSummarisesTheProblemsOfEachInputInOneLine() throws {
        let result = try CLI.run(Self.march)
        #expect(result.status == 0)
        #expect(result.stderr == "2 problems in \(Self.file); run 'icsview validate \(Self.file)' for details\n")
        #expect(result.stdout.contains("Carnival parade"))
        // The same in the other views: agenda (text and JSON), week, year, to-dos, pages.
        for view in [["--agenda", "--from", "2025-01-01", "--to", "2025-12-31"], ["--agenda", "--format", "json", "--from", "2025-01-01", "--to", "2025-12-31"],
                     ["--week", "2025-03-03"], ["--year", "2025"], ["--format", "html", "--month", "2025-03"]] {
            let other = try CLI.run([Self.file, "--today", "2025-03-01", "--tz", "UTC"] + view)
            #expect(other.status == 0, "\(view)")
            // (JSON counts only what the expansion met: its import diagnostics were never printed.)
            #expect(other.stderr.hasSuffix(" in \(Self.file); run 'icsview validate \(Self.file)' for details\n"), "\(view): \(other.stderr)")
            #expect(other.stderr.split(separator: "\n").count == 1, "\(view): \(other.stderr)")
        }
    }

    @Test func verboseListsEveryProblemWithItsFileAndLine() throws {
        // The year, not March: a view imports only what it can show (``ImportOptions/window``),
        // and every event of the file lies in 2025.
        let result = try CLI.run([Self.file, "--year", "2025", "--today", "2025-03-01", "--tz", "UTC", "--verbose"])
        #expect(result.status == 0)
        #expect(result.stderr.split(separator: "\n").map(String.init) == Self.problems)
    }

    @Test func quietSilencesWarningsButNotUnreadableInputs() throws {
        let quiet = try CLI.run(Self.march + ["-q"])
        #expect(quiet.status == 0)
        #expect(quiet.stderr == "")
        #expect(quiet.stdout == (try CLI.run(Self.march)).stdout)
        #expect(try CLI.run(Self.march + ["--quiet"]).stderr == "")
        let missing = try CLI.run(Self.march + ["--quiet", "Fixtures/nonexistent.ics"])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("Error: Fixtures/nonexistent.ics"))
        #expect(missing.stderr.hasSuffix("1 of 2 calendars could not be read\n"))
        #expect(!missing.stderr.contains("problems"))
        let both = try CLI.run(Self.march + ["--quiet", "--verbose"])
        #expect(both.status == 64)
        #expect(both.stderr.hasPrefix("Error: --quiet and --verbose cannot be used together\n"))
    }

    @Test func severalInputsGetOneLineEach() throws {
        // One with problems, one without (google-team.ics has none): one line, in input order.
        let result = try CLI.run([Self.file, "Fixtures/import/google-team.ics", Self.file.replacingOccurrences(of: "Fixtures/", with: "./Fixtures/"),
                                  "--month", "2025-03", "--today", "2025-03-01", "--tz", "UTC"])
        #expect(result.status == 0)
        #expect(result.stderr == """
            2 problems in \(Self.file); run 'icsview validate \(Self.file)' for details
            2 problems in ./\(Self.file); run 'icsview validate ./\(Self.file)' for details

            """)
    }

    @Test func remindIsQuietByDefaultToo() throws {
        let arguments = ["remind", Self.file, "--from", "2025-03-01", "--next", "7d", "--tz", "UTC"]
        let plain = try CLI.run(arguments)
        #expect(plain.status == 0)
        // The reminders' expansion does not look at time zones of events without alarms: the import's problem only.
        #expect(plain.stderr == "1 problem in \(Self.file); run 'icsview validate \(Self.file)' for details\n")
        #expect(try CLI.run(arguments + ["--verbose"]).stderr.split(separator: "\n").map(String.init) == [Self.problems[0]])
        #expect(try CLI.run(arguments + ["-q"]).stderr == "")
    }

    @Test func validateIgnoreAndWarnAcceptAProducersQuirks() throws {
        // As the file is: 12 ICS2209 warnings, one ICS3001 warning, one ICS2103 error → exit 1.
        let plain = try CLI.run(["validate", "--format", "github", Self.file])
        #expect(plain.status == 1)
        #expect(plain.stdout.hasSuffix("1 error, 13 warnings in 1 file\n"))
        // Ignoring the empty RRULEs drops their 12 findings.
        let ignored = try CLI.run(["validate", "--ignore", "ICS2209", Self.file])
        #expect(ignored.status == 1)
        #expect(ignored.stdout.hasSuffix("1 error, 1 warning in 1 file\n"))
        #expect(!ignored.stdout.contains("ICS2209"))
        // --warn makes the DTEND error a warning: exit 0, unless --strict.
        let warned = try CLI.run(["validate", "--ignore", "ics2209", "--warn", "ICS2103", "--format", "github", Self.file])
        #expect(warned.status == 0)
        #expect(warned.stdout.hasPrefix("::warning file=\(Self.file),line=73,col=1,title=ICS2103::DTEND is before DTSTART"))
        #expect(warned.stdout.hasSuffix("0 errors, 2 warnings in 1 file\n"))
        let strict = try CLI.run(["validate", "--warn=ICS2103", "--strict", "-q", Self.file])
        #expect(strict.status == 1)
        // Repeatable: both quirks ignored, the DTEND demoted.
        let all = try CLI.run(["validate", "--ignore", "ICS2209", "--ignore", "ICS3001", "--warn", "ICS2103", Self.file])
        #expect(all.status == 0)
        #expect(all.stdout.hasSuffix("0 errors, 1 warning in 1 file\n"))
    }

    @Test(arguments: [
        (["validate", "--ignore", "ICS9999", "x.ics"], "Error: 'ICS9999' given to --ignore is not a check code (see 'icsview validate --list-codes')\n"),
        (["validate", "--warn", "empty-rrule", "x.ics"], "Error: 'empty-rrule' given to --warn is not a check code (see 'icsview validate --list-codes')\n"),
        (["validate", "--warn", "ICS2103", "--ignore", "ICS2103", "x.ics"], "Error: ICS2103 is given to both --ignore and --warn\n"),
        (["validate", "--ignore"], "Error: missing value for '--ignore'\n"),
    ])
    func unknownCodesAreUsageErrors(arguments: [String], firstLine: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(firstLine))
    }
}
