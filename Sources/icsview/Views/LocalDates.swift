import Foundation
import ICSKit

/// Formats dates for the views in the user's locale, with Latin digits everywhere (so that
/// the grid's day numbers, which are always Latin, and the agenda's dates agree), and with
/// 12- or 24-hour time as chosen.
final class LocalDates {
    // Not Sendable: it caches formatters as it goes; the views use it on one thread.
    let locale: Locale
    /// Whether times are written with a 12-hour clock (`4:00 PM`).
    let hour12: Bool
    private let calendar: Calendar
    private let timeFormatter: DateFormatter?
    private var formatters: [String: DateFormatter] = [:]

    /// - Parameters:
    ///   - calendar: its locale and zone are used; `nil` locale: English (POSIX).
    ///   - hour12: `nil`: as the locale has it (24-hour when no locale was set).
    init(calendar: Calendar, hour12: Bool?) {
        self.calendar = calendar
        let base = calendar.locale ?? Locale(identifier: "en_US_POSIX")
        locale = LocalDates.latinDigits(base)
        let localeHour12 = (DateFormatter.dateFormat(fromTemplate: "j", options: 0, locale: base) ?? "H").contains("a")
        self.hour12 = hour12 ?? localeHour12
        if self.hour12 {
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.timeZone = calendar.timeZone
            formatter.calendar = calendar
            // The locale's own 12-hour pattern ("h:mm a", "a h:mm", "ah:mm"), or the forced one.
            formatter.dateFormat = localeHour12 ? DateFormatter.dateFormat(fromTemplate: "jmm", options: 0, locale: base)
                : DateFormatter.dateFormat(fromTemplate: "hmma", options: 0, locale: base)
            timeFormatter = formatter
        } else {
            timeFormatter = nil
        }
    }

    /// `locale` with `@numbers=latn`, so that formatted numbers use the digits 0–9.
    static func latinDigits(_ locale: Locale) -> Locale {
        let identifier = locale.identifier
        if identifier.contains("@") || identifier.isEmpty { return locale }
        return Locale(identifier: identifier + "@numbers=latn")
    }

    /// "09:05" (24-hour) or "9:05 AM" (12-hour, the locale's pattern) in the calendar's zone.
    func clock(_ date: Date) -> String {
        if let timeFormatter { return LocalDates.plainSpaces(timeFormatter.string(from: date)) }
        // The wall clock from the zone's offset at that instant: what the calendar's hour and
        // minute components are, without a components lookup and a format string per line.
        let local = Int(date.timeIntervalSince1970.rounded(.down)) + calendar.timeZone.secondsFromGMT(for: date)
        let minutes = (local % 86_400 + 86_400) % 86_400 / 60
        return LocalDates.twoDigits(minutes / 60) + ":" + LocalDates.twoDigits(minutes % 60)
    }

    /// `n` (0–99) in two digits.
    static func twoDigits(_ n: Int) -> String { n < 10 ? "0" + String(n) : String(n) }

    /// The width in cells of the widest clock text ("00:00", "10:00 PM").
    lazy var clockWidth: Int = {
        guard hour12 else { return 5 }
        // 10:00 in the morning and at night: the widest hour, both day periods.
        let morning = CalendarDay(year: 2024, month: 1, day: 1).startDate(in: calendar).addingTimeInterval(10 * 3600)
        return max(TerminalText.width(clock(morning)), TerminalText.width(clock(morning.addingTimeInterval(12 * 3600))))
    }()

    /// `date` written with the locale's pattern for `template` ("EEEdMMM" → "Tue, 14 Jan").
    func string(_ date: Date, template: String) -> String {
        if let formatter = formatters[template] { return LocalDates.plainSpaces(formatter.string(from: date)) }
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.setLocalizedDateFormatFromTemplate(template)
        formatters[template] = formatter
        return LocalDates.plainSpaces(formatter.string(from: date))
    }

    /// `text` with the narrow and the no-break spaces that ICU puts before "PM" and in dates
    /// (U+202F, U+00A0) as plain spaces: the same width, and in every terminal font.
    static func plainSpaces(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "\u{202F}" || $0 == "\u{A0}" }) else { return text }
        return text.replacingOccurrences(of: "\u{202F}", with: " ").replacingOccurrences(of: "\u{A0}", with: " ")
    }

    /// `day` written with the locale's pattern for `template`.
    func string(_ day: CalendarDay, template: String) -> String {
        // Noon: the day itself in any zone, whatever the transitions.
        string(day.startDate(in: calendar).addingTimeInterval(12 * 3600), template: template)
    }

    /// "June 2024", "Juni 2024", "2024年6月", "2024년 6월": the locale's `yMMMM` pattern.
    func monthTitle(_ month: CalendarMonth) -> String {
        string(month.firstDay, template: "yMMMM")
    }
}
