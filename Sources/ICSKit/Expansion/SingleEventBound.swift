/// A bound on where a single event (no RRULE, RDATE, EXDATE or override) can lie, from its
/// DTSTART and DTEND (or DURATION) wall times alone: no zone resolved, no offset looked up.
///
/// Most events of a long-lived calendar are single and lie outside the range a view asks for;
/// the expansion drops those with this test before it builds anything for them (``SeriesBuilder``).
/// The test is conservative: it answers `true` only for an event that the exact test of the
/// expansion (``SeriesFrame/singleInstance(wall:utc:length:rangeStart:rangeEnd:)``) also drops.
///
/// Why the margin holds: the instant of a wall time is the wall time minus the offset in force,
/// and no zone's offset reaches a day (tzdata's largest are under 16 hours, a VTIMEZONE's
/// TZOFFSETTO is at most 23:59:59 by RFC 5545 3.3.14); a wall time in a spring-forward gap moves
/// by the gap, less than a day; a DATE-TIME start with a DATE end ends at the end date plus the
/// start's time of day, less than a day after the end date's midnight read here. Three days
/// covers the sum with room to spare.
enum SingleEventBound {
    /// How far (seconds) an instant may lie from the wall time read for it here.
    static let margin = 3 * 86_400

    /// Whether an event that starts at `start` and ends at `end` (DTEND), else after `duration`,
    /// else as RFC 5545 3.6.1 says (one day for a DATE, zero length for a DATE-TIME), certainly
    /// does not overlap `rangeStart..<rangeEnd` (seconds since 1970 UTC).
    ///
    /// An end before the start is fine (the expansion swaps the two; the bound takes both ends).
    ///
    /// - Complexity: O(1), a few integer operations.
    static func liesOutside(start: TimeValue, end: TimeValue?, duration: ICSDuration?,
                            rangeStart: Int, rangeEnd: Int) -> Bool {
        let a = start.civil.secondsSinceEpoch
        let b: Int
        if let end {
            b = end.civil.secondsSinceEpoch
        } else if let duration {
            b = a + duration.nominalDays * 86_400 + duration.exactSeconds
        } else {
            b = start.isDate ? a + 86_400 : a
        }
        let low = min(a, b), high = max(a, b)
        return low - margin >= rangeEnd || high + margin <= rangeStart
    }
}
