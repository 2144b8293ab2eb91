#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import ICSKit

/// `icsview browse [<file|url|name>…]` (also `icsview -i`): the calendars in a full-screen,
/// interactive month, week and agenda (``BrowseApp``).
///
/// It takes the view options the other views take (parsed by ``OptionParser``, so that they mean
/// the same): `--today`, `--tz`, `--first-weekday`, `--calendar`, `--grep`, `--from`/`--to`
/// (the days that can be selected), `--time-format`, `--color`, `--ascii`, `--show-cancelled`,
/// the feed options and `--config`; and its own `--mouse` and `--benchmark`.
enum BrowseCommand {
    static let synopsis = "[<options>] [<file> ...]"
    static let usage = "USAGE: icsview browse \(synopsis)"

    /// `icsview browse` (also `icsview -i`) in the list of subcommands (``Subcommands/all``).
    static let subcommand = Subcommand(name: "browse", aliases: ["-i"], synopsis: synopsis, arguments: "[<file>...]",
                                       summary: ["The calendars full screen: move through months, weeks and days, select,", "search, read an event's details (also -i)."],
                                       help: help,
                                       run: { arguments, context in run(arguments, configuration: context.configuration, environment: context.environment) })

    static let help = """
    OVERVIEW: Browse calendars full screen: move through months, weeks and days, select days, search, read an event's details.

    \(usage)

    ARGUMENTS:
      <file>                  An .ics file, an http(s):// or webcal(s):// URL, or a calendar's name
                              from the configuration file (default: every configured calendar).

    OPTIONS:
      --today <yyyy-mm-dd>    Take this day as today (where the browser opens).
      --tz <zone>             Display time zone, IANA or Windows name (default: $TZ or the system's).
      --first-weekday <day>   mon, tue, wed, thu, fri, sat or sun (default: from the locale).
      --from <day>, --to <day>
                              The days that can be selected (the others are shown disabled).
      --calendar <name>       Only the calendars of this name (repeatable).
      --grep <text>           Only occurrences that contain the text (as for the views); also the first search.
      --time-format <12|24>, --color <mode>, --ascii, --show-cancelled
                              As for the views in 'icsview --help' (NO_COLOR is honoured).
      --mouse                 Report the mouse (xterm SGR): a click selects a day, the wheel moves months.
      --config <file>, --offline, --refresh, --no-cache, --cache-dir <dir>, --timeout <seconds>, --max-size <mb>
                              As in 'icsview --help'.
      -h, --help              Show help information.

    KEYS:
      arrows, h j k l         a day, a week            PageUp, PageDown   a month
      Shift+arrows, H J K L   extend a range           Space              add or remove a day
      t                       today                    g                  go to a date
      Enter                   events, then details     Esc                back
      m, w, a                 month, week, agenda      / n N              search, next, previous
      r                       read again               ?                  all keys
      q, Ctrl-C               quit                     Ctrl-Z             suspend

    Standard input and output must be a terminal (exit 64 otherwise).

    """

    /// The view options that make no sense in the browser.
    private static let refused: Set<String> = ["--month", "--week", "--year", "-y", "-3", "--agenda", "--todos", "--summary",
                                               "--format", "--months", "--days", "--no-agenda", "--select", "--week-numbers",
                                               "--width", "--height"]

    /// Runs the browser with the arguments after `browse`.
    static func run(_ arguments: [String], configuration: Configuration?, environment: [String: String]) -> Int32 {
        let started = DispatchTime.now()
        var rest: [String] = []
        var mouse = false
        var benchmark = environment["ICSVIEW_BROWSE_TIMINGS"].map { !$0.isEmpty && $0 != "0" } ?? false
        for (index, word) in arguments.enumerated() {
            if word == "--" { rest += arguments[index...]; break }
            switch word {
            case "--mouse": mouse = true
            case "--benchmark": benchmark = true
            case "-h", "--help":
                print(help, terminator: "")
                return 0
            default:
                if refused.contains(word.split(separator: "=").first.map(String.init) ?? word) {
                    return usageError("\(word) is not an option of 'browse' (the views are keys in it: m, w, a)")
                }
                rest.append(word)
            }
        }
        let options: Options
        do {
            options = try OptionParser.parse(rest, defaults: browseDefaults(configuration?.defaults), configuredNames: configuration?.names ?? [])
        } catch {
            return usageError(error)
        }
        let context: ViewContext
        do {
            context = try ViewContext(options: options, environment: environment)
        } catch {
            return usageError(error)
        }
        guard isatty(1) != 0, isatty(0) != 0 else {
            printError(TerminalMessage(verbatim: "Error: 'icsview browse' needs a terminal: standard \(isatty(1) == 0 ? "output" : "input") is not one "
                       + "(for output to a file or a pipe, use the views: icsview --month, --agenda)\n"))
            return 64
        }
        DiagnosticOutput.shared.verbosity = options.verbosity
        let timings = benchmark ? BrowseTimings(start: started) : nil
        let data = BrowseData(inputs: ConfiguredInputs.resolve(options.inputs, configuration: configuration, options: options), options: options,
                              calendar: context.calendar, now: context.now)
        guard data.read() else {
            for failure in data.failures { printError("Error: \(failure)\n") }
            if data.failures.isEmpty { printError("Error: no calendar left to show (--calendar)\n") }
            return 1
        }
        timings?.read()
        let available: ClosedRange<CalendarDay>? = {
            guard options.from != nil || options.to != nil else { return nil }
            let lower = options.from.map(CalendarDay.init) ?? CalendarDay(year: 1, month: 1, day: 1)
            let upper = options.to.map(CalendarDay.init) ?? CalendarDay(year: 9999, month: 12, day: 31)
            return lower...max(lower, upper)
        }()
        let app = BrowseApp(data: data, options: options, context: context, availableDays: available,
                            mouse: mouse && environment["TERM"].map { $0 != "dumb" && !$0.isEmpty } == true, timings: timings)
        let status = app.run()
        if let timings { printError(TerminalMessage(verbatim: timings.report)) }
        if !data.failures.isEmpty { for failure in data.failures { printError("warning: \(failure)\n") } }
        return status
    }

    /// The configuration's defaults without its view (`view = month` must not stop the browser).
    private static func browseDefaults(_ defaults: Options?) -> Options {
        var options = defaults ?? Options()
        options.view = .summary
        options.format = .text
        return options
    }

    private static func usageError(_ message: TerminalMessage) -> Int32 {
        usageError(UsageError(message: message))
    }

    private static func usageError(_ error: UsageError) -> Int32 {
        UsageError.report(error.message, usage: usage, command: "browse")
    }
}
