import ICSKit

/// What the configuration file (`~/.config/icsview/config`) says: the calendars it names and
/// the defaults it sets. Parsed by ``ConfigParser``; found by ``ConfigLocation``.
///
/// Explicit options override these defaults, which override the built-in ones.
struct Configuration: Equatable {
    /// A `[calendar NAME]` section (or a `NAME = SOURCE` line under `[calendars]`).
    struct CalendarEntry: Equatable {
        /// Where a calendar is read from.
        enum Kind: Equatable {
            /// `url = …` or `file = …` (or a `NAME = SOURCE` line): a feed or a file.
            case feed
            /// `caldav = URL`: a CalDAV collection, or an account (each calendar `NAME/<display name>`).
            case caldav
            /// `vdir = PATH`: a vdir calendar, or a folder of them (each `NAME/<folder name>`).
            case vdir
        }

        /// The name that stands for the calendar on the command line (`icsview work --month`).
        var key: String
        /// A URL, or a file path (`~/` expanded, relative to the configuration file's folder).
        var source: String
        /// `name = …`: the display name, instead of the feed's own (X-WR-CALNAME).
        var displayName: String?
        /// `color = …`: a CSS colour (`#3366cc`, `teal`), instead of the feed's own.
        var color: String?
        /// The line that names the calendar.
        var line: Int
        /// What ``source`` is.
        var kind: Kind = .feed
        /// `username = …` (CalDAV).
        var username: String?
        /// `auth = basic | digest | any` (CalDAV): how the credentials are sent; nil is Basic.
        var auth: HTTPCredentials.Scheme?
        /// `password-command = …` (CalDAV): run through the shell when a password is needed;
        /// the first line of its output is the password. Never printed.
        var passwordCommand: String?
        /// `header = Name: value` lines, sent with every request. Their values are never printed.
        var headers: [String] = []
    }

    /// One `key = value` line of `[defaults]`, as written, for `config check`.
    struct Setting: Equatable {
        var key: String
        var value: String
        var line: Int
    }

    /// The file read.
    var path: String
    /// The calendars, in file order (added through ``add(_:)``, which keeps ``calendar(named:)``'s index).
    private(set) var calendars: [CalendarEntry] = []
    /// Where each name is in ``calendars``: a lookup costs the same for 10,000 sections as for one.
    private var positions: [String: Int] = [:]
    /// The `[defaults]` lines, in file order.
    var settings: [Setting] = []
    /// `timezone`.
    var timeZone: String?
    /// `first-weekday`.
    var firstWeekday: Weekday?
    /// `time-format` (`12h`/`12` → true, `24h`/`24` → false).
    var hour12: Bool?
    /// `color` (auto, always, never).
    var color: Options.ColorMode?
    /// `view` (summary, month, week, agenda, year, todos).
    var view: Options.View?
    /// `agenda` (on, off): whether the month shows its agenda (`--no-agenda` for off).
    var agenda: Bool?
    /// `pager` (on, off): whether long output to a terminal goes through a pager (`--no-pager` for off).
    var pager: Bool?
    /// `refresh-interval` (seconds): how often `remind --watch` reads its sources again, and
    /// how old the local copy of a CalDAV calendar may be before a command syncs it.
    var refreshInterval: Int?
    /// `sync-timeout` (seconds): the longest a CalDAV sync may take, all its requests together.
    var syncTimeout: Int?

    /// An empty configuration read from `path`.
    init(path: String) {
        self.path = path
    }

    /// The configured calendar called `key`.
    func calendar(named key: String) -> CalendarEntry? {
        positions[key].map { calendars[$0] }
    }

    /// Adds a calendar; a name already taken keeps its first entry (the parser reports the second).
    mutating func add(_ entry: CalendarEntry) {
        guard positions[entry.key] == nil else { return }
        positions[entry.key] = calendars.count
        calendars.append(entry)
    }

    /// The options the file sets, for the parsers to start from: explicit options then
    /// override them. `inputs` are every configured calendar, used when none is named.
    var defaults: Options {
        var options = Options()
        options.inputs = calendars.map(\.key)
        options.timeZone = timeZone
        options.firstWeekday = firstWeekday
        options.hour12 = hour12
        if let color { options.color = color }
        if let view { options.view = view }
        if let agenda { options.noAgenda = !agenda }
        if let pager { options.noPager = !pager }
        options.refreshInterval = refreshInterval
        options.syncTimeout = syncTimeout
        return options
    }

    /// The names of the configured calendars.
    var names: Set<String> { Set(calendars.map(\.key)) }

    /// The views a `view = …` line may name.
    static let views: [String: Options.View] = [
        "summary": .summary, "month": .month, "week": .week, "agenda": .agenda, "year": .year, "todos": .todos,
    ]

    /// Words that cannot name a calendar, because they are subcommands.
    static var reservedNames: Set<String> { Subcommands.names }
}

/// A line of the configuration file that is wrong: printed as `FILE:LINE: error: MESSAGE`.
struct ConfigError: Error, Equatable, CustomStringConvertible {
    var path: String
    /// The 1-based line, nil for the whole file (it cannot be read).
    var line: Int?
    /// What is wrong: the values it quotes were made safe each on its own and cut to a bounded
    /// prefix (``TerminalMessage``, ``Swift/StringProtocol/messageExcerpt(limit:kept:)``).
    var message: String

    /// The path made safe on its own: a name ending in U+009B would take the message with it.
    var description: String {
        "\(TerminalMessage.part(path))\(line.map { ":\($0)" } ?? ""): error: \(message)"
    }
}
