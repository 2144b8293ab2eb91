/// A bounded walk of one RRULE's instances in wall time, for the checks that need them
/// (a rule that yields nothing, an EXDATE or RECURRENCE-ID that matches no instance).
///
/// This is the validator's own seam over recurrence: it covers FREQ, INTERVAL, COUNT,
/// UNTIL (as a wall time), BYMONTH, BYYEARDAY, BYMONTHDAY, BYDAY (with ordinals in the
/// month or year), BYHOUR, BYMINUTE, BYSECOND and BYSETPOS; rules with BYWEEKNO or RSCALE
/// are not walked (``init(rule:start:isDate:untilWall:)`` returns nil) and give no finding.
/// Sub-daily rules skip whole days that their day-level parts exclude, so that a
/// `FREQ=SECONDLY` rule costs at most ``maxSteps`` steps.
///
/// - Complexity: at most ``maxSteps`` periods per walk, each O(days in the period).
struct RuleWalker {
    /// How many periods a walk may take: 400 years of YEARLY or MONTHLY periods (the Gregorian
    /// calendar repeats after 400 years), 20,000 of the others; each walk costs at most about
    /// 150,000 day tests.
    static let maxSteps = 20_000

    private var stepLimit: Int {
        switch rule.frequency {
        case .yearly: return 400
        case .monthly: return 4_800
        default: return Self.maxSteps
        }
    }

    /// Whether the walk stopped at its step limit.
    var reachedLimit: Bool { steps >= stepLimit }

    private let rule: RecurrenceRule
    private let start: CivilDateTime
    private let isDate: Bool
    private let untilWall: CivilDateTime?
    private var period = 0
    private var pending: [CivilDateTime] = []
    private var emitted = 1   // DTSTART is the first instance, and COUNT counts it.
    private(set) var steps = 0
    /// Whether the walk ended because the rule ended (COUNT, UNTIL), not because of ``maxSteps``.
    private(set) var finished = false

    /// - Parameters:
    ///   - untilWall: UNTIL as a wall time in DTSTART's zone (the caller converts a UTC UNTIL).
    init?(rule: RecurrenceRule, start: CivilDateTime, isDate: Bool, untilWall: CivilDateTime?) {
        guard rule.byWeekNumber.isEmpty, rule.rscale == nil, rule.interval >= 1, start.date.isValid else { return nil }
        self.rule = rule
        self.start = start
        self.isDate = isDate
        self.untilWall = untilWall
    }

    /// The next instance after DTSTART (DTSTART itself is not returned), or nil when the rule
    /// has ended or the walk reached ``maxSteps`` (see ``finished``).
    mutating func next() -> CivilDateTime? {
        while true {
            if let count = rule.count, emitted >= count { finished = true; return nil }
            if !pending.isEmpty {
                let instance = pending.removeFirst()
                if instance <= start { continue }
                if let untilWall, instance > untilWall { finished = true; return nil }
                emitted += 1
                return instance
            }
            guard steps < stepLimit else { return nil }
            steps += 1
            if let untilWall, periodStart(period) > untilWall { finished = true; return nil }
            pending = instances(inPeriod: period)
            period += rule.interval
        }
    }

    // MARK: - Periods

    /// The first wall time of period number `k` (counted from DTSTART's period).
    private func periodStart(_ k: Int) -> CivilDateTime {
        let d = start.date
        switch rule.frequency {
        case .yearly: return CivilDateTime(year: d.year + k, month: 1, day: 1)
        case .monthly:
            let months = d.year * 12 + (d.month - 1) + k
            return CivilDateTime(year: months / 12, month: months % 12 + 1, day: 1)
        case .weekly:
            let offset = (d.isoWeekday - isoWeekday(rule.weekStart) + 7) % 7
            return CivilDateTime(date: d.adding(days: 7 * k - offset))
        case .daily: return CivilDateTime(date: d.adding(days: k))
        case .hourly: return CivilDateTime(secondsSinceEpoch: start.secondsSinceEpoch - start.minute * 60 - start.second + k * 3600)
        case .minutely: return CivilDateTime(secondsSinceEpoch: start.secondsSinceEpoch - start.second + k * 60)
        case .secondly: return CivilDateTime(secondsSinceEpoch: start.secondsSinceEpoch + k)
        }
    }

    private func isoWeekday(_ day: Weekday) -> Int { day == .sunday ? 7 : day.rawValue - 1 }

