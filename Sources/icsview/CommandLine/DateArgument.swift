import Foundation
import ICSKit

/// Dates as people type them on the command line.
///
/// Days (`--week`, `--select`, `--from`, `--to`, `--today`): `2024-12-01` (also `2024-1-5`),
/// `today`, `tomorrow`, `yesterday`, an offset from today (`+7d`, `-2w`, `+1m`, `+1y`) and a
/// weekday name (`mon`, `monday`, or the locale's own name: the next one after today).
/// Months (`--month`): `2024-12`, `2024-1`, `12/2024`, a day (its month), a month name (`nov`,
/// `november`, `Dezember` in German: that month this year) and a name with a year (`nov 2024`).
/// Weeks: an ISO week (`2024-W42`) is a day (its Monday) wherever a day is expected.
enum DateArgument {
    /// `YYYY-MM-DD`, a real date (one-digit months and days allowed: `2024-1-5`).
    static func day(_ text: String) -> CivilDate? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        let date = CivilDate(year: y, month: m, day: d)
        return date.isValid ? date : nil
    }

    /// A day in any of the forms above, `today` being the day relative forms count from.
    static func day(_ text: String, today: CivilDate, locale: Locale) -> CivilDate? {
        if let day = day(text) { return day }
        if let day = isoWeekDay(text) { return day }
        let lower = text.lowercased()
        switch lower {
        case "today": return today
        case "tomorrow": return today.adding(days: 1)
        case "yesterday": return today.adding(days: -1)
        default: break
        }
        if let offset = offset(lower) { return offset(today) }
        if let weekday = weekday(text, locale: locale) {
            let current = today.weekday.rawValue, wanted = weekday.rawValue
            let ahead = (wanted - current + 7) % 7
            return today.adding(days: ahead == 0 ? 7 : ahead)
        }
        return nil
    }

    /// `YYYY-MM`, `YYYY-M`, a day (its month), or a month name (that month in `today`'s year).
    static func month(_ text: String, today: CivilDate, locale: Locale) -> (year: Int, month: Int)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 2, parts[0].count == 4, (1...2).contains(parts[1].count), parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
           let y = Int(parts[0]), let m = Int(parts[1]), (1...12).contains(m) {
            return (y, m)
        }
        if let month = writtenMonth(text, locale: locale) { return month }
        if let month = monthName(text, locale: locale) { return (today.year, month) }
        if let day = day(text, today: today, locale: locale) { return (day.year, day.month) }
        return nil
    }

    /// Whether `text` is written like a date or month the options accept (valid or not):
    /// it starts with a digit, `+` followed by a digit, or is a day or month word. Such a
    /// word after `--month` or `--week` is always that option's value.
    static func looksLikeDate(_ text: String, locale: Locale) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        if CharacterSet.decimalDigits.contains(first) { return true }
        if first == "+", text.count > 1 { return true }
        // `-2w` (but not the option `-3`): a sign, digits and a unit.
        if first == "-", text.count >= 3, let unit = text.last, "dwmy".contains(unit),
           text.dropFirst().dropLast().allSatisfy(\.isASCII), Int(text.dropFirst().dropLast()) != nil { return true }
        if ["today", "tomorrow", "yesterday"].contains(text.lowercased()) { return true }
        // `W42`, a week number.
        if first == "W" || first == "w", (2...3).contains(text.count), text.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) { return true }
        return weekday(text, locale: locale) != nil || monthName(text, locale: locale) != nil
    }

    /// `mon` … `sun`, the full name, or a prefix of it of three letters or more (any case).
    static func weekday(_ text: String) -> Weekday? {
        let full = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
        let lower = text.lowercased()
        guard lower.count >= 3, let index = full.firstIndex(where: { $0.hasPrefix(lower) }) else { return nil }
        return Weekday(rawValue: index + 1)
    }

    /// An English weekday name, or the locale's own (full or abbreviated, any case, a final `.` ignored).
    static func weekday(_ text: String, locale: Locale) -> Weekday? {
        if let day = weekday(text) { return day }
        let formatter = DateFormatter()
        formatter.locale = locale
        let key = fold(text, locale: locale)
        guard !key.isEmpty else { return nil }
        // Optional on Darwin (`[String]!`), not in swift-corelibs-foundation: one form for both.
        let lists: [[String]?] = [formatter.weekdaySymbols, formatter.shortWeekdaySymbols]
        for symbols in lists {
            if let index = (symbols ?? []).firstIndex(where: { fold($0, locale: locale) == key }) { return Weekday(rawValue: index + 1) }
        }
        return nil
    }

    /// 1…12 for an English month name (`nov`, `november`) or the locale's own.
    static func monthName(_ text: String, locale: Locale) -> Int? {
        // Every month name has a letter: `2025-06` is answered without the locale's date
        // formatters (ICU's, a millisecond or two of every `--month` run).
        guard text.contains(where: \.isLetter) else { return nil }
        let key = fold(text, locale: locale)
        guard key.count >= 3 else { return nil }
        for formatLocale in [Locale(identifier: "en_US_POSIX"), locale] {
            let formatter = DateFormatter()
            formatter.locale = formatLocale
            let lists: [[String]?] = [formatter.monthSymbols, formatter.shortMonthSymbols, formatter.standaloneMonthSymbols,
                                      formatter.shortStandaloneMonthSymbols]
            for symbols in lists {
                if let index = (symbols ?? []).firstIndex(where: { fold($0, locale: formatLocale) == key }) { return index + 1 }
            }
        }
        // English three-letter prefixes of the full names ("sept" too).
        let english = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]
        return english.firstIndex { $0.hasPrefix(key) }.map { $0 + 1 }
    }

    /// `+7d`, `-2w`, `+1m`, `+1y` (a month on from 31 January is the last day of February).
    private static func offset(_ text: String) -> ((CivilDate) -> CivilDate)? {
        guard let sign = text.first, sign == "+" || sign == "-", let unit = text.last, text.count >= 3,
              let n = Int(text.dropFirst().dropLast()), n >= 0, n <= 100_000 else { return nil }
        let signed = sign == "-" ? -n : n
        switch unit {
        case "d": return { $0.adding(days: signed) }
        case "w": return { $0.adding(days: 7 * signed) }
        case "m": return { addingMonths(signed, to: $0) }
        case "y": return { addingMonths(12 * signed, to: $0) }
        default: return nil
        }
    }

    /// The month index is split by floor division, so that a month before year 0 is still a
    /// month 1–12 (``DateRange`` then refuses it with a message).
    private static func addingMonths(_ months: Int, to day: CivilDate) -> CivilDate {
        let (year, month) = DateRange.split(day.year * 12 + (day.month - 1) + months)
        return CivilDate(year: year, month: month, day: min(day.day, CivilDate.daysInMonth(year: year, month: month)))
    }

    /// Lower case, accents and a final `.` removed: `Déc.` → `dec`.
    private static func fold(_ text: String, locale: Locale) -> String {
        var folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: locale)
        while folded.hasSuffix(".") { folded.removeLast() }
        return folded
    }
}
