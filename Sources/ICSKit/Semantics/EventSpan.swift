/// How an event's start and end are read when a feed writes them against RFC 5545, as their
/// producers mean them (used by the expansion; the validator warns about each case):
///
/// - a DATE start with a DATE-TIME end (`DTSTART;VALUE=DATE:20000101`, `DTEND:20000102T040000`):
///   a timed event from midnight of that date, floating, or in the end's zone when the end is
///   zoned or UTC, to that end — not an all-day event that ends on its own start day;
/// - a DATE start with a DURATION that has a time part (`PT10H`): a timed event from midnight
///   (floating) lasting that DURATION — not an all-day event that loses its hours;
/// - DTEND before DTSTART: the two are swapped (``swapped(_:)``), as other libraries do after
///   users' reports, instead of an event shrunk to zero length.
enum EventSpan {
    /// Why an incidence was read differently from what it says.
    enum Reading: Equatable {
        case asWritten
        /// A DATE start read as midnight of that date, to a DATE-TIME end or a sub-day DURATION.
        case timedFromMidnight
    }

    /// The incidence with a DATE start moved to midnight when its end is a DATE-TIME or its
    /// DURATION has a time part (events only); unchanged otherwise.
    static func timedFromMidnight(_ incidence: Incidence) -> (incidence: Incidence, reading: Reading) {
        guard let start = midnightStart(of: incidence) else { return (incidence, .asWritten) }
        var read = incidence
        read.start = start
        return (read, .timedFromMidnight)
    }

    /// The start ``timedFromMidnight(_:)`` gives, without copying the incidence: DTSTART as
    /// written, or its midnight.
    static func start(of incidence: Incidence) -> TimeValue? {
        midnightStart(of: incidence) ?? incidence.start
    }

    /// The midnight start of an event read as timed from midnight, or nil when it is read as written.
    private static func midnightStart(of incidence: Incidence) -> TimeValue? {
        guard incidence.kind == .event, case .date(let day)? = incidence.start else { return nil }
        let midnight = CivilDateTime(date: day)
        if let end = incidence.end, !end.isDate {
            switch end {
            case .utc: return .utc(midnight)
            case .zoned(_, let tzid): return .zoned(midnight, tzid: tzid)
            default: return .floating(midnight)
            }
        }
        if incidence.end == nil, let duration = incidence.duration, duration.exactSeconds != 0 {
            return .floating(midnight)
        }
        return nil
    }

    /// The incidence with DTSTART and DTEND exchanged (for an end found before the start).
    static func swapped(_ incidence: Incidence) -> Incidence {
        var read = incidence
        read.start = incidence.end
        read.end = incidence.start
        return read
    }
}
