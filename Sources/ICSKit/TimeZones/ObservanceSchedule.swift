/// The onsets of one STANDARD or DAYLIGHT observance of a VTIMEZONE, year by year.
///
/// VTIMEZONE rules are a small subset of RRULE: `FREQ=YEARLY` with BYMONTH and a BYDAY
/// ordinal (`-1SU`, `2SU`), or a weekday within a BYMONTHDAY range (`BYMONTHDAY=8,…,14;BYDAY=SU`),
/// or a fixed BYMONTHDAY, with or without UNTIL or COUNT; plus RDATE lists. This type
/// implements that subset on its own (it does not depend on the recurrence engine).
/// A rule outside the subset (another FREQ, BYYEARDAY, BYWEEKNO, or more than
/// ``yearOnsetLimit`` onsets a year) is ignored: the observance then has its DTSTART and RDATEs
/// only, and `isRuleSupported` is false.
struct ObservanceSchedule: Sendable {
    let observance: TimeZoneDefinition.Observance
    /// Whether the RRULE (if any) is within the subset described above.
    let isRuleSupported: Bool
    /// The rule's onsets, all of them, when it has a COUNT (local wall times, in order).
    private let counted: [CivilDateTime]?
    /// RDATEs and DTSTART, by year (local wall times).
    private let fixed: [Int: [CivilDateTime]]
    /// The last year with an onset, or `nil` when the rule goes on for ever.
    let lastYear: Int?

    /// A rule with COUNT is expanded whole, up to this many instances.
    static let countLimit = 2_000
    /// A rule is not looked at past this many years beyond its DTSTART when searching for a COUNT.
    static let yearLimit = 3_000
    /// The most onsets that the COUNT rules of one zone expand together (shared through its
    /// ``RuleDatesMemo``): 10,000 observances each with COUNT=2000 would otherwise be 20 million.
    static let zoneCountBudget = 200_000
    /// The most onsets a rule may name in one year (real zones name one): a rule with every
    /// BYMONTHDAY, BYHOUR, BYMINUTE and BYSECOND would name 31 million, each year it is asked about.
    static let yearOnsetLimit = 1_000

    /// - Parameter memo: shared by the observances of one zone, so that rules repeated with
    ///   other DTSTART years (100,000 of them, each with a COUNT) name each year's dates once.
    init(_ observance: TimeZoneDefinition.Observance, memo: RuleDatesMemo? = nil) {
        self.observance = observance
        var fixed: [Int: [CivilDateTime]] = [observance.start.date.year: [observance.start]]
        for date in observance.recurrenceDates { fixed[date.date.year, default: []].append(date) }
        self.fixed = fixed
        let fixedLast = fixed.keys.max() ?? observance.start.date.year
        guard let rule = observance.recurrenceRule else {
            isRuleSupported = true
            counted = nil
            lastYear = fixedLast
            return
        }
        isRuleSupported = Self.isSupported(rule)
        guard isRuleSupported else {
            counted = nil
            lastYear = fixedLast
            return
        }
        if let count = rule.count {
            let count = min(count, 1 + (memo?.countBudget ?? Int.max - 1))
            var all: [CivilDateTime] = [observance.start]
            var year = observance.start.date.year
            var ended = false
            while !ended, all.count < min(count, Self.countLimit), year <= observance.start.date.year + Self.yearLimit {
                let dates = memo?.dates(rule, start: observance.start, year: year)
                    ?? Self.ruleDates(rule, start: observance.start, year: year)
                for local in dates where local > observance.start {
                    guard all.count < min(count, Self.countLimit), Self.isBeforeUntil(local, rule, observance) else {
                        ended = true
                        break
                    }
                    all.append(local)
                }
                year += rule.interval
            }
            counted = all
            memo?.countBudget -= all.count - 1
            lastYear = max(fixedLast, all.last?.date.year ?? fixedLast)
        } else {
            counted = nil
            lastYear = rule.until.map { max(fixedLast, $0.date.year + 1) }
        }
    }

    /// Every onset, as instants in order, when the observance has finitely many within
    /// ``yearLimit`` years of its first (no RRULE, a COUNT, or an UNTIL); `nil` for a rule
    /// that goes on for ever (or too long), whose onsets are asked for year by year.
    ///
    /// - Complexity: O(years from the first onset to ``lastYear``).
    func allOnsets() -> [Int]? {
        guard let lastYear else { return nil }
        let firstYear = min(fixed.keys.min() ?? observance.start.date.year, observance.start.date.year)
        guard lastYear >= firstYear else { return [] }
        guard lastYear - firstYear <= Self.yearLimit else { return nil }
        if observance.recurrenceRule == nil || counted != nil || !isRuleSupported {
            // The listed onsets alone (asking year by year would filter `counted` once a year).
            var locals = fixed.values.flatMap { $0 }
            if let counted { locals += counted }
            return Array(Set(locals.map { $0.secondsSinceEpoch - observance.offsetFrom })).sorted()
        }
        return (firstYear...lastYear).flatMap { onsets(inYear: $0) }
    }

