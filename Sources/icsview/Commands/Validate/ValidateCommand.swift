import Foundation
import ICSKit

/// `icsview validate`: options → validation → findings and summary → exit code.
enum ValidateCommand {
    static let synopsis = "[--format text|json|github|junit|sarif|gitlab] [--strict] [--quiet] [--ignore <code>] [--warn <code>] <file|dir|url|-> ..."
    static let usage = "USAGE: icsview validate \(synopsis)"

    static let help = """
    OVERVIEW: Check iCalendar (.ics) files against RFC 5545, with the line of every problem.

    \(usage)
           icsview validate --fix [-o <out> | --in-place [--no-backup]] <file> ...

    ARGUMENTS:
      <file|dir|url|->        An .ics file, a directory (every *.ics below it), an http(s):// or webcal(s)://
                              feed (fetched now, never from the cache), or - for standard input.
                          In a directory, symbolic links to directories are not followed; a *.ics
                          link that dangles or loops counts as a file that could not be read.
                          A calendar's name from the configuration file stands for its file or URL;
                          a CalDAV calendar's resources are checked in its local copy (synced
                          first when older than refresh-interval), a vdir's items in its folder;
                          with no input, every configured calendar is checked.

    OPTIONS:
      --format <format>       text, json (one object per line), github (workflow commands), junit
                              (JUnit XML: a test case per file, a failure per error), sarif (SARIF
                              2.1.0, for code scanning) or gitlab (Code Quality JSON) (default: text).
                              With junit, sarif and gitlab the summary goes to standard error.
      --strict                Fail on warnings too.
      -q, --quiet             Print only the findings, no summary.
      --ignore <code>         Do not report this check (ICS2209; repeatable; see --list-codes).
      --warn <code>           Report this check as a warning, not an error (repeatable): with
                              no other error the exit status is 0 (unless --strict).
      --timeout <seconds>     The longest a URL may take (default: 120).
      --max-size <mb>         The largest calendar a URL may send (default: 50).
      --list-codes            Print every check's code; with --format markdown, as a table.
      --fix                   Write the file with what can be fixed safely fixed (line ends,
                              folding, missing UID, DTSTAMP, VERSION, PRODID or VTIMEZONE, an
                              empty RRULE, a repeated rule part, COUNT <= 0, DTEND before DTSTART,
                              a floating DTEND on a zoned start), keeping what the views show;
                              list what changed and what could not be fixed (on standard error
                              when the file goes to standard output).
      -o, --output <file>     With --fix: write the fixed file here (default: standard output).
      --in-place              With --fix: replace each file, keeping a copy as <file>.bak.
      --no-backup             With --in-place: keep no copy.
      -h, --help              Show help information.

    EXIT STATUS:
      0 no error (warnings allowed unless --strict), 1 an error was found,
      2 a file could not be read (or a URL fetched), 64 usage error.
      With --fix: 0 when no error is left (warnings allowed unless --strict), 1 when one is,
      2 when a file could not be read or written.

    """

    /// `icsview validate` in the list of subcommands (``Subcommands/all``).
    static let subcommand = Subcommand(name: "validate", synopsis: synopsis, arguments: "[<input>...]",
                                       summary: ["Check .ics files and feeds for CI, with the line of every problem."],
                                       help: help,
                                       run: { arguments, context in run(arguments, configuration: context.configuration) })

    /// Runs the command and returns its exit status.
    static func run(_ arguments: [String], configuration: Configuration? = nil) -> Int32 {
        let options: ValidateOptions
        do {
            options = try ValidateOptions.parse(arguments, defaultInputs: configuration?.calendars.map(\.key) ?? [])
        } catch {
            return subcommand.usageError(error)
        }
        if options.showHelp {
            print(help, terminator: "")
            return 0
        }
        if options.fix { return ValidateFix.run(options) }
        if options.listCodes {
            print(ValidateRenderer.codes(format: options.format), terminator: "")
            return 0
        }
        let started = DispatchTime.now().uptimeNanoseconds
        let report = options.accepted(ValidateInputs.report(options, configuration: configuration))
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        var out = ""
        if let document = ValidateRenderer.document(report, format: options.format, strict: options.strict, seconds: seconds) {
            out = document
            if !options.quiet { printError("\(ValidateRenderer.summary(report))\n") }
        } else {
            for line in ValidateRenderer.lines(report.findings, format: options.format) {
                out += line
                out += "\n"
            }
            if !options.quiet && options.format != .json {
                out += ValidateRenderer.summary(report) + "\n"
            }
        }
        FileHandle.standardOutput.write(Data(out.utf8))
        for failure in report.failures {
            printError("Error: \(failure.file): \(TerminalMessage(said: failure.message))\n")
        }
        if !report.failures.isEmpty { return 2 }
        return report.fails(strict: options.strict) ? 1 : 0
    }
}
