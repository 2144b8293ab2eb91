import Foundation
import ICSKit

/// A recurrence rule in English words, as the details of an event show it: "every weekday until
/// 27 Jun 2025", "every 2 weeks on Mon, Wed, 10 times", "every month on the last Friday",
/// "every year on 10 Oct". Parts the words do not cover (BYSETPOS, BYYEARDAY, BYWEEKNO, BYHOUR…)
/// are added as the rule's own text, so that nothing is hidden.
enum RecurrenceText {
    private static let dayNames: [Weekday: String] = [.monday: "Mon", .tuesday: "Tue", .wednesday: "Wed", .thursday: "Thu",
                                                      .friday: "Fri", .saturday: "Sat", .sunday: "Sun"]
    private static let longDayNames: [Weekday: String] = [.monday: "Monday", .tuesday: "Tuesday", .wednesday: "Wednesday",
                                                          .thursday: "Thursday", .friday: "Friday", .saturday: "Saturday",
                                                          .sunday: "Sunday"]
    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The rule in words; `start` is the series' first day (for a yearly rule without BYMONTH).
    static func words(_ rule: RecurrenceRule, start: CivilDate?) -> String {
        let interval = max(1, rule.interval)
        let weekdays: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]
        let plainDays = rule.byDay.allSatisfy { $0.ordinal == nil }
        var text: String
        var covered: Set<String> = []
        if interval == 1, plainDays, Set(rule.byDay.map(\.weekday)) == weekdays, rule.byDay.count == 5,
           rule.frequency == .daily || rule.frequency == .weekly {
            text = "every weekday"
            covered.insert("BYDAY")
        } else {
            text = "every " + unit(rule.frequency, interval)
            if !rule.byDay.isEmpty {
                if plainDays {
                    text += " on " + rule.byDay.map { dayNames[$0.weekday] ?? $0.description }.joined(separator: ", ")
                } else {
                    text += " on the " + rule.byDay.map { ordinal($0.ordinal ?? 0) + " " + (longDayNames[$0.weekday] ?? "") }
                        .joined(separator: " and the ")
                }
                covered.insert("BYDAY")
            }
            if !rule.byMonthDay.isEmpty {
                text += " on the " + rule.byMonthDay.map { $0 == -1 ? "last day" : $0 < 0 ? ordinal($0) + " day" : ordinal($0) }
                    .joined(separator: ", ")
                covered.insert("BYMONTHDAY")
            }
            if !rule.byMonth.isEmpty {
                text += " in " + rule.byMonth.map { (1...12).contains($0.month) ? monthNames[$0.month - 1] : $0.description }
                    .joined(separator: ", ")
                covered.insert("BYMONTH")
            } else if rule.frequency == .yearly, rule.byDay.isEmpty, rule.byMonthDay.isEmpty, let start {
                text += " on \(start.day) \(monthNames[start.month - 1])"
            }
        }
        if let until = rule.until {
            let date = until.date
            text += " until \(date.day) \(monthNames[date.month - 1]) \(date.year)"
        } else if let count = rule.count {
            text += count == 1 ? ", once" : ", \(count) times"
        }
        let others = otherParts(rule).filter { !covered.contains(String($0.prefix { $0 != "=" })) }
        if !others.isEmpty { text += " (" + others.joined(separator: ";") + ")" }
        return text
    }

    /// "day", "2 days", "week", "3 months", ….
    private static func unit(_ frequency: RecurrenceRule.Frequency, _ interval: Int) -> String {
        let name: String
        switch frequency {
        case .secondly: name = "second"
        case .minutely: name = "minute"
        case .hourly: name = "hour"
        case .daily: name = "day"
        case .weekly: name = "week"
        case .monthly: name = "month"
        case .yearly: name = "year"
        }
        return interval == 1 ? name : "\(interval) \(name)s"
    }

    /// "first", "second", …, "last", "2nd to last"; "15th" for other numbers.
    static func ordinal(_ number: Int) -> String {
        let words = [1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", -1: "last", -2: "second to last"]
        if let word = words[number] { return word }
        let n = abs(number)
        let suffix = (11...13).contains(n % 100) ? "th" : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th"
        return number < 0 ? "\(n)\(suffix) to last" : "\(n)\(suffix)"
    }

    /// The rule's parts that the words above do not say (as `NAME=value`).
    private static func otherParts(_ rule: RecurrenceRule) -> [String] {
        var parts: [String] = []
        func add(_ name: String, _ values: [Int]) {
            if !values.isEmpty { parts.append(name + "=" + values.map(String.init).joined(separator: ",")) }
        }
        add("BYSETPOS", rule.bySetPosition)
        add("BYYEARDAY", rule.byYearDay)
        add("BYWEEKNO", rule.byWeekNumber)
        add("BYHOUR", rule.byHour)
        add("BYMINUTE", rule.byMinute)
        add("BYSECOND", rule.bySecond)
        return parts
    }
}
