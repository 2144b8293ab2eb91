import Foundation

/// When an occurrence starts or ends, in the form that keeps its meaning for display.
public enum OccurrenceTime: Sendable, Hashable {
    /// An all-day boundary: a date, the same in every zone (an end date is exclusive).
    case date(CivilDate)
    /// A floating wall time: the same clock time in whatever zone the viewer is in.
    case floating(CivilDateTime)
    /// An instant, with the offset and zone it is shown in: the event's own zone
    /// (an IANA name), or `nil` for UTC.
    case instant(secondsSinceEpoch: Int, utcOffset: Int, zone: String?)

    /// The instant this time denotes for a viewer in `zone`: dates and floating times
    /// are read as wall times there (a DATE at its midnight).
    public func date(in zone: TimeZone) -> Date {
        switch self {
        case .instant(let seconds, _, _):
            return Date(timeIntervalSince1970: TimeInterval(seconds))
        case .date(let d):
            return WallClock.instant(of: CivilDateTime(date: d), in: zone)
        case .floating(let t):
            return WallClock.instant(of: t, in: zone)
        }
    }

    /// The wall time shown for this time: for an instant, in its own offset.
    public var wallTime: CivilDateTime {
        switch self {
        case .date(let d): return CivilDateTime(date: d)
        case .floating(let t): return t
        case .instant(let seconds, let offset, _): return CivilDateTime(secondsSinceEpoch: seconds + offset)
        }
    }
}

/// One instance of an event or todo within a visible interval.
public struct Occurrence: Sendable, Hashable {
    /// The component this instance shows: the override's data when overridden.
    ///
    /// Stored in a shared, immutable box: every instance of a series points at the same
    /// component, so an occurrence stays small and cheap to copy through the expansion.
    public var incidence: Incidence {
        get { box.incidence }
        set { box = IncidenceBox(newValue) }
    }
    var box: IncidenceBox
    /// Which of the expanded calendars it came from (an index into the list given to the expansion).
    public var calendarIndex: Int
    public var start: OccurrenceTime
    /// The end: exclusive; equal to `start` for a zero-length instance.
    public var end: OccurrenceTime
    /// The original start of this instance, for every instance of a recurring series
    /// (as a value in the series' own form); `nil` for a single event.
    public var recurrenceID: TimeValue?

    public init(incidence: Incidence, calendarIndex: Int = 0, start: OccurrenceTime, end: OccurrenceTime, recurrenceID: TimeValue? = nil) {
        self.init(box: IncidenceBox(incidence), calendarIndex: calendarIndex, start: start, end: end, recurrenceID: recurrenceID)
    }

    /// The expansion's path: shares the series' box.
    init(box: IncidenceBox, calendarIndex: Int, start: OccurrenceTime, end: OccurrenceTime, recurrenceID: TimeValue?) {
        self.box = box
        self.calendarIndex = calendarIndex
        self.start = start
        self.end = end
        self.recurrenceID = recurrenceID
    }

    public static func == (lhs: Occurrence, rhs: Occurrence) -> Bool {
        lhs.calendarIndex == rhs.calendarIndex && lhs.start == rhs.start && lhs.end == rhs.end
            && lhs.recurrenceID == rhs.recurrenceID && (lhs.box === rhs.box || lhs.box.incidence == rhs.box.incidence)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(incidence)
        hasher.combine(calendarIndex)
        hasher.combine(start)
        hasher.combine(end)
        hasher.combine(recurrenceID)
    }

    /// Whether this is an all-day occurrence (its start is a date).
    public var isAllDay: Bool {
        if case .date = start { return true }
        return false
    }

    /// STATUS of the instance (`CANCELLED` ones are kept, with their status).
    public var status: String? { incidence.status }
}

/// An immutable component shared by the occurrences of one series.
///
/// Sendable notes: a final class with one immutable Sendable property.
final class IncidenceBox: Sendable {
    let incidence: Incidence
    init(_ incidence: Incidence) { self.incidence = incidence }
}

/// Conversions between wall times and instants through Foundation's `TimeZone`
/// (outside the recurrence engine's hot loop).
enum WallClock {
    /// The instant at which clocks in `zone` show `wall` (gap: offset before it; ambiguous: the first).
    static func instant(of wall: CivilDateTime, in zone: TimeZone) -> Date {
        Date(timeIntervalSince1970: TimeInterval(FoundationZone(zone: zone).resolve(wall).utcSeconds))
    }
}
