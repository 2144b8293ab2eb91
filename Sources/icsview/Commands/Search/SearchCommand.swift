import Foundation
import ICSKit

/// `icsview search TEXT <file>…`: the occurrences whose summary, location, description or
/// categories contain TEXT (ignoring case and accents), over a range, as the agenda lists them
/// (text, or one JSON object per line). Exit status as grep(1)'s: 0 some matched, 1 none, 2 trouble.
enum SearchCommand {
    static let synopsis = "[--from <day>] [--to <day>] [--calendar <name>] [--format text|json] <text> [<file> ...]"
    static let usage = "USAGE: icsview search \(synopsis)"

    static let help = """
    OVERVIEW: List the occurrences whose summary, location, description or categories contain a text.

    \(usage)

    ARGUMENTS:
      <text>                  What to look for, ignoring case and accents ("cafe" finds "Café").
      <file>                  An .ics file, an http(s):// or webcal(s):// URL, - for standard input, or
                              a calendar's name from the configuration file (default: every
                              configured calendar).

    OPTIONS:
      --from <day>            First day searched (default: a year before today).
      --to <day>              Last day searched, inclusive (default: a year after today).
      --calendar <name>       Only the calendars of this name (X-WR-CALNAME or file name; repeatable).
      --format <format>       text (the agenda's lines) or json (the agenda's objects, one per line).
      --tz <zone>             Display time zone, IANA or Windows name (default: $TZ or the system's).
      --today <yyyy-mm-dd>    Take this day as today (for reproducible output).
      --details               Under each event: location, meeting link, people, repeats, alarms.
      --no-pager              Write to the terminal directly, not through $PAGER (else less -FRX).
      --time-format <12h|24h>, --color <mode>, --ascii, --show-cancelled
                              As for the views in 'icsview --help'.
      --offline, --refresh, --no-cache, --cache-dir <dir>, --timeout <seconds>, --max-size <mb>
                              As for URLs in 'icsview --help'.
      -h, --help              Show help information.

    A <day> is written as for the views: 2024-12-01, today, -2w, +1m, mon, …

    EXIT STATUS (as grep(1)):
      0 an occurrence matched, 1 none matched, 2 an input could not be read, 64 usage error.

    """

    static let valued: Set<String> = ["--from", "--to", "--calendar", "--format", "--tz", "--today", "--time-format", "--color",
                                      "--cache-dir", "--timeout", "--max-size"]
    static let flags: Set<String> = ["--ascii", "--show-cancelled", "--details", "--no-pager", "--offline", "--refresh", "--no-cache", "--help", "-h"]

    /// Parses the arguments after `search` into the agenda's options, with `grep` the text and
    /// the range defaulted. A pure function of the arguments and `--today` (else the clock).
    /// - Parameter defaults: the configuration's defaults (``Configuration/defaults``): its time
    ///   zone and other settings unless given, its calendars when no input is named.
    static func parse(_ arguments: [String], defaults: Options = Options()) throws(UsageError) -> Options {
        var text: String?
        var inputs: [String] = []
        var shared: [String] = []
        var help = false
        var cursor = ArgumentCursor(arguments)
        while let word = cursor.next() {
            guard case let .option(name, inlineValue) = word else {
                if case let .input(input) = word {
                    if text == nil { text = input } else { inputs.append(input) }
                }
                continue
            }
            try ArgumentCursor.check(name, inlineValue: inlineValue, flags: flags, valued: valued)
            switch name {
            case "-h", "--help": help = true
            case "--ascii", "--show-cancelled", "--details", "--no-pager", "--offline", "--refresh", "--no-cache": shared.append(name)
            case "--format":
                let value = try cursor.value(for: name, inline: inlineValue)
                guard value == "text" || value == "json" else { throw UsageError(message: "'\(value)' is not a format of search (text or json)") }
                shared += [name, value]
            default: shared += [name, try cursor.value(for: name, inline: inlineValue)]
            }
        }
        // The shared options through the views' parser, so that they mean the same there and here.
        var options = try OptionParser.parse(shared + ["--agenda", "--", "-"], defaults: defaults, checksScope: false)
        options.inputs = inputs.isEmpty ? defaults.inputs : inputs
        options.showHelp = help
        if help { return options }
        guard let text, !text.isEmpty else { throw UsageError(message: "missing expected argument '<text>'") }
        // With no file, the configured calendars (``Configuration/defaults``).
        guard !options.inputs.isEmpty else { throw UsageError(message: "missing expected argument '<file>'") }
        options.grep = text
        if options.from == nil || options.to == nil {
            let locale = ViewContext.locale(environment: ProcessInfo.processInfo.environment)
            let today = options.today ?? (try? ViewContext(options: options))?.today ?? ViewContext.clockToday()
            // The defaults stop at the range's ends (``DateRange``).
            if options.from == nil { options.from = DateArgument.day("-1y", today: today, locale: locale).map { max($0, DateRange.first) } }
            if options.to == nil { options.to = DateArgument.day("+1y", today: today, locale: locale).map { min($0, DateRange.last) } }
        }
        if let from = options.from, let to = options.to, to < from {
            throw UsageError(message: "--to \(to) is before --from \(from)")
        }
        return options
    }

    /// `icsview search` in the list of subcommands (``Subcommands/all``).
    static let subcommand = Subcommand(name: "search", synopsis: synopsis, arguments: "<text> [<file>...]",
                                       summary: ["The occurrences that contain a text, from a year back to a year on", "(exit 1 when none)."],
                                       help: help,
                                       run: { arguments, context in run(arguments, configuration: context.configuration, environment: context.environment) })

    /// Runs the subcommand on the arguments after `search`; returns the exit code.
    static func run(_ arguments: [String], configuration: Configuration? = nil,
                    environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32 {
        let options: Options
        let context: ViewContext
        do throws(UsageError) {
            options = try parse(arguments, defaults: configuration?.defaults ?? Options())
            if options.showHelp {
                print(help, terminator: "")
                return 0
            }
            context = try ViewContext(options: options, environment: environment)
        } catch {
            return subcommand.usageError(error)
        }
        DiagnosticOutput.shared.verbosity = options.verbosity
        var (calendars, failures) = ConfiguredInputs.load(ConfiguredInputs.resolve(options.inputs, configuration: configuration, options: options),
                                                          options: options)
        let failed = !failures.isEmpty
        let filter = SearchFilter(options)
        guard let selected = filter.select(calendars) else { return 2 }
        calendars = selected
        if options.format == .text {
            for calendar in calendars { DiagnosticOutput.shared.report(calendar.diagnostics) }
        }
        let views = Views(calendars: calendars, options: options, context: context, filter: filter)
        let count: Int
        if options.format == .json {
            count = views.streamAgendaJSON()
        } else {
            if !options.noPager { Pager.start(environment: environment) }
            let rtl = context.isRightToLeft
            count = views.streamAgendaText({ print(rtl ? LocalStrings.leftToRight($0) : $0, terminator: "") }, noEvents: false)
            if count == 0, let from = options.from, let to = options.to {
                printError("No occurrence matches '\(options.grep ?? "")' from \(from) to \(to).\n")
            }
        }
        if failed { return 2 }
        return count > 0 ? 0 : 1
    }
}
