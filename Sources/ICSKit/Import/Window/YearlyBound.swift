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
    private static let names: [[UInt8]] = ["FREQ", "INTERVAL", "COUNT", "UNTIL", "WKST"].map { Array($0.utf8) }
    private static let yearly = Array("YEARLY".utf8)
    private static let weekdays: [[UInt8]] = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"].map { Array($0.utf8) }
    /// The widest stretch of years looked at; a longer instance or window is left to the parse.
    static let maxYears = 4

    /// Whether an instance of the yearly rule `text[line]` may overlap the window: `false` when
    /// none can, `nil` when the rule is not of the shape above.
    /// - Parameters:
    ///   - start: DTSTART (seconds in its own clock, as ``WallTime`` reads it).
    ///   - extent: how far an instance reaches before and after its start, in seconds (as the
    ///     filter widens a single event: `lower` ≤ 0, `upper` ≥ 0), the margin not included.
    ///   - window: the filter's window in seconds, and its margin.
    static func mayReach(_ line: Range<Int>, text: UnsafeBufferPointer<UInt8>, start: WallTime.Value,
                         extent: (lower: Int, upper: Int), window: Range<Int>, margin: Int) -> Bool? {
        guard isPlainYearly(UnsafeBufferPointer(rebasing: text[line])) else { return nil }
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

    /// Whether the RRULE content line is `FREQ=YEARLY` with only the parts above, each once.
    static func isPlainYearly(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var seen = 0  // one bit per name read (no array allocated)
        var isYearly = false
        let readAll = ContentLineSyntax.eachRulePart(bytes) { name, value in
            let name = UnsafeBufferPointer(rebasing: bytes[name])
            guard let value, let known = names.firstIndex(where: { ContentLineSyntax.equalsIgnoringCase(name, $0) }),
                  seen & (1 << known) == 0 else { return false }
            seen |= 1 << known
            let text = UnsafeBufferPointer(rebasing: bytes[value])
            switch known {
            case 0:
                isYearly = ContentLineSyntax.equalsIgnoringCase(text, yearly)
                return isYearly
            case 1: return (ContentLineSyntax.ruleNumber(text) ?? 0) >= 1
            case 2: return ContentLineSyntax.ruleNumber(text) != nil
            case 3: return WallTime.value(text) != nil
            default: return weekdays.contains { ContentLineSyntax.equalsIgnoringCase(text, $0) }
            }
        }
        return readAll && isYearly && seen & 0b1100 != 0b1100  // not COUNT and UNTIL both
    }
}
