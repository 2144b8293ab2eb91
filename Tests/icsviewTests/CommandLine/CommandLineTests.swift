import Foundation
import ICSKit
import Testing

/// `icsview` run as a binary: exit codes and output compared exactly, as
/// swift-argument-parser's tests do. Expected texts are written out by hand from the
/// fixtures' contents and the conventions in STYLE.md.
@Suite struct CommandLineTests {
    static let usageTail = "USAGE: icsview [<options>] <file> ...\n  See 'icsview --help' for more information.\n"

    @Test func binaryExists() {
        #expect(FileManager.default.isExecutableFile(atPath: CLI.binary.path),
                "build it first: swift build --build-tests (looked for \(CLI.binary.path))")
    }

    @Test(arguments: [["--help"], ["-h"], ["--help", "whatever.ics"]])
    func help(arguments: [String]) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("OVERVIEW: "))
        #expect(result.stdout.contains("\nUSAGE: icsview [<options>] <file> ...\n"))
        #expect(result.stdout.contains("  -h, --help              Show help information.\n"))
        #expect(result.stderr == "")
    }

    @Test func version() throws {
        let result = try CLI.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "icsview 0.1.0 (ICSKit, libical \(ICalendar.libicalVersion))\n")
        #expect(result.stderr == "")
    }

    @Test(arguments: [
        (["--mnth", "x.ics"], "Error: unknown option '--mnth'. Did you mean '--month'?\n"),
        (["--formt=json", "x.ics"], "Error: unknown option '--formt'. Did you mean '--format'?\n"),
        (["--zzzzzzzzzz", "x.ics"], "Error: unknown option '--zzzzzzzzzz'\n"),
        ([], "Error: missing expected argument '<file>'\n"),
        (["--format", "xml", "x.ics"], "Error: 'xml' is not a format (text, json, html or svg)\n"),
        (["--format"], "Error: missing value for '--format'\n"),
        (["--agenda", "--month", "x.ics"], "Error: --agenda and --month cannot be used together\n"),
        (["--help=yes"], "Error: '--help' takes no value\n"),
    ] as [([String], String)])
    func usageErrors(arguments: [String], firstLine: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr == firstLine + Self.usageTail)
        #expect(result.stdout == "")
    }

    @Test func missingFile() throws {
        let result = try CLI.run(["/nonexistent/team.ics"])
        #expect(result.status == 1)
        #expect(result.stderr == "Error: /nonexistent/team.ics: cannot open: No such file or directory\n")
        #expect(result.stdout == "")
    }

    @Test func htmlInput() throws {
        let result = try CLI.run(["-"], input: Data("<!DOCTYPE html>\n<html><body>Please sign in</body></html>\n".utf8))
        #expect(result.status == 1)
        #expect(result.stderr == "Error: -:1: not an iCalendar file: line 1 looks like an HTML page: \"<!DOCTYPE html>\"\n")
    }

    @Test func jsonSummaryOfAFixture() throws {
        let result = try CLI.run(["--format", "json", "Fixtures/import/nextcloud.ics"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            {"calendars":[{"source":"Fixtures/import/nextcloud.ics","name":"Household","events":1,"todos":2,"journals":1,\
            "timeZones":["Europe/Berlin"]}],"diagnostics":[]}

            """)
        #expect(result.stderr == "")
    }

    @Test func jsonSummaryWithAFailureAndADiagnostic() throws {
        let broken = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART:tomorrow\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let result = try CLI.run(["--format=json", "-", "/nonexistent.ics"], input: Data(broken.utf8))
        #expect(result.status == 1)
        #expect(result.stdout == """
            {"calendars":[{"source":"-","name":null,"events":1,"todos":0,"journals":0,"timeZones":[]}],"diagnostics":[\
            {"source":"-","line":4,"severity":"error","code":"ICS2003",\
            "message":"Can't parse as DATE-TIME value in DTSTART property: \\"tomorrow\\" (kept as written)"},\
            {"source":"/nonexistent.ics","line":null,"severity":"error","code":"unreadable",\
            "message":"cannot open: No such file or directory"}]}

            """)
        // The unreadable DTSTART is said on stderr too, as in every format.
        #expect(result.stderr == "Error: /nonexistent.ics: cannot open: No such file or directory\n"
            + "1 problem in -; run 'icsview validate -' for details\n1 of 2 calendars could not be read\n")
    }

    @Test func textSummaryFromStandardInput() throws {
        let bytes = try Data(contentsOf: CLI.root.appendingPathComponent("Fixtures/import/google-team.ics"))
        let result = try CLI.run(["-", "--today", "2024-06-05"], input: bytes)
        #expect(result.status == 0)
        #expect(result.stdout == """
            Team — -
              events:     10 (1 recurring)
              todos:      0
              journals:   0
              time zones: Europe/Berlin
              default zone: Europe/Berlin
              made by:    -//Google Inc//Google Calendar 70.9054//EN
              span:       2024-05-06 – 2024-07-31
              next:       Wed, 5 Jun 2024 07:30 — Stand-up

            """)
        #expect(result.stderr == "")
    }

    /// The summary tells when: span from the first DTSTART to the last bounded start (an RDATE,
    /// an UNTIL), and the next occurrence after today. By hand from holidays.ics: first
    /// DTSTART 20200101, last RDATE 20260406, yearly rules without an end; after 5 June 2024
    /// the next is 3 October (1 May and Easter are past). In google-team.ics (above) the
    /// stand-up repeats MO,WE,FR at 09:30 Berlin (07:30 UTC) until 20240731T215959Z, and
    /// 5 June 2024 is a Wednesday.
    @Test func summaryTellsWhen() throws {
        let result = try CLI.run(["Fixtures/import/holidays.ics", "--today", "2024-06-05"])
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("""
              span:       2020-01-01 – 2026-04-06, repeating
              next:       Thu, 3 Oct 2024 — Tag der Deutschen Einheit

            """))
        let later = try CLI.run(["Fixtures/import/google-team.ics", "--today", "2024-08-01"])
        #expect(later.stdout.hasSuffix("  next:       none in the coming year\n"))
    }

    @Test func diagnosticsGoToStandardErrorInTextMode() throws {
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nPRIORITY:high\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let result = try CLI.run(["-", "--verbose"], input: Data(text.utf8))
        #expect(result.status == 0)
        #expect(result.stderr == "-:4: error: PRIORITY value \"high\" is not an integer [ICS2003]\n")
        #expect(result.stdout.hasSuffix("  problems:   1 errors, 0 warnings ('icsview validate -' lists them)\n"))
        // Without --verbose, one line per input says how many and where to look.
        let quiet = try CLI.run(["-"], input: Data(text.utf8))
        #expect(quiet.stderr == "1 problem in -; run 'icsview validate -' for details\n")
    }

    @Test func severalFiles() throws {
        let result = try CLI.run(["--format", "json", "Fixtures/import/holidays.ics", "Fixtures/import/thunderbird.ics"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            {"calendars":[\
            {"source":"Fixtures/import/holidays.ics","name":"Public holidays in Germany","events":7,"todos":0,"journals":0,"timeZones":[]},\
            {"source":"Fixtures/import/thunderbird.ics","name":null,"events":2,"todos":0,"journals":0,\
            "timeZones":["/mozilla.org/20050126_1/Europe/Berlin"]}],"diagnostics":[]}

            """)
    }

    @Test func aGigabyteOfNonsenseOnStandardInputIsRejectedAtOnce() throws {
        // icsview judges the format from the first KiB and exits; head and tr then stop on SIGPIPE.
        let result = try CLI.shell("head -c 1073741824 /dev/zero | tr '\\0' A | \"$ICSVIEW\" -")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Error: -:1: not an iCalendar file: line 1 should be BEGIN:VCALENDAR but is \"AAAA"))
    }
}
