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
    /// "today", after today's heading in the narrow week list and the agenda's (capitalised there).
    var today: String = "today"
    /// "tomorrow", after tomorrow's heading in the agenda (capitalised there).
    var tomorrow: String = "tomorrow"
    /// "Agenda", the heading of a page's agenda.
    var agenda: String = "Agenda"
    /// "Calendars", the accessible name of a page's legend.
    var calendars: String = "Calendars"

    static let english = LocalStrings(allDay: "all day", week: "Week", weekShort: "Wk", noEvents: "No events from %@ to %@.",
                                      until: "until %@", more: "+%d more", noTodos: "No open to-dos.", overdue: "overdue")

    /// By ISO 639-1 language code.
    static let table: [String: LocalStrings] = [
        "en": english,
        "de": LocalStrings(allDay: "ganztägig", week: "Woche", weekShort: "KW", noEvents: "Keine Termine vom %@ bis %@.",
                           until: "bis %@", more: "+%d weitere", noTodos: "Keine offenen Aufgaben.", overdue: "überfällig",
                           today: "heute", tomorrow: "morgen", agenda: "Termine", calendars: "Kalender"),
        "fr": LocalStrings(allDay: "toute la journée", week: "Semaine", weekShort: "Sem", noEvents: "Aucun événement du %@ au %@.",
                           until: "jusqu’au %@", more: "+%d autres", noTodos: "Aucune tâche ouverte.", overdue: "en retard",
                           today: "aujourd’hui", tomorrow: "demain", agenda: "Agenda", calendars: "Calendriers"),
        "es": LocalStrings(allDay: "todo el día", week: "Semana", weekShort: "Sem", noEvents: "No hay eventos del %@ al %@.",
                           until: "hasta el %@", more: "+%d más", noTodos: "No hay tareas pendientes.", overdue: "vencida",
                           today: "hoy", tomorrow: "mañana", agenda: "Agenda", calendars: "Calendarios"),
        "it": LocalStrings(allDay: "tutto il giorno", week: "Settimana", weekShort: "Sett", noEvents: "Nessun evento dal %@ al %@.",
                           until: "fino al %@", more: "+%d altri", noTodos: "Nessuna attività aperta.", overdue: "scaduta",
                           today: "oggi", tomorrow: "domani", agenda: "Agenda", calendars: "Calendari"),
        "nl": LocalStrings(allDay: "hele dag", week: "Week", weekShort: "Wk", noEvents: "Geen afspraken van %@ tot %@.",
                           until: "t/m %@", more: "+%d meer", noTodos: "Geen open taken.", overdue: "te laat",
                           today: "vandaag", tomorrow: "morgen", agenda: "Agenda", calendars: "Agenda’s"),
        "pt": LocalStrings(allDay: "dia inteiro", week: "Semana", weekShort: "Sem", noEvents: "Nenhum evento de %@ a %@.",
                           until: "até %@", more: "+%d mais", noTodos: "Nenhuma tarefa aberta.", overdue: "atrasada",
                           today: "hoje", tomorrow: "amanhã", agenda: "Agenda", calendars: "Calendários"),
        "ja": LocalStrings(allDay: "終日", week: "週", weekShort: "週", noEvents: "%@から%@まで予定はありません。",
                           until: "%@まで", more: "他%d件", noTodos: "未完了のタスクはありません。", overdue: "期限切れ",
                           today: "今日", tomorrow: "明日", agenda: "予定", calendars: "カレンダー"),
        "zh": LocalStrings(allDay: "全天", week: "周", weekShort: "周", noEvents: "%@至%@没有日程。",
                           until: "至%@", more: "另%d项", noTodos: "没有未完成的待办事项。", overdue: "已逾期",
                           today: "今天", tomorrow: "明天", agenda: "日程", calendars: "日历"),
        "ko": LocalStrings(allDay: "종일", week: "주", weekShort: "주", noEvents: "%@부터 %@까지 일정이 없습니다.",
                           until: "%@까지", more: "%d개 더", noTodos: "완료되지 않은 할 일이 없습니다.", overdue: "기한 지남",
                           today: "오늘", tomorrow: "내일", agenda: "일정", calendars: "캘린더"),
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
