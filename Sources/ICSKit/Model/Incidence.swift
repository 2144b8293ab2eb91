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

    /// The stored properties. An incidence is copied into every occurrence of its series, so
    /// its values live behind one reference, copied on write: a copy costs one retain.
    struct Fields: Sendable, Hashable, Codable {
        var kind: Kind
        var uid: String? = nil
        var summary: String? = nil
        var description: String? = nil
        var location: String? = nil
        var geo: Geo? = nil
        var url: String? = nil
        var status: String? = nil
        var transparency: String? = nil
        var classification: String? = nil
        var priority: Int? = nil
        var categories: [String] = []
        var color: String? = nil
        var organizer: CalendarUser? = nil
        var attendees: [CalendarUser] = []
        var start: TimeValue? = nil
        var end: TimeValue? = nil
        var duration: ICSDuration? = nil
        var due: TimeValue? = nil
        var completed: TimeValue? = nil
        var percentComplete: Int? = nil
        var recurrenceRules: [RecurrenceRule] = []
        var recurrenceDates: [RecurrenceDate] = []
        var exceptionDates: [TimeValue] = []
        var recurrenceID: TimeValue? = nil
        var appliesToFutureInstances: Bool = false
        var sequence: Int = 0
        var created: TimeValue? = nil
        var lastModified: TimeValue? = nil
        var timestamp: TimeValue? = nil
        var alarms: [Alarm] = []
        var otherProperties: [Property] = []
        var otherComponents: [RawComponent] = []
        var line: Int? = nil
    }

    /// Sendable notes: `fields` is only mutated when this storage is uniquely referenced
    /// (``mutate(_:)``), so a shared storage is never written.
    final class Storage: @unchecked Sendable {
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var storage: Storage

    private mutating func mutate(_ body: (inout Fields) -> Void) {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
        body(&storage.fields)
    }

    public var kind: Kind {
        get { storage.fields.kind }
        set { mutate { $0.kind = newValue } }
    }
    public var uid: String? {
        get { storage.fields.uid }
        set { mutate { $0.uid = newValue } }
    }
    public var summary: String? {
        get { storage.fields.summary }
        set { mutate { $0.summary = newValue } }
    }
    public var description: String? {
        get { storage.fields.description }
        set { mutate { $0.description = newValue } }
    }
    public var location: String? {
        get { storage.fields.location }
        set { mutate { $0.location = newValue } }
    }
    public var geo: Geo? {
        get { storage.fields.geo }
        set { mutate { $0.geo = newValue } }
    }
    public var url: String? {
        get { storage.fields.url }
        set { mutate { $0.url = newValue } }
    }
    /// STATUS as written, upper-cased (`CONFIRMED`, `TENTATIVE`, `CANCELLED`, `NEEDS-ACTION`, `COMPLETED`, `IN-PROCESS`, `DRAFT`, `FINAL`).
    public var status: String? {
        get { storage.fields.status }
        set { mutate { $0.status = newValue } }
    }
    /// TRANSP (`OPAQUE`, `TRANSPARENT`).
    public var transparency: String? {
        get { storage.fields.transparency }
        set { mutate { $0.transparency = newValue } }
    }
    /// CLASS (`PUBLIC`, `PRIVATE`, `CONFIDENTIAL`, …).
    public var classification: String? {
        get { storage.fields.classification }
        set { mutate { $0.classification = newValue } }
    }
    public var priority: Int? {
        get { storage.fields.priority }
        set { mutate { $0.priority = newValue } }
    }
    /// CATEGORIES, every value of every CATEGORIES property in order.
    public var categories: [String] {
        get { storage.fields.categories }
        set { mutate { $0.categories = newValue } }
    }
    /// COLOR (RFC 7986), a CSS3 color name or `#RRGGBB`.
    public var color: String? {
        get { storage.fields.color }
        set { mutate { $0.color = newValue } }
    }
    public var organizer: CalendarUser? {
        get { storage.fields.organizer }
        set { mutate { $0.organizer = newValue } }
    }
    public var attendees: [CalendarUser] {
        get { storage.fields.attendees }
        set { mutate { $0.attendees = newValue } }
    }
    /// DTSTART.
    public var start: TimeValue? {
        get { storage.fields.start }
        set { mutate { $0.start = newValue } }
    }
    /// DTEND (events only; a todo's end is ``due``).
    public var end: TimeValue? {
        get { storage.fields.end }
        set { mutate { $0.end = newValue } }
    }
    /// DURATION.
    public var duration: ICSDuration? {
        get { storage.fields.duration }
        set { mutate { $0.duration = newValue } }
    }
    /// DUE (todos).
    public var due: TimeValue? {
        get { storage.fields.due }
        set { mutate { $0.due = newValue } }
    }
    /// COMPLETED (todos).
    public var completed: TimeValue? {
        get { storage.fields.completed }
        set { mutate { $0.completed = newValue } }
    }
    /// PERCENT-COMPLETE (todos).
    public var percentComplete: Int? {
        get { storage.fields.percentComplete }
        set { mutate { $0.percentComplete = newValue } }
    }
    /// RRULE; RFC 5545 says there SHOULD be at most one, but every one given is kept.
    public var recurrenceRules: [RecurrenceRule] {
        get { storage.fields.recurrenceRules }
        set { mutate { $0.recurrenceRules = newValue } }
    }
    /// RDATE values, every value of every RDATE property in order.
    public var recurrenceDates: [RecurrenceDate] {
        get { storage.fields.recurrenceDates }
        set { mutate { $0.recurrenceDates = newValue } }
    }
    /// EXDATE values, every value of every EXDATE property in order.
    public var exceptionDates: [TimeValue] {
        get { storage.fields.exceptionDates }
        set { mutate { $0.exceptionDates = newValue } }
    }
    /// RECURRENCE-ID: set on an override of one instance of a series.
    public var recurrenceID: TimeValue? {
        get { storage.fields.recurrenceID }
        set { mutate { $0.recurrenceID = newValue } }
    }
    /// `RANGE=THISANDFUTURE` on RECURRENCE-ID.
    public var appliesToFutureInstances: Bool {
        get { storage.fields.appliesToFutureInstances }
        set { mutate { $0.appliesToFutureInstances = newValue } }
    }
    /// SEQUENCE, 0 when absent.
    public var sequence: Int {
        get { storage.fields.sequence }
        set { mutate { $0.sequence = newValue } }
    }
    public var created: TimeValue? {
        get { storage.fields.created }
        set { mutate { $0.created = newValue } }
    }
    public var lastModified: TimeValue? {
        get { storage.fields.lastModified }
        set { mutate { $0.lastModified = newValue } }
    }
    /// DTSTAMP.
    public var timestamp: TimeValue? {
        get { storage.fields.timestamp }
        set { mutate { $0.timestamp = newValue } }
    }
    public var alarms: [Alarm] {
        get { storage.fields.alarms }
        set { mutate { $0.alarms = newValue } }
    }
    /// Every property the model has no field for, as written.
    public var otherProperties: [Property] {
        get { storage.fields.otherProperties }
        set { mutate { $0.otherProperties = newValue } }
    }
    /// Child components other than VALARM, kept whole.
    public var otherComponents: [RawComponent] {
        get { storage.fields.otherComponents }
        set { mutate { $0.otherComponents = newValue } }
    }
    /// The physical line of its BEGIN, when known.
    public var line: Int? {
        get { storage.fields.line }
        set { mutate { $0.line = newValue } }
    }

    /// Creates an empty component of the given kind.
    public init(kind: Kind) {
        storage = Storage(Fields(kind: kind))
    }

    public static func == (lhs: Incidence, rhs: Incidence) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    /// Hashes a small key (kind, UID, RECURRENCE-ID, DTSTART, SEQUENCE, line), not every value:
    /// equal incidences have equal keys, and an event with a 4 MB ATTACH or a million EXDATEs
    /// hashes as fast as any other (a set of occurrences hashes each one's incidence).
    public func hash(into hasher: inout Hasher) {
        let fields = storage.fields
        hasher.combine(fields.kind)
        hasher.combine(fields.uid)
        hasher.combine(fields.recurrenceID)
        hasher.combine(fields.start)
        hasher.combine(fields.sequence)
        hasher.combine(fields.line)
    }

    public init(from decoder: any Decoder) throws {
        storage = Storage(try Fields(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try storage.fields.encode(to: encoder)
    }

    /// Whether this component recurs (has an RRULE or an RDATE).
    public var isRecurring: Bool { !recurrenceRules.isEmpty || !recurrenceDates.isEmpty }

    /// Whether DTSTART is a DATE.
    public var isAllDay: Bool { start?.isDate ?? false }

    /// Whether STATUS is CANCELLED.
    public var isCancelled: Bool { status == "CANCELLED" }
}