    /// The onsets of DTSTART and the RDATEs alone, as instants in order.
    func fixedOnsets() -> [Int] {
        fixed.keys.sorted().flatMap { year in
            Array(Set(fixed[year]!.map { $0.secondsSinceEpoch - observance.offsetFrom })).sorted()
        }
    }

    /// What the rule's onsets depend on besides DTSTART's year (for a rule without COUNT):
    /// two observances with equal keys name the same onsets from the later DTSTART on, so the
    /// one that starts first stands for both (plus the other's DTSTART and RDATEs).
    /// `nil` for an observance without a rule within the subset, or with a COUNT.
    var ruleKey: RuleKey? {
        guard let rule = observance.recurrenceRule, isRuleSupported, rule.count == nil else { return nil }
        let start = observance.start
        return RuleKey(rule: rule, month: start.date.month, day: start.date.day,
                       seconds: start.hour * 3600 + start.minute * 60 + start.second,
                       phase: ((start.date.year % max(rule.interval, 1)) + max(rule.interval, 1)) % max(rule.interval, 1),
                       offsetFrom: observance.offsetFrom, offsetTo: observance.offsetTo)
    }

    /// See ``ruleKey``.
    struct RuleKey: Hashable {
        var rule: RecurrenceRule
        var month: Int, day: Int, seconds: Int
        /// DTSTART's year modulo INTERVAL: which years the rule names.
        var phase: Int
        var offsetFrom: Int, offsetTo: Int
    }

    /// The onsets whose local date falls in `year`, as instants (seconds since 1970 UTC),
    /// each at its local time read in `offsetFrom`; sorted, without duplicates.
    func onsets(inYear year: Int) -> [Int] {
        var locals = fixed[year] ?? []
        if let counted {
            locals += counted.filter { $0.date.year == year }
        } else if isRuleSupported, let rule = observance.recurrenceRule, year >= observance.start.date.year,
                  (year - observance.start.date.year) % max(rule.interval, 1) == 0 {
            locals += Self.ruleDates(rule, start: observance.start, year: year).filter {
                $0 > observance.start && Self.isBeforeUntil($0, rule, observance)
            }
        }
        let instants = locals.map { $0.secondsSinceEpoch - observance.offsetFrom }
        return Array(Set(instants)).sorted()
    }

    /// Whether `rule` is within the subset that this type expands.
    static func isSupported(_ rule: RecurrenceRule) -> Bool {
        rule.frequency == .yearly && rule.byYearDay.isEmpty && rule.byWeekNumber.isEmpty
            && rule.rscale == nil && rule.byMonth.allSatisfy { !$0.isLeap && (1...12).contains($0.month) }
            && rule.interval >= 1 && yearOnsetBound(rule) <= yearOnsetLimit
    }

    /// At most how many onsets `rule` names in a year, from the sizes of its parts (distinct
    /// values, before BYSETPOS): days (at most 366) × hours × minutes × seconds.
    static func yearOnsetBound(_ rule: RecurrenceRule) -> Int {
        func distinct(_ values: [Int], _ range: ClosedRange<Int>) -> Int {
            max(1, Set(values.lazy.filter { range.contains($0) }).count)
        }
        let weekdays = Set(rule.byDay.map { $0.weekday.isoNumber }).count
        let days: Int
        if rule.byMonth.isEmpty && weekdays > 0 && rule.byMonthDay.isEmpty {
            days = 366
        } else {
            let months = max(1, Set(rule.byMonth.map(\.month)).count)
            let monthDays = rule.byMonthDay.isEmpty ? (weekdays > 0 ? 31 : 1) : min(31, Set(rule.byMonthDay).count)
            days = min(366, months * monthDays)
        }
        return days * distinct(rule.byHour, 0...23) * distinct(rule.byMinute, 0...59) * distinct(rule.bySecond, 0...60)
    }

    /// Whether `local` is not after the rule's UTC-or-local UNTIL (which is inclusive).
    private static func isBeforeUntil(_ local: CivilDateTime, _ rule: RecurrenceRule,
                                      _ observance: TimeZoneDefinition.Observance) -> Bool {
        switch rule.until {
        case nil: return true
        case .utc(let until): return local.secondsSinceEpoch - observance.offsetFrom <= until.secondsSinceEpoch
        case .floating(let until), .zoned(let until, _): return local <= until
        case .date(let until): return local.date <= until
        }
    }

