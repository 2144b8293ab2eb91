import ICSKit

/// `icsview diff [--format text|json] <old> <new>`: what changed between two copies of a
/// calendar (files, URLs or `-`), by UID and RECURRENCE-ID; with `--occurrences`, occurrence by
/// occurrence over a range of days (``OccurrenceDiff``).
enum DiffCommand {
    static let synopsis = "[--occurrences [--from <day>] [--to <day>]] [--format <format>] [--tz <zone>] [<old> <new>]"
    static let usage = "USAGE: icsview diff \(synopsis)"

    static let help = """
    OVERVIEW: Show what changed between two copies of a calendar: events added, removed and changed.

    \(usage)

    ARGUMENTS:
      <old>                   The earlier copy: an .ics file, a URL, - for standard input, or a
                              calendar's name from the configuration file.
      <new>                   The later copy.
                              With neither: each configured feed (a url calendar) as cached, against
                              what its server serves now; the cache then holds the new copy.

    OPTIONS:
      --occurrences           Compare occurrences over a range of days instead of events: added,
                              removed, moved (another start or end) and changed, each keyed by its
                              identity (calendar, UID, RECURRENCE-ID).
      --from <day>, --to <day>, --days <n>, --today <yyyy-mm-dd>
                              The days --occurrences compares, as for --agenda (default: today and
                              the 30 days after it).
      --format <format>       text or json (default: text).
      --tz <zone>             The zone the text's times are shown in (default: $TZ or the system's).
      --offline, --refresh, --no-cache, --cache-dir <dir>, --timeout <seconds>, --max-size <mb>
                              As for URLs in 'icsview --help'.
      -q, --quiet             No warnings (a feed served from the cache, for one).
      -h, --help              Show help information.

    Events are matched by UID and RECURRENCE-ID; DTSTAMP and LAST-MODIFIED alone are not a change.
    A changed event names the properties that differ, with their old and new values
    (SUMMARY: "Design review" → "Design review (moved)"), and whether SEQUENCE or
    LAST-MODIFIED says the new one is newer. Times are shown as the agenda shows them.

    With --occurrences, a moved instance of a series keeps its identity (its RECURRENCE-ID); a new
    EXDATE removes one; a changed RRULE removes the instances it no longer makes and adds the new
    ones; a changed SUMMARY of a series changes each occurrence in the range. The JSON gives each
    occurrence's 'id', the key an app stores occurrences under. As in the grids, a series gives at
    most 10000 occurrences from --from (warning ICS3002; in JSON also under 'limits'), and is
    compared up to the last start both copies reached.

    EXIT STATUS (as diff(1)):
      0 no changes, 1 changes, 2 trouble (an input could not be read), 64 usage error.

    """

    /// `icsview diff` in the list of subcommands (``Subcommands/all``).
    static let subcommand = Subcommand(name: "diff", synopsis: synopsis, arguments: "<old> <new>",
                                       summary: ["What changed between two copies of a calendar."],
                                       help: help,
                                       run: { arguments, context in run(arguments, configuration: context.configuration) })

    /// The most occurrences of one series `--occurrences` compares: what a grid collects at once
    /// (`OccurrenceExpansion`'s default, docs/limits.md).
    static let occurrenceLimit = 10_000

