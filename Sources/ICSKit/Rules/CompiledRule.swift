/// An RRULE turned into masks and sorted lists for the engine's inner loop
/// (RFC 5545 3.3.10), with the defaults that DTSTART supplies already filled in.
///
/// Every BYxxx part that concerns days becomes a test on one day; a period's
/// candidates are the days of the period that pass every test (the intersection
/// gives the expand/limit table of RFC 5545 page 44), each combined with the
/// times of day that BYHOUR, BYMINUTE and BYSECOND (or DTSTART) give.
struct CompiledRule: Sendable {
    let frequency: RecurrenceRule.Frequency
    let interval: Int
    let count: Int?
    /// Bit `m` set for each month in BYMONTH; 0 when there is no BYMONTH.
    let monthMask: UInt16
    /// Bit `d` for BYMONTHDAY `d` (1…31); bit `d` of `monthDayNegative` for BYMONTHDAY `-d`.
    let monthDayPositive: UInt32
    let monthDayNegative: UInt32
    let yearDays: [Int]
    let weekNumbers: [Int]
    /// Bit `w` (ISO weekday, 1 = Monday) for each BYDAY entry without an ordinal.
    let weekdayMask: UInt8
    /// BYDAY entries with an ordinal, as (ordinal, ISO weekday).
    let ordinalWeekdays: [(ordinal: Int, weekday: Int)]
    /// Whether BYDAY ordinals count within the month (MONTHLY, or YEARLY with BYMONTH) rather than the year.
    let ordinalsInMonth: Bool
    /// Bit masks of BYHOUR, BYMINUTE and BYSECOND; all ones when absent.
    let hourMask: UInt32
    let minuteMask: UInt64
    let secondMask: UInt64
    /// For DAILY and coarser: the seconds into the day of each instance, sorted.
    let timesOfDay: [Int]
    /// For HOURLY: seconds into the hour; for MINUTELY: seconds into the minute.
    let timesInPeriod: [Int]
    let setPositions: [Int]
    /// WKST as an ISO weekday.
    let weekStart: Int
    /// Whether any day test is present (false: every day of the period passes).
    let hasDayTests: Bool
    /// How a MONTHLY or YEARLY period's days are found: by testing each day (``dayMatches(_:date:weekday:monthLength:)``),
    /// or, when the only day tests are BYMONTHDAY (or only ordinal BYDAY within months) with
    /// BYMONTH, straight from the numbers (``matchingDays(firstDay:monthLength:)``).
    let daySelection: DaySelection

    enum DaySelection { case scan, monthDays, ordinalsInMonth }
    /// For DAILY without day tests and WEEKLY with at most plain BYDAY, and no BYSETPOS: the
    /// days of every period that hold instances, as offsets from its first day (the same in
    /// every period, since a week starts on WKST), sorted; `nil` for other rules.
    let fixedDayOffsets: [Int]?

