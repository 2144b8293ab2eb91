import Foundation
import ICSKit

/// Parses the command line: a pure function from arguments to ``Options`` or a ``UsageError``.
/// Accepts `--opt value`, `--opt=value` and `--` (everything after it is a file).
enum OptionParser {
    /// Options that take a value.
    static let valued: Set<String> = ["--format", "--months", "--from", "--to", "--tz", "--first-weekday", "--color", "--today", "--select",
                                      "--cache-dir", "--timeout", "--max-size",
                                      "--days", "--time-format", "--width", "--height", "--generate-completion-script",
                                      "--grep", "--calendar"]
    /// Options whose value is optional (taken only when the next word looks like one).
    static let optionalValued: Set<String> = ["--month", "--week", "--year"]
    static let flags: Set<String> = ["--agenda", "--week-numbers", "--ascii", "--show-cancelled", "--help", "-h", "--version",
                                     "--offline", "--no-cache",
                                     "--no-agenda", "-3", "-y", "--todos", "--generate-man-page",
                                     "--summary", "-q", "--quiet", "--verbose", "--strict"]

    static var allNames: [String] { (valued.union(optionalValued).union(flags)).sorted() }

    /// - Parameters:
    ///   - defaults: where the options start (the configuration's, ``Configuration/defaults``):
    ///     what the arguments set overrides them; its inputs are used when the arguments name none.
    ///   - configuredNames: the configured calendars' names: after `--month` or `--week`, such a
    ///     name is the option's value only when it parses as one (`nov`), else it is an input.
    static func parse(_ arguments: [String], defaults: Options = Options(),
                      configuredNames: Set<String> = []) throws(UsageError) -> Options {
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
        while let word = cursor.next() {
            guard case let .option(name, inlineValue) = word else {
                if case let .input(input) = word { options.inputs.append(input) }
                continue
            }
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
            case "-y": try setView(.year, "--year")
            case "--year":
                try setView(.year, name)
                if let text = optionalValue(matching: { $0.count == 4 && Int($0) != nil }) {
                    guard let year = Int(text), (1583...9999).contains(year) else { throw UsageError(message: "'\(text)' is not a year (YYYY)") }
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
                guard text == "12" || text == "24" else { throw UsageError(message: "'\(text)' is not a time format (12 or 24)") }
                options.hour12 = text == "12"
            case "--ascii": options.ascii = true
            case "--show-cancelled": options.showCancelled = true
            case "--month":
                try setView(.month, name)
                if let text = optionalValue(matching: takesMonth) { monthText = text }
            case "--week":
                try setView(.week, name)
                if let text = optionalValue(matching: takesDay) { dayTexts.append((name, text)) }
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
                options.today = day
            case "--tz": options.timeZone = try value()
            case "--grep":
                let text = try value()
                guard !text.isEmpty else { throw UsageError(message: "--grep needs a text to look for") }
                options.grep = text
            case "--calendar": options.calendarFilter.append(try value())
            case "--offline": options.offline = true
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
                throw UsageError(message: "'\(text)' is not a month (YYYY-MM)")
            }
            options.month = month
        }
        for (name, text) in dayTexts {
            guard let day = DateArgument.day(text, today: today, locale: locale) else {
                throw UsageError(message: "'\(text)' given to \(name) is not a date (YYYY-MM-DD, today, +7d, mon, …)")
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
        if options.view == .todos && options.format == .json {
            throw UsageError(message: "--todos has no JSON format (use --agenda --format json)")
        }
        if let error = PageFormats.check(options) { throw error }
        if options.days != nil && options.to != nil {
            throw UsageError(message: "--days and --to cannot be used together")
        }
        if options.inputs.isEmpty { options.inputs = defaults.inputs }
        if !options.showHelp && !options.showVersion && !options.showManPage && options.completionShell == nil && options.inputs.isEmpty {
            throw UsageError(message: "missing expected argument '<file>'")
        }
        return options
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
