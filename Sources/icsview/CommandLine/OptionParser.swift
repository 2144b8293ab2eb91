import Foundation
import ICSKit

/// Parses the command line: a pure function from arguments to ``Options`` or a ``UsageError``.
/// Accepts `--opt value`, `--opt=value` and `--` (everything after it is a file).
enum OptionParser {
    /// Options that take a value, from ``OptionTable`` (`--config` is read before, by ``ConfigLocation``).
    static let valued: Set<String> = Set(OptionTable.options.filter { $0.value != nil && !$0.valueIsOptional }.flatMap(\.names))
        .subtracting(["--config"])
    /// Options whose value is optional (taken only when the next word looks like one).
    static let optionalValued: Set<String> = Set(OptionTable.options.filter(\.valueIsOptional).flatMap(\.names))
    static let flags: Set<String> = Set(OptionTable.options.filter { $0.value == nil }.flatMap(\.names))

    static var allNames: [String] { (valued.union(optionalValued).union(flags)).sorted() }

    /// - Parameters:
    ///   - defaults: where the options start (the configuration's, ``Configuration/defaults``):
    ///     what the arguments set overrides them; its inputs are used when the arguments name none.
    ///   - configuredNames: the configured calendars' names: after `--month` or `--week`, such a
    ///     name is the option's value only when it parses as one (`nov`), else it is an input.
    ///   - checksScope: whether an option the chosen view ignores is an error or a warning
    ///     (``OptionScope``); false for the subcommands that borrow the parser for their own options.
    static func parse(_ arguments: [String], defaults: Options = Options(),
                      configuredNames: Set<String> = [], checksScope: Bool = true) throws(UsageError) -> Options {
        var options = defaults
        options.inputs = []
        var verbositySet: String?
        var viewSet: String?
        func setView(_ view: Options.View, _ name: String) throws(UsageError) {
            if let viewSet, viewSet != name { throw UsageError(message: "\(viewSet) and \(name) cannot be used together") }
            viewSet = name
            options.view = view
        }
        var cursor = ArgumentCursor(arguments)
        // Day and month values are resolved after the loop, when `--today` is known.
        var dayTexts: [(name: String, text: String)] = []
        var monthText: String?
        let locale = ViewContext.locale(environment: ProcessInfo.processInfo.environment)
        let takesMonth = { (text: String) in
            configuredNames.contains(text) ? DateArgument.month(text, today: ViewContext.clockToday(), locale: locale) != nil
                : OptionParser.isDateValue(text, locale: locale)
        }
        let takesDay = { (text: String) in
            configuredNames.contains(text) ? DateArgument.day(text, today: ViewContext.clockToday(), locale: locale) != nil
                : OptionParser.isDateValue(text, locale: locale)
        }
        // The options the command line gives (not the configuration's), for ``OptionScope``.
        var given: [String] = []
        let takesWeek = { (text: String) in
            takesDay(text) || DateArgument.weekNumber(text, today: ViewContext.clockToday()) != nil
        }
        // `--month oct 2024`: a month's name may be followed by its year, a word of its own.
        func monthWithYear(_ text: String) -> String {
            guard DateArgument.monthName(text, locale: locale) != nil,
                  let year = cursor.optionalValue(inline: nil, matching: { DateArgument.year($0) != nil }) else { return text }
            return text + " " + year
        }
        while let word = cursor.next() {
            guard case let .option(name, inlineValue) = word else {
                if case let .input(input) = word { options.inputs.append(input) }
                continue
            }
            given.append(name)
            func value() throws(UsageError) -> String { try cursor.value(for: name, inline: inlineValue) }
            func optionalValue(matching looksRight: (String) -> Bool) -> String? {
                cursor.optionalValue(inline: inlineValue, matching: looksRight)
            }
            if flags.contains(name) || optionalValued.contains(name) || valued.contains(name) {
                if flags.contains(name), inlineValue != nil { throw UsageError(message: "'\(name)' takes no value") }
            } else {
                throw ArgumentCursor.unknownOption(name, known: allNames)
            }
            switch name {
            case "-h", "--help": options.showHelp = true
            case "--version": options.showVersion = true
            case "--generate-man-page": options.showManPage = true
            case "--generate-completion-script":
                let text = try value()
                guard Completions.shells.contains(text) else { throw UsageError(message: "'\(text)' is not a shell (bash, zsh or fish)") }
                options.completionShell = text
            case "--agenda": try setView(.agenda, name)
            case "--week-numbers": options.weekNumbers = true
            case "--no-agenda": options.noAgenda = true
            case "-3":
                try setView(.month, "--month")
                options.threeMonths = true
                if let text = optionalValue(matching: takesMonth) { monthText = monthWithYear(text) }
            case "--year", "-y":
                try setView(.year, "--year")
                if let text = optionalValue(matching: { $0.count == 4 && Int($0) != nil }) {
                    guard let year = Int(text) else { throw UsageError(message: "'\(text)' is not a year (YYYY)") }
                    try DateRange.check(months: 12, from: (year, 1), what: "--year \(text)")
                    options.year = year
                }
            case "--todos": try setView(.todos, name)
            case "--summary": try setView(.summary, name)
            case "-q", "--quiet", "--verbose":
                let spelled = name == "--verbose" ? name : "--quiet"
                if let verbositySet, verbositySet != spelled { throw UsageError(message: "--quiet and --verbose cannot be used together") }
                verbositySet = spelled
                options.verbosity = name == "--verbose" ? .verbose : .quiet
            case "--strict": options.strict = true
            case "--days":
                let text = try value()
                guard let n = Int(text), (1...3660).contains(n) else { throw UsageError(message: "'\(text)' is not a number of days from 1 to 3660") }
                options.days = n
            case "--time-format":
                let text = try value()
                // As the configuration takes it: 12, 12h, 24, 24h.
                switch text.lowercased() {
                case "12", "12h": options.hour12 = true
                case "24", "24h": options.hour12 = false
                default: throw UsageError(message: "'\(text)' is not a time format (12h or 24h)")
                }
            case "--ascii": options.ascii = true
            case "--details": options.details = true
            case "--no-pager": options.noPager = true
            case "--show-cancelled": options.showCancelled = true
            case "--month":
                try setView(.month, name)
                if let text = optionalValue(matching: takesMonth) { monthText = monthWithYear(text) }
            case "--week":
                try setView(.week, name)
                if let text = optionalValue(matching: takesWeek) { dayTexts.append((name, text)) }
            case "--format":
                let text = try value()
                guard let format = Options.Format(rawValue: text) else { throw UsageError(message: "'\(text)' is not a format (text, json, html or svg)") }
                options.format = format
            case "--width", "--height":
                let text = try value()
                guard let pixels = Int(text), (100...10_000).contains(pixels) else { throw UsageError(message: "'\(text)' given to \(name) is not a size in pixels from 100 to 10000") }
                if name == "--width" { options.pictureWidth = pixels } else { options.pictureHeight = pixels }
            case "--color":
                let text = try value()
                guard let mode = Options.ColorMode(rawValue: text) else { throw UsageError(message: "'\(text)' is not a color mode (auto, always or never)") }
                options.color = mode
            case "--months":
                let text = try value()
                guard let n = Int(text), (1...24).contains(n) else { throw UsageError(message: "'\(text)' is not a number of months from 1 to 24") }
                options.months = n
            case "--from", "--to", "--select": dayTexts.append((name, try value()))
            case "--today":
                let text = try value()
                guard let day = DateArgument.day(text) else { throw UsageError(message: "'\(text)' given to --today is not a date (YYYY-MM-DD)") }
                options.today = try DateRange.check(day, given: text, to: name)
            case "--tz": options.timeZone = try value()
            case "--grep":
                let text = try value()
                guard !text.isEmpty else { throw UsageError(message: "--grep needs a text to look for") }
                options.grep = text
            case "--calendar": options.calendarFilter.append(try value())
            case "--offline": options.offline = true
            case "--refresh": options.refresh = true
            case "--no-cache": options.noCache = true
            case "--cache-dir": options.cacheDirectory = try value()
            case "--timeout": options.timeout = try FetchArguments.timeout(try value())
            case "--max-size": options.maxSizeMB = try FetchArguments.maxSizeMB(try value())
            case "--first-weekday":
                let text = try value()
                guard let day = DateArgument.weekday(text) else { throw UsageError(message: "'\(text)' is not a weekday (mon, tue, wed, thu, fri, sat or sun)") }
                options.firstWeekday = day
            default: break
            }
        }
        // Today in the display zone (--tz, $TZ), looked up only when a date needs it.
        let today = monthText == nil && dayTexts.isEmpty ? CivilDate(year: 1970, month: 1, day: 1)
            : options.today ?? (try? ViewContext(options: options))?.today ?? ViewContext.clockToday()
        if let text = monthText {
            guard let month = DateArgument.month(text, today: today, locale: locale) else {
                throw UsageError(message: "'\(text)' is not a month (YYYY-MM, MM/YYYY, oct, oct 2024)")
            }
            try DateRange.check(month: month, given: text, to: "--month")
            options.month = month
        }
        for (name, text) in dayTexts {
            let weekNumber = name == "--week" ? DateArgument.weekNumber(text, today: today) : nil
            guard let day = DateArgument.day(text, today: today, locale: locale) ?? weekNumber else {
                throw UsageError(message: "'\(text)' given to \(name) is not a date (YYYY-MM-DD, today, +7d, mon, 2024-W42, …)")
            }
            if name == "--week" {
                try DateRange.check(weekOf: day, firstWeekday: firstWeekday(options, locale: locale), given: text, to: name)
            } else {
                _ = try DateRange.check(day, given: text, to: name)
            }
            switch name {
            case "--week": options.weekDate = day
            case "--from": options.from = day
            case "--to": options.to = day
            default: options.select = day
            }
        }
        if let from = options.from, let to = options.to, to < from {
            throw UsageError(message: "--to \(to) is before --from \(from)")
        }
        try checkShownRange(options, today: today, locale: locale)
        if let error = PageFormats.check(options) { throw error }
        if options.days != nil && options.to != nil {
            throw UsageError(message: "--days and --to cannot be used together")
        }
        if checksScope { options.warnings = try OptionScope.check(options, given: given, today: today) }
        if options.inputs.isEmpty { options.inputs = defaults.inputs }
        if !options.showHelp && !options.showVersion && !options.showManPage && options.completionShell == nil && options.inputs.isEmpty {
            throw UsageError(message: "missing expected argument '<file>'")
        }
        return options
    }

