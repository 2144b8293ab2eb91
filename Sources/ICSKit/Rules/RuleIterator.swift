/// Where a rule stops (UNTIL, inclusive), in the terms it can be compared in.
enum UntilBound: Sendable, Equatable {
    case none
    /// A wall time (seconds since 1970 as if UTC): for floating and all-day series, or an UNTIL in the series' own terms.
    case wall(Int)
    /// An instant (UTC seconds): UNTIL in UTC for a zoned series.
    case instant(Int)
}

/// One instance a rule produced: its wall time, and its instant when the series has a zone
/// (otherwise `utcSeconds == wallSeconds`).
struct RuleInstance: Sendable, Equatable {
    var wallSeconds: Int
    var utcSeconds: Int
    var wall: CivilDateTime { CivilDateTime(secondsSinceEpoch: wallSeconds) }
}

/// The native RRULE engine (RFC 5545 3.3.10, Gregorian): produces the instances of one
/// rule lazily, in increasing order, as wall times, with integer date arithmetic only.
///
/// - DTSTART is the first instance even when it does not match the rule, and COUNT counts it.
/// - Instances at nonexistent local times (a DST gap in `zone`) are skipped and not counted.
/// - ``skip(toWallSeconds:)`` jumps to the period holding a window start: any rule without COUNT,
///   and a COUNT rule with the same candidates in every period (``FixedPeriodGrid``).
/// - A rule that stops producing (BYMONTHDAY=31;BYMONTH=2) ends after a bounded number of empty periods.
struct RuleIterator: IteratorProtocol {
    let rule: CompiledRule
    let startWall: Int
    let until: UntilBound
    let zone: ZoneCache?
    /// The same zone, reached without a retain and release per instance (``zone`` keeps it alive).
    private let unretainedZone: Unmanaged<ZoneCache>?
    /// Whether DTSTART is the first instance whether it matches or not (RFC 5545); false only in tests.
    let forceStart: Bool
    /// The most empty periods in a row before giving up: one whole 400-year Gregorian cycle
    /// (after it, dates and weekdays repeat, so a rule that produced nothing never will).
    private var emptyPeriodLimit: Int {
        switch rule.frequency {
        case .yearly: return 401
        case .monthly: return 4801
        case .weekly: return 20_872
        default: return 146_098
        }
    }
    static let lastYear = 9999
    /// The day after the last day of ``lastYear``.
    static let endOfLastYear = CivilDate(year: lastYear + 1, month: 1, day: 1).daysSinceEpoch

    private var anchor: Int
    private var anchorPending = true
    private var startDone = false
    private var produced = 0
    private var finished = false
    /// The current period's candidates, in order, are a grid never written out:
    /// `periodBase + bases[d] + times[t]` for every day `d` (each base a day's midnight, or a
    /// sub-daily period's first second) and every time `t` (``CompiledRule/timesOfDay``, or
    /// ``CompiledRule/timesInPeriod`` below a day). A yearly rule with every BYMONTHDAY, BYHOUR,
    /// BYMINUTE and BYSECOND names 31 million candidates a year: they cost 366 bases and the
    /// 86,400 times of a day, not 250 MB.
    private var bases: [Int] = []
    private let times: [Int]
    /// Whether ``bases`` are the same in every period (``CompiledRule/fixedDayOffsets``, as
    /// seconds from the anchor's midnight ``periodBase``): then nothing is filled per period.
    private let fixedDays: Bool
    /// The midnight (wall seconds) of the current period's anchor with ``fixedDays``; else 0.
    private var periodBase = 0
    /// The candidates BYSETPOS keeps of the current period (wall seconds, sorted); read instead of the grid when ``usesSelected``.
    private var selected: [Int] = []
    private var usesSelected = false
    /// The next candidate to read: its day and time in the grid, or its place in ``selected``
    /// (past the end until the first period is filled).
    private var dayIndex = Int.max
    private var timeIndex = 0
    private var index = 0
    /// Where ``skip(toWallSeconds:)`` asked to go: the period it lands in is read from the
    /// first candidate at or after it (found by binary search, not read one by one).
    private var seekTarget: Int?
    /// Periods skipped or scanned without a candidate since the last one that had some.
    private(set) var emptyPeriods = 0
    /// Whether the iterator stopped because the rule stopped producing.
    private(set) var gaveUp = false

