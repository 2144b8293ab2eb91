import Foundation

/// The one table of icsview's options and the sections of its help: `--help`, the manual
/// page (`docs/icsview.1`, ``ManPage``) and the shell completions (``Completions``) are all
/// rendered from it, so they cannot drift apart.
///
/// New options are added here (a row in their section; `choices` if their values are a fixed
/// list), as well as to ``OptionParser``'s sets: a test checks that every option `--help`
/// shows is in the manual page and in each completion script.
enum OptionTable {
    /// One line of a section: an option (its column as help writes it, `--year [<yyyy>], -y`,
    /// and its description's lines) or a line of prose.
    enum Row {
        case option(String, [String])
        case text(String)
    }

    /// A titled part of the help (`OPTIONS:`).
    struct Section {
        let title: String
        let rows: [Row]
        init(_ title: String, _ rows: [Row]) {
            self.title = title
            self.rows = rows
        }
    }

    static let overview = "Show, list and check iCalendar (.ics) files in the terminal."

    static let sections: [Section] = [
        Section("ARGUMENTS:", [
            .option("<file>", ["An .ics file, an http(s):// or webcal(s):// URL, - for standard input,", "or a calendar's name from the configuration file", "(default: every configured calendar)."]),
        ]),
        Section("VIEWS (default: a summary of each calendar):", [
            .option("--month [<month>]", ["Show a month as a grid (default: this month): 2024-12, 2024-1,", "12/2024, nov, november (this year), nov 2024, or a day as below."]),
            .option("--week [<day>]", ["Show the week that holds a day (default: today), or an ISO week:", "2024-W42, or 42 (that week this year)."]),
            .option("-3 [<month>]", ["Show the previous, this and the next month (default: around this month)."]),
            .option("--year [<yyyy>], -y [<yyyy>]", ["Show a year as twelve small months (default: this year)."]),
            .option("--agenda", ["List the occurrences between --from and --to."]),
            .option("--todos", ["List the open to-dos by due date."]),
            .option("--summary", ["Summarise each calendar (when the configuration's view is another)."]),
        ]),
        Section("OPTIONS:", [
            .option("--from <day>", ["First day shown by --agenda (default: today)."]),
            .option("--to <day>", ["Last day shown by --agenda, inclusive (default: 30 days on)."]),
            .option("--tz <zone>", ["Display time zone, IANA or Windows name (default: $TZ or the system's)."]),
            .option("--days <n>", ["The agenda covers n days from --from (instead of --to)."]),
            .option("--months <n>", ["How many months --month shows, side by side when they fit (default: 1)."]),
            .option("--no-agenda", ["Show the month grid without the agenda under (or beside) it."]),
            .option("--time-format <12h|24h>", ["12- or 24-hour times (default: from the locale; 24h without one)."]),
            .option("--first-weekday <day>", ["mon, tue, wed, thu, fri, sat or sun (default: from the locale)."]),
            .option("--week-numbers", ["Show week numbers beside the grid."]),
            .option("--select <day>", ["Below the month, list only this day."]),
            .option("--today <yyyy-mm-dd>", ["Take this day as today (for reproducible output)."]),
            .option("--show-cancelled", ["Also list cancelled occurrences."]),
            .option("--details", ["Under each event: location, meeting link, URL, organizer, attendees", "with their answers, how it repeats and its alarms (--agenda; search, remind)."]),
            .option("--grep <text>", ["Only occurrences whose summary, location, description or categories", "contain the text, ignoring case and accents (\"cafe\" finds \"Café\")."]),
            .option("--calendar <name>", ["Only the calendars of this name: X-WR-CALNAME or the file's name", "(ignoring case; repeatable)."]),
            .option("--color <mode>", ["auto, always or never (default: auto; NO_COLOR is honoured;", "24-bit colour when COLORTERM is truecolor or 24bit, else 256)."]),
            .option("--no-pager", ["Write to the terminal directly. Otherwise long output to a terminal goes",
                                   "through $PAGER, else less -FRX (as git does; pager = off in the configuration)."]),
            .option("--ascii", ["Draw without box-drawing or symbol characters."]),
            .option("--format <format>", ["text, json, html (--month, --months, -3, --year, --week)", "or svg (--month, --week) (default: text)."]),
            .option("--width <px>", ["The width of an SVG picture (default: 900)."]),
            .option("--height <px>", ["The height of an SVG picture (default: 640, a week 360)."]),
            .option("-q, --quiet", ["No warnings (an input that cannot be read is still an error)."]),
            .option("--verbose", ["Every problem met in the inputs, by file and line (default: one line", "per input with problems; 'icsview validate' lists them)."]),
            .option("--strict", ["Exit 1 when something in an input could not be read (a problem", "of severity error, such as an event without a readable DTSTART)."]),
        ]),
        Section("CONFIGURATION:", [
            .option("--config <file>", ["Read this configuration file (default: $ICSVIEW_CONFIG, else", "$XDG_CONFIG_HOME/icsview/config, else ~/.config/icsview/config)."]),
            .text("It names calendars ([calendar work] with url, file, caldav or vdir, name and color)"),
            .text("and defaults ([defaults] with timezone, first-weekday, time-format, color, view and"),
            .text("refresh-interval); options given override them."),
        ]),
        Section("FEEDS (URLs):", [
            .option("--cache-dir <dir>", ["Where the last good copy of each URL is kept", "(default: $XDG_CACHE_HOME/icsview or ~/.cache/icsview)."]),
            .option("--no-cache", ["Neither read nor write the cache."]),
            .option("--offline", ["Use the cached copy; make no request."]),
            .option("--refresh", ["Sync CalDAV calendars now, however recent their local copy", "(default: when older than the configured refresh-interval, 15 minutes)."]),
            .option("--timeout <seconds>", ["The longest a URL may take (default: 120)."]),
            .option("--max-size <mb>", ["The largest calendar a URL may send (default: 50)."]),
            .option("--version", ["Show the version."]),
            .option("-h, --help", ["Show help information."]),
        ]),
        Section("INSTALLING:", [
            .option("--generate-completion-script <shell>", ["Print a completion script for bash, zsh or fish."]),
            .option("--generate-man-page", ["Print the manual page (roff), made from the same table as this help."]),
        ]),
        Section("DATES:", [
            .text("A <day> is 2024-12-01, today, tomorrow, yesterday, +7d, -2w, +1m, -1y, a weekday"),
            .text("name (mon, monday: the next one after today), counted from --today, or an ISO week"),
            .text("(2024-W42: its Monday; 2024-W42-3: its Wednesday). After --month, -3 or"),
            .text("--week the next word is the option's value when it is written like a date or month,"),
            .text("or is not an option, a URL, a name ending in .ics, or an existing file; a configured"),
            .text("calendar's name is the input there, unless it is also a month or day (nov)."),
        ]),
        Section("SUBCOMMANDS:", Subcommands.all.map { subcommand in
            .option("\(subcommand.name) \(subcommand.arguments)", subcommand.summary)
        } + [.text("Each has its own options: see 'icsview <subcommand> --help'.")]),
        Section("EXIT STATUS:", [
            .text("0 success, 1 an input could not be read or is not iCalendar (the others are still"),
            .text("shown, then \"1 of 2 calendars could not be read\"), 64 usage error."),
            .text("diff: 0 no changes, 1 changes, 2 trouble."),
            .text("search: 0 an occurrence matched, 1 none matched, 2 trouble."),
        ]),
    ]

