/// A bound on where a recurring series can lie (RRULEs only: no RDATE, no override), from its
/// start and its rules' UNTIL alone: series that start after the range, or whose every rule ends
/// before it, are dropped before their rules, EXDATEs and shared incidence are built
/// (``SeriesBuilder``). In a calendar of a few years, a one-year view drops about half its series so.
///
/// Why it holds (the margin is ``SingleEventBound/margin``, three days):
/// - every instance of a rule starts at or after DTSTART's wall time (``RuleIterator`` skips
///   earlier candidates), and an instant lies less than a day from its wall time (no offset,
///   nor the difference of two, reaches a day): no instance key lies a day before `startKey`;
/// - the last instance of a rule with UNTIL and no COUNT starts at UNTIL at the latest, or is
///   DTSTART itself (DTSTART is the first instance even past UNTIL, RFC 5545 3.8.5.3); its end
///   lies at most its length (nominal days read as 24 hours) and a day of offset change later.
enum SeriesBound {
    /// Whether no instance of the series can overlap `rangeStart..<rangeEnd`.
    ///
    /// - Parameters:
    ///   - startKey: DTSTART as the series reads it: the instant of a zoned start, else its wall time.
    ///   - untils: each rule's UNTIL, when every rule has one and none has COUNT; else empty.
    ///   - length: how long each instance lasts.
    /// - Complexity: O(r) for r rules.
    static func liesOutside(startKey: Int, untils: [UntilBound], length: InstanceLength,
                            rangeStart: Int, rangeEnd: Int) -> Bool {
        let margin = SingleEventBound.margin
        if startKey - margin >= rangeEnd { return true }
        guard !untils.isEmpty else { return false }
        var lastStart = startKey
        for until in untils {
            switch until {
            case .none: return false
            case .wall(let limit), .instant(let limit): lastStart = max(lastStart, limit)
            }
        }
        let reach = max(0, length.days * 86_400 + length.seconds)
        return lastStart + reach + margin <= rangeStart
    }
}