    init(rule: RecurrenceRule, start: CivilDateTime, isDate: Bool, until: UntilBound = .none,
         zone: ZoneCache? = nil, forceStart: Bool = true) {
        self.rule = CompiledRule(rule, start: start, isDate: isDate)
        self.times = self.rule.frequency >= .daily ? self.rule.timesOfDay : self.rule.timesInPeriod
        if let offsets = self.rule.fixedDayOffsets {
            fixedDays = true
            bases = offsets.map { $0 * 86_400 }
        } else {
            fixedDays = false
        }
        let start = isDate ? CivilDateTime(date: start.date) : start
        self.startWall = start.secondsSinceEpoch
        self.until = until
        self.zone = zone
        self.unretainedZone = zone.map { Unmanaged.passUnretained($0) }
        self.forceStart = forceStart
        self.anchor = 0
        self.anchor = anchorOf(wallSeconds: startWall)
    }

    /// The period anchor holding a wall time: a year, a month index (year × 12 + month − 1),
    /// the first day of a week (WKST), a day, or the first second of an hour or minute.
    private func anchorOf(wallSeconds: Int) -> Int {
        let days = floorDivide(wallSeconds, 86_400)
        switch rule.frequency {
        case .yearly: return CivilDate(daysSinceEpoch: days).year
        case .monthly:
            let date = CivilDate(daysSinceEpoch: days)
            return date.year * 12 + date.month - 1
        case .weekly:
            let weekday = ((days % 7 + 7) % 7 + 3) % 7 + 1
            return days - (weekday - rule.weekStart + 7) % 7
        case .daily: return days
        case .hourly: return wallSeconds - (wallSeconds - days * 86_400) % 3600
        case .minutely: return wallSeconds - (wallSeconds - days * 86_400) % 60
        case .secondly: return wallSeconds
        }
    }

    /// How far the anchor moves for one INTERVAL.
    private var step: Int {
        switch rule.frequency {
        case .yearly, .monthly, .daily, .secondly: return rule.interval
        case .weekly: return rule.interval * 7
        case .hourly: return rule.interval * 3600
        case .minutely: return rule.interval * 60
        }
    }

    /// Whether ``skip(toWallSeconds:)`` may be called: a rule without COUNT, or a COUNT rule
    /// without UNTIL whose periods all hold the same candidates (``CompiledRule/fixedDayOffsets``),
    /// so that what the periods passed over would have counted is known without walking them.
    var canSkip: Bool {
        rule.count == nil || (rule.fixedDayOffsets != nil && until == .none && forceStart)
    }

    /// Jumps to the last period (aligned on INTERVAL from DTSTART) that starts at or before
    /// `wallSeconds`, skipping DTSTART when it lies before it, and in that period to its first
    /// candidate at or after `wallSeconds` (DTSTART's own period too: then DTSTART comes first).
    /// A COUNT rule lands at the start of that period instead (its candidates before
    /// `wallSeconds` are handed out, as they count), and counts what the periods passed over held.
    /// Only when ``canSkip``, before the first call to `next()`.
    ///
    /// - Complexity: O(log n) for n candidates in the period landed in; with COUNT, also
    ///   O(gaps × times) for the zone's spring-forward gaps passed over (``FixedPeriodGrid``).
    mutating func skip(toWallSeconds wallSeconds: Int) {
        precondition(canSkip && !startDone, "skip(toWallSeconds:) needs a rule without COUNT or with fixed periods, not yet started")
        let target = anchorOf(wallSeconds: wallSeconds)
        let periods = floorDivide(target - anchor, step)
        guard periods >= 0 else { return }
        if let count = rule.count {
            skipCounting(periods: periods, count: count)
            return
        }
        seekTarget = wallSeconds
        guard periods > 0 else { return }
        anchor += periods * step
        startDone = true
    }

    /// Passes over the first `periods` periods of a COUNT rule with fixed candidates (DTSTART's
    /// among them), counting what ``next()`` would have produced in them: DTSTART, the candidates of
    /// its period after it, and every candidate of the periods between, less those at wall times
    /// the zone skips (which the walk drops without counting). Lands at the start of the next period;
    /// when the count is reached on the way, the rule is over.
    private mutating func skipCounting(periods: Int, count: Int) {
        guard periods > 0, let offsets = rule.fixedDayOffsets else { return }
        let landed = anchor + periods * step
        // The walk ends at year 9999's end: never jump past it.
        guard landed < Self.endOfLastYear else { return }
        let grid = FixedPeriodGrid(firstDay: anchor, stepDays: step, dayOffsets: offsets, times: times)
        var passed = 1 + grid.perPeriod - grid.firstPeriodCandidates(through: startWall) + (periods - 1) * grid.perPeriod
        if let zone { passed -= grid.skippedCandidates(from: startWall + 1, to: landed * 86_400, in: zone) }
        produced = passed
        startDone = true
        anchor = landed
        if produced >= count { finished = true }
    }

    /// The current period's candidates: the grid's size, or how many BYSETPOS kept.
    private var periodCount: Int { usesSelected ? selected.count : bases.count * times.count }

