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
    /// (``makeUnique()`` runs before every write), so a shared storage is never written.
    final class Storage: @unchecked Sendable {
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var storage: Storage

    /// Gives this value a storage of its own before a write (copy on write).
    ///
    /// Every field has a `_modify` accessor beside its setter, so that `event.attendees.append(x)`
    /// writes the array in place (O(1) amortized) instead of reading a copy, appending to it and
    /// storing it back (O(n) per append, quadratic for a component of many lines; issue 10).
    @inline(__always) private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
    }

    /// Whether it is a VEVENT, a VTODO or a VJOURNAL.
    public var kind: Kind {
        get { storage.fields.kind }
        set { makeUnique(); storage.fields.kind = newValue }
        _modify { makeUnique(); yield &storage.fields.kind }
    }
    /// UID: the identity of the incidence, shared by a series and its overrides.
    public var uid: String? {
        get { storage.fields.uid }
        set { makeUnique(); storage.fields.uid = newValue }
        _modify { makeUnique(); yield &storage.fields.uid }
    }
    /// SUMMARY: the title.
    public var summary: String? {
        get { storage.fields.summary }
        set { makeUnique(); storage.fields.summary = newValue }
        _modify { makeUnique(); yield &storage.fields.summary }
    }
    /// DESCRIPTION: the longer text.
    public var description: String? {
        get { storage.fields.description }
        set { makeUnique(); storage.fields.description = newValue }
        _modify { makeUnique(); yield &storage.fields.description }
    }
    /// LOCATION: where it takes place, as text.
    public var location: String? {
        get { storage.fields.location }
        set { makeUnique(); storage.fields.location = newValue }
        _modify { makeUnique(); yield &storage.fields.location }
    }
    /// GEO: where it takes place, as a position.
    public var geo: Geo? {
        get { storage.fields.geo }
        set { makeUnique(); storage.fields.geo = newValue }
        _modify { makeUnique(); yield &storage.fields.geo }
    }
    /// URL: a link for it.
    public var url: String? {
        get { storage.fields.url }
        set { makeUnique(); storage.fields.url = newValue }
        _modify { makeUnique(); yield &storage.fields.url }
    }
    /// STATUS as written, upper-cased (`CONFIRMED`, `TENTATIVE`, `CANCELLED`, `NEEDS-ACTION`, `COMPLETED`, `IN-PROCESS`, `DRAFT`, `FINAL`).
    public var status: String? {
        get { storage.fields.status }
        set { makeUnique(); storage.fields.status = newValue }
        _modify { makeUnique(); yield &storage.fields.status }
    }
    /// TRANSP (`OPAQUE`, `TRANSPARENT`).
    public var transparency: String? {
        get { storage.fields.transparency }
        set { makeUnique(); storage.fields.transparency = newValue }
        _modify { makeUnique(); yield &storage.fields.transparency }
    }
    /// CLASS (`PUBLIC`, `PRIVATE`, `CONFIDENTIAL`, …).
    public var classification: String? {
        get { storage.fields.classification }
        set { makeUnique(); storage.fields.classification = newValue }
        _modify { makeUnique(); yield &storage.fields.classification }
    }
    /// PRIORITY: 1 (highest) to 9 (lowest); 0 or `nil` when undefined.
    public var priority: Int? {
        get { storage.fields.priority }
        set { makeUnique(); storage.fields.priority = newValue }
        _modify { makeUnique(); yield &storage.fields.priority }
    }
    /// CATEGORIES, every value of every CATEGORIES property in order.
    public var categories: [String] {
        get { storage.fields.categories }
        set { makeUnique(); storage.fields.categories = newValue }
        _modify { makeUnique(); yield &storage.fields.categories }
    }
    /// COLOR (RFC 7986), a CSS3 color name or `#RRGGBB`.
    public var color: String? {
        get { storage.fields.color }
        set { makeUnique(); storage.fields.color = newValue }
        _modify { makeUnique(); yield &storage.fields.color }
    }
    /// ORGANIZER: who organises it.
    public var organizer: CalendarUser? {
        get { storage.fields.organizer }
        set { makeUnique(); storage.fields.organizer = newValue }
        _modify { makeUnique(); yield &storage.fields.organizer }
    }
    /// ATTENDEE: who takes part, with their parameters.
    public var attendees: [CalendarUser] {
        get { storage.fields.attendees }
        set { makeUnique(); storage.fields.attendees = newValue }
        _modify { makeUnique(); yield &storage.fields.attendees }
    }
    /// DTSTART.
    public var start: TimeValue? {
        get { storage.fields.start }
        set { makeUnique(); storage.fields.start = newValue }
        _modify { makeUnique(); yield &storage.fields.start }
    }
    /// DTEND (events only; a todo's end is ``due``).
    public var end: TimeValue? {
        get { storage.fields.end }
        set { makeUnique(); storage.fields.end = newValue }
        _modify { makeUnique(); yield &storage.fields.end }
    }
    /// DURATION.
    public var duration: ICSDuration? {
        get { storage.fields.duration }
        set { makeUnique(); storage.fields.duration = newValue }
        _modify { makeUnique(); yield &storage.fields.duration }
    }
    /// DUE (todos).
    public var due: TimeValue? {
        get { storage.fields.due }
        set { makeUnique(); storage.fields.due = newValue }
        _modify { makeUnique(); yield &storage.fields.due }
    }
    /// COMPLETED (todos).
    public var completed: TimeValue? {
        get { storage.fields.completed }
        set { makeUnique(); storage.fields.completed = newValue }
        _modify { makeUnique(); yield &storage.fields.completed }
    }
    /// PERCENT-COMPLETE (todos).
    public var percentComplete: Int? {
        get { storage.fields.percentComplete }
        set { makeUnique(); storage.fields.percentComplete = newValue }
        _modify { makeUnique(); yield &storage.fields.percentComplete }
    }
    /// RRULE; RFC 5545 says there SHOULD be at most one, but every one given is kept.
    public var recurrenceRules: [RecurrenceRule] {
        get { storage.fields.recurrenceRules }
        set { makeUnique(); storage.fields.recurrenceRules = newValue }
        _modify { makeUnique(); yield &storage.fields.recurrenceRules }
    }
    /// RDATE values, every value of every RDATE property in order.
    public var recurrenceDates: [RecurrenceDate] {
        get { storage.fields.recurrenceDates }
        set { makeUnique(); storage.fields.recurrenceDates = newValue }
        _modify { makeUnique(); yield &storage.fields.recurrenceDates }
    }
    /// EXDATE values, every value of every EXDATE property in order.
    public var exceptionDates: [TimeValue] {
        get { storage.fields.exceptionDates }
        set { makeUnique(); storage.fields.exceptionDates = newValue }
        _modify { makeUnique(); yield &storage.fields.exceptionDates }
    }
    /// RECURRENCE-ID: set on an override of one instance of a series.
    public var recurrenceID: TimeValue? {
        get { storage.fields.recurrenceID }
        set { makeUnique(); storage.fields.recurrenceID = newValue }
        _modify { makeUnique(); yield &storage.fields.recurrenceID }
    }
    /// `RANGE=THISANDFUTURE` on RECURRENCE-ID.
    public var appliesToFutureInstances: Bool {
        get { storage.fields.appliesToFutureInstances }
        set { makeUnique(); storage.fields.appliesToFutureInstances = newValue }
        _modify { makeUnique(); yield &storage.fields.appliesToFutureInstances }
    }
    /// SEQUENCE, 0 when absent.
    public var sequence: Int {
        get { storage.fields.sequence }
        set { makeUnique(); storage.fields.sequence = newValue }
        _modify { makeUnique(); yield &storage.fields.sequence }
    }
    /// CREATED: when it was first created, in UTC.
    public var created: TimeValue? {
        get { storage.fields.created }
        set { makeUnique(); storage.fields.created = newValue }
        _modify { makeUnique(); yield &storage.fields.created }
    }
    /// LAST-MODIFIED: when it was last changed, in UTC.
    public var lastModified: TimeValue? {
        get { storage.fields.lastModified }
        set { makeUnique(); storage.fields.lastModified = newValue }
        _modify { makeUnique(); yield &storage.fields.lastModified }
    }
    /// DTSTAMP.
    public var timestamp: TimeValue? {
        get { storage.fields.timestamp }
        set { makeUnique(); storage.fields.timestamp = newValue }
        _modify { makeUnique(); yield &storage.fields.timestamp }
    }
    /// The VALARMs of the incidence, in file order.
    public var alarms: [Alarm] {
        get { storage.fields.alarms }
        set { makeUnique(); storage.fields.alarms = newValue }
        _modify { makeUnique(); yield &storage.fields.alarms }
    }
    /// Every property the model has no field for, as written.
    public var otherProperties: [Property] {
        get { storage.fields.otherProperties }
        set { makeUnique(); storage.fields.otherProperties = newValue }
        _modify { makeUnique(); yield &storage.fields.otherProperties }
    }
    /// Child components other than VALARM, kept whole.
    public var otherComponents: [RawComponent] {
        get { storage.fields.otherComponents }
        set { makeUnique(); storage.fields.otherComponents = newValue }
        _modify { makeUnique(); yield &storage.fields.otherComponents }
    }
    /// The physical line of its BEGIN, when known.
    public var line: Int? {
        get { storage.fields.line }
        set { makeUnique(); storage.fields.line = newValue }
        _modify { makeUnique(); yield &storage.fields.line }
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
