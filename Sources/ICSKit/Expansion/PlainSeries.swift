/// A plain recurring series, read by arithmetic for a sieved expansion (``SeriesDrain``): one
/// DAILY or WEEKLY RRULE with at most plain BYDAY (no other BYxxx part, no BYSETPOS, Gregorian),
/// COUNT or UNTIL or neither, on a zoned start, with no RDATE and no override. Its instances are
/// DTSTART, then DTSTART's time of day on the days of a grid that repeats every period
/// (``FixedPeriodGrid``'s, with one time); the instances in a window are found from the window's
/// days, with COUNT by the position of each day in the grid, without compiling the rule, walking
/// an iterator or building a ``Series``.
///
/// It is taken only where it gives what the general path gives, instance for instance:
/// - no wall time of the grid from DTSTART to the window's end lies in a gap of the zone (where
///   the engine drops a candidate without counting it, and a DTSTART in a gap is reordered);
/// - the window holds fewer days than the instance limit (no series can stop at it), and ends
///   before year 9999 (where the engine stops).
/// The rest (EXDATE, the range test, the sieve, the occurrence) is the same code as ``Series``'.
struct PlainSeries {
    /// DTSTART, as a wall time in the series' zone, and its time of day.
    let startWall: Int
    let timeOfDay: Int
    /// The first day (days since 1970) of the period that holds DTSTART.
    let firstDay: Int
    /// Days from one period's first day to the next's: INTERVAL, times 7 for WEEKLY.
    let stepDays: Int
    /// The days of a period that hold candidates: bit `d` for `d` days after its first (below 7).
    let dayMask: UInt8
    let count: Int?
    let until: UntilBound
    let zone: ZoneCache

    /// The plain reading of `rules` from `start` on `clock`; nil when the series is not plain
    /// (then the general path expands it, and reports what there is to report about its rule).
    init?(rules: [RecurrenceRule], start: TimeValue, clock: SeriesClock) {
        guard rules.count == 1, !start.isDate, case .zoned(let zone, _) = clock else { return nil }
        let rule = rules[0]
        guard rule.frequency == .weekly || rule.frequency == .daily, rule.count == nil || rule.until == nil,
              rule.bySecond.isEmpty, rule.byMinute.isEmpty, rule.byHour.isEmpty, rule.byMonthDay.isEmpty,
              rule.byYearDay.isEmpty, rule.byWeekNumber.isEmpty, rule.byMonth.isEmpty, rule.bySetPosition.isEmpty,
              !InstanceSource.needsLibical(rule) else { return nil }
        let startWall = SeriesClock.wall(of: start, on: clock)
        let until = InstanceSource.untilBound(of: rule, start: start, clock: clock)
        if InstanceSource.untilPrecedesStart(until, startWall: startWall, zone: zone) { return nil }
        let day = floorDivide(startWall, 86_400)
        let interval = max(1, rule.interval)
        if rule.frequency == .daily {
            guard rule.byDay.isEmpty else { return nil }
            firstDay = day
            stepDays = interval
            dayMask = 1
        } else {
            // The week that holds DTSTART starts on WKST (RFC 5545 3.3.10); without BYDAY, DTSTART's weekday.
            let weekStart = rule.weekStart.isoNumber
            let offset = { (weekday: Int) in (weekday - weekStart + 7) % 7 }
            let startWeekday = ((day % 7 + 7) % 7 + 3) % 7 + 1
            var mask: UInt8 = 0
            if rule.byDay.isEmpty { mask = 1 << offset(startWeekday) }
            for entry in rule.byDay {
                guard entry.ordinal == nil else { return nil }
                mask |= 1 << offset(entry.weekday.isoNumber)
            }
            firstDay = day - offset(startWeekday)
            stepDays = 7 * interval
            dayMask = mask
        }
        self.startWall = startWall
        timeOfDay = startWall - day * 86_400
        count = rule.count
        self.until = until
        self.zone = zone
    }

    /// The wall times whose instances can reach `rangeStart..<rangeEnd` (instants) for instances
    /// of `length`: the window ``forEachInstance(from:through:_:)`` is asked about, wide enough
    /// for any offset (within ±100 hours) and the slack ``Series`` keeps; nil when the plain
    /// reading may differ from the general path's there (a gap met, a window of `limit` days or
    /// more, or one that reaches year 9999).
    func window(rangeStart: Int, rangeEnd: Int, length: InstanceLength, limit: Int) -> ClosedRange<Int>? {
        let margin = 5 * 86_400
        // The length as far as it reaches back (a negative one not at all), in saturating
        // arithmetic: a length built in code may be any size, and `low...high` must not reverse.
        let seconds = length.seconds == Int.min ? Int.max : abs(length.seconds)
        let reach = max(0, length.days).saturatingMultiplied(by: 86_400).saturatingAdding(seconds)
        let low = rangeStart.saturatingSubtracting(reach.saturatingAdding(2 * 86_400 + margin))
        let high = rangeEnd.saturatingAdding(margin)
        guard low <= high, high / 86_400 < Self.lastYearDay, high.saturatingSubtracting(low) / 86_400 + 2 < limit,
              !meetsGap(before: high + 1) else { return nil }
        return low...high
    }

    /// The first day of year 9999 (days since 1970): the engine stops at that year's end.
    static let lastYearDay = CivilDate(year: 9999, month: 1, day: 1).daysSinceEpoch

    /// Whether the wall time of DTSTART's time of day on some day from DTSTART to `end` (wall
    /// seconds) lies in one of the zone's gaps (``ZoneCache/gapRanges(from:to:)``, a superset).
    func meetsGap(before end: Int) -> Bool {
        for gap in zone.gapRanges(from: startWall, to: end) {
            if gap.count >= 86_400 { return true }
            let day = floorDivide(gap.lowerBound - timeOfDay + 86_399, 86_400)
            if day * 86_400 + timeOfDay < gap.upperBound { return true }
        }
        return false
    }