    init(_ rule: RecurrenceRule, start: CivilDateTime, isDate: Bool) {
        var frequency = rule.frequency
        if isDate && frequency < .daily { frequency = .daily }
        self.frequency = frequency
        interval = max(1, rule.interval)
        count = rule.count
        weekStart = rule.weekStart.isoNumber

        // The masks are made straight from the parts: no list of months, days, hours, minutes or
        // seconds is made on the way (each an allocation, for every series of an expansion).
        var months: UInt16 = 0
        for entry in rule.byMonth where !entry.isLeap && (1...12).contains(entry.month) { months |= UInt16(1) << UInt16(entry.month) }
        var positive: UInt32 = 0, negative: UInt32 = 0
        for day in rule.byMonthDay where day != 0 && abs(day) <= 31 {
            if day > 0 { positive |= UInt32(1) << UInt32(day) } else { negative |= UInt32(1) << UInt32(-day) }
        }
        // The ISO weekday that DTSTART gives a WEEKLY rule without day parts.
        var startWeekday: Int?
        let noDayParts = rule.byWeekNumber.isEmpty && rule.byYearDay.isEmpty && rule.byMonthDay.isEmpty && rule.byDay.isEmpty
        if noDayParts {
            // RFC 5545 3.3.10: missing parts come from DTSTART.
            switch frequency {
            case .yearly:
                if months == 0 { months = UInt16(1) << UInt16(start.date.month) }
                positive = UInt32(1) << UInt32(start.date.day)
            case .monthly:
                positive = UInt32(1) << UInt32(start.date.day)
            case .weekly:
                startWeekday = start.date.weekday.isoNumber
            default:
                break
            }
        }
        monthMask = months
        monthDayPositive = positive
        monthDayNegative = negative
        yearDays = rule.byYearDay.filter { $0 != 0 && abs($0) <= 366 }
        weekNumbers = frequency == .yearly ? rule.byWeekNumber.filter { $0 != 0 && abs($0) <= 53 } : []
        let ordinalsAllowed = (frequency == .monthly || frequency == .yearly) && weekNumbers.isEmpty
        var plain: UInt8 = 0
        var ordinals: [(ordinal: Int, weekday: Int)] = []
        if let startWeekday {
            plain = UInt8(1) << UInt8(startWeekday)
        } else {
            for entry in rule.byDay {
                if let n = entry.ordinal, n != 0, ordinalsAllowed {
                    ordinals.append((n, entry.weekday.isoNumber))
                } else {
                    plain |= UInt8(1) << UInt8(entry.weekday.isoNumber)
                }
            }
        }
        weekdayMask = plain
        ordinalWeekdays = ordinals
        ordinalsInMonth = frequency == .monthly || months != 0
        hasDayTests = monthMask != 0 || monthDayPositive != 0 || monthDayNegative != 0 || !yearDays.isEmpty
            || !weekNumbers.isEmpty || weekdayMask != 0 || !ordinalWeekdays.isEmpty
        let byMonths = (frequency == .monthly || frequency == .yearly) && yearDays.isEmpty && weekNumbers.isEmpty && plain == 0
        let hasMonthDays = monthDayPositive != 0 || monthDayNegative != 0
        if byMonths && hasMonthDays && ordinals.isEmpty {
            daySelection = .monthDays
        } else if byMonths && !hasMonthDays && !ordinals.isEmpty && ordinalsInMonth {
            daySelection = .ordinalsInMonth
        } else {
            daySelection = .scan
        }

        // The hours, minutes and seconds of the instances, as bit sets (DTSTART's when a part is
        // absent or holds no valid value; midnight for dates); read in increasing order, they give
        // the times of day sorted and without repeats.
        let hours = isDate ? 1 : Self.bits(rule.byHour, in: 0...23, or: start.hour)
        let minutes = isDate ? 1 : Self.bits(rule.byMinute, in: 0...59, or: start.minute)
        let seconds = isDate ? 1 : Self.bits(rule.bySecond, in: 0...59, or: start.second)
        hourMask = rule.byHour.isEmpty ? ~0 : UInt32(truncatingIfNeeded: hours)
        minuteMask = rule.byMinute.isEmpty ? ~0 : minutes
        secondMask = rule.bySecond.isEmpty ? ~0 : seconds
        var day: [Int] = []
        day.reserveCapacity(hours.nonzeroBitCount * minutes.nonzeroBitCount * seconds.nonzeroBitCount)
        Self.forEachBit(hours) { h in Self.forEachBit(minutes) { m in Self.forEachBit(seconds) { s in day.append(h * 3600 + m * 60 + s) } } }
        timesOfDay = day
        switch frequency {
        case .hourly:
            var inHour: [Int] = []
            Self.forEachBit(minutes) { m in Self.forEachBit(seconds) { s in inHour.append(m * 60 + s) } }
            timesInPeriod = inHour
        case .minutely:
            var inMinute: [Int] = []
            Self.forEachBit(seconds) { inMinute.append($0) }
            timesInPeriod = inMinute
        default:
            timesInPeriod = [0]
        }
        setPositions = rule.bySetPosition.filter { $0 != 0 }
        let onlyWeekdays = monthMask == 0 && monthDayPositive == 0 && monthDayNegative == 0 && yearDays.isEmpty
            && weekNumbers.isEmpty && ordinalWeekdays.isEmpty
        if !setPositions.isEmpty {
            fixedDayOffsets = nil
        } else if frequency == .daily && !hasDayTests {
            fixedDayOffsets = [0]
        } else if frequency == .weekly && onlyWeekdays && weekdayMask != 0 {
            let start = weekStart, mask = weekdayMask
            fixedDayOffsets = (0..<7).filter { mask & (UInt8(1) << UInt8((start - 1 + $0) % 7 + 1)) != 0 }
        } else {
            fixedDayOffsets = nil
        }
    }

    /// The set of `values` that lie in `range` (bit `v` for value `v`), or of `fallback` alone when none does.
    private static func bits(_ values: [Int], in range: ClosedRange<Int>, or fallback: Int) -> UInt64 {
        var set: UInt64 = 0
        for value in values where range.contains(value) { set |= UInt64(1) << UInt64(value) }
        return set == 0 ? UInt64(1) << UInt64(fallback) : set
    }

    /// Calls `body` with each bit set in `set`, in increasing order.
    @inline(__always)
    private static func forEachBit(_ set: UInt64, _ body: (Int) -> Void) {
        var rest = set
        while rest != 0 {
            body(rest.trailingZeroBitCount)
            rest &= rest - 1
        }
    }

    /// Whether the day `days` (since 1970-01-01) passes every BYxxx test on days.
    ///
    /// - Complexity: O(number of BYYEARDAY, BYWEEKNO and ordinal BYDAY values).
    @inline(__always)
    func dayMatches(_ days: Int) -> Bool {
        if !hasDayTests { return true }
        let date = CivilDate(daysSinceEpoch: days)
        return dayMatches(days, date: date, weekday: ((days % 7 + 7) % 7 + 3) % 7 + 1,
                          monthLength: CivilDate.daysInMonth(year: date.year, month: date.month))
    }

