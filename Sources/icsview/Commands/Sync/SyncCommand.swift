import Foundation
import ICSKit

/// `icsview sync [NAME…]`: brings the local copies of the configured CalDAV and vdir calendars
/// up to date and says what changed in each (text, or JSON).
enum SyncCommand {
    static let synopsis = "[--format text|json] [--tz <zone>] [<name> ...]"
    static let usage = "USAGE: icsview sync \(synopsis)"

    static let help = """
    OVERVIEW: Sync the configured CalDAV and vdir calendars and show what changed in each.

    \(usage)

    ARGUMENTS:
      <name>                  A configured calendar with 'caldav = URL' or 'vdir = PATH', or one
                              calendar of such an account (NAME/<calendar>) (default: all of them).

    OPTIONS:
      --format <format>       text or json (default: text).
      --tz <zone>             The zone the text's times are shown in (default: $TZ or the system's).
      --cache-dir <dir>, --timeout <seconds>, --max-size <mb>
                              As for URLs in 'icsview --help' (the local copies are kept in the cache).
      -q, --quiet             Only the count line of each calendar.
      -h, --help              Show help information.

    A CalDAV calendar asks the server only for what changed since the last sync (sync-collection,
    else a comparison of ETags); a vdir re-reads only the files whose size or time changed. The
    other commands read the local copies, syncing one first when it is older than the
    configuration's refresh-interval (default: 15 minutes; --refresh: always, --offline: never).
    An account's list of calendars is read again by every sync.

    Each calendar: a line with its name and how it was synced, a line per event added (+),
    removed (-) or changed (~, with the values that changed), then the counts. The first sync
    adds everything.

    EXIT STATUS:
      0 every calendar synced, 1 one could not be (its last copy is kept), 64 usage error.

    """

    /// `icsview sync` in the list of subcommands (``Subcommands/all``).
    static let subcommand = Subcommand(name: "sync", synopsis: synopsis, arguments: "[<name>...]",
                                       summary: ["Sync the configured CalDAV and vdir calendars; show what changed."],
                                       help: help,
                                       run: { arguments, context in run(arguments, configuration: context.configuration) })

    static let valued: Set<String> = ["--format", "--tz", "--cache-dir", "--timeout", "--max-size"]
    static let flags: Set<String> = ["-q", "--quiet", "-h", "--help"]

    /// Runs the subcommand on the arguments after `sync`; returns the exit status.
    static func run(_ arguments: [String], configuration: Configuration?) -> Int32 {
        var names: [String] = []
        var shared: [String] = []
        var quiet = false
        var options: Options
        do throws(UsageError) {
            var cursor = ArgumentCursor(arguments)
            while let word = cursor.next() {
                guard case let .option(name, inlineValue) = word else {
                    if case let .input(input) = word { names.append(input) }
                    continue
                }
                try ArgumentCursor.check(name, inlineValue: inlineValue, flags: flags, valued: valued)
                switch name {
                case "-h", "--help":
                    print(help, terminator: "")
                    return 0
                case "-q", "--quiet": quiet = true
                case "--format":
                    let value = try cursor.value(for: name, inline: inlineValue)
                    guard value == "text" || value == "json" else { throw UsageError(message: "'\(value)' is not a format of sync (text or json)") }
                    shared += [name, value]
                default: shared += [name, try cursor.value(for: name, inline: inlineValue)]
                }
            }
            var base = configuration?.defaults ?? Options()
            base.view = .summary
            options = try OptionParser.parse(shared + ["--", "-"], defaults: base, checksScope: false)
            options.inputs = []
            let local = configuration?.calendars.filter { $0.kind != .feed } ?? []
            if names.isEmpty {
                guard !local.isEmpty else {
                    throw UsageError(message: "no calendar to sync: the configuration has none with 'caldav = URL' or 'vdir = PATH'")
                }
                names = local.map(\.key)
            }
            for name in names {
                let key = String(name.prefix { $0 != "/" })
                guard let entry = configuration?.calendar(named: key) else {
                    throw UsageError(message: "'\(TerminalText.safe(name))' is not a configured calendar (sync takes the names of calendars with 'caldav' or 'vdir')")
                }
                guard entry.kind != .feed else {
                    throw UsageError(message: "'\(key)' is not a CalDAV or vdir calendar (a feed or file is read again by every command)")
                }
            }
        } catch {
            return subcommand.usageError(error)
        }
        let context: ViewContext
        do { context = try ViewContext(options: options) } catch { return subcommand.usageError(error) }
        DiagnosticOutput.shared.verbosity = quiet ? .quiet : .summary
        let inputs = ConfiguredInputs.resolve(names, configuration: configuration, options: options, relist: true)
        var reports: [LocalCopies.SyncReport] = []
        for input in inputs {
            let report = LocalCopies.sync(input, options: options)
            reports.append(report)
            if options.format != .json {
                print(SyncRenderer.text(report, values: DiffValues(calendar: context.calendar, dates: context.dates), quiet: quiet),
                      terminator: "")
            }
            if let error = report.error { printError("Error: \(input.word): \(TerminalMessage(said: error.message))\n") }
        }
        if options.format == .json { print(SyncRenderer.json(reports).text) }
        return reports.contains { $0.error != nil } ? 1 : 0
    }
}
