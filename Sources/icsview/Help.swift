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
      --month [<month>]       Show a month as a grid (default: this month): 2024-12, 2024-1,
                              2024-12-01, nov, november (this year), or a day as below.
      --week [<day>]          Show the week that holds a day (default: today).
      -3                      Show the previous, this and the next month (with --month: around it).
      --year [<yyyy>], -y     Show a year as twelve small months (default: this year).
      --agenda                List the occurrences between --from and --to.
      --todos                 List the open to-dos by due date.

    OPTIONS:
      --from <day>            First day shown by --agenda (default: today).
      --to <day>              Last day shown by --agenda, inclusive (default: 30 days on).
      --tz <zone>             Display time zone, IANA or Windows name (default: $TZ or the system's).
      --days <n>              The agenda covers n days from --from (instead of --to).
      --months <n>            How many months --month shows, side by side when they fit (default: 1).
      --no-agenda             Show the month grid without the agenda under (or beside) it.
      --time-format <12|24>   12- or 24-hour times (default: from the locale; 24 without one).
      --first-weekday <day>   mon, tue, wed, thu, fri, sat or sun (default: from the locale).
      --week-numbers          Show week numbers beside the grid.
      --select <day>          Below the month, list only this day.
      --today <yyyy-mm-dd>    Take this day as today (for reproducible output).
      --show-cancelled        Also list cancelled occurrences.
      --color <mode>          auto, always or never (default: auto; NO_COLOR is honoured;
                              24-bit colour when COLORTERM is truecolor or 24bit, else 256).
      --ascii                 Draw without box-drawing or symbol characters.
      --format <format>       text or json (default: text).

    FEEDS (URLs):
      --cache-dir <dir>       Where the last good copy of each URL is kept
                              (default: $XDG_CACHE_HOME/icsview or ~/.cache/icsview).
      --no-cache              Neither read nor write the cache.
      --offline               Use the cached copy; make no request.
      --timeout <seconds>     The longest a URL may take (default: 120).
      --max-size <mb>         The largest calendar a URL may send (default: 50).
      --version               Show the version.
      -h, --help              Show help information.

    DATES:
      A <day> is 2024-12-01, today, tomorrow, yesterday, +7d, -2w, +1m, -1y, or a weekday
      name (mon, monday: the next one after today), counted from --today. After --month or
      --week the next word is the option's value when it is written like a date or month,
      or is not an option, a URL, a name ending in .ics, or an existing file.

    SUBCOMMANDS:
      diff <old> <new>        What changed between two copies of a calendar (see 'icsview diff --help').
      validate <input>...     Check .ics files and feeds for CI, with the line of every problem (see 'icsview validate --help').

    EXIT STATUS:
      0 success, 1 an input could not be read or is not iCalendar (the others are still
      shown, then "1 of 2 calendars could not be read"), 64 usage error.
      diff: 0 no changes, 1 changes, 2 trouble.

    """
}
