import Foundation
import ICSKit

/// The one range of dates the command line accepts, for every view and subcommand: days from
/// 1583-01-01 to 9999-12-31, and grids (a month, a year, `-3`, `--months`, a week) only when
/// every day they draw lies in it, so months from 1583-01 to 9999-12.
///
/// Why 1583: the views lay days out with Foundation's Gregorian calendar, which counts Julian
/// days before 15 October 1582, while iCalendar's dates are proleptic Gregorian (RFC 5545 3.3.4);
/// a grid of an earlier month would put events ten or more days from where they belong. 1583 is
/// the first whole year both agree on. Why 9999: iCalendar writes a year in four digits, and so
/// does every output (a JSON date, a grid's title).
///
/// Each date is checked after its relative arithmetic (`-2025y` from today, `--today` itself, the
/// months around `-3`, a week from `--first-weekday`); one outside is a usage error (exit 64)
/// whose message names the range.
enum DateRange {
    static let first = CivilDate(year: 1583, month: 1, day: 1)
    static let last = CivilDate(year: 9999, month: 12, day: 31)

    /// The range as the messages write it.
    static let days = "\(first) to \(last)"
    static let months = "1583-01 to 9999-12"

    /// Whether `day` is a real date in the range.
    static func contains(_ day: CivilDate) -> Bool {
        day.isValid && day >= first && day <= last
    }

    /// `day`, or a usage error naming the option, what was typed and the range.
    static func check(_ day: CivilDate, given text: String, to name: String) throws(UsageError) -> CivilDate {
        guard contains(day) else {
            throw UsageError(message: "'\(text)' given to \(name) is \(describe(day)), outside the days icsview shows (\(days))")
        }
        return day
    }

    /// A month (year, month) checked to lie in the range.
    static func check(month: (year: Int, month: Int), given text: String, to name: String) throws(UsageError) {
        guard contains(CivilDate(year: month.year, month: month.month, day: 1)) else {
            throw UsageError(message: "'\(text)' given to \(name) is \(describe(month)), outside the months icsview shows (\(months))")
        }
    }

    /// The months a month view shows from `first` (`count` of them), checked to lie in the range.
    static func check(months count: Int, from start: (year: Int, month: Int), what: String) throws(UsageError) {
        let index = start.year * 12 + start.month - 1
        let firstShown = split(index), lastShown = split(index + count - 1)
        guard contains(CivilDate(year: firstShown.year, month: firstShown.month, day: 1)),
              contains(CivilDate(year: lastShown.year, month: lastShown.month, day: 1)) else {
            throw UsageError(message: "\(what) would show \(describe(firstShown)) to \(describe(lastShown)), outside the months icsview shows (\(months))")
        }
    }

    /// The seven days of the week that holds `day`, from `firstWeekday`, checked to lie in the range.
    static func check(weekOf day: CivilDate, firstWeekday: Int, given text: String, to name: String) throws(UsageError) {
        let offset = ((day.weekday.rawValue - firstWeekday) % 7 + 7) % 7
        let start = day.adding(days: -offset), end = start.adding(days: 6)
        guard contains(start), contains(end) else {
            throw UsageError(message: "the week of '\(text)' given to \(name) runs from \(describe(start)) to \(describe(end)), outside the days icsview shows (\(days))")
        }
    }

    /// `(year, month)` of a month index (year × 12 + month − 1), by floor division.
    static func split(_ index: Int) -> (year: Int, month: Int) {
        let year = index >= 0 ? index / 12 : -((-index + 11) / 12)
        return (year, index - year * 12 + 1)
    }

    /// A day as ISO 8601 writes it, with a sign and more digits beyond 0000–9999.
    static func describe(_ day: CivilDate) -> String {
        "\(year(day.year))-\(two(day.month))-\(two(day.day))"
    }

    static func describe(_ month: (year: Int, month: Int)) -> String {
        "\(year(month.year))-\(two(month.month))"
    }

    private static func year(_ y: Int) -> String {
        let digits = String(abs(y))
        let padded = String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        return y < 0 ? "-" + padded : (y > 9999 ? "+" + padded : padded)
    }

    private static func two(_ n: Int) -> String { n < 10 && n >= 0 ? "0\(n)" : "\(n)" }
}