    /// Runs the subcommand on the arguments after `diff`; returns the exit code.
    static func run(_ arguments: [String], configuration: Configuration? = nil) -> Int32 {
        var options = Options()
        var inputs: [String] = []
        var occurrences = false
        var rangeGiven: String?
        var rest = arguments[...]
        do throws(UsageError) {
            var feedArguments: [String] = []
            while let argument = rest.popFirst() {
                if argument == "--" { inputs += rest; break }
                if argument == "-h" || argument == "--help" { options.showHelp = true; continue }
                guard argument.hasPrefix("-"), argument != "-" else { inputs.append(argument); continue }
                let name = String(argument.prefix { $0 != "=" })
                if name == "--occurrences" { occurrences = true; continue }
                guard ["--format", "--tz", "--offline", "--refresh", "--no-cache", "--cache-dir", "--timeout", "--max-size", "-q", "--quiet",
                       "--from", "--to", "--days", "--today"].contains(name) else {
                    throw UsageError(message: "unknown option '\(name)'")
                }
                if ["--from", "--to", "--days"].contains(name) { rangeGiven = name }
                feedArguments.append(argument)
                if !argument.contains("="), OptionParser.valued.contains(name), let value = rest.popFirst() {
                    feedArguments.append(value)
                }
            }
            if options.showHelp {
                print(help, terminator: "")
                return 0
            }
            var base = configuration?.defaults ?? Options()
            base.view = .summary
            let parsed = try OptionParser.parse(feedArguments + ["--", "-"], defaults: base, checksScope: false)
            DiagnosticOutput.shared.verbosity = parsed.verbosity
            options.format = parsed.format
            options.timeZone = parsed.timeZone
            options.offline = parsed.offline
            options.refresh = parsed.refresh
            options.refreshInterval = parsed.refreshInterval
            options.noCache = parsed.noCache
            options.cacheDirectory = parsed.cacheDirectory
            options.timeout = parsed.timeout
            options.maxSizeMB = parsed.maxSizeMB
            options.from = parsed.from
            options.to = parsed.to
            options.days = parsed.days
            options.today = parsed.today
            if let rangeGiven, !occurrences { throw UsageError(message: "\(rangeGiven) needs --occurrences (events are compared whole)") }
            if inputs.isEmpty, !occurrences, let configuration, !configuration.calendars.isEmpty {
                return feeds(configuration, options: options)
            }
            guard inputs.count == 2 else {
                throw UsageError(message: inputs.count < 2 ? "diff needs two calendars, <old> and <new>" : "diff takes two calendars, not \(inputs.count)")
            }
        } catch {
            return subcommand.usageError(error)
        }
        let old: ICalendar, new: ICalendar
        do {
            let resolved = ConfiguredInputs.resolve(inputs, configuration: configuration, options: options)
            guard resolved.count == 2 else {
                return subcommand.usageError("diff takes two calendars, not \(resolved.count) (an account stands for each of its calendars: name one as NAME/<calendar>)")
            }
            old = try InputLoader.load(resolved[0], options: options)
            new = try InputLoader.load(resolved[1], options: options)
        } catch {
            printError("Error: \(error)\n")
            return 2
        }
        let context: ViewContext
        do {
            context = try ViewContext(options: options)
        } catch {
            return subcommand.usageError(error)
        }
        if occurrences {
            let from = options.from ?? context.today
            let to = options.days.map { from.adding(days: $0 - 1) } ?? options.to ?? min(from.adding(days: 30), DateRange.last)
            guard from <= to else { return subcommand.usageError("--to (\(to)) is before --from (\(from))") }
            // Both copies' occurrences are held at once: capped per series as the grids cap what
            // they collect, so that a minutely series over years cannot fill memory.
            let diff = OccurrenceDiff(old: old, new: new, from: context.start(of: from), to: context.start(of: to.adding(days: 1)),
                                      viewerTimeZone: context.zone, instanceLimit: occurrenceLimit)
            if DiagnosticOutput.shared.verbosity != .quiet {
                for diagnostic in diff.diagnostics where diagnostic.code == .recurrenceLimit {
                    printError("\(TerminalMessage(diagnostic))\n")
                }
            }
            switch options.format {
            case .text, .html, .svg: print(OccurrenceDiffRenderer.text(diff, values: DiffValues(calendar: context.calendar, dates: context.dates)),
                                           terminator: "")
            case .json: print(OccurrenceDiffRenderer.json(diff, from: from, to: to).text)
            }
            return diff.isEmpty ? 0 : 1
        }
        let diff = CalendarDiff(old: old, new: new)
        print(render(diff, options: options, context: context), terminator: "")
        return diff.isEmpty ? 0 : 1
    }

    /// The diff as text, or as one JSON object and a line break.
    static func render(_ diff: CalendarDiff, options: Options, context: ViewContext, calendar: String? = nil) -> String {
        switch options.format {
        // (html and svg never get here: the option parser refuses them for anything but the calendar views.)
        case .text, .html, .svg:
            let text = DiffRenderer.text(diff, values: DiffValues(calendar: context.calendar, dates: context.dates))
            return calendar.map { "\(TerminalText.safe($0)):\n" + text.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\n" } ?? text
        case .json:
            guard let calendar, case .object(let fields) = DiffRenderer.json(diff) else { return DiffRenderer.json(diff).text + "\n" }
            return JSON.object([("calendar", .string(calendar))] + fields).text + "\n"
        }
    }
}
