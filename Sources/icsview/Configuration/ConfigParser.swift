import Foundation
import ICSKit

/// Reads the configuration file's text: a pure function from text to a ``Configuration``
/// and the errors found, each with its line.
///
/// ```
/// # comments start with # or ; (whole lines only: a URL may hold a #)
/// family = ~/calendars/family.ics     # before any section: NAME = URL-or-file
///
/// [defaults]
/// timezone = Europe/Berlin
/// first-weekday = mon
/// time-format = 24h
/// color = auto
/// view = month
///
/// [calendar work]
/// url = webcal://example.com/work.ics
/// name = Work
/// color = #3366cc
///
/// [calendar team]
/// caldav = https://dav.example.com/     # a collection, or an account: team/<display name>
/// username = ann
/// password-command = pass show dav      # its first line of output is the password
/// auth = digest                         # basic (the default), digest or any
/// header = X-Api-Key: 1234              # repeatable; also for url
///
/// [calendar local]
/// vdir = ~/.calendars/personal          # vdirsyncer's layout; a folder of them: local/<name>
///
/// [calendars]
/// holidays = ~/calendars/holidays.ics
/// ```
enum ConfigParser {
    /// The keys of `[defaults]`, in the order `config check` lists them.
    static let defaultKeys = ConfigKeys.defaults.map(\.name)
    /// The keys of a `[calendar NAME]` section.
    static let calendarKeys = ConfigKeys.calendar.map(\.name)
    /// The keys that say where a calendar is read from (one of them).
    static let sourceKeys = ["url", "file", "caldav", "vdir"]
    /// The keys that may be given more than once in a section.
    static let repeatableKeys: Set<String> = ["header"]
    /// The longest line read (8 KiB: a feed URL with its token is a few hundred bytes); a longer
    /// one is an error that gives its length, not its text.
    static let maxLineBytes = 8 << 10

    /// Parses `text`, read from `path`.
    /// - Parameters:
    ///   - home: `$HOME`, for sources written `~/…`.
    /// - Returns: what was read, and every error (none when the file is good).
    /// - Complexity: O(n) in the text's length.
    static func parse(_ text: String, path: String, home: String?) -> (Configuration, [ConfigError]) {
        var configuration = Configuration(path: path)
        var errors: [ConfigError] = []
        let folder = (path as NSString).deletingLastPathComponent
        var section: Section?
        var open: OpenCalendar?
        var seenSections: [String: Int] = [:]
        func fail(_ line: Int, _ message: TerminalMessage) { errors.append(ConfigError(path: path, line: line, message: message.description)) }
        func close() {
            guard let entry = open else { return }
            open = nil
            let sources = entry.values.filter { sourceKeys.contains($0.key) }
            guard let source = sources.first else {
                return fail(entry.line, "[calendar \(entry.key)] has no 'url', 'file', 'caldav' or 'vdir'")
            }
            if sources.count > 1 {
                return fail(sources[1].line, "[calendar \(entry.key)] has both '\(sources[0].key)' and '\(sources[1].key)'")
            }
            let kind: Configuration.CalendarEntry.Kind = source.key == "caldav" ? .caldav : source.key == "vdir" ? .vdir : .feed
            let value = { (key: String) in entry.values.first { $0.key == key } }
            for key in ["username", "password-command", "auth"] where kind != .caldav {
                if let line = value(key)?.line { return fail(line, "'\(key.messageExcerpt())' is for a calendar read with 'caldav'") }
            }
            if let line = value("password-command")?.line, value("username") == nil {
                return fail(line, "'password-command' needs a 'username'")
            }
            if let line = value("auth")?.line, value("username") == nil {
                return fail(line, "'auth' needs a 'username'")
            }
            let headers = entry.values.filter { $0.key == "header" }
            if kind == .vdir || source.key == "file", let header = headers.first {
                return fail(header.line, "'header' is for a calendar read over HTTP ('url' or 'caldav')")
            }
            if kind == .caldav {
                guard let url = URL(string: source.value), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                    return fail(source.line, "'\(FeedSource.mask(source.value).messageExcerpt())' is not an http(s) URL")
                }
            }
            var calendar = Configuration.CalendarEntry(key: entry.key, source: kind == .caldav ? source.value : resolve(source.value, folder: folder, home: home),
                                                       displayName: value("name")?.value, color: value("color")?.value, line: entry.line)
            calendar.kind = kind
            calendar.username = value("username")?.value
            calendar.passwordCommand = value("password-command")?.value
            calendar.auth = value("auth").flatMap { HTTPCredentials.Scheme(rawValue: $0.value.lowercased()) }
            calendar.headers = headers.map(\.value)
            add(calendar)
        }
        func add(_ entry: Configuration.CalendarEntry) {
            if let earlier = configuration.calendar(named: entry.key) {
                return fail(entry.line, "calendar '\(entry.key)' is already defined on line \(earlier.line)")
            }
            configuration.add(entry)
        }

