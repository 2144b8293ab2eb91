import Foundation
import ICSKit

/// Which view each option acts on, and what is said when the command line gives one to a view
/// it does nothing in: an error (exit 64) when the output would not be what the option asked
/// for (`--days 3` without `--agenda` prints no 3 days), a warning when it is harmless
/// (`--no-agenda` with `--week`). A `--select` day must be one the view shows.
///
/// Only options written on the command line are checked, not the configuration's defaults.
enum OptionScope {
    /// An option's views, and whether giving it to another view is an error.
    struct Rule {
        let views: Set<Options.View>
        let isError: Bool
    }

    static let rules: [String: Rule] = [
        "--from": Rule(views: [.agenda], isError: true),
        "--to": Rule(views: [.agenda], isError: true),
        "--days": Rule(views: [.agenda], isError: true),
        "--months": Rule(views: [.month], isError: true),
        "--select": Rule(views: [.month, .week], isError: true),
        "--no-agenda": Rule(views: [.month], isError: false),
        "--week-numbers": Rule(views: [.month, .year], isError: false),
        "--details": Rule(views: [.agenda, .month], isError: false),
    ]

    /// Checks the options the command line gave (`given`, by name as written).
    /// - Parameter today: the day relative dates were counted from, for the shown range.
    /// - Returns: the warnings to print (``Options/warnings``).
    /// - Throws: a ``UsageError`` naming the option and the views it is for.
    static func check(_ options: Options, given: [String], today: CivilDate) throws(UsageError) -> [String] {
        if options.showHelp || options.showVersion || options.showManPage || options.completionShell != nil { return [] }
        var warnings: [String] = []
        var seen: Set<String> = []
        for name in given where seen.insert(name).inserted {
            guard let rule = rules[name], !views(of: rule, name, options).contains(options.view) else { continue }
            let message = "\(name) has no effect \(shown(options.view)); it is for \(list(rule.views))"
            if rule.isError { throw UsageError(message: TerminalMessage(verbatim: message)) }
            warnings.append(message)
        }
        if given.contains("--months") && options.threeMonths {
            throw UsageError(message: "-3 shows three months; --months cannot be used with it")
        }
        if given.contains("--select"), let day = options.select, let range = shownDays(options, today: today), !range.contains(day) {
            throw UsageError(message: "--select \(day) is not shown (\(range.lowerBound) to \(range.upperBound))")
        }
        return warnings
    }

    /// The views `name` acts on with these options: the rule's, and for `--no-agenda` in HTML
    /// also the week's and the year's (their pages have an agenda below, the text views none).
    private static func views(of rule: Rule, _ name: String, _ options: Options) -> Set<Options.View> {
        name == "--no-agenda" && options.format == .html ? rule.views.union([.week, .year]) : rule.views
    }

    /// The days the month or week view shows: the months themselves, or the week around
    /// `--week`'s day from the first weekday (`--first-weekday`, else the locale's).
    static func shownDays(_ options: Options, today: CivilDate) -> ClosedRange<CivilDate>? {
        switch options.view {
        case .month:
            let given = options.month ?? (today.year, today.month)
            let first = options.threeMonths ? adding(-1, to: given) : given
            let last = adding(options.threeMonths ? 1 : options.months - 1, to: given)
            return CivilDate(year: first.year, month: first.month, day: 1)
                ... CivilDate(year: last.year, month: last.month, day: CivilDate.daysInMonth(year: last.year, month: last.month))
        case .week:
            let day = options.weekDate ?? today
            let firstWeekday = (try? ViewContext(options: options))?.calendar.firstWeekday ?? 2
            // Foundation's weekdays: 1 = Sunday; ISO: 7 = Sunday.
            let back = (day.isoWeekday % 7 + 1 - firstWeekday + 7) % 7
            let start = day.adding(days: -back)
            return start...start.adding(days: 6)
        default:
            return nil
        }
    }

    private static func adding(_ months: Int, to month: (year: Int, month: Int)) -> (year: Int, month: Int) {
        let index = month.year * 12 + month.month - 1 + months
        return (index / 12, index % 12 + 1)
    }

    /// `with --week`, `without a view (the summary)`.
    private static func shown(_ view: Options.View) -> String {
        view == .summary ? "without a view (the summary)" : "with \(name(view))"
    }

    private static func list(_ views: Set<Options.View>) -> String {
        let names = [Options.View.agenda, .month, .week, .year, .todos, .summary].filter(views.contains).map(name)
        return names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    private static func name(_ view: Options.View) -> String {
        switch view {
        case .summary: "--summary"
        case .month: "--month"
        case .week: "--week"
        case .agenda: "--agenda"
        case .year: "--year"
        case .todos: "--todos"
        }
    }
}