    /// The candidate at `position` in the current period.
    private func candidate(at position: Int) -> Int {
        if usesSelected { return selected[position] }
        let (day, time) = position.quotientAndRemainder(dividingBy: times.count)
        return periodBase + bases[day] + times[time]
    }

    /// The next candidate of the current period, or `nil` when it has no more.
    private mutating func nextCandidate() -> Int? {
        if usesSelected {
            guard index < selected.count else { return nil }
            index += 1
            return selected[index - 1]
        }
        guard dayIndex < bases.count else { return nil }
        let wall = periodBase + bases[dayIndex] + times[timeIndex]
        timeIndex += 1
        if timeIndex == times.count { timeIndex = 0; dayIndex += 1 }
        return wall
    }

    /// Moves the cursor of the current period to its first candidate at or after ``seekTarget``.
    private mutating func seekInPeriod() {
        guard let target = seekTarget else { return }
        seekTarget = nil
        var low = 0, high = periodCount
        while low < high {
            let middle = low + (high - low) / 2
            if candidate(at: middle) < target { low = middle + 1 } else { high = middle }
        }
        index = low
        (dayIndex, timeIndex) = usesSelected ? (0, 0) : low.quotientAndRemainder(dividingBy: times.count)
    }

    mutating func next() -> RuleInstance? {
        if finished { return nil }
        if !startDone {
            startDone = true
            if forceStart {
                produced = 1
                if let count = rule.count, count <= 1 { finished = true }
                let utc = zone?.resolve(wallSeconds: startWall).utcSeconds ?? startWall
                return RuleInstance(wallSeconds: startWall, utcSeconds: utc)
            }
        }
        while true {
            while let wall = nextCandidate() {
                if wall < startWall || (forceStart && wall == startWall) { continue }
                var utc = wall
                if let zone = unretainedZone {
                    let resolved = zone._withUnsafeGuaranteedRef { $0.resolve(wallSeconds: wall) }
                    if !resolved.exists { continue }
                    utc = resolved.utcSeconds
                }
                switch until {
                case .none: break
                case .wall(let limit): if wall > limit { finished = true; return nil }
                case .instant(let limit): if utc > limit { finished = true; return nil }
                }
                produced += 1
                if let count = rule.count, produced >= count { finished = true }
                return RuleInstance(wallSeconds: wall, utcSeconds: utc)
            }
            if !fillNextPeriod() {
                finished = true
                return nil
            }
        }
    }

    /// A wall time past which no period can hold an instance within UNTIL.
    private var untilWallLimit: Int? {
        switch until {
        case .none: return nil
        case .wall(let limit): return limit
        case .instant(let limit): return limit + 2 * 86_400
        }
    }

    /// Moves to the next period that has candidates: with ``fixedDays``, only the period's
    /// base; else fills ``bases`` with its days (and applies BYSETPOS). Returns false when the
    /// rule is over (past UNTIL, past year 9999, or empty for too long).
    private mutating func fillNextPeriod() -> Bool {
        index = 0
        dayIndex = 0
        timeIndex = 0
        usesSelected = false
        let step = self.step
        if fixedDays {
            // The same days in every period: no day tests to run, nothing to fill.
            if !anchorPending { anchor += step }
            anchorPending = false
            if anchor >= Self.endOfLastYear { return false }
            if let limit = untilWallLimit, anchor * 86_400 > limit { return false }
            periodBase = anchor * 86_400
            seekInPeriod()
            return true
        }
        while true {
            bases.removeAll(keepingCapacity: true)
            usesSelected = false
            if !anchorPending { anchor += step }
            anchorPending = false
            let (firstDay, dayCount) = periodDays()
            if firstDay >= Self.endOfLastYear { return false }
            if let limit = untilWallLimit, firstDay * 86_400 > limit { return false }
            if rule.frequency >= .daily {
                fillDays(firstDay: firstDay, dayCount: dayCount)
            } else if !fillSubDaily(day: firstDay, step: step) {
                emptyPeriods += 1
                if emptyPeriods > emptyPeriodLimit { gaveUp = true; return false }
                continue
            }
            if !rule.setPositions.isEmpty { applySetPositions() }
            if periodCount > 0 {
                emptyPeriods = 0
                seekInPeriod()
                return true
            }
            emptyPeriods += 1
            if emptyPeriods > emptyPeriodLimit { gaveUp = true; return false }
        }
    }

