/// The latest start that an RRULE with COUNT allows, read from the rule's bytes, for the rule
/// shapes where RFC 5545 §3.3.10 guarantees an instance in every period: then the COUNT-th
/// instance lies within COUNT periods of DTSTART, and a ``WindowFilter`` can skip a series that
/// provably ends before the window.
///
/// Why the bound holds: the rule's periods are INTERVAL × FREQ long, the first one holding
/// DTSTART (it starts at or before it). DTSTART is the first instance and COUNT counts it
/// (RFC 5545 §3.8.5.3, ``RuleIterator``); every later period holds at least one instance in the
/// shapes below, so the c-th instance starts before the end of period c − 1, that is before
/// DTSTART + c · INTERVAL periods. One period more is added as slack. EXDATE removes instances
/// after COUNT has counted them (§3.8.5.1), so it never moves the end; RDATE does, but a block
/// with RDATE is never skipped.
///
/// The shapes (every other part, a repeated part, COUNT with UNTIL, COUNT ≤ 0, or a value in
/// another form: `nil`, the block is parsed):
/// - `FREQ=DAILY`: one instance a day (no BY part); a period is 1 day.
/// - `FREQ=WEEKLY`, optionally `BYDAY` of plain weekdays (every week has each weekday once): 7 days.
///   With k distinct weekdays, every period after DTSTART's holds k instances, so the c-th
///   instance lies within ⌈(c − 1) / k⌉ periods after DTSTART's (one more is added as slack, as for
///   the others: ⌈(c − 1) / k⌉ + 2 periods, which is c + 1 for k = 1).
/// - `FREQ=MONTHLY` with DTSTART's day of month at most 28 (every month has it); or `BYMONTHDAY`
///   of days in 1…28 or −28…−1; or `BYDAY` of weekdays with no ordinal or one in ±1…±4 (every
///   month has at least four of each weekday): a period is at most 31 days.
/// - `FREQ=YEARLY` with no BY part and a DTSTART other than 29 February: at most 366 days.
/// `WKST` is accepted in each (it moves period boundaries, not the count of instances in one).
///
/// Instances that fall in a DST gap are skipped and not counted (§3.3.10, ``RuleIterator``), which
/// breaks "one instance a period" on a zone's clock: there the bound holds only with one period
/// more per gap, which ``SkippedBlocks`` adds once it knows the zone (``WindowFilter/GapCheck``).
enum CountBound {
    /// The parts a bounded rule may have (``RuleParts/hasOnly(_:)``).
    private static let allowed: [RuleParts.Name] = [.freq, .interval, .count, .wkst, .byDay, .byMonthDay]
    /// The largest COUNT, INTERVAL and (COUNT + 1) · INTERVAL read (larger: `nil`), far from overflow in seconds.
    static let maxNumber = 1_000_000

    /// The latest instance start (seconds, in `start`'s clock) that the rule allows, for a series
    /// starting at `start`, and the length of one period in seconds (INTERVAL × FREQ's longest
    /// period): each instance that a DST gap drops moves the latest start by at most one period
    /// (the next period holds another instance), which ``SkippedBlocks`` adds per gap. `nil` when
    /// the rule is not one of the shapes above.
    static func bound(_ rule: RuleParts, start: WallTime.Value) -> (latestStart: Int, period: Int)? {
        guard rule.hasOnly(allowed) else { return nil }
        guard let freqText = rule.value(.freq), let periodDays = periodDays(freqText),
              let countText = rule.value(.count), let count = number(countText), count >= 1 else { return nil }
        var interval = 1
        if let text = rule.value(.interval) {
            guard let n = number(text), n >= 1 else { return nil }
            interval = n
        }
        guard (count + 1) * interval <= maxNumber else { return nil }
        if let wkst = rule.value(.wkst), weekday(wkst) == nil { return nil }
        let byDay = rule.value(.byDay), byMonthDay = rule.value(.byMonthDay)
        let date = CivilDate(daysSinceEpoch: floorDiv(start.seconds, 86_400))
        // The fewest instances every period after DTSTART's holds.
        var perPeriod = 1
        switch periodDays {
        case 1:
            guard byDay == nil, byMonthDay == nil else { return nil }
        case 7:
            guard byMonthDay == nil else { return nil }
            if let byDay {
                guard everyItem(byDay, ordinals: 0...0) else { return nil }
                perPeriod = distinctWeekdays(byDay)
            }
        case 31:
            switch (byDay, byMonthDay) {
            case (nil, nil): guard date.day <= 28 else { return nil }
            case (let days?, nil): guard everyItem(days, ordinals: 1...4) else { return nil }
            case (nil, let monthDays?): guard everyMonthDay(monthDays) else { return nil }
            default: return nil
            }
        default:
            guard byDay == nil, byMonthDay == nil, !(date.month == 2 && date.day == 29) else { return nil }
        }
        let periods = (count - 1 + perPeriod - 1) / perPeriod + 2
        return (start.seconds + periods * interval * periodDays * 86_400, interval * periodDays * 86_400)
    }