    /// The values an option takes from a fixed list, for the completions.
    static let choices: [String: [String]] = [
        "--format": ["text", "json", "html", "svg"],
        "--color": ["auto", "always", "never"],
        "--time-format": ["12h", "24h"],
        "--first-weekday": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"],
        "--generate-completion-script": ["bash", "zsh", "fish"],
    ]

    /// The subcommands, by name, with their one-line summary (for the completions).
    static var subcommands: [(name: String, summary: String)] {
        Subcommands.all.map { ($0.name, $0.summary.joined(separator: " ")) }
    }

    /// An option as the completions need it: every name it has, the value it takes
    /// (`<day>`, nil for a flag), whether that value is optional, and its description.
    struct Option {
        let names: [String]
        let value: String?
        let valueIsOptional: Bool
        let summary: String
    }

    /// Every option in the sections (not the arguments or the subcommands).
    static var options: [Option] {
        sections.filter { $0.title != "SUBCOMMANDS:" }.flatMap(\.rows).compactMap { row in
            guard case let .option(column, lines) = row, column.hasPrefix("-") else { return nil }
            var names: [String] = [], value: String?
            for part in column.components(separatedBy: ", ") {
                let words = part.split(separator: " ", maxSplits: 1).map(String.init)
                names.append(words[0])
                if words.count > 1 { value = words[1] }
            }
            let optional = value?.hasPrefix("[") ?? false
            let bare = value.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "[]")) }
            return Option(names: names, value: bare, valueIsOptional: optional, summary: lines.joined(separator: " "))
        }
    }
}