    /// The grids a month view (`-3`, `--months`) or year view draws, and the days `--days`
    /// asks of the agenda, checked against ``DateRange`` once every date is resolved (a month
    /// given and the months around it, or today's when none is).
    private static func checkShownRange(_ options: Options, today: CivilDate, locale: Locale) throws(UsageError) {
        guard !options.showHelp, !options.showVersion, !options.showManPage, options.completionShell == nil else { return }
        // Today (the clock's, or --today) is the default of every view's date.
        let day = options.today ?? today
        switch options.view {
        case .month:
            let month = options.month ?? (day.year, day.month)
            let first = options.threeMonths ? DateRange.split(month.year * 12 + month.month - 2) : month
            let count = options.threeMonths ? 3 : options.months
            try DateRange.check(months: count, from: first, what: options.threeMonths ? "-3" : options.months > 1 ? "--months \(options.months)" : "--month")
        case .year:
            try DateRange.check(months: 12, from: (options.year ?? day.year, 1), what: "--year")
        case .week where options.weekDate == nil:
            try DateRange.check(weekOf: day, firstWeekday: firstWeekday(options, locale: locale), given: "\(day)", to: "--today")
        case .agenda:
            let from = options.from ?? day
            if let days = options.days, !DateRange.contains(from.adding(days: days - 1)) {
                throw UsageError(message: "--days \(days) from \(from) reaches \(DateRange.describe(from.adding(days: days - 1))), outside the days icsview shows (\(DateRange.days))")
            }
        default: break
        }
    }

    /// The first day of the week: `--first-weekday`, else the locale's (as ``ViewContext`` has it).
    private static func firstWeekday(_ options: Options, locale: Locale) -> Int {
        if let first = options.firstWeekday { return first.rawValue }
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        return calendar.firstWeekday
    }

    /// Whether the word after `--month` or `--week` is the option's value rather than an input:
    /// always when it is written like a date or month (`2024-13`, `+1m`, `nov`, `today`, `mon`);
    /// never when it starts with `-`, is a URL (`://`), ends in `.ics`, or names an existing
    /// file; otherwise it is (and an invalid one is reported as such, not opened).
    static func isDateValue(_ text: String, locale: Locale) -> Bool {
        if DateArgument.looksLikeDate(text, locale: locale) { return true }
        if text.hasPrefix("-") || text.contains("://") || text.lowercased().hasSuffix(".ics") { return false }
        return !FileManager.default.fileExists(atPath: text)
    }
}
