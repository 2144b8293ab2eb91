import Foundation
import ICSKit

/// `icsview export [<file|url|name>…]`: one calendar written as iCalendar (or jCal): the inputs
/// merged, selected by range, calendar, text and UID, or reduced to free/busy time.
enum ExportCommand {
    static let synopsis = "[--from <day>] [--to <day>] [--calendar <name>] [--grep <text>] [--uid <uid>] [--busy] [--format ics|jcal] [-o <file>] <file> ..."
    static let usage = "USAGE: icsview export \(synopsis)"

    /// `icsview export` in the list of subcommands (``Subcommands/all``).
    static let subcommand = Subcommand(name: "export", synopsis: synopsis, arguments: "[<input>...]",
                                       summary: ["Write the inputs as one calendar (iCalendar or jCal), selected by range,", "calendar, text or UID; --busy for free/busy only."],
                                       help: help,
                                       run: { arguments, context in run(arguments, configuration: context.configuration) })

    static let help = """
    OVERVIEW: Write calendars as one iCalendar file: merged, selected, or as free/busy time.

    \(usage)

    ARGUMENTS:
      <file>                  An .ics file, an http(s):// or webcal(s):// URL, - for standard input,
                              or a calendar's name from the configuration file
                              (default: every configured calendar).

    OPTIONS:
      --from <day>            Only the series with an occurrence on or after this day (each
                              series whole, with its overrides).
      --to <day>              Only the series with an occurrence on or before this day.
      --calendar <name>       Only the calendars of this name (X-WR-CALNAME or file name; repeatable).
      --grep <text>           Only the series whose summary, location, description or categories
                              contain the text, ignoring case and accents.
      --uid <uid>             Only the series with this UID (repeatable).
      --busy                  Free/busy time only: when the events (not cancelled, not transparent)
                              are busy, nothing of their titles, places, notes or attendees
                              (default range: today and the 12 weeks after it).
      --busy-as <form>        freebusy (a VFREEBUSY, the default) or events (events titled "Busy").
      --format <format>       ics (iCalendar, RFC 5545; the default) or jcal (JSON, RFC 7265).
      -o, --output <file>     Write to this file (atomically) instead of standard output.
      --tz <zone>             Zone of floating and all-day times for --from, --to and --busy.
      --today <yyyy-mm-dd>    Take this day as today (for reproducible output).
      -q, --quiet             No warnings (an input that cannot be read is still an error).
      --offline, --refresh, --no-cache, --cache-dir <dir>, --timeout <seconds>, --max-size <mb>
                              As for URLs in 'icsview --help'.
      -h, --help              Show help information.

    A <day> is written as for the views: 2024-12-01, today, -2w, +1m, mon, …

    Several inputs are merged into one VCALENDAR: a series found unchanged in two inputs is
    written once; a UID that an earlier input used for other components gets '-<n>' appended
    (n: the input's position), so both are kept. Each component takes its calendar's colour
    (COLOR, RFC 7986) unless it has its own; the merged NAME joins the calendars' names.
    A TZID without VTIMEZONE (IANA, Windows or Outlook name) gets one from the system's zone data.

    EXIT STATUS:
      0 written, 1 an input could not be read (the others are still written), 64 usage error.

    """