    /// Calls `body` with each instance (wall time and instant) whose wall time lies in
    /// `lowWall...highWall`, in order: DTSTART, then the grid's candidates after it, as far as
    /// COUNT and UNTIL go. Only when no candidate up to `highWall` lies in a gap (``meetsGap(before:)``).
    func forEachInstance(from lowWall: Int, through highWall: Int, _ body: (_ wall: Int, _ utc: Int) -> Void) {
        if startWall >= lowWall && startWall <= highWall { body(startWall, zone.resolve(wallSeconds: startWall).utcSeconds) }
        let perPeriod = dayMask.nonzeroBitCount
        let startDay = floorDivide(startWall, 86_400)
        // The candidates of DTSTART's period on or before its day come before it: they are not
        // instances, and COUNT counts DTSTART in their place. Candidate n (from 0, the grid's
        // first) is instance 1 + n − before, and is one while that is below COUNT.
        let before = (dayMask & UInt8(truncatingIfNeeded: (1 << (startDay - firstDay + 1)) - 1)).nonzeroBitCount
        let lastCandidate = count.map { $0 - 2 + before } ?? Int.max
        let firstWanted = max(startDay, floorDivide(lowWall - timeOfDay + 86_399, 86_400))
        let lastDay = floorDivide(highWall - timeOfDay, 86_400)
        // From the grid's day on or after `firstWanted`, candidate by candidate: within a period,
        // the next set bit of the mask at or after `offset`; then the next period's first. (Day
        // by day, a weekly series of one weekday looked at seven days for each candidate.)
        var period = (firstWanted - firstDay) / stepDays
        var offset = firstWanted - firstDay - period * stepDays
        while true {
            let rest = offset < 7 ? dayMask >> UInt8(offset) : 0
            if rest == 0 {
                period += 1
                offset = 0
                if firstDay + period * stepDays > lastDay { return }
                continue
            }
            offset += rest.trailingZeroBitCount
            let day = firstDay + period * stepDays + offset
            if day > lastDay { return }
            let wall = day * 86_400 + timeOfDay
            if wall > startWall {
                let n = period * perPeriod + (dayMask & ((1 << offset) - 1)).nonzeroBitCount
                if n > lastCandidate { return }
                let utc = zone.resolve(wallSeconds: wall).utcSeconds
                switch until {
                case .none: break
                case .wall(let limit): if wall > limit { return }
                case .instant(let limit): if utc > limit { return }
                }
                body(wall, utc)
            }
            offset += 1
        }
    }
}

extension SeriesDrain {
    /// Asks the sieve about every instance of a plain series in the range (`window`, from
    /// ``PlainSeries/window(rangeStart:rangeEnd:length:limit:)``) with the tests ``Series`` makes:
    /// EXDATE (`excluded`), the range, then the sieve; the occurrences it wants are made as
    /// ``Series/occurrence(for:)`` makes them. `master` is taken into their shared box only when one is wanted.
    ///
    /// - Complexity: O(d) for the d days of the window, plus the sieve's work.
    mutating func drain(_ plain: PlainSeries, window: ClosedRange<Int>, master: Incidence, frame: SeriesFrame,
                        length: InstanceLength, excluded: InstanceMatchSet, calendarIndex: Int, calendarID: CalendarID,
                        order: Int, rangeStart: Int, rangeEnd: Int) {
        let cancelled = master.status == .cancelled
        // As ``Series``' for an instance that starts at its raw instant (no THISANDFUTURE change).
        let earliestReaching = rangeStart - (length.days * 86_400 + abs(length.seconds) + 2 * 86_400)
        var shown = false
        // The instances wanted, as (wall, UTC) pairs, made into occurrences after the walk: the
        // closure does not capture `master`, which made a copy of it (a dozen references
        // retained, then released) for every plain series, wanted or not.
        var wanted: [(wall: Int, utc: Int)] = []
        plain.forEachInstance(from: window.lowerBound, through: window.upperBound) { wall, utc in
            if utc >= rangeEnd || utc < earliestReaching { return }
            if excluded.contains(key: frame.matchKey(wall: wall, utc: utc), wall: wall) { return }
            let endKey = frame.endKey(wall: wall, utc: utc, length: length)
            let inRange = endKey == utc ? (utc >= rangeStart && utc < rangeEnd) : (utc < rangeEnd && endKey > rangeStart)
            if !inRange { return }
            shown = true
            guard sieve.wants(startSeconds: utc, endSeconds: endKey, cancelled: cancelled) else { return }
            wanted.append((wall, utc))
        }
        if !wanted.isEmpty {
            let shared = SharedIncidence(master)
            // A copy of its own, as a series makes (each occurrence retains it, on either thread).
            let ownID = CalendarID(rawValue: unsharedCopy(calendarID.rawValue))
            for (wall, utc) in wanted {
                let start = frame.startTime(wall: wall, utc: utc)
                keep(PendingOccurrence(key: utc, order: order, occurrence: Occurrence(
                    shared: shared, calendarID: ownID, calendarIndex: calendarIndex, start: start,
                    end: frame.endTime(wall: wall, utc: utc, length: length), recurrenceID: frame.recurrenceID(wall: wall, utc: utc),
                    recurrenceIDTime: start)))
            }
        }
        // Ranked as a series with an instance in the range is.
        if shown { rank(RankKey(uid: master.uid ?? "", calendar: calendarIndex, order: order)) }
    }
}
