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
    /// Every instance of a series reads the same copy (``SharedIncidence``), so an occurrence
    /// stays small and cheap to copy through the expansion; setting it gives this occurrence
    /// a copy of its own.
    public var incidence: Incidence {
        _read { yield shared.value }
        set { shared = SharedIncidence(newValue) }
        _modify {
            if !isKnownUniquelyReferenced(&shared) { shared = SharedIncidence(shared.value) }
            yield &shared.value
        }
    }
    /// The incidence, shared with the other instances of its series.
    var shared: SharedIncidence
    /// Which of the expanded calendars it came from (an index into the list given to the expansion).
    public var calendarIndex: Int
    /// When it starts (a date for all-day occurrences, an instant or a floating wall time otherwise).
    public var start: OccurrenceTime
    /// The end: exclusive; equal to `start` for a zero-length instance.
    public var end: OccurrenceTime
    /// The original start of this instance, for every instance of a recurring series
    /// (as a value in the series' own form); `nil` for a single event.
    public var recurrenceID: TimeValue?

    /// An occurrence of `incidence` from `start` to `end`; `recurrenceID` names the instance it is of a series.
    public init(incidence: Incidence, calendarIndex: Int = 0, start: OccurrenceTime, end: OccurrenceTime, recurrenceID: TimeValue? = nil) {
        self.shared = SharedIncidence(incidence)
        self.calendarIndex = calendarIndex
        self.start = start
        self.end = end
        self.recurrenceID = recurrenceID
    }

    /// Every field at once (the expansion's hot path: no copy to set ``recurrenceIDTime`` afterwards).
    init(shared: SharedIncidence, calendarIndex: Int, start: consuming OccurrenceTime, end: consuming OccurrenceTime,
         recurrenceID: consuming TimeValue?, recurrenceIDTime: consuming OccurrenceTime?) {
        self.shared = shared
        self.calendarIndex = calendarIndex
        self.start = start
        self.end = end
        self.recurrenceID = recurrenceID
        self.recurrenceIDTime = recurrenceIDTime
    }

    /// The original start of this instance as a displayable time (in the series' own zone),
    /// for every instance of a recurring series; `nil` for a single event.
    public var recurrenceIDTime: OccurrenceTime?

    /// Whether this is an all-day occurrence (its start is a date).
    public var isAllDay: Bool {
        if case .date = start { return true }
        return false
    }

    /// STATUS of the instance (`CANCELLED` ones are kept, with their status).
    public var status: EventStatus? { shared.value.status }
}

/// Conversions between wall times and instants through Foundation's `TimeZone`
/// (outside the recurrence engine's hot loop).
enum WallClock {
    /// The instant at which clocks in `zone` show `wall` (gap: offset before it; ambiguous: the first).
    static func instant(of wall: CivilDateTime, in zone: TimeZone) -> Date {
        Date(timeIntervalSince1970: TimeInterval(FoundationZone(zone: zone).resolve(wall).utcSeconds))
    }
}
