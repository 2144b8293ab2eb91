/// A VEVENT, VTODO or VJOURNAL (RFC 5545 3.6.1–3.6.3): the things a calendar schedules.
///
/// The three share almost every property, so one type holds them, with ``kind``
/// telling which it is (the name follows RFC 2445's and KCal's "incidence").
/// Properties the model has no field for stay in ``otherProperties``.
public struct Incidence: Sendable, Hashable, Codable {
    /// Which component this is.
    public enum Kind: String, Sendable, Hashable, Codable {
        case event = "VEVENT", todo = "VTODO", journal = "VJOURNAL"
    }

    public var kind: Kind
    public var uid: String?
    public var summary: String?
    public var description: String?
    public var location: String?
    public var geo: Geo?
    public var url: String?
    /// STATUS as written, upper-cased (`CONFIRMED`, `TENTATIVE`, `CANCELLED`, `NEEDS-ACTION`, `COMPLETED`, `IN-PROCESS`, `DRAFT`, `FINAL`).
    public var status: String?
    /// TRANSP (`OPAQUE`, `TRANSPARENT`).
    public var transparency: String?
    /// CLASS (`PUBLIC`, `PRIVATE`, `CONFIDENTIAL`, …).
    public var classification: String?
    public var priority: Int?
    /// CATEGORIES, every value of every CATEGORIES property in order.
    public var categories: [String]
    /// COLOR (RFC 7986), a CSS3 color name or `#RRGGBB`.
    public var color: String?
    public var organizer: CalendarUser?
    public var attendees: [CalendarUser]
    /// DTSTART.
    public var start: TimeValue?
    /// DTEND (events only; a todo's end is ``due``).
    public var end: TimeValue?
    /// DURATION.
    public var duration: ICSDuration?
    /// DUE (todos).
    public var due: TimeValue?
    /// COMPLETED (todos).
    public var completed: TimeValue?
    /// PERCENT-COMPLETE (todos).
    public var percentComplete: Int?
    /// RRULE; RFC 5545 says there SHOULD be at most one, but every one given is kept.
    public var recurrenceRules: [RecurrenceRule]
    /// RDATE values, every value of every RDATE property in order.
    public var recurrenceDates: [RecurrenceDate]
    /// EXDATE values, every value of every EXDATE property in order.
    public var exceptionDates: [TimeValue]
    /// RECURRENCE-ID: set on an override of one instance of a series.
    public var recurrenceID: TimeValue?
    /// `RANGE=THISANDFUTURE` on RECURRENCE-ID.
    public var appliesToFutureInstances: Bool
    /// SEQUENCE, 0 when absent.
    public var sequence: Int
    public var created: TimeValue?
    public var lastModified: TimeValue?
    /// DTSTAMP.
    public var timestamp: TimeValue?
    public var alarms: [Alarm]
    /// Every property the model has no field for, as written.
    public var otherProperties: [Property]
    /// Child components other than VALARM, kept whole.
    public var otherComponents: [RawComponent]
    /// The physical line of its BEGIN, when known.
    public var line: Int?

    /// Creates an empty component of the given kind.
    public init(kind: Kind) {
        self.kind = kind
        categories = []
        attendees = []
        recurrenceRules = []
        recurrenceDates = []
        exceptionDates = []
        appliesToFutureInstances = false
        sequence = 0
        alarms = []
        otherProperties = []
        otherComponents = []
    }

    /// Whether this component recurs (has an RRULE or an RDATE).
    public var isRecurring: Bool { !recurrenceRules.isEmpty || !recurrenceDates.isEmpty }

    /// Whether DTSTART is a DATE.
    public var isAllDay: Bool { start?.isDate ?? false }

    /// Whether STATUS is CANCELLED.
    public var isCancelled: Bool { status == "CANCELLED" }
}
