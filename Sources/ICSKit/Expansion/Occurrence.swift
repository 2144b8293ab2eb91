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
public struct Occurrence: Sendable, Hashable, Identifiable {
    /// The component this instance shows: the override's data when overridden.
    ///
    /// Every instance of a series reads the same copy (``SharedIncidence``), so an occurrence
    /// stays small and cheap to copy through the expansion; setting or changing it gives this
    /// occurrence a copy of its own.
    public var incidence: Incidence {
        // Inlinable, so that another module reading one field (`occurrence.incidence.summary`)
        // loads that field from the box instead of copying the whole incidence out of it.
        @inlinable _read { yield shared.value }
        set { shared = SharedIncidence(newValue) }
        _modify {
            // A box is never written (``SharedIncidence``): the change goes into a new one.
            var value = shared.value
            yield &value
            shared = SharedIncidence(value)
        }
    }
    /// The incidence, shared with the other instances of its series.
    @usableFromInline var shared: SharedIncidence
    /// The calendar it came from (``ICalendar/id``).
    public var calendarID: CalendarID
    /// The position of its calendar in the list given to the expansion: for the command line's
    /// own lists, not public API (apps go by ``calendarID``).
    package var calendarIndex: Int
    /// When it starts (a date for all-day occurrences, an instant or a floating wall time otherwise).
    public var start: OccurrenceTime
    /// The end: exclusive; equal to `start` for a zero-length instance.
    public var end: OccurrenceTime
    /// The original start of this instance, for every instance of a recurring series
    /// (as a value in the series' own form); `nil` for a single event.
    public var recurrenceID: TimeValue?

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

// The hand-written initializers live in an extension, so that the struct keeps its memberwise
// initializer (`init(shared:calendarID:calendarIndex:start:end:recurrenceID:recurrenceIDTime:)`),
// which the expansion's hot path uses: it builds the value in one step, where a hand-written
// `init` builds it in a local `self` first, and the optimizer (Swift 6.3) then copies that `self`
// out and destroys it (a retain and release of each of its references per occurrence).
extension Occurrence {
    /// Creates an occurrence (the expansion makes them; this is for tests and for apps that make their own).
    public init(incidence: Incidence, calendarID: CalendarID = .unspecified, start: OccurrenceTime, end: OccurrenceTime,
                recurrenceID: TimeValue? = nil) {
        self.init(shared: SharedIncidence(incidence), calendarID: calendarID, calendarIndex: 0, start: start, end: end,
                  recurrenceID: recurrenceID, recurrenceIDTime: nil)
    }

    /// An occurrence of the calendar at `calendarIndex` (tests of the command line's lists).
    package init(incidence: Incidence, calendarIndex: Int, start: OccurrenceTime, end: OccurrenceTime, recurrenceID: TimeValue? = nil) {
        self.init(shared: SharedIncidence(incidence), calendarID: .unspecified, calendarIndex: calendarIndex, start: start, end: end,
                  recurrenceID: recurrenceID, recurrenceIDTime: nil)
    }
}

extension Occurrence {
    /// What tells one occurrence from every other, the same across expansions and feed refreshes:
    /// its calendar, its UID, and which instance of the series it is.
    public struct ID: Sendable, Hashable {
        /// The calendar (``Occurrence/calendarID``).
        public var calendar: CalendarID
        /// The component's UID.
        public var uid: String?
        /// The instance: the original start (RECURRENCE-ID) of an instance of a series; for a
        /// single event, `nil`, or its start when it has no UID (so that UID-less events differ).
        public var instance: OccurrenceTime?

        /// An identity from its parts.
        public init(calendar: CalendarID, uid: String?, instance: OccurrenceTime?) {
            self.calendar = calendar
            self.uid = uid
            self.instance = instance
        }

        /// Equal when calendar, UID and instance are; an instant is compared as an instant (the
        /// zone it is shown in is not part of the identity), so that ``stringValue`` and the
        /// Codable form, which keep the instant in UTC, read back to an equal identity.
        public static func == (lhs: ID, rhs: ID) -> Bool {
            lhs.calendar == rhs.calendar && lhs.uid == rhs.uid && ID.same(lhs.instance, rhs.instance)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(calendar)
            hasher.combine(uid)
            switch instance {
            case nil: hasher.combine(0)
            case .date(let d): hasher.combine(1); hasher.combine(d)
            case .floating(let t): hasher.combine(2); hasher.combine(t)
            case .instant(let seconds, _, _): hasher.combine(3); hasher.combine(seconds)
            }
        }

        private static func same(_ a: OccurrenceTime?, _ b: OccurrenceTime?) -> Bool {
            switch (a, b) {
            case (nil, nil): return true
            case (.instant(let x, _, _)?, .instant(let y, _, _)?): return x == y
            default: return a == b
            }
        }
    }

    /// The stable identity of this occurrence, for SwiftUI's `ForEach` and for diffing lists:
    /// calendar, UID and RECURRENCE-ID. A moved instance of a series keeps its id (its
    /// RECURRENCE-ID does not change); its start and end are not part of it.
    public var id: ID {
        ID(calendar: calendarID, uid: incidence.uid,
           instance: recurrenceIDTime ?? (incidence.uid == nil ? start : nil))
    }
}

/// Conversions between wall times and instants through Foundation's `TimeZone`
/// (outside the recurrence engine's hot loop).
enum WallClock {
    /// The instant at which clocks in `zone` show `wall` (gap: offset before it; ambiguous: the first).
    static func instant(of wall: CivilDateTime, in zone: TimeZone) -> Date {
        Date(timeIntervalSince1970: TimeInterval(FoundationZone(zone: zone).resolve(wall).utcSeconds))
    }
}
