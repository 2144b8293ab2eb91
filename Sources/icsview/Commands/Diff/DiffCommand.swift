import ICSKit

/// `icsview diff [--format text|json] <old> <new>`: what changed between two copies of a
/// calendar (files, URLs or `-`), by UID and RECURRENCE-ID.
enum DiffCommand {
    static let synopsis = "[--format <format>] [--tz <zone>] [<old> <new>]"
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

    EXIT STATUS (as diff(1)):
      0 no changes, 1 changes, 2 trouble (an input could not be read), 64 usage error.

    """

    /// `icsview diff` in the list of subcommands (``Subcommands/all``).
    static let subcommand = Subcommand(name: "diff", synopsis: synopsis, arguments: "<old> <new>",
                                       summary: ["What changed between two copies of a calendar."],
                                       help: help,
                                       run: { arguments, context in run(arguments, configuration: context.configuration) })

    /// Runs the subcommand on the arguments after `diff`; returns the exit code.
    static func run(_ arguments: [String], configuration: Configuration? = nil) -> Int32 {
        var options = Options()
        var inputs: [String] = []
        var rest = arguments[...]
        do throws(UsageError) {
            var feedArguments: [String] = []
            while let argument = rest.popFirst() {
                if argument == "--" { inputs += rest; break }
                if argument == "-h" || argument == "--help" { options.showHelp = true; continue }
                guard argument.hasPrefix("-"), argument != "-" else { inputs.append(argument); continue }
                let name = String(argument.prefix { $0 != "=" })
                guard ["--format", "--tz", "--offline", "--refresh", "--no-cache", "--cache-dir", "--timeout", "--max-size", "-q", "--quiet"].contains(name) else {
                    throw UsageError(message: "unknown option '\(name)'")
                }
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
            if inputs.isEmpty, let configuration, !configuration.calendars.isEmpty {
                return feeds(configuration, options: options)
            }
            guard inputs.count == 2 else {
                throw UsageError(message: inputs.count < 2 ? "diff needs two calendars, <old> and <new>" : "diff takes two calendars, not \(inputs.count)")
            }
        } catch {
            return subcommand.usageError(error.message)
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
            return subcommand.usageError(error.message)
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

    /// `icsview diff` with no file: each configured feed's cached copy against a fresh fetch
    /// (which then replaces the cached copy, so the next run shows what changed since this one),
    /// in configuration order, each under its name. A feed with no cached copy yet is fetched
    /// and said so on standard error; files, CalDAV and vdir calendars have no earlier copy here
    /// and are skipped (with a line on standard error unless `--quiet`).
    /// - Returns: 0 when no feed changed, 1 when one did, 2 when one could not be read.
    static func feeds(_ configuration: Configuration, options: Options) -> Int32 {
        let context: ViewContext
        do {
            context = try ViewContext(options: options)
        } catch {
            return subcommand.usageError(error.message)
        }
        var changed = false, trouble = false
        for entry in configuration.calendars {
            guard entry.kind == .feed, let source = try? FeedSource(entry.source), source.isRemote else {
                if DiagnosticOutput.shared.verbosity != .quiet { printError("\(entry.key): not a feed (url); no earlier copy to compare\n") }
                continue
            }
            var cachedOnly = options
            cachedOnly.offline = true
            let old: ICalendar
            do {
                old = try InputLoader.subscription(for: source, options: cachedOnly, headers: entry.headers).refreshBlocking().calendar
            } catch {
                // No cached copy yet: this fetch makes the first one.
                do {
                    _ = try InputLoader.load(entry.source, options: options, headers: entry.headers)
                    if DiagnosticOutput.shared.verbosity != .quiet { printError("\(entry.key): no cached copy yet; fetched and cached now\n") }
                } catch {
                    printError("Error: \(entry.key): \(error)\n")
                    trouble = true
                }
                continue
            }
            do {
                let new = try InputLoader.load(entry.source, options: options, headers: entry.headers)
                let diff = CalendarDiff(old: old, new: new)
                changed = changed || !diff.isEmpty
                print(render(diff, options: options, context: context, calendar: entry.key), terminator: "")
            } catch {
                printError("Error: \(entry.key): \(error)\n")
                trouble = true
            }
        }
        return trouble ? 2 : changed ? 1 : 0
    }
}
