import ICSKit

/// The tool's texts: help, usage, version.
enum Help {
    static let version = "icsview 0.1.0 (ICSKit, libical \(LibicalInfo.version))"

    static let usage = "USAGE: icsview [<options>] <file> ..."

    static let text = """
    OVERVIEW: Show, list and check iCalendar (.ics) files in the terminal.

    \(usage)

    ARGUMENTS:
      <file>                  An .ics file, an http(s):// or webcal(s):// URL, or - for standard input.

    VIEWS (default: a summary of each calendar):
      --month [<yyyy-mm>]     Show a month as a grid (default: this month).
      --week [<yyyy-mm-dd>]   Show the week that holds a day (default: today).
      -3                      Show the previous, this and the next month (with --month: around it).
      --year [<yyyy>], -y     Show a year as twelve small months (default: this year).
      --agenda                List the occurrences between --from and --to.
      --todos                 List the open to-dos by due date.

    OPTIONS:
      --from <yyyy-mm-dd>     First day shown by --agenda (default: today).
      --to <yyyy-mm-dd>       Last day shown by --agenda, inclusive (default: 30 days on).
      --tz <zone>             Display time zone, IANA or Windows name (default: $TZ or the system's).
      --days <n>              The agenda covers n days from --from (instead of --to).
      --months <n>            How many months --month shows, side by side when they fit (default: 1).
      --no-agenda             Show the month grid without the agenda under (or beside) it.
      --time-format <12|24>   12- or 24-hour times (default: from the locale; 24 without one).
      --first-weekday <day>   mon, tue, wed, thu, fri, sat or sun (default: from the locale).
      --week-numbers          Show week numbers beside the grid.
      --select <yyyy-mm-dd>   Below the month, list only this day.
      --today <yyyy-mm-dd>    Take this day as today (for reproducible output).
      --show-cancelled        Also list cancelled occurrences.
      --color <mode>          auto, always or never (default: auto; NO_COLOR is honoured;
                              24-bit colour when COLORTERM is truecolor or 24bit, else 256).
      --ascii                 Draw without box-drawing or symbol characters.
      --format <format>       text, json, html (--month, --months, -3, --year, --week)
                              or svg (--month, --week) (default: text).
      --width <px>            The width of an SVG picture (default: 900).
      --height <px>           The height of an SVG picture (default: 640, a week 360).

    FEEDS (URLs):
      --cache-dir <dir>       Where the last good copy of each URL is kept
                              (default: $XDG_CACHE_HOME/icsview or ~/.cache/icsview).
      --no-cache              Neither read nor write the cache.
      --offline               Use the cached copy; make no request.
      --timeout <seconds>     The longest a URL may take (default: 120).
      --max-size <mb>         The largest calendar a URL may send (default: 50).
      --version               Show the version.
      -h, --help              Show help information.

    SUBCOMMANDS:
      diff <old> <new>        What changed between two copies of a calendar (see 'icsview diff --help').
      remind <file>...        The reminders (alarms) that go off in a range, in trigger order
                              (--from, --to, --next 7d, --tz, --format; see 'icsview remind --help').
      validate <input>...     Check .ics files and feeds for CI, with the line of every problem (see 'icsview validate --help').

    EXIT STATUS:
      0 success, 1 an input could not be read or is not iCalendar, 64 usage error.

    """
}