    /// The days of the current period: its first day and how many.
    private func periodDays() -> (Int, Int) {
        switch rule.frequency {
        case .yearly:
            return (CivilDate(year: anchor, month: 1, day: 1).daysSinceEpoch, CivilDate.daysInYear(anchor))
        case .monthly:
            let year = floorDivide(anchor, 12), month = anchor - year * 12 + 1
            return (CivilDate(year: year, month: month, day: 1).daysSinceEpoch, CivilDate.daysInMonth(year: year, month: month))
        case .weekly: return (anchor, 7)
        case .daily: return (anchor, 1)
        case .hourly, .minutely, .secondly: return (floorDivide(anchor, 86_400), 1)
        }
    }

    /// DAILY and coarser: every day of the period that passes the day tests (its midnight into
    /// ``bases``; the times of day are the grid's other side). The date, weekday and month
    /// length are carried from day to day, not recomputed.
    private mutating func fillDays(firstDay: Int, dayCount: Int) {
        let end = firstDay + dayCount
        if rule.daySelection != .scan {
            // A month or a year, month by month: the matching days straight from the rule's numbers.
            var monthStart = firstDay
            var date = CivilDate(daysSinceEpoch: firstDay)
            while monthStart < end {
                let monthLength = CivilDate.daysInMonth(year: date.year, month: date.month)
                if rule.monthMask == 0 || rule.monthMask & (UInt16(1) << UInt16(date.month)) != 0 {
                    var days = rule.matchingDays(firstDay: monthStart, monthLength: monthLength)
                    while days != 0 {
                        let day = days.trailingZeroBitCount
                        days &= days - 1
                        bases.append((monthStart + day - 1) * 86_400)
                    }
                }
                monthStart += monthLength
                if date.month == 12 { date.month = 1; date.year += 1 } else { date.month += 1 }
            }
            return
        }
        if !rule.hasDayTests {
            for day in firstDay..<end { bases.append(day * 86_400) }
            return
        }
        var day = firstDay
        var date = CivilDate(daysSinceEpoch: firstDay)
        var weekday = ((firstDay % 7 + 7) % 7 + 3) % 7 + 1
        var monthLength = CivilDate.daysInMonth(year: date.year, month: date.month)
        let skipsMonths = rule.frequency == .yearly && rule.monthMask != 0
        while day < end {
            if skipsMonths && rule.monthMask & (UInt16(1) << UInt16(date.month)) == 0 {
                // Skip the rest of a month that BYMONTH leaves out.
                let skipped = monthLength - date.day + 1
                day += skipped
                weekday = (weekday - 1 + skipped) % 7 + 1
                date.day = monthLength
            } else {
                if rule.dayMatches(day, date: date, weekday: weekday, monthLength: monthLength) {
                    bases.append(day * 86_400)
                }
                day += 1
                weekday = weekday == 7 ? 1 : weekday + 1
            }
            if date.day == monthLength {
                date.day = 1
                if date.month == 12 { date.month = 1; date.year += 1 } else { date.month += 1 }
                monthLength = CivilDate.daysInMonth(year: date.year, month: date.month)
            } else {
                date.day += 1
            }
        }
    }

    /// HOURLY, MINUTELY, SECONDLY: the candidates of the current period; on a day, hour or
    /// minute that the rule leaves out, moves the anchor to the first aligned period after it
    /// and returns false.
    private mutating func fillSubDaily(day: Int, step: Int) -> Bool {
        func skip(to boundary: Int) {
            anchor += ((boundary - anchor + step - 1) / step) * step
            anchorPending = true
        }
        if !rule.dayMatches(day) {
            skip(to: (day + 1) * 86_400)
            return false
        }
        let inDay = anchor - day * 86_400
        let hour = inDay / 3600
        if rule.hourMask & (UInt32(1) << UInt32(hour)) == 0 {
            skip(to: day * 86_400 + (hour + 1) * 3600)
            return false
        }
        if rule.frequency == .hourly {
            bases.append(anchor)
            return true
        }
        let minute = inDay % 3600 / 60
        if rule.minuteMask & (UInt64(1) << UInt64(minute)) == 0 {
            skip(to: day * 86_400 + hour * 3600 + (minute + 1) * 60)
            return false
        }
        if rule.frequency == .minutely {
            bases.append(anchor)
            return true
        }
        if rule.secondMask & (UInt64(1) << UInt64(inDay % 60)) == 0 { return false }
        bases.append(anchor)
        return true
    }

    /// BYSETPOS: keeps the candidates at the given positions of the period's grid (sorted,
    /// distinct) in ``selected``, picked by position without listing the grid.
    private mutating func applySetPositions() {
        let n = bases.count * times.count
        var picked: [Int] = []
        for position in rule.setPositions {
            let i = position > 0 ? position - 1 : n + position
            if i >= 0 && i < n { picked.append(candidate(at: i)) }
        }
        picked.sort()
        selected.removeAll(keepingCapacity: true)
        for value in picked where selected.last != value { selected.append(value) }
        usesSelected = true
    }
}
