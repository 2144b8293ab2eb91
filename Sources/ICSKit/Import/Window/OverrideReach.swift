/// When a skipped override (RECURRENCE-ID) of a parsed master can stay skipped in a windowed
/// import (``SkippedBlocks``): when nothing it does can show in the window.
///
/// An override does two things to its master's series (``SeriesBuilder``): it shows one instance
/// from its own DTSTART and DTEND or DURATION, which ``WindowFilter`` proved to lie outside the
/// window, and it removes the instance its RECURRENCE-ID names. That instance starts at the
/// RECURRENCE-ID (read in the series' clock, as the filter reads any wall time: within its margin
/// of the instant) and lasts as long as the master's instances; the override stays skipped only
/// when that span, widened by the margin and two days more (an instance named by its local day,
/// or by the UTC reading of a series on X-WR-TIMEZONE), lies before the window or after it.
///
/// Every other case parses it, as before: a RECURRENCE-ID in another form, an unknown master's
/// length (an RDATE PERIOD, no DTSTART, a VTODO or VJOURNAL under the UID), a RANGE=THISANDFUTURE
/// override or any other override parsed under the UID (which may share its RECURRENCE-ID and win
/// by SEQUENCE, or move the instances after it), a master parsed only after the first pass.
enum OverrideReach {
    /// The slack for naming an instance by another reading than its own: two days.
    static let slack = 2 * 86_400

    /// How far an instance of a parsed component reaches past its start, in seconds, plus
    /// ``slack``, as a bound for its UID's overrides: its length (DTEND − DTSTART as wall times,
    /// a DATE end to the end of its day; or DURATION; a day for a DATE start) for a VEVENT master
    /// without RDATE PERIOD; `Int.max` (no override of the UID may stay skipped) otherwise.
    static func reach(of incidence: Incidence) -> Int {
        guard incidence.kind == .event, incidence.recurrenceID == nil, let start = incidence.start,
              !incidence.recurrenceDates.contains(where: { if case .period = $0 { return true } else { return false } })
        else { return Int.max }
        let limit = 100 * 366 * 86_400
        var length = start.isDate ? 86_400 : 0
        if let end = incidence.end {
            length = max(length, abs(end.civil.secondsSinceEpoch - start.civil.secondsSinceEpoch) + (end.isDate ? 86_400 : 0))
        }
        if let duration = incidence.duration {
            let days = duration.nominalDays.magnitude, seconds = duration.exactSeconds.magnitude
            guard days <= UInt(limit / 86_400), seconds <= UInt(limit) else { return Int.max }
            length = max(length, Int(days) * 86_400 + Int(seconds))
        }
        return length <= limit ? length + slack : Int.max
    }

    /// Whether an override whose RECURRENCE-ID reads as `recurrenceID` (seconds in its own clock)
    /// can change nothing in `filter`'s window, its master's instances reaching `masterReach`
    /// past their start (``reach(of:)``), with the margin the file's zones need.
    static func isIdle(recurrenceID: Int?, masterReach: Int, filter: WindowFilter?, margin: Int) -> Bool {
        guard let recurrenceID, let filter, masterReach != Int.max else { return false }
        return recurrenceID + masterReach + margin <= filter.start || recurrenceID - slack - margin >= filter.end
    }
}
