#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import ICSKit

/// What every view needs from the environment: the display zone and calendar, today,
/// the terminal's width and whether to use color. Resolved once from the options.
struct ViewContext {
    var zone: TimeZone
    var calendar: Calendar
    var today: CivilDate
    var width: Int
    /// The terminal's height in lines (`LINES`, else the terminal's own), nil when unknown.
    var height: Int?
    var color: Bool
    /// The words of the user's language.
    var strings: LocalStrings
    /// Dates and times in the user's locale (12- or 24-hour as chosen).
    var dates: LocalDates
    /// The instant against which to-dos are overdue: now, or the start of `--today`.
    var instant: Date
    /// Whether the user's locale writes right to left.
    var isRightToLeft: Bool

    /// - Throws: a ``UsageError`` for an unknown `--tz`.
    init(options: Options, environment: [String: String] = ProcessInfo.processInfo.environment) throws(UsageError) {
        if let name = options.timeZone {
            guard let zone = TimeZoneNames.displayTimeZone(named: name) else {
                throw UsageError(message: "unknown time zone '\(name)' given to --tz (use an IANA name such as Europe/Berlin)")
            }
            self.zone = zone
        } else if let tz = environment["TZ"], !tz.isEmpty, let zone = TimeZoneNames.displayTimeZone(named: tz.hasPrefix(":") ? String(tz.dropFirst()) : tz) {
            self.zone = zone
        } else {
            zone = TimeZone.current
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let locale = ViewContext.locale(environment: environment)
        calendar.locale = locale
        if let first = options.firstWeekday { calendar.firstWeekday = first.rawValue }
        self.calendar = calendar
        if let today = options.today {
            self.today = today
        } else {
            let parts = calendar.dateComponents([.year, .month, .day], from: Date())
            today = CivilDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
        }
        width = ViewContext.terminalWidth(environment: environment)
        height = ViewContext.terminalHeight(environment: environment)
        let explicit = ViewContext.hasExplicitLocale(environment: environment)
        strings = explicit ? LocalStrings.of(locale) : .english
        // 24-hour unless asked for, or the user's own locale writes 12-hour times.
        dates = LocalDates(calendar: calendar, hour12: options.hour12 ?? (explicit ? nil : false))
        isRightToLeft = explicit && LocalStrings.isRightToLeft(locale)
        instant = options.today == nil ? Date() : CalendarDay(today).startDate(in: calendar)
        switch options.color {
        case .always: color = true
        case .never: color = false
        case .auto: color = isatty(1) != 0 && environment["NO_COLOR"].map(\.isEmpty) ?? true && environment["TERM"] != "dumb"
        }
    }

    /// Today by the system's clock in the system's zone (when `--tz` names no known zone).
    static func clockToday() -> CivilDate {
        let parts = Calendar(identifier: .gregorian).dateComponents([.year, .month, .day], from: Date())
        return CivilDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// The user's locale from `LC_ALL`, else `LC_TIME`, else `LANG` (`de_DE.UTF-8` → `de_DE`);
    /// Foundation's own default for `C`, `POSIX` or nothing set. (Foundation on Linux does not
    /// read these variables itself.) It gives the weekday names and, unless `--first-weekday`
    /// is given, the first day of the week.
    static func locale(environment: [String: String]) -> Locale {
        let value = [environment["LC_ALL"], environment["LC_TIME"], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty } ?? ""
        let name = value.split(separator: ".").first.map(String.init)?.split(separator: "@").first.map(String.init) ?? ""
        guard !name.isEmpty, name != "C", name != "POSIX" else { return Locale.current }
        return Locale(identifier: name)
    }

    /// Whether `LC_ALL`, `LC_TIME` or `LANG` names a locale (not `C`, `POSIX` or nothing).
    static func hasExplicitLocale(environment: [String: String]) -> Bool {
        let value = [environment["LC_ALL"], environment["LC_TIME"], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty } ?? ""
        let name = value.split(separator: ".").first.map(String.init) ?? ""
        return !name.isEmpty && name != "C" && name != "POSIX"
    }

    /// `COLUMNS`, else the terminal's own width, else 80; at most 10,000 (a number from the
    /// environment sizes every line drawn: `COLUMNS=99999999999` must not).
    static func terminalWidth(environment: [String: String]) -> Int {
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return min(columns, 10_000) }
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }

    /// `LINES`, else the terminal's own height, else nil (output to a pipe or a file); at most 10,000.
    static func terminalHeight(environment: [String: String]) -> Int? {
        if let text = environment["LINES"], let lines = Int(text), lines > 0 { return min(lines, 10_000) }
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 { return Int(size.ws_row) }
        return nil
    }

    /// "Now" for the projection: the start of `today` in the display zone.
    var now: Date { CalendarDay(today).startDate(in: calendar) }

    /// The instant at which `day` begins in the display zone.
    func start(of day: CivilDate) -> Date { CalendarDay(day).startDate(in: calendar) }
}
