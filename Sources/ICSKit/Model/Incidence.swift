/// A VEVENT, VTODO or VJOURNAL (RFC 5545 3.6.1–3.6.3): the things a calendar schedules.
///
/// The three share almost every property, so one type holds them, with ``kind``
/// telling which it is (the name follows RFC 2445's and KCal's "incidence").
/// Properties the model has no field for stay in ``otherProperties``.
///
/// A value type whose fields live in one copy-on-write box (``Incidence/Fields``, in
/// `Incidence+Storage.swift`): an incidence is one reference wide, so that a calendar of
/// 100,000 events is an array of 100,000 references (no array of ~1 KB elements to double
/// while importing), and copying one (into an occurrence, a dictionary, a parse result) is one
/// retain. A new field is one line in `Fields` and one accessor here (and one in the converter
/// that fills it).
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

    /// The fields, shared between copies until one of them changes (copy on write).
    var storage: Storage

    /// Which component this is.
    public var kind: Kind {
        get { storage.fields.kind }
        _modify { makeUnique(); yield &storage.fields.kind }
    }
    /// UID.
    public var uid: String? {
        get { storage.fields.uid }
        _modify { makeUnique(); yield &storage.fields.uid }
    }
    /// SUMMARY.
    public var summary: String? {
        get { storage.fields.summary }
        _modify { makeUnique(); yield &storage.fields.summary }
    }
    /// DESCRIPTION. Named `notes` (as EventKit's `EKCalendarItem.notes`, which holds the same
    /// text) so that it does not shadow `CustomStringConvertible.description`.
    public var notes: String? {
        get { storage.fields.notes }
        _modify { makeUnique(); yield &storage.fields.notes }
    }
    /// LOCATION.
    public var location: String? {
        get { storage.fields.location }
        _modify { makeUnique(); yield &storage.fields.location }
    }
    /// GEO.
    public var geo: Geo? {
        get { storage.fields.geo }
        _modify { makeUnique(); yield &storage.fields.geo }
    }
    /// URL.
    public var url: String? {
        get { storage.fields.url }
        _modify { makeUnique(); yield &storage.fields.url }
    }
    /// STATUS (``EventStatus``: `CONFIRMED`, `TENTATIVE`, `CANCELLED`, `NEEDS-ACTION`, `COMPLETED`,
    /// `IN-PROCESS`, `DRAFT`, `FINAL`, or another value as written, upper-cased).
    public var status: EventStatus? {
        get { storage.fields.status }
        _modify { makeUnique(); yield &storage.fields.status }
    }
    /// TRANSP (`OPAQUE`, `TRANSPARENT`).
    public var transparency: Transparency? {
        get { storage.fields.transparency }
        _modify { makeUnique(); yield &storage.fields.transparency }
    }
    /// CLASS (`PUBLIC`, `PRIVATE`, `CONFIDENTIAL`, …).
    public var classification: Classification? {
        get { storage.fields.classification }
        _modify { makeUnique(); yield &storage.fields.classification }
    }
    /// PRIORITY (0 undefined, 1 highest … 9 lowest).
    public var priority: Int? {
        get { storage.fields.priority }
        _modify { makeUnique(); yield &storage.fields.priority }
    }
    /// CATEGORIES, every value of every CATEGORIES property in order.
    public var categories: [String] {
        get { storage.fields.categories }
        _modify { makeUnique(); yield &storage.fields.categories }
    }
    /// COLOR (RFC 7986), a CSS3 color name or `#RRGGBB`.
    public var color: String? {
        get { storage.fields.color }
        _modify { makeUnique(); yield &storage.fields.color }
    }
    /// ORGANIZER.
    public var organizer: CalendarUser? {
        get { storage.fields.organizer }
        _modify { makeUnique(); yield &storage.fields.organizer }
    }
    /// ATTENDEE, in file order.
    public var attendees: [CalendarUser] {
        get { storage.fields.attendees }
        _modify { makeUnique(); yield &storage.fields.attendees }
    }
    /// DTSTART.
    public var start: TimeValue? {
        get { storage.fields.start }
        _modify { makeUnique(); yield &storage.fields.start }
    }
    /// DTEND (events only; a todo's end is ``due``).
    public var end: TimeValue? {
        get { storage.fields.end }
        _modify { makeUnique(); yield &storage.fields.end }
    }
    /// DURATION.
    public var duration: ICSDuration? {
        get { storage.fields.duration }
        _modify { makeUnique(); yield &storage.fields.duration }
    }
    /// DUE (todos).
    public var due: TimeValue? {
        get { storage.fields.due }
        _modify { makeUnique(); yield &storage.fields.due }
    }
    /// COMPLETED (todos).
    public var completed: TimeValue? {
        get { storage.fields.completed }
        _modify { makeUnique(); yield &storage.fields.completed }
    }
    /// PERCENT-COMPLETE (todos).
    public var percentComplete: Int? {
        get { storage.fields.percentComplete }
        _modify { makeUnique(); yield &storage.fields.percentComplete }
    }
    /// RRULE; RFC 5545 says there SHOULD be at most one, but every one given is kept.
    public var recurrenceRules: [RecurrenceRule] {
        get { storage.fields.recurrenceRules }
        _modify { makeUnique(); yield &storage.fields.recurrenceRules }
    }
    /// RDATE values, every value of every RDATE property in order.
    public var recurrenceDates: [RecurrenceDate] {
        get { storage.fields.recurrenceDates }
        _modify { makeUnique(); yield &storage.fields.recurrenceDates }
    }
    /// EXDATE values, every value of every EXDATE property in order.
    public var exceptionDates: [TimeValue] {
        get { storage.fields.exceptionDates }
        _modify { makeUnique(); yield &storage.fields.exceptionDates }
    }
    /// RECURRENCE-ID: set on an override of one instance of a series.
    public var recurrenceID: TimeValue? {
        get { storage.fields.recurrenceID }
        _modify { makeUnique(); yield &storage.fields.recurrenceID }
    }
    /// `RANGE=THISANDFUTURE` on RECURRENCE-ID.
    public var appliesToFutureInstances: Bool {
        get { storage.fields.appliesToFutureInstances }
        _modify { makeUnique(); yield &storage.fields.appliesToFutureInstances }
    }
    /// SEQUENCE, 0 when absent.
    public var sequence: Int {
        get { storage.fields.sequence }
        _modify { makeUnique(); yield &storage.fields.sequence }
    }
    /// CREATED.
    public var created: TimeValue? {
        get { storage.fields.created }
        _modify { makeUnique(); yield &storage.fields.created }
    }
    /// LAST-MODIFIED.
    public var lastModified: TimeValue? {
        get { storage.fields.lastModified }
        _modify { makeUnique(); yield &storage.fields.lastModified }
    }
    /// DTSTAMP.
    public var timestamp: TimeValue? {
        get { storage.fields.timestamp }
        _modify { makeUnique(); yield &storage.fields.timestamp }
    }
    /// The VALARMs, in file order.
    public var alarms: [Alarm] {
        get { storage.fields.alarms }
        _modify { makeUnique(); yield &storage.fields.alarms }
    }
    /// Every property the model has no field for, as written.
    public var otherProperties: [Property] {
        get { storage.fields.otherProperties }
        _modify { makeUnique(); yield &storage.fields.otherProperties }
    }
    /// Child components other than VALARM, kept whole.
    public var otherComponents: [RawComponent] {
        get { storage.fields.otherComponents }
        _modify { makeUnique(); yield &storage.fields.otherComponents }
    }
    /// The physical line of its BEGIN, when known.
    public var line: Int? {
        get { storage.fields.line }
        _modify { makeUnique(); yield &storage.fields.line }
    }

    /// Creates an empty component of the given kind.
    public init(kind: Kind) {
        storage = Storage(Fields(kind: kind))
    }

    /// Hashes a small key (kind, UID, RECURRENCE-ID, DTSTART, SEQUENCE, line), not every value:
    /// equal incidences have equal keys, and an event with a 4 MB ATTACH or a million EXDATEs
    /// hashes as fast as any other (a set of occurrences hashes each one's incidence).
    /// (`==` compares every field, see `Incidence+Storage.swift`.)
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
}
