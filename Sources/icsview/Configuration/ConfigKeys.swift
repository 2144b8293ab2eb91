/// Every key of the configuration file, with the values it takes and what it does. The parser
/// accepts exactly these keys (its "unknown key" messages list them) and the manual page's
/// CONFIGURATION FILE section is rendered from them, so the two cannot drift apart.
enum ConfigKeys {
    /// One `key = value` line's key.
    struct Key {
        /// The key as written in the file.
        let name: String
        /// The values it takes, as the manual page shows them.
        let value: String
        /// What it does.
        let help: [String]
    }

    /// The keys of `[defaults]`, in the order `config check` lists them.
    static let defaults: [Key] = [
        Key(name: "timezone", value: "<IANA name>", help: ["The zone times are shown in (default: $TZ, else the system's)."]),
        Key(name: "first-weekday", value: "mon … sun", help: ["The first column of the grids (default: the locale's)."]),
        Key(name: "time-format", value: "24h | 12h", help: ["Times as 14:30 or 2:30pm (also 24, 12)."]),
        Key(name: "color", value: "auto | always | never", help: ["As --color."]),
        Key(name: "view", value: "summary | month | week | agenda | year | todos",
            help: ["The view when the command line names none."]),
        Key(name: "agenda", value: "on | off", help: ["off: --month without its agenda, as --no-agenda."]),
        Key(name: "pager", value: "on | off", help: ["off: long output to a terminal is written directly, as with --no-pager."]),
        Key(name: "refresh-interval", value: "<seconds> | 90s | 15m | 2h | 1d",
            help: ["How long a CalDAV calendar's local copy is used before it is synced again",
                   "(default: 15m), and how often 'icsview remind --watch' reads feeds again."]),
        Key(name: "sync-timeout", value: "<seconds> | 90s | 15m | 2h",
            help: ["The longest a CalDAV calendar's sync may take, all its requests together",
                   "(default: 1h); each request is also bounded by --timeout."]),
    ]

    /// The keys of a `[calendar NAME]` section.
    static let calendar: [Key] = [
        Key(name: "url", value: "<http, https or webcal URL>", help: ["A feed (one of url, file, caldav and vdir says where the calendar is)."]),
        Key(name: "file", value: "<path>", help: ["A file: ~/ is $HOME, a relative path is next to the configuration file."]),
        Key(name: "caldav", value: "<URL>", help: ["A CalDAV collection, or a server or principal URL: then every calendar of the",
                                                   "account, each as NAME/<display name>. Read through a local copy that",
                                                   "'icsview sync' and refresh-interval keep up to date."]),
        Key(name: "vdir", value: "<path>", help: ["A vdir calendar (one .ics file per item, as vdirsyncer keeps them); a folder of",
                                                  "them is an account."]),
        Key(name: "name", value: "<text>", help: ["Shown instead of the calendar's own name; quotes optional."]),
        Key(name: "color", value: "#RRGGBB | #RGB | <CSS name>", help: ["Its colour in every view, instead of its own or one from the palette."]),
        Key(name: "username", value: "<text>", help: ["The CalDAV account's user name."]),
        Key(name: "auth", value: "basic | digest | any", help: ["How the user name and password are sent (default basic: with every request;",
                                                                "digest: HTTP Digest, answering the server's challenge; any: whichever of",
                                                                "the two the server asks for). digest and any cost a round trip a request."]),
        Key(name: "password-command", value: "<shell command>", help: ["Run when a request is made; the first line of its output is the password,",
                                                                      "kept in memory only and never printed."]),
        Key(name: "header", value: "<Name: value>", help: ["A header sent with every request of a url or caldav calendar (a token, say);",
                                                           "repeatable; sent to its own host only."]),
    ]

    /// A whole file that uses every form, for the manual page.
    static let example = """
    # Whole lines starting with # or ; are comments (a URL may hold a #).
    family = ~/calendars/family.ics

    [defaults]
    timezone = Europe/Berlin
    first-weekday = mon
    time-format = 24h
    view = month

    [calendar work]
    url = webcal://calendar.example.com/work.ics
    name = Work
    color = #3366cc

    [calendar team]
    caldav = https://dav.example.com/calendars/ann/team/
    username = ann
    password-command = pass show dav.example.com

    [calendars]
    holidays = https://example.org/holidays.ics
    """
}
