import Foundation
@testable import ICSKit

/// Test-only readers of iCalendar text (the parser on main is not ready yet).
enum RecurrenceText {
    /// `19970902T090000` (floating), `19970902T090000Z` (UTC) or `19970902` (date).
    static func time(_ text: String, tzid: String? = nil) -> TimeValue {
        let digits = Array(text.utf8).map { Int($0) - 48 }
        func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + digits[$1] } }
        let date = CivilDate(year: number(0..<4), month: number(4..<6), day: number(6..<8))
        if text.count == 8 { return .date(date) }
        let civil = CivilDateTime(date: date, hour: number(9..<11), minute: number(11..<13), second: number(13..<15))
        if text.hasSuffix("Z") { return .utc(civil) }
        if let tzid { return .zoned(civil, tzid: tzid) }
        return .floating(civil)
    }

    /// A civil date-time from `19970902T090000` or `1997-09-02T09:00:00`.
    static func civil(_ text: String) -> CivilDateTime {
        time(text.replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")).civil
    }

    /// Parses an RRULE value such as `FREQ=MONTHLY;BYDAY=-1FR;COUNT=3`.
    static func rule(_ text: String) -> RecurrenceRule {
        var rule = RecurrenceRule(frequency: .daily)
        func ints(_ v: Substring) -> [Int] { v.split(separator: ",").map { Int($0)! } }
        for part in text.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            let name = pair[0], value = pair[1]
            switch name {
            case "FREQ": rule.frequency = RecurrenceRule.Frequency(rawValue: String(value))!
            case "INTERVAL": rule.interval = Int(value)!
            case "COUNT": rule.count = Int(value)!
            case "UNTIL": rule.until = time(String(value))
            case "BYSECOND": rule.bySecond = ints(value)
            case "BYMINUTE": rule.byMinute = ints(value)
            case "BYHOUR": rule.byHour = ints(value)
            case "BYMONTHDAY": rule.byMonthDay = ints(value)
            case "BYYEARDAY": rule.byYearDay = ints(value)
            case "BYWEEKNO": rule.byWeekNumber = ints(value)
            case "BYSETPOS": rule.bySetPosition = ints(value)
            case "BYMONTH":
                rule.byMonth = value.split(separator: ",").map {
                    $0.hasSuffix("L") ? .init(Int($0.dropLast())!, isLeap: true) : .init(Int($0)!)
                }
            case "BYDAY":
                rule.byDay = value.split(separator: ",").map { entry in
                    let day = Weekday(icsName: entry.suffix(2))!
                    let ordinal = entry.count > 2 ? Int(entry.dropLast(2))! : nil
                    return .init(day, ordinal: ordinal)
                }
            case "WKST": rule.weekStart = Weekday(icsName: value)!
            case "RSCALE": rule.rscale = String(value)
            case "SKIP": rule.skip = RecurrenceRule.Skip(rawValue: String(value))!
            default: fatalError("unknown rule part \(name)")
            }
        }
        return rule
    }

    /// New York through Foundation's tzdata, cached as the engine uses it.
    static func zone(_ identifier: String) -> ZoneCache {
        ZoneCache(FoundationZone(zone: TimeZone(identifier: identifier)!))
    }

    /// The first `limit` instances of `rule` from `start`, as `YYYY-MM-DDTHH:MM:SS` wall times.
    /// With `zone`, UNTIL in UTC is compared as an instant and gap instances are dropped.
    static func expand(_ ruleText: String, _ startText: String, zone: String? = nil, limit: Int = 1000,
                       forceStart: Bool = true) -> [String] {
        let rule = rule(ruleText)
        let start = time(startText)
        let cache = zone.map(Self.zone)
        var until = UntilBound.none
        switch rule.until {
        case .utc(let t)? where cache != nil: until = .instant(t.secondsSinceEpoch)
        case .date(let d)?: until = start.isDate ? .wall(CivilDateTime(date: d).secondsSinceEpoch)
            : .wall(CivilDateTime(date: d, hour: 23, minute: 59, second: 59).secondsSinceEpoch)
        case let t?: until = .wall(t.civil.secondsSinceEpoch)
        case nil: break
        }
        var iterator = RuleIterator(rule: rule, start: start.civil, isDate: start.isDate, until: until,
                                    zone: cache, forceStart: forceStart)
        var result: [String] = []
        while result.count < limit, let next = iterator.next() {
            result.append(start.isDate ? next.wall.date.description : next.wall.description)
        }
        return result
    }

    /// Wall times from dates and one time of day: `at("09:00:00", "1997-09-02", "1997-09-03")`.
    static func at(_ time: String, _ dates: [String]) -> [String] { dates.map { "\($0)T\(time)" } }
}