    /// Every wall time the rule names in `year` (before DTSTART, UNTIL and COUNT are applied), sorted.
    static func ruleDates(_ rule: RecurrenceRule, start: CivilDateTime, year: Int) -> [CivilDateTime] {
        var days: [CivilDate] = []
        if rule.byMonth.isEmpty && !rule.byDay.isEmpty && rule.byMonthDay.isEmpty {
            // BYDAY within the year (`BYDAY=1SU` with no BYMONTH).
            let first = CivilDate(year: year, month: 1, day: 1)
            days = weekdays(rule.byDay, from: first, count: CivilDate.daysInYear(year))
        } else {
            let months = rule.byMonth.isEmpty ? [start.date.month] : rule.byMonth.map(\.month)
            for month in months {
                let length = CivilDate.daysInMonth(year: year, month: month)
                let monthDays = Set(rule.byMonthDay).compactMap { $0 > 0 ? ($0 <= length ? $0 : nil) : (-$0 <= length ? length + 1 + $0 : nil) }
                let first = CivilDate(year: year, month: month, day: 1)
                if !rule.byDay.isEmpty {
                    days += weekdays(rule.byDay, from: first, count: length)
                        .filter { monthDays.isEmpty || monthDays.contains($0.day) }
                } else if !monthDays.isEmpty {
                    days += monthDays.map { CivilDate(year: year, month: month, day: $0) }
                } else if start.date.day <= length {
                    days.append(CivilDate(year: year, month: month, day: start.date.day))
                }
            }
        }
        let hours = rule.byHour.isEmpty ? [start.hour] : Set(rule.byHour).sorted()
        let minutes = rule.byMinute.isEmpty ? [start.minute] : Set(rule.byMinute).sorted()
        let seconds = rule.bySecond.isEmpty ? [start.second] : Set(rule.bySecond).sorted()
        var result: [CivilDateTime] = []
        for day in Set(days).sorted() {
            for h in hours { for m in minutes { for s in seconds {
                result.append(CivilDateTime(date: day, hour: h, minute: m, second: s))
            } } }
        }
        guard !rule.bySetPosition.isEmpty else { return result }
        return rule.bySetPosition.compactMap { position in
            let index = position > 0 ? position - 1 : result.count + position
            return result.indices.contains(index) ? result[index] : nil
        }.sorted()
    }

    /// The days among `count` days from `first` that BYDAY names: with an ordinal, the n-th
    /// such weekday from the start (or from the end when negative); without one, every such weekday.
    private static func weekdays(_ byDay: [RecurrenceRule.WeekdayNumber], from first: CivilDate, count: Int) -> [CivilDate] {
        var result: [CivilDate] = []
        let firstISO = first.isoWeekday
        for entry in byDay {
            // Offset of the first such weekday from `first`.
            let lead = (entry.weekday.isoNumber - firstISO + 7) % 7
            let occurrences = lead < count ? (count - 1 - lead) / 7 + 1 : 0
            if let ordinal = entry.ordinal, ordinal != 0 {
                let n = ordinal > 0 ? ordinal - 1 : occurrences + ordinal
                if n >= 0 && n < occurrences { result.append(first.adding(days: lead + 7 * n)) }
            } else {
                for n in 0..<occurrences { result.append(first.adding(days: lead + 7 * n)) }
            }
        }
        return result
    }
}

/// ``ObservanceSchedule/ruleDates(_:start:year:)`` remembered while one zone's observances are
/// set up (it depends on DTSTART's date and time in the year, not on its year).
///
/// Sendable notes: not Sendable; made, used and dropped by one zone's initialiser on one thread.
final class RuleDatesMemo {
    private struct Key: Hashable {
        var rule: RecurrenceRule
        var month: Int, day: Int, seconds: Int
        var year: Int
    }

    private var known: [Key: [CivilDateTime]] = [:]
    /// What is left of the zone's ``ObservanceSchedule/zoneCountBudget``: a COUNT rule expands
    /// at most this many onsets beyond its DTSTART, and spends them.
    var countBudget = ObservanceSchedule.zoneCountBudget

    func dates(_ rule: RecurrenceRule, start: CivilDateTime, year: Int) -> [CivilDateTime] {
        let key = Key(rule: rule, month: start.date.month, day: start.date.day,
                      seconds: start.hour * 3600 + start.minute * 60 + start.second, year: year)
        if let dates = known[key] { return dates }
        let dates = ObservanceSchedule.ruleDates(rule, start: start, year: year)
        known[key] = dates
        return dates
    }
}