    /// ``dayMatches(_:)`` for a day whose date, ISO weekday and month length the caller already
    /// knows (the engine walks the days of a period and keeps them up to date as it goes).
    @inline(__always)
    func dayMatches(_ days: Int, date: CivilDate, weekday: Int, monthLength: Int) -> Bool {
        if monthMask != 0 && monthMask & (UInt16(1) << UInt16(date.month)) == 0 { return false }
        if monthDayPositive != 0 || monthDayNegative != 0 {
            let fromEnd = monthLength - date.day + 1
            if monthDayPositive & (UInt32(1) << UInt32(date.day)) == 0
                && monthDayNegative & (UInt32(1) << UInt32(fromEnd)) == 0 { return false }
        }
        if weekdayMask != 0 || !ordinalWeekdays.isEmpty {
            if weekdayMask & (UInt8(1) << UInt8(weekday)) == 0 && !ordinalMatches(date, days: days, weekday: weekday) {
                return false
            }
        }
        if !yearDays.isEmpty || !weekNumbers.isEmpty {
            let yearStart = CivilDate(year: date.year, month: 1, day: 1).daysSinceEpoch
            let yearLength = CivilDate.daysInYear(date.year)
            let dayOfYear = days - yearStart + 1
            if !yearDays.isEmpty
                && !yearDays.contains(where: { $0 == dayOfYear || $0 == dayOfYear - yearLength - 1 }) { return false }
            if !weekNumbers.isEmpty {
                let (week, weeks) = weekNumber(days, year: date.year)
                if !weekNumbers.contains(where: { $0 == week || $0 == week - weeks - 1 }) { return false }
            }
        }
        return true
    }

    /// The days of the month that starts on day `firstDay` (since 1970) and has `monthLength` days
    /// that pass the day tests other than BYMONTH, as a mask (bit d for day d), when
    /// ``daySelection`` is not `.scan`: the BYMONTHDAY numbers (negative ones from the month's
    /// end), or the n-th (or n-th last) weekdays of the month. The same days as
    /// ``dayMatches(_:date:weekday:monthLength:)`` passes, without testing each day.
    ///
    /// - Complexity: O(number of BYMONTHDAY or BYDAY values).
    func matchingDays(firstDay: Int, monthLength: Int) -> UInt32 {
        switch daySelection {
        case .monthDays:
            var mask = monthDayPositive & (UInt32.max >> UInt32(31 - monthLength))
            var negative = monthDayNegative
            while negative != 0 {
                let k = negative.trailingZeroBitCount
                negative &= negative - 1
                let day = monthLength - k + 1
                if day >= 1 { mask |= UInt32(1) << UInt32(day) }
            }
            return mask
        case .ordinalsInMonth:
            let firstWeekday = ((firstDay % 7 + 7) % 7 + 3) % 7 + 1
            var mask: UInt32 = 0
            for (ordinal, weekday) in ordinalWeekdays {
                let first = 1 + (weekday - firstWeekday + 7) % 7
                let day = ordinal > 0 ? first + 7 * (ordinal - 1) : first + 7 * ((monthLength - first) / 7) + 7 * (ordinal + 1)
                if day >= 1 && day <= monthLength { mask |= UInt32(1) << UInt32(day) }
            }
            return mask
        case .scan:
            preconditionFailure("matchingDays needs a rule whose days come from its numbers")
        }
    }

    private func ordinalMatches(_ date: CivilDate, days: Int, weekday: Int) -> Bool {
        if !ordinalWeekdays.contains(where: { $0.weekday == weekday }) { return false }
        let forward: Int, backward: Int
        if ordinalsInMonth {
            forward = (date.day - 1) / 7 + 1
            backward = -((CivilDate.daysInMonth(year: date.year, month: date.month) - date.day) / 7 + 1)
        } else {
            let dayOfYear = days - CivilDate(year: date.year, month: 1, day: 1).daysSinceEpoch + 1
            forward = (dayOfYear - 1) / 7 + 1
            backward = -((CivilDate.daysInYear(date.year) - dayOfYear) / 7 + 1)
        }
        return ordinalWeekdays.contains { $0.weekday == weekday && ($0.ordinal == forward || $0.ordinal == backward) }
    }

    /// The first day of week 1 of `year`: the week (starting on WKST) with at least 4 days in the year.
    private func firstWeekStart(_ year: Int) -> Int {
        let jan1 = CivilDate(year: year, month: 1, day: 1).daysSinceEpoch
        let weekday = ((jan1 % 7 + 7) % 7 + 3) % 7 + 1
        let offset = (weekday - weekStart + 7) % 7
        return offset <= 3 ? jan1 - offset : jan1 + 7 - offset
    }

    /// The week number of a day within its week-numbering year, and how many weeks that year has.
    func weekNumber(_ days: Int, year: Int) -> (week: Int, weeks: Int) {
        var weekYear = year
        if days < firstWeekStart(year) { weekYear -= 1 } else if days >= firstWeekStart(year + 1) { weekYear += 1 }
        let first = firstWeekStart(weekYear)
        return ((days - first) / 7 + 1, (firstWeekStart(weekYear + 1) - first) / 7)
    }
}
