import Foundation
import ICSKit

/// The words the views write, in the user's language: English, German, French, Spanish,
/// Italian, Dutch, Portuguese, Japanese, Chinese and Korean; any other language falls back
/// to English. Templates put the value where the language wants it (`%@` a text, `%d` a count).
///
/// The words follow what the platforms' own calendars write (Apple Calendar, Google Calendar
/// and CLDR's "week" field names): "ganztägig", "toute la journée", "終日", "KW", …
struct LocalStrings: Equatable {
    /// "all day", for the time column.
    var allDay: String
    /// "Week", in the week view's title.
    var week: String
    /// "Wk", the heading of the week number column.
    var weekShort: String
    /// "No events from %@ to %@." (the first and last day).
    var noEvents: String
    /// "until %@" (the last day of a multi-day occurrence).
    var until: String
    /// "+%d more" (entries of a day cell that did not fit).
    var more: String
    /// "No open to-dos."
    var noTodos: String
    /// "overdue", after an open to-do whose due time has passed.
    var overdue: String

    static let english = LocalStrings(allDay: "all day", week: "Week", weekShort: "Wk", noEvents: "No events from %@ to %@.",
                                      until: "until %@", more: "+%d more", noTodos: "No open to-dos.", overdue: "overdue")

    /// By ISO 639-1 language code.
    static let table: [String: LocalStrings] = [
        "en": english,
        "de": LocalStrings(allDay: "ganztägig", week: "Woche", weekShort: "KW", noEvents: "Keine Termine vom %@ bis %@.",
                           until: "bis %@", more: "+%d weitere", noTodos: "Keine offenen Aufgaben.", overdue: "überfällig"),
        "fr": LocalStrings(allDay: "toute la journée", week: "Semaine", weekShort: "Sem", noEvents: "Aucun événement du %@ au %@.",
                           until: "jusqu’au %@", more: "+%d autres", noTodos: "Aucune tâche ouverte.", overdue: "en retard"),
        "es": LocalStrings(allDay: "todo el día", week: "Semana", weekShort: "Sem", noEvents: "No hay eventos del %@ al %@.",
                           until: "hasta el %@", more: "+%d más", noTodos: "No hay tareas pendientes.", overdue: "vencida"),
        "it": LocalStrings(allDay: "tutto il giorno", week: "Settimana", weekShort: "Sett", noEvents: "Nessun evento dal %@ al %@.",
                           until: "fino al %@", more: "+%d altri", noTodos: "Nessuna attività aperta.", overdue: "scaduta"),
        "nl": LocalStrings(allDay: "hele dag", week: "Week", weekShort: "Wk", noEvents: "Geen afspraken van %@ tot %@.",
                           until: "t/m %@", more: "+%d meer", noTodos: "Geen open taken.", overdue: "te laat"),
        "pt": LocalStrings(allDay: "dia inteiro", week: "Semana", weekShort: "Sem", noEvents: "Nenhum evento de %@ a %@.",
                           until: "até %@", more: "+%d mais", noTodos: "Nenhuma tarefa aberta.", overdue: "atrasada"),
        "ja": LocalStrings(allDay: "終日", week: "週", weekShort: "週", noEvents: "%@から%@まで予定はありません。",
                           until: "%@まで", more: "他%d件", noTodos: "未完了のタスクはありません。", overdue: "期限切れ"),
        "zh": LocalStrings(allDay: "全天", week: "周", weekShort: "周", noEvents: "%@至%@没有日程。",
                           until: "至%@", more: "另%d项", noTodos: "没有未完成的待办事项。", overdue: "已逾期"),
        "ko": LocalStrings(allDay: "종일", week: "주", weekShort: "주", noEvents: "%@부터 %@까지 일정이 없습니다.",
                           until: "%@까지", more: "%d개 더", noTodos: "완료되지 않은 할 일이 없습니다.", overdue: "기한 지남"),
    ]

    /// The strings of `locale`'s language, else English.
    static func of(_ locale: Locale?) -> LocalStrings {
        guard let locale else { return english }
        return table[language(of: locale)] ?? english
    }

    /// `de_DE` → `de`, `zh-Hans_CN` → `zh`.
    static func language(of locale: Locale) -> String {
        String(locale.identifier.prefix { $0 != "_" && $0 != "-" && $0 != "@" }).lowercased()
    }

    /// `template` with its `%@` placeholders replaced, in order, by `values`, and `%d` by `count`.
    static func fill(_ template: String, _ values: String..., count: Int? = nil) -> String {
        var result = ""
        var rest = values[...]
        var text = template[...]
        while let percent = text.firstIndex(of: "%") {
            result += text[..<percent]
            let code = text.index(after: percent)
            guard code < text.endIndex else { break }
            switch text[code] {
            case "@": result += rest.popFirst() ?? ""
            case "d": result += count.map(String.init) ?? ""
            default: result.append(text[code])
            }
            text = text[text.index(after: code)...]
        }
        return result + text
    }

    /// `text` kept left to right in a terminal that applies the Unicode bidirectional algorithm:
    /// each line begins with a LEFT-TO-RIGHT MARK (U+200E, no width) and each grid border has
    /// one on both sides, so that the columns keep their order even when the cells on both sides
    /// of a border hold right-to-left words (a neutral between two of those would turn right to left).
    static func leftToRight(_ text: String) -> String {
        let mark = "\u{200E}"
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.isEmpty ? "" : mark + line.replacingOccurrences(of: "│", with: mark + "│" + mark)
                .replacingOccurrences(of: "|", with: mark + "|" + mark)
        }.joined(separator: "\n")
    }

    /// Whether `locale` writes right to left (Arabic, Hebrew, Persian, Urdu, …).
    static func isRightToLeft(_ locale: Locale?) -> Bool {
        guard let locale else { return false }
        return ["ar", "he", "iw", "fa", "ur", "yi", "ps", "sd", "ug", "ckb", "dv"].contains(language(of: locale))
    }
}

/// Formats dates for the views in the user's locale, with Latin digits everywhere (so that
/// the grid's day numbers, which are always Latin, and the agenda's dates agree), and with
/// 12- or 24-hour time as chosen.
final class LocalDates: @unchecked Sendable {
    // Sendable notes: the formatters are configured in `init` and only read afterwards;
    // the views run on one thread.
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
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// The width in cells of the widest clock text ("00:00", "10:00 PM").
    lazy var clockWidth: Int = {
        guard hour12 else { return 5 }
        // 10:00 in the morning and at night: the widest hour, both day periods.
        let morning = DayComponents(year: 2024, month: 1, day: 1).startDate(in: calendar).addingTimeInterval(10 * 3600)
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
    func string(_ day: DayComponents, template: String) -> String {
        // Noon: the day itself in any zone, whatever the transitions.
        string(day.startDate(in: calendar).addingTimeInterval(12 * 3600), template: template)
    }

    /// "June 2024", "Juni 2024", "2024年6月", "2024년 6월": the locale's `yMMMM` pattern.
    func monthTitle(_ month: MonthComponents) -> String {
        string(month.firstDay, template: "yMMMM")
    }
}