    private func instances(inPeriod k: Int) -> [CivilDateTime] {
        let first = periodStart(k)
        let length: Int
        switch rule.frequency {
        case .yearly: length = CivilDate.daysInYear(first.date.year)
        case .monthly: length = CivilDate.daysInMonth(year: first.date.year, month: first.date.month)
        case .weekly: length = 7
        default: length = 1
        }
        var days: [CivilDate] = []
        let firstDay = first.date.daysSinceEpoch
        for offset in 0..<length {
            let day = length == 1 ? first.date : CivilDate(daysSinceEpoch: firstDay + offset)
            if dayMatches(day) { days.append(day) }
        }
        var out: [CivilDateTime] = []
        if rule.frequency >= .daily {
            let hours = rule.byHour.isEmpty ? [start.hour] : rule.byHour.sorted()
            let minutes = rule.byMinute.isEmpty ? [start.minute] : rule.byMinute.sorted()
            let seconds = rule.bySecond.isEmpty ? [start.second] : rule.bySecond.sorted()
            for day in days {
                if isDate { out.append(CivilDateTime(date: day)); continue }
                for h in hours { for m in minutes { for s in seconds {
                    out.append(CivilDateTime(date: day, hour: h, minute: m, second: s))
                } } }
            }
        } else if !days.isEmpty {
            // Sub-daily: the period's own time, expanded by the finer BY-parts, filtered by the coarser ones.
            let minutes = rule.frequency != .hourly ? [first.minute] : rule.byMinute.isEmpty ? [start.minute] : rule.byMinute.sorted()
            let seconds = rule.frequency == .secondly ? [first.second] : rule.bySecond.isEmpty ? [start.second] : rule.bySecond.sorted()
            if rule.byHour.isEmpty || rule.byHour.contains(first.hour) {
                for m in minutes where rule.byMinute.isEmpty || rule.byMinute.contains(m) {
                    for s in seconds where rule.bySecond.isEmpty || rule.bySecond.contains(s) {
                        out.append(CivilDateTime(date: first.date, hour: first.hour, minute: m, second: s))
                    }
                }
            }
        }
        out.sort()
        if !rule.bySetPosition.isEmpty {
            let n = out.count
            out = rule.bySetPosition.compactMap { p in
                let i = p > 0 ? p - 1 : n + p
                return i >= 0 && i < n ? out[i] : nil
            }.sorted()
        }
        return out
    }

    /// Whether a day passes the rule's day-level parts (with RFC 5545's defaults from DTSTART).
    private func dayMatches(_ day: CivilDate) -> Bool {
        let r = rule
        if !r.byMonth.isEmpty, !r.byMonth.contains(where: { $0.month == day.month && !$0.isLeap }) { return false }
        if !r.byYearDay.isEmpty {
            let n = CivilDate.daysInYear(day.year), d = day.dayOfYear
            if !r.byYearDay.contains(where: { $0 == d || $0 == d - n - 1 }) { return false }
        }
        if !r.byMonthDay.isEmpty {
            let n = CivilDate.daysInMonth(year: day.year, month: day.month)
            if !r.byMonthDay.contains(where: { $0 == day.day || $0 == day.day - n - 1 }) { return false }
        }
        if !r.byDay.isEmpty, !r.byDay.contains(where: { weekdayMatches($0, day) }) { return false }
        let hasDayParts = !r.byYearDay.isEmpty || !r.byMonthDay.isEmpty || !r.byDay.isEmpty
        switch r.frequency {
        case .yearly where !hasDayParts:
            return day.day == start.date.day && (!r.byMonth.isEmpty || day.month == start.date.month)
        case .monthly where !hasDayParts: return day.day == start.date.day
        case .weekly where r.byDay.isEmpty: return day.isoWeekday == start.date.isoWeekday
        default: return true
        }
    }

    private func weekdayMatches(_ entry: RecurrenceRule.WeekdayNumber, _ day: CivilDate) -> Bool {
        guard day.isoWeekday == isoWeekday(entry.weekday) else { return false }
        guard let ordinal = entry.ordinal, rule.frequency == .monthly || rule.frequency == .yearly else { return true }
        // The ordinal counts within the month (MONTHLY, or YEARLY with BYMONTH), else within the year.
        let inMonth = rule.frequency == .monthly || !rule.byMonth.isEmpty
        let index = inMonth ? day.day : day.dayOfYear
        let length = inMonth ? CivilDate.daysInMonth(year: day.year, month: day.month) : CivilDate.daysInYear(day.year)
        return ordinal > 0 ? (index - 1) / 7 + 1 == ordinal : (length - index) / 7 + 1 == -ordinal
    }
}