        let lines = ConfigSpaces.lines(of: text)
        for (index, raw) in lines.enumerated() {
            let number = index + 1
            // Every message below quotes what the line holds: a line of 900 KB was quoted whole.
            guard raw.utf8.count <= Self.maxLineBytes else {
                fail(number, "the line is \(raw.utf8.count) bytes long (at most \(Self.maxLineBytes))")
                continue
            }
            var line = ConfigSpaces.trimmed(raw)
            if number == 1, line.hasPrefix("\u{FEFF}") { line.removeFirst() }
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("[") {
                close()
                // Until a good header, the lines of a bad section are skipped (its error said enough).
                section = .invalid
                guard line.hasSuffix("]") else {
                    fail(number, "a section header must end with ']'")
                    continue
                }
                let words = headerWords(line)
                switch (words.first, words.count) {
                case ("defaults", 1), ("calendars", 1):
                    let name = words[0]
                    if let earlier = seenSections[name] { fail(number, "[\(name)] is already on line \(earlier)") }
                    seenSections[name] = number
                    section = name == "defaults" ? .defaults : .calendars
                case ("calendar", 2):
                    if let problem = problem(withName: words[1]) {
                        fail(number, problem)
                    } else {
                        section = .calendar
                        open = OpenCalendar(key: words[1], line: number)
                    }
                case ("calendar", _):
                    fail(number, "a calendar section is written [calendar NAME], with one name")
                default:
                    fail(number, "unknown section '\(line.messageExcerpt())' (use [defaults], [calendars] or [calendar NAME])")
                }
                continue
            }
            guard let equals = line.firstIndex(of: "=") else {
                fail(number, "expected 'key = value' or a [section]")
                continue
            }
            let key = ConfigSpaces.trimmed(line[..<equals])
            let value = unquoted(ConfigSpaces.trimmed(line[line.index(after: equals)...]))
            guard !key.isEmpty else {
                fail(number, "a key is missing before '='")
                continue
            }
            guard !value.isEmpty else {
                fail(number, "'\(key.messageExcerpt())' has no value")
                continue
            }
            switch section {
            case .invalid?:
                continue
            case nil:
                // The short form people write first: `work = webcal://…` before any section is a
                // calendar, as under [calendars]; a default's key there still needs [defaults].
                if defaultKeys.contains(key) {
                    fail(number, "'\(key.messageExcerpt())' is outside a section (put it under [defaults])")
                } else if let problem = problem(withName: key) {
                    fail(number, problem)
                } else {
                    add(Configuration.CalendarEntry(key: key, source: resolve(value, folder: folder, home: home), line: number))
                }
            case .defaults?:
                if let earlier = configuration.settings.first(where: { $0.key == key }) {
                    fail(number, "'\(key.messageExcerpt())' is already set on line \(earlier.line)")
                } else if let problem = setDefault(key, value, in: &configuration) {
                    fail(number, problem)
                } else {
                    configuration.settings.append(Configuration.Setting(key: key, value: value, line: number))
                }
            case .calendars?:
                if let problem = problem(withName: key) {
                    fail(number, problem)
                } else {
                    add(Configuration.CalendarEntry(key: key, source: resolve(value, folder: folder, home: home), line: number))
                }
            case .calendar?:
                guard var entry = open else { continue }
                if !calendarKeys.contains(key) {
                    fail(number, "unknown key '\(key.messageExcerpt())' in [calendar \(entry.key)] (use \(calendarKeys.joined(separator: ", ")))")
                } else if !repeatableKeys.contains(key), let earlier = entry.values.first(where: { $0.key == key }) {
                    fail(number, "'\(key.messageExcerpt())' is already set on line \(earlier.line)")
                } else if key == "color", RGBColor(css: value) == nil {
                    fail(number, "'\(value.messageExcerpt())' is not a colour (#RRGGBB, #RGB or a CSS name such as teal)")
                } else if key == "auth", HTTPCredentials.Scheme(rawValue: value.lowercased()) == nil {
                    fail(number, "'\(value.messageExcerpt())' is not an authentication scheme (basic, digest or any)")
                } else if key == "header", let problem = HeaderLine.problem(value) {
                    fail(number, problem)
                } else {
                    entry.values.append((key, value, number))
                    open = entry
                }
            }
        }
        close()
        // A section's own errors (no url) are found at its end: in line order for people.
        let ordered = errors.enumerated().sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }.map(\.element)
        return (configuration, ordered)
    }

    private enum Section { case defaults, calendars, calendar, invalid }

    /// A `[calendar NAME]` section being read.
    private struct OpenCalendar {
        var key: String
        var line: Int
        var values: [(key: String, value: String, line: Int)] = []
    }

    /// Sets one `[defaults]` key; returns what is wrong with it, if anything.
    private static func setDefault(_ key: String, _ value: String, in configuration: inout Configuration) -> TerminalMessage? {
        switch key {
        case "timezone":
            guard TimeZoneNames.displayTimeZone(named: value) != nil else {
                return "unknown time zone '\(value.messageExcerpt())' (use an IANA name such as Europe/Berlin)"
            }
            configuration.timeZone = value
        case "first-weekday":
            guard let day = DateArgument.weekday(value) else { return "'\(value.messageExcerpt())' is not a weekday (mon, tue, wed, thu, fri, sat or sun)" }
            configuration.firstWeekday = day
        case "time-format":
            switch value.lowercased() {
            case "12", "12h": configuration.hour12 = true
            case "24", "24h": configuration.hour12 = false
            default: return "'\(value.messageExcerpt())' is not a time format (24h or 12h)"
            }
        case "color":
            guard let mode = Options.ColorMode(rawValue: value) else { return "'\(value.messageExcerpt())' is not a color mode (auto, always or never)" }
            configuration.color = mode
        case "view":
            guard let view = Configuration.views[value] else {
                return "'\(value.messageExcerpt())' is not a view (\(Configuration.views.keys.sorted().joined(separator: ", ")))"
            }
            configuration.view = view
        case "agenda", "pager":
            guard let on = switchValue(value) else { return "'\(value.messageExcerpt())' is not on or off" }
            if key == "agenda" { configuration.agenda = on } else { configuration.pager = on }
        case "refresh-interval":
            guard let seconds = refreshSeconds(value), seconds > 0 else {
                return "'\(value.messageExcerpt())' is not a refresh interval (seconds, or 90s, 15m, 2h, 1d)"
            }
            configuration.refreshInterval = seconds
        case "sync-timeout":
            guard let seconds = refreshSeconds(value), seconds > 0 else {
                return "'\(value.messageExcerpt())' is not a sync timeout (seconds, or 90s, 15m, 2h)"
            }
            configuration.syncTimeout = seconds
        default:
            return "unknown key '\(key.messageExcerpt())' in [defaults] (use \(defaultKeys.joined(separator: ", ")))"
        }
        return nil
    }

    /// The longest `refresh-interval` in seconds: 100,000 weeks (100,000 × 7 × 86,400), the most
    /// the `w` form takes (`RemindOptions.span`), so that a number of seconds reaches no further
    /// than a span can. Written out for docs/limits.md's table, which `LimitsTableTests` reads.
    static let longestRefreshInterval = 60480000000

    /// The longest a CalDAV sync may take, all its requests together, in seconds, when
    /// `sync-timeout` does not say (an hour: a first sync of 10,000 resources from a Radicale
    /// that had never listed them took five minutes). Written out for docs/limits.md's table.
    static let defaultSyncTimeout = 3600

    /// A `refresh-interval` value in seconds: a number (`900`, `1.5e3`), or a span (`90s`, `15m`,
    /// `2h`, `1d`); nil when it is neither or lies beyond ``longestRefreshInterval``. The number is
    /// checked before it becomes an `Int`: `1e300`, `inf` and `nan` are numbers to `Double`, and
    /// converting one traps.
    static func refreshSeconds(_ value: String) -> Int? {
        if let number = Double(value) {
            guard number.isFinite, number >= 0, number <= Double(longestRefreshInterval) else { return nil }
            return Int(number)
        }
        return WatchOptions.duration(value)
    }

    /// `on`, `yes`, `true` → true; `off`, `no`, `false` → false; else nil.
    static func switchValue(_ value: String) -> Bool? {
        switch value.lowercased() {
        case "on", "yes", "true": true
        case "off", "no", "false": false
        default: nil
        }
    }

    /// What is wrong with `name` as a calendar's name on the command line, if anything.
    static func problem(withName name: String) -> TerminalMessage? {
        // An ASCII name on its bytes (each byte a character, CR LF being neither a letter nor
        // allowed either way); any other through `Character`'s properties.
        let ascii = name.utf8.allSatisfy { $0 < 0x80 }
        func isLetterOrDigit(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte | 0x20) || (0x30...0x39).contains(byte) }
        let startsWell = ascii ? name.utf8.first.map { isLetterOrDigit($0) || $0 == 0x5F } ?? false
            : name.first.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false
        guard startsWell else {
            return "'\(name.messageExcerpt())' cannot name a calendar: it must start with a letter, a digit or '_'"
        }
        let allWell = ascii ? name.utf8.allSatisfy { isLetterOrDigit($0) || $0 == 0x5F || $0 == 0x2E || $0 == 0x2D }
            : name.allSatisfy { $0.isLetter || $0.isNumber || "_.-".contains($0) }
        guard allWell else {
            return "'\(name.messageExcerpt())' cannot name a calendar: use letters, digits, '_', '.' and '-'"
        }
        if Configuration.reservedNames.contains(name) { return "'\(name.messageExcerpt())' cannot name a calendar: it is a subcommand" }
        return nil
    }

    /// The words between a section header's brackets, split at whitespace (`Character.isWhitespace`;
    /// an ASCII header on its bytes, where that is tab, LF, VT, FF, CR and space).
    private static func headerWords(_ line: String) -> [String] {
        let inside = line.dropFirst().dropLast()
        guard inside.utf8.allSatisfy({ $0 < 0x80 }) else { return inside.split(whereSeparator: \.isWhitespace).map(String.init) }
        return inside.utf8.split(whereSeparator: { $0 == 0x20 || (0x09...0x0D).contains($0) }).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A source as the loader takes it: URLs as written; `~/` from `home`; a relative path
    /// from `folder` (the configuration file's).
    static func resolve(_ source: String, folder: String, home: String?) -> String {
        if source.contains("://") || source == "-" || source.hasPrefix("/") { return source }
        if source == "~" || source.hasPrefix("~/"), let home { return home + source.dropFirst() }
        return folder.isEmpty ? source : (folder as NSString).appendingPathComponent(source)
    }

    /// The value without one pair of surrounding double quotes.
    private static func unquoted(_ value: String) -> String {
        value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"") ? String(value.dropFirst().dropLast()) : value
    }
}