    /// How many distinct weekdays a BYDAY list of plain weekdays (``everyItem(_:ordinals:)`` with
    /// no ordinal) names: 1 to 7.
    private static func distinctWeekdays(_ list: UnsafeBufferPointer<UInt8>) -> Int {
        var seen: UInt8 = 0
        _ = forEachItem(list) { item in
            if let index = weekday(UnsafeBufferPointer(rebasing: item[(item.count - 2)...])) { seen |= 1 << UInt8(index) }
            return true
        }
        return max(1, seen.nonzeroBitCount)
    }

    /// The days of the longest period of a FREQ value (any case): DAILY 1, WEEKLY 7, MONTHLY 31,
    /// YEARLY 366; `nil` for any other.
    private static func periodDays(_ freq: UnsafeBufferPointer<UInt8>) -> Int? {
        // Told apart by length and first letter, then checked whole.
        switch (freq.count, freq.first.map(ContentLineSyntax.upper)) {
        case (5, 0x44?): return ContentLineSyntax.equalsIgnoringCase(freq, daily) ? 1 : nil
        case (6, 0x57?): return ContentLineSyntax.equalsIgnoringCase(freq, weekly) ? 7 : nil
        case (7, 0x4D?): return ContentLineSyntax.equalsIgnoringCase(freq, monthly) ? 31 : nil
        case (6, 0x59?): return ContentLineSyntax.equalsIgnoringCase(freq, yearly) ? 366 : nil
        default: return nil
        }
    }

    private static let daily = Array("DAILY".utf8), weekly = Array("WEEKLY".utf8)
    private static let monthly = Array("MONTHLY".utf8), yearly = Array("YEARLY".utf8)

    /// The weekday (0 Monday … 6 Sunday) that two bytes spell in any case (MO, TU, WE, TH, FR,
    /// SA, SU); `nil` for anything else, or another length.
    static func weekday(_ day: UnsafeBufferPointer<UInt8>) -> Int? {
        guard day.count == 2 else { return nil }
        switch (ContentLineSyntax.upper(day[0]), ContentLineSyntax.upper(day[1])) {
        case (0x4D, 0x4F): return 0  // MO
        case (0x54, 0x55): return 1  // TU
        case (0x57, 0x45): return 2  // WE
        case (0x54, 0x48): return 3  // TH
        case (0x46, 0x52): return 4  // FR
        case (0x53, 0x41): return 5  // SA
        case (0x53, 0x55): return 6  // SU
        default: return nil
        }
    }

    /// A decimal number of at most 7 digits, at most ``maxNumber``; `nil` otherwise (a sign, blanks, empty).
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let n = ContentLineSyntax.ruleNumber(bytes) else { return nil }
        return n <= maxNumber ? n : nil
    }

    /// Whether every comma-separated item of a BYDAY value is a weekday, with no ordinal
    /// (`ordinals` 0…0) or one whose magnitude lies in `ordinals` (a sign allowed).
    private static func everyItem(_ list: UnsafeBufferPointer<UInt8>, ordinals: ClosedRange<Int>) -> Bool {
        forEachItem(list) { item in
            guard item.count >= 2 else { return false }
            guard weekday(UnsafeBufferPointer(rebasing: item[(item.count - 2)...])) != nil else { return false }
            var prefix = UnsafeBufferPointer(rebasing: item[..<(item.count - 2)])
            if prefix.isEmpty { return true }
            if prefix[0] == 0x2B || prefix[0] == 0x2D { prefix = UnsafeBufferPointer(rebasing: prefix[1...]) }  // + -
            guard let n = number(prefix) else { return false }
            return n != 0 && ordinals.contains(n)
        }
    }

    /// Whether every item of a BYMONTHDAY value is a day that every month has: 1…28 or −28…−1.
    private static func everyMonthDay(_ list: UnsafeBufferPointer<UInt8>) -> Bool {
        forEachItem(list) { item in
            var digits = item
            if let first = item.first, first == 0x2B || first == 0x2D { digits = UnsafeBufferPointer(rebasing: item[1...]) }
            guard let n = number(digits) else { return false }
            return (1...28).contains(n)
        }
    }

    /// Whether `body` holds for every comma-separated item of `list` (an empty item fails).
    private static func forEachItem(_ list: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        var start = 0
        while start <= list.count {
            var end = start
            while end < list.count, list[end] != 0x2C { end += 1 }  // ,
            guard end > start, body(UnsafeBufferPointer(rebasing: list[start..<end])) else { return false }
            start = end + 1
        }
        return true
    }

    /// `a / b` rounded toward negative infinity, for `b > 0` (days of a time before 1970).
    static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
}
