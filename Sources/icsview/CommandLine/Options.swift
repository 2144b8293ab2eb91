import ICSKit

/// What the user asked for on the command line.
struct Options {
    enum View: Equatable {
        case summary
        case month
        case week
        case agenda
        /// `--year [YYYY]`, `-y`: twelve compact months.
        case year
        /// `--todos`: the open to-dos by due date.
        case todos
    }

    enum Format: String, Equatable { case text, json, html, svg }
    enum ColorMode: String, Equatable { case auto, always, never }

    var inputs: [String] = []
    var view: View = .summary
    var format: Format = .text
    /// `--month YYYY-MM`.
    var month: (year: Int, month: Int)?
    var months = 1
    /// `--week YYYY-MM-DD`.
    var weekDate: CivilDate?
    var from: CivilDate?
    var to: CivilDate?
    var timeZone: String?
    var firstWeekday: Weekday?
    var weekNumbers = false
    var color: ColorMode = .auto
    var ascii = false
    var today: CivilDate?
    var select: CivilDate?
    var showCancelled = false
    var showHelp = false
    var showVersion = false
    /// `--generate-man-page`: print the manual page.
    var showManPage = false
    /// `--generate-completion-script SHELL`: print the completion script for bash, zsh or fish.
    var completionShell: String?
    /// `--offline`: serve URLs from the cache only.
    var offline = false
    /// `--no-cache`: neither read nor write the feed cache.
    var noCache = false
    /// `--cache-dir DIR` (default: `$XDG_CACHE_HOME/icsview` or `~/.cache/icsview`).
    var cacheDirectory: String?
    /// `--refresh`: sync CalDAV calendars whatever the age of their local copy.
    var refresh = false
    /// The configuration's `refresh-interval` (seconds): the age at which a CalDAV calendar's
    /// local copy is synced before it is read (default: ``LocalCopies/defaultMaximumAge``).
    var refreshInterval: Int?
    /// The configuration's `sync-timeout` (seconds): the longest a CalDAV sync may take, all its
    /// requests together (default: ``ConfigParser/defaultSyncTimeout``).
    var syncTimeout: Int?
    /// `--timeout SECONDS`: the longest a URL may take.
    var timeout: Double?
    /// `--max-size MB`: the largest body a URL may send.
    var maxSizeMB: Int?
    /// `--no-agenda`: the month grid alone.
    var noAgenda = false
    /// `-3`: the previous, this and the next month.
    var threeMonths = false
    /// `--year YYYY` (nil: this year).
    var year: Int?
    /// `--days N`: the agenda covers N days from `--from`.
    var days: Int?
    /// `--time-format 12|24` (nil: as the locale has it).
    var hour12: Bool?
    /// `--width PX`, `--height PX`: the size of an SVG picture (`--format svg`).
    var pictureWidth: Int?
    var pictureHeight: Int?
    /// `-q`/`--quiet`, `--verbose`: how the problems met in the inputs are told (default: one line per input).
    var verbosity: DiagnosticOutput.Verbosity = .summary
    /// `--strict`: exit 1 when something in an input could not be read (a problem of severity error).
    var strict = false
    /// `--grep TEXT`: only occurrences whose text contains TEXT (``SearchFilter``).
    var grep: String?
    /// `--calendar NAME`, repeatable: only the calendars of these display names (``SearchFilter``).
    var calendarFilter: [String] = []
    /// `--no-pager`: write to the terminal directly, not through the pager (``Pager``).
    var noPager = false
    /// `--details`: each event's location, meeting link, people, repeats and alarms under it.
    var details = false
    /// What the parser warns about (an option that does nothing in the view, ``OptionScope``):
    /// printed on standard error as `warning: …` unless `--quiet`.
    var warnings: [String] = []
}
