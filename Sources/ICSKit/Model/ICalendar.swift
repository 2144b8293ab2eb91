/// An imported iCalendar stream: the calendar's own properties, its time zones,
/// its events, todos and journals, and what was wrong in it.
///
/// Several VCALENDAR objects in one stream are merged into one value (the calendar
/// properties come from the first that has them); a bare VEVENT with no VCALENDAR
/// around it imports too.
public struct ICalendar: Sendable, Hashable, Codable {
    /// Where it came from (a path, a URL, or `-`), for messages.
    public var source: String?
    /// NAME (RFC 7986), else X-WR-CALNAME.
    public var name: String?
    /// DESCRIPTION (RFC 7986), else X-WR-CALDESC. Named `notes`, as ``Incidence/notes``, so that
    /// it does not shadow `CustomStringConvertible.description`.
    public var notes: String?
    /// COLOR (RFC 7986), else X-APPLE-CALENDAR-COLOR.
    public var color: String?
    /// X-WR-TIMEZONE: the zone of the calendar, used for floating times.
    public var defaultTimeZone: String?
    /// METHOD (`PUBLISH`, `REQUEST`, …).
    public var method: String?
    /// PRODID.
    public var productID: String?
    /// VERSION.
    public var version: String?
    /// CALSCALE (`GREGORIAN` when absent).
    public var calendarScale: String?
    /// REFRESH-INTERVAL (RFC 7986).
    public var refreshInterval: ICSDuration?
    /// X-PUBLISHED-TTL, the older spelling of a refresh interval.
    public var publishedTTL: ICSDuration?
    /// Every other calendar property, as written.
    public var otherProperties: [Property]
    /// The VTIMEZONE definitions, in file order.
    public var timeZones: [TimeZoneDefinition]
    /// The VEVENTs, in file order.
    public var events: [Incidence]
    /// The VTODOs, in file order.
    public var todos: [Incidence]
    /// The VJOURNALs, in file order.
    public var journals: [Incidence]
    /// Other top-level components (VFREEBUSY, VAVAILABILITY, X- components), kept whole.
    public var otherComponents: [RawComponent]
    /// What was wrong in the input and how it was recovered from, in line order.
    public var diagnostics: [Diagnostic]
    /// Whether recurring series written in UTC recur at the wall time of ``defaultTimeZone``
    /// (X-WR-TIMEZONE), as Google Calendar shows them; nil means yes. `false` reads them as
    /// RFC 5545 says, at a constant instant (``ImportOptions/readsUTCSeriesInCalendarZone``).
    public var readsUTCSeriesInCalendarZone: Bool?
    /// The wrapping sum of the UID hashes (as ``id`` computes them) of the events a windowed
    /// import skipped (``ImportOptions/window``), so that ``id`` is the same as for the whole file.
    var skippedEventUIDHashSum: UInt64? = nil
    /// The same for the to-dos and journals a windowed import left out (none with a UID).
    var skippedTodoUIDHashSum: UInt64? = nil
    var skippedJournalUIDHashSum: UInt64? = nil
    /// Per series key (``CalDAVLeftovers/seriesKey(uid:kind:)``), how many masters without a
    /// start a windowed import left out (``ImportOptions/leavesOutLosingMasters``): the
    /// expansion counts them among the UID's masters.
    var startlessMastersLeftOut: [String: Int]? = nil

    /// Creates an empty calendar.
    public init(source: String? = nil) {
        self.source = source
        otherProperties = []
        timeZones = []
        events = []
        todos = []
        journals = []
        otherComponents = []
        diagnostics = []
    }

    /// The VTIMEZONE whose TZID is `tzid`, if the file defines it.
    public func timeZone(withID tzid: String) -> TimeZoneDefinition? {
        timeZones.first { $0.tzid == tzid }
    }
}