    /// Runs the subcommand on the arguments after `export`; returns the exit code.
    static func run(_ arguments: [String], configuration: Configuration? = nil) -> Int32 {
        let options: ExportOptions
        let context: ViewContext
        do throws(UsageError) {
            options = try ExportOptions.parse(arguments, defaults: configuration?.defaults ?? Options())
            if options.showHelp {
                print(help, terminator: "")
                return 0
            }
            context = try ViewContext(options: options.shared)
        } catch {
            return UsageError.report(error.message, usage: usage, command: "export")
        }
        DiagnosticOutput.shared.verbosity = options.shared.verbosity
        let (loaded, failures) = ConfiguredInputs.load(ConfiguredInputs.resolve(options.shared.inputs, configuration: configuration, options: options.shared),
                                                       options: options.shared)
        let filter = SearchFilter(calendars: options.shared.calendarFilter)
        guard let calendars = filter.select(loaded) else { return 1 }
        for calendar in calendars { DiagnosticOutput.shared.report(calendar.diagnostics) }
        let calendar = exported(calendars, options: options, context: context)
        let writer = ICSWriter(productID: Help.productID)
        if options.busy == nil, options.shared.verbosity != .quiet {
            for tzid in writer.missingTimeZones(for: calendar).unresolved {
                printError("warning: no VTIMEZONE for TZID '\(TerminalText.safe(tzid, toWidth: 80))' and no zone of that name on this system; written without one\n")
            }
        }
        let bytes = options.format == .jcal ? Array(JCalWriter(icsWriter: writer).text(for: calendar).utf8) : writer.bytes(for: calendar)
        if let path = options.output {
            do {
                try ICSWriter.writeAtomically(bytes, toFile: path)
            } catch {
                printError("Error: \(error)\n")
                return 1
            }
        } else {
            FileHandle.standardOutput.write(Data(bytes))
        }
        if !failures.isEmpty {
            printError("warning: \(failures.count) of \(options.shared.inputs.count) inputs could not be read; the others were written\n")
            return 1
        }
        return 0
    }

    /// The calendar to write: the inputs merged, then selected (range, `--grep`, `--uid`), or
    /// their free/busy time.
    static func exported(_ calendars: [ICalendar], options: ExportOptions, context: ViewContext) -> ICalendar {
        let today = context.today
        if let form = options.busy {
            let (from, to) = busyRange(from: options.shared.from, to: options.shared.to, today: today)
            // Not selected by range: the busy time is clipped to it (the selection expanded the
            // range once more, and copied the calendar: 100,000 events, 1.5 s → 3.2 s, 290 MB).
            let busy = FreeBusy(calendars: calendars.map { select($0, options: options, context: context, byRange: false) },
                                from: context.start(of: from), to: context.start(of: to.adding(days: 1)), viewerTimeZone: context.zone)
            DiagnosticOutput.shared.report(busy.diagnostics)
            return busy.calendar(asEvents: form == .events, stamp: Int(context.instant.timeIntervalSince1970))
        }
        return ICalendar.merged(calendars.map { select($0, options: options, context: context) })
    }

    /// One calendar's series that `--grep`, `--uid` and (`byRange`) the range pick, each whole.
    static func select(_ calendar: ICalendar, options: ExportOptions, context: ViewContext, byRange: Bool = true) -> ICalendar {
        var selected = calendar
        if let grep = options.shared.grep {
            let filter = SearchFilter(grep: grep)
            selected = selected.selecting { filter.matches($0) }
        }
        if !options.uids.isEmpty { selected = selected.selecting(uids: Set(options.uids)) }
        let from = options.shared.from, to = options.shared.to
        if byRange && (from != nil || to != nil) {
            // The open end is the end of the days the views show: a --from after 2200 (the
            // open end was 2200) or a --to before 1900 made a range that ended before it began,
            // and the expansion trapped on it.
            let start = context.start(of: from ?? DateRange.first)
            let end = context.start(of: (to ?? DateRange.last).adding(days: 1))
            selected = selected.selecting(occurringFrom: start, to: end, viewerTimeZone: context.zone)
        }
        return selected
    }

    /// The days `--busy` covers: `--from` to `--to`; without them today and the 12 weeks after it.
    /// One given alone beyond that default (a `--from` after it, a `--to` before today) gets the
    /// 12 weeks after or before it, within the days the views show, so that the range never
    /// ends before it begins (the free/busy expansion trapped on that).
    static func busyRange(from: CivilDate?, to: CivilDate?, today: CivilDate) -> (from: CivilDate, to: CivilDate) {
        let weeks = 12 * 7
        var start = from ?? today, end = to ?? min(today.adding(days: weeks), DateRange.last)
        if end < start {
            if to == nil { end = min(start.adding(days: weeks), DateRange.last) } else { start = max(end.adding(days: -weeks), DateRange.first) }
        }
        return (start, end)
    }
}
