import Foundation
import ICSKit

/// The other ways people write a week or a month: ISO 8601 weeks (`2024-W42`, `2024-W42-3`,
/// `2024W42`; a week number alone, `42` or `W42`, after `--week`), a month with a slash
/// (`10/2024`, `2024/10`) and a month's name with a year (`oct 2024`, `October 2024`).
extension DateArgument {
    /// The day an ISO 8601 week date names: `2024-W42` (its Monday), `2024-W42-3` (its
    /// Wednesday), `2024W42`, any case; nil when the week does not exist in that year.
    static func isoWeekDay(_ text: String) -> CivilDate? {
        let upper = text.uppercased()
        guard upper.allSatisfy(\.isASCII), upper.count >= 7, let year = Int(upper.prefix(4)) else { return nil }
        var rest = upper.dropFirst(4)
        if rest.hasPrefix("-") { rest = rest.dropFirst() }
        guard rest.hasPrefix("W") else { return nil }
        rest = rest.dropFirst()
        let parts = rest.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts[0].count == 2, let week = Int(parts[0]) else { return nil }
        var weekday = 1
        if parts.count == 2 {
            guard parts[1].count == 1, let day = Int(parts[1]), (1...7).contains(day) else { return nil }
            weekday = day
        }
        return isoWeek(week, of: year)?.adding(days: weekday - 1)
    }

    /// The Monday of ISO week `week` of `year` (week 1 holds 4 January); nil when the year has
    /// no such week (a year has 52 weeks, or 53 when it starts or, in a leap year, ends on a Thursday).
    static func isoWeek(_ week: Int, of year: Int) -> CivilDate? {
        guard (1583...9999).contains(year), week >= 1, week <= isoWeeks(in: year) else { return nil }
        return firstISOMonday(year).adding(days: 7 * (week - 1))
    }

    /// How many ISO weeks `year` has: 52 or 53.
    static func isoWeeks(in year: Int) -> Int {
        (firstISOMonday(year + 1).daysSinceEpoch - firstISOMonday(year).daysSinceEpoch) / 7
    }

    /// A week number alone (`42`, `W42`): that ISO week of `today`'s year. Only `--week` reads it.
    static func weekNumber(_ text: String, today: CivilDate) -> CivilDate? {
        var digits = Substring(text)
        if digits.first == "W" || digits.first == "w" { digits = digits.dropFirst() }
        guard (1...2).contains(digits.count), digits.allSatisfy(\.isASCII), let week = Int(digits) else { return nil }
        return isoWeek(week, of: today.year)
    }

    /// `10/2024`, `1/2024`, `2024/10`; `oct 2024`, `October 2024`, `Oktober 2024` (the locale's
    /// names too), `2024 oct`.
    static func writtenMonth(_ text: String, locale: Locale) -> (year: Int, month: Int)? {
        let slash = text.split(separator: "/", omittingEmptySubsequences: false)
        if slash.count == 2, slash.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) {
            let (yearText, monthText) = slash[0].count == 4 ? (slash[0], slash[1]) : (slash[1], slash[0])
            guard yearText.count == 4, (1...2).contains(monthText.count), let year = Int(yearText), let month = Int(monthText),
                  (1...12).contains(month), (1583...9999).contains(year) else { return nil }
            return (year, month)
        }
        let words = text.split(separator: " ")
        guard words.count == 2 else { return nil }
        for (nameWord, yearWord) in [(words[0], words[1]), (words[1], words[0])] {
            if let year = year(String(yearWord)), let month = monthName(String(nameWord), locale: locale) { return (year, month) }
        }
        return nil
    }

    /// A year written with four digits, 1583 to 9999 (the Gregorian years the views draw).
    static func year(_ text: String) -> Int? {
        guard text.count == 4, text.allSatisfy({ $0.isASCII && $0.isNumber }), let year = Int(text),
              (1583...9999).contains(year) else { return nil }
        return year
    }

    /// The Monday of ISO week 1 of `year`: the Monday on or before 4 January.
    private static func firstISOMonday(_ year: Int) -> CivilDate {
        let fourth = CivilDate(year: year, month: 1, day: 4)
        return fourth.adding(days: 1 - fourth.isoWeekday)
    }
}
