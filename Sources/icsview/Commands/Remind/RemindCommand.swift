import Foundation
import ICSKit

/// `icsview remind`: which alarms go off when, in trigger order (text or JSON lines).
enum RemindCommand {
    static let synopsis = "[--from <yyyy-mm-dd>] [--to <yyyy-mm-dd> | --next <length>] [--tz <zone>] [--format text|json] <file> ..."
    static let usage = "USAGE: icsview remind \(synopsis)"

    static let help = """
    OVERVIEW: List the reminders (VALARMs) that go off in a range, in the order they go off.

    \(usage)

    ARGUMENTS:
      <file>                  An .ics file, an http(s):// or webcal(s):// URL, or - for standard input.

    OPTIONS:
      --watch                 Keep running and act on each alarm when it is due: see
                              'icsview remind --watch --help'.
      --from <yyyy-mm-dd>     From the start of this day (default: now, or the start of --today).
      --to <yyyy-mm-dd>       To the end of this day (inclusive).
      --next <length>         For this long from the start: 30m, 12h, 7d or 2w (default: 7d).
      --tz <zone>             Display time zone, IANA or Windows name (default: $TZ or the system's);
                              all-day and floating events count from midnight there.
      --today <yyyy-mm-dd>    Take this day as today (the default start is its midnight).
      --details               Under each reminder, its event's location, meeting link, people,
                              repeats and alarms.
      --no-pager              Write to the terminal directly, not through $PAGER (else less -FRX).
      --include-acknowledged  Also list reminders already dismissed (ACKNOWLEDGED, X-MOZ-LASTACK)
                              or replaced by a snooze.
      --format <format>       text, or json: one object per line with uid, recurrenceId, component,
                              summary, action, trigger (UTC), triggerEpoch, occurrenceStart, repeat,
                              description, acknowledged, calendar, default, snooze (default: text).
      --grep <text>           Only reminders of events whose summary, location, description or
                              categories contain the text (ignoring case and accents).
      --calendar <name>       Only the calendars of this name (X-WR-CALNAME or file name; repeatable).
      --offline, --refresh, --no-cache, --cache-dir <dir>, --timeout <seconds>, --max-size <mb>
                              As for URLs in 'icsview --help'.
      -q, --quiet, --verbose  No warnings; or every problem in the inputs, by line (default: one
                              line per input with problems).
      -h, --help              Show help information.

    A relative alarm goes off once per occurrence (and per REPEAT), counted from the start or, with
    RELATED=END, from the end (a to-do's DUE); an absolute one once. Cancelled instances have none.

    EXIT STATUS:
      0 success, 1 an input could not be read, 64 usage error.

    """

    /// `icsview remind` in the list of subcommands (``Subcommands/all``).
    static let subcommand = Subcommand(name: "remind", synopsis: synopsis, arguments: "[<file>...]",
                                       summary: ["The reminders (alarms) that go off in a range, in trigger order."],
                                       help: help,
                                       run: { arguments, context in
                                           run(arguments, configuration: context.configuration, configPath: context.configPath, environment: context.environment)
                                       })

    /// Runs the subcommand on the arguments after `remind`; returns the exit code.
    static func run(_ arguments: [String], configuration: Configuration? = nil, configPath: String? = nil,
                    environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32 {
        if (arguments.firstIndex(of: "--") .map { arguments[..<$0] } ?? arguments[...]).contains("--watch") {
            return WatchCommand.run(arguments, configuration: configuration, configPath: configPath, environment: environment)
        }
        let options: RemindOptions
        let context: ViewContext
        do throws(UsageError) {
            options = try RemindOptions.parse(arguments, defaults: configuration?.defaults ?? Options())
            if options.base.showHelp {
                print(help, terminator: "")
                return 0
            }
            context = try ViewContext(options: options.base, environment: environment)
        } catch {
            return subcommand.usageError(error)
        }
        DiagnosticOutput.shared.verbosity = options.base.verbosity
        var (calendars, failures) = ConfiguredInputs.load(ConfiguredInputs.resolve(options.base.inputs, configuration: configuration, options: options.base),
                                                          options: options.base)
        let failed = !failures.isEmpty
        let filter = SearchFilter(options.base)  // --grep, --calendar
        guard let selected = filter.select(calendars) else { return 1 }
        calendars = selected
        if options.base.format == .text {
            for calendar in calendars {
                DiagnosticOutput.shared.report(calendar.diagnostics)
            }
        }
        let (start, end) = range(options, context: context)
        let expansion = ReminderExpansion(calendars: calendars, from: start, to: end, viewerTimeZone: context.zone,
                                          includesAcknowledged: options.includesAcknowledged)
        var iterator = expansion.makeIterator()
        let renderer = RemindRenderer(calendars: calendars, calendar: context.calendar, rangeStart: start)
        if options.base.format == .text && !options.base.noPager { Pager.start(environment: environment) }
        var output = StandardOutput()
        var count = 0
        var details = DetailMemo()
        while let reminder = iterator.next() {
            guard reminder.occurrence.map(filter.matches) ?? filter.matches(reminder.incidence) else { continue }
            count += 1
            output.write { out in
                if options.base.format == .json {
                    renderer.json(reminder, to: &out)
                } else {
                    // Wrapped at the width between words, the rest under the title.
                    out.append(Array(renderer.lines(reminder, width: context.width).joined(separator: "\n").utf8))
                    if options.base.details {
                        // Indented by four: a reminder's line has no time column to align with.
                        let lines = reminder.occurrence.map { details.lines($0, indent: 4, width: context.width) }
                            ?? DetailLines.lines(reminder.incidence, indent: 4, width: context.width)
                        for line in lines { out.byte(0x0A); out.append(Array(line.utf8)) }
                    }
                }
                out.byte(0x0A)
            }
        }
        output.flush()
        if count == 0 && options.base.format == .text {
            print("No reminders from \(renderer.stamp(start)) to \(renderer.stamp(end)).")
        }
        DiagnosticOutput.shared.report(iterator.diagnostics)
        DiagnosticOutput.shared.finish()
        return failed ? 1 : 0
    }

    /// The range of trigger times: `--from` (else now, or the start of `--today`) to the end of
    /// `--to`, or for `--next` (default seven days).
    static func range(_ options: RemindOptions, context: ViewContext) -> (Date, Date) {
        let start: Date
        if let from = options.base.from {
            start = context.start(of: from)
        } else if options.base.today != nil {
            start = context.now
        } else {
            start = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        }
        if let to = options.base.to { return (start, max(start, context.start(of: to.adding(days: 1)))) }
        return (start, start.addingTimeInterval(TimeInterval(options.next ?? 7 * 86_400)))
    }
}
