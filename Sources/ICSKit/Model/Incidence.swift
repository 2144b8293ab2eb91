/// A VEVENT, VTODO or VJOURNAL (RFC 5545 3.6.1–3.6.3): the things a calendar schedules.
///
/// The three share almost every property, so one type holds them, with ``kind``
/// telling which it is (the name follows RFC 2445's and KCal's "incidence").
/// Properties the model has no field for stay in ``otherProperties``.
///
/// A plain struct of stored properties: a new field is one line here (and one in the converter
/// that fills it). The fields that most events lack are ``Sparse`` (one reference wide while they
/// are `nil`): mark a new one so when most components will not have it. The occurrences of a series share one copy of it (``Occurrence/incidence``
/// reads through a shared reference), so its size does not weigh on the expansion.
///
/// ```swift
/// var event = Incidence(kind: .event)
/// event.summary = "Standup"
/// event.status = .confirmed
/// ```
public struct Incidence: Sendable, Hashable, Codable {
    /// Which component this is.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// VEVENT.
        case event = "VEVENT"
        /// VTODO.
        case todo = "VTODO"
        /// VJOURNAL.
        case journal = "VJOURNAL"
    }

    /// UID.
    public var uid: String? = nil
    /// SUMMARY.
    public var summary: String? = nil
    /// DESCRIPTION. Named `notes` (as EventKit's `EKCalendarItem.notes`, which holds the same
    /// text) so that it does not shadow `CustomStringConvertible.description`.
    public var notes: String? = nil
    /// LOCATION.
    public var location: String? = nil
    /// The parameters that ``summary``, ``notes``, ``location`` and ``url`` were written with,
    /// by property name, when any of them had one (`SUMMARY;LANGUAGE=de:…` →
    /// `["SUMMARY": [LANGUAGE=de]]`; `DESCRIPTION;ALTREP="cid:…"`, `LOCATION;ALTREP=…`, X-
    /// parameters), as written; `nil` when none had any, as almost always, at no cost then.
    /// The writer puts them back on their properties.
    @Sparse public var textParameters: [String: [Parameter]]? = nil
    /// GEO.
    @Sparse public var geo: Geo? = nil
    /// URL.
    @Sparse public var url: String? = nil
    /// STATUS (``EventStatus``: `CONFIRMED`, `TENTATIVE`, `CANCELLED`, `NEEDS-ACTION`, `COMPLETED`,
    /// `IN-PROCESS`, `DRAFT`, `FINAL`, or another value as written, upper-cased).
    public var status: EventStatus? = nil
    /// TRANSP (`OPAQUE`, `TRANSPARENT`).
    public var transparency: Transparency? = nil
    /// CLASS (`PUBLIC`, `PRIVATE`, `CONFIDENTIAL`, …).
    public var classification: Classification? = nil
    /// PRIORITY (0 undefined, 1 highest … 9 lowest).
    public var priority: Int? = nil
    /// CATEGORIES, every value of every CATEGORIES property in order.
    public var categories: [String] = []
    /// COLOR (RFC 7986), a CSS3 color name or `#RRGGBB`.
    @Sparse public var color: String? = nil
    /// ORGANIZER.
    public var organizer: CalendarUser? = nil
    /// ATTENDEE, in file order.
    public var attendees: [CalendarUser] = []
    /// DTSTART.
    public var start: TimeValue? = nil
    // The one-byte fields follow a 25-byte `TimeValue?`, in its padding.
    /// Which component this is.
    public var kind: Kind
    /// `RANGE=THISANDFUTURE` on RECURRENCE-ID.
    public var appliesToFutureInstances: Bool = false
    /// DTEND (events only; a todo's end is ``due``).
    public var end: TimeValue? = nil
    /// DURATION.
    @Sparse public var duration: ICSDuration? = nil
    /// DUE (todos).
    @Sparse public var due: TimeValue? = nil
    /// COMPLETED (todos).
    @Sparse public var completed: TimeValue? = nil
    /// PERCENT-COMPLETE (todos).
    @Sparse public var percentComplete: Int? = nil
    /// RRULE; RFC 5545 says there SHOULD be at most one, but every one given is kept.
    public var recurrenceRules: [RecurrenceRule] = []
    /// RDATE values, every value of every RDATE property in order.
    public var recurrenceDates: [RecurrenceDate] = []
    /// EXDATE values, every value of every EXDATE property in order.
    public var exceptionDates: [TimeValue] = []
    /// RECURRENCE-ID: set on an override of one instance of a series.
    @Sparse public var recurrenceID: TimeValue? = nil
    /// SEQUENCE, 0 when absent.
    public var sequence: Int = 0
    /// CREATED.
    public var created: TimeValue? = nil
    /// LAST-MODIFIED.
    public var lastModified: TimeValue? = nil
    /// DTSTAMP.
    public var timestamp: TimeValue? = nil
    /// The physical line of its BEGIN, when known (4 bytes, in the padding of the `TimeValue?`
    /// before it; ``CompactLine``).
    @CompactLine public var line: Int? = nil
    /// The VALARMs, in file order.
    public var alarms: [Alarm] = []
    /// Every property the model has no field for, as written.
    public var otherProperties: [Property] = []
    /// Child components other than VALARM, kept whole.
    public var otherComponents: [RawComponent] = []

    /// Creates an empty component of the given kind.
    public init(kind: Kind) {
        self.kind = kind
    }

    /// Hashes a small key (kind, UID, RECURRENCE-ID, DTSTART, SEQUENCE, line), not every value:
    /// equal incidences have equal keys, and an event with a 4 MB ATTACH or a million EXDATEs
    /// hashes as fast as any other (a set of occurrences hashes each one's incidence).
    /// (`==` is the synthesized one: every stored property.)
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(uid)
        hasher.combine(recurrenceID)
        hasher.combine(start)
        hasher.combine(sequence)
        hasher.combine(line)
    }

    /// Whether this component recurs (has an RRULE or an RDATE).
    public var isRecurring: Bool { !recurrenceRules.isEmpty || !recurrenceDates.isEmpty }

    /// Whether DTSTART is a DATE.
    public var isAllDay: Bool { start?.isDate ?? false }

    /// Whether STATUS is CANCELLED.
    public var isCancelled: Bool { status == .cancelled }

    /// Whether this is a to-do that is done: STATUS:COMPLETED, a COMPLETED time or
    /// PERCENT-COMPLETE:100 (RFC 5545 3.8.1.11, 3.8.2.1, 3.8.1.8); `false` for events and journals.
    public var isCompletedTodo: Bool {
        kind == .todo && (status == .completed || completed != nil || percentComplete == 100)
    }
}
