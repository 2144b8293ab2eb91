/// Where a plain yearly rule's instances can lie, read from the rule's bytes, so that a
/// ``WindowFilter`` can skip a `FREQ=YEARLY` series (open-ended or not) whose every instance
/// falls outside the window, whatever its COUNT or UNTIL.
///
/// Why it holds: a `FREQ=YEARLY` rule with no BY part takes its month and day (and, for a
/// DATE-TIME, its time) from DTSTART (RFC 5545 §3.3.10, "BYxxx rule parts … derived from
/// DTSTART"), so every instance starts on DTSTART's month, day and wall time in some year at or
/// after DTSTART's; DTSTART itself is one of them. INTERVAL, COUNT and UNTIL only choose among
/// those years, EXDATE and DST gaps (§3.3.10: an instance at a nonexistent time is ignored) only
/// remove instances, an instance at an ambiguous time moves by less than the filter's margin; a
/// block with RDATE is never skipped, and an override is taken back with its master by UID
/// (``SkippedBlocks``). So if no year's position, widened by the instance's extent and the
/// margin, overlaps the window, no instance does.
///
/// The shape (anything else, a repeated part, COUNT with UNTIL, a value in another form, or a
/// DTSTART on 29 February: `nil`, the block is parsed): `FREQ=YEARLY` with optional `INTERVAL`
/// (≥ 1), `COUNT` (digits), `UNTIL` (a value ``WallTime`` reads) and `WKST` (a weekday).
///
/// - Complexity: O(n) in the rule's length plus the few years the window spans.
enum YearlyBound {
    private static let yearly = Array("YEARLY".utf8)
    /// The parts a plain yearly rule may have (``RuleParts/hasOnly(_:)``).
    private static let allowed: [RuleParts.Name] = [.freq, .interval, .count, .until, .wkst]
    /// The widest stretch of years looked at; a longer instance or window is left to the parse.
    static let maxYears = 4

    /// Whether an instance of a plain yearly rule (``isPlainYearly(_:)``) may overlap the window:
    /// `false` when none can, `nil` when it cannot be told here (a DTSTART on 29 February, or
    /// more than ``maxYears`` years to look at).
    /// - Parameters:
    ///   - start: DTSTART (seconds in its own clock, as ``WallTime`` reads it).
    ///   - extent: how far an instance reaches before and after its start, in seconds (as the
    ///     filter widens a single event: `lower` ≤ 0, `upper` ≥ 0), the margin not included.
    ///   - window: the filter's window in seconds, and its margin.
    static func mayReach(start: WallTime.Value, extent: (lower: Int, upper: Int), window: Range<Int>, margin: Int) -> Bool? {
        let days = CountBound.floorDiv(start.seconds, 86_400), timeOfDay = start.seconds - days * 86_400
        let date = CivilDate(daysSinceEpoch: days)
        guard !(date.month == 2 && date.day == 29) else { return nil }
        // An instance starting at s overlaps the window when s + upper + margin > window start
        // and s + lower − margin < window end: s lies strictly between these two.
        let low = window.lowerBound - extent.upper - margin, high = window.upperBound - extent.lower + margin
        guard low < high else { return false }
        let firstYear = max(date.year, CivilDate(daysSinceEpoch: CountBound.floorDiv(low, 86_400)).year)
        let lastYear = CivilDate(daysSinceEpoch: CountBound.floorDiv(high, 86_400)).year
        guard firstYear <= lastYear else { return false }
        guard lastYear - firstYear < maxYears else { return nil }
        for year in firstYear...lastYear {
            let s = CivilDate(year: year, month: date.month, day: date.day).daysSinceEpoch * 86_400 + timeOfDay
            if s > low && s < high { return true }
        }
        return false
    }

    /// Whether the rule is `FREQ=YEARLY` with only the parts above, each once.
    static func isPlainYearly(_ rule: RuleParts) -> Bool {
        guard rule.hasOnly(allowed), let freq = rule.value(.freq), ContentLineSyntax.equalsIgnoringCase(freq, yearly) else { return false }
        if let interval = rule.value(.interval), (ContentLineSyntax.ruleNumber(interval) ?? 0) < 1 { return false }
        if let count = rule.value(.count), ContentLineSyntax.ruleNumber(count) == nil { return false }
        if let until = rule.value(.until), WallTime.value(until) == nil { return false }
        if let wkst = rule.value(.wkst), CountBound.weekday(wkst) == nil { return false }
        return !(rule.has(.count) && rule.has(.until))
    }
}
