extension CalendarDiff {
    /// A property (or part) of an event that a ``Change`` names: an open set, by iCalendar name
    /// (`DTSTART`, `SUMMARY`, `VALARM`, `X-…`), with a constant for each field ``Incidence`` has.
    ///
    /// Properties without a field of their own (`ATTACH`, `X-…`) come as their name, upper-cased.
    ///
    /// ```swift
    /// if change.fields.contains(.start) { reschedule(change.new) }
    /// ```
    public struct Field: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
        /// The iCalendar name, upper-cased.
        public let rawValue: String

        /// Wraps a property name, upper-casing it (names are case-insensitive, RFC 5545 section 2).
        public init(rawValue: String) { self.rawValue = rawValue.uppercased() }

        /// The iCalendar name (``rawValue``).
        public var description: String { rawValue }

        /// `DTSTART` (``Incidence/start``).
        public static let start = Field(rawValue: "DTSTART")
        /// `DTEND` (``Incidence/end``).
        public static let end = Field(rawValue: "DTEND")
        /// `DURATION`.
        public static let duration = Field(rawValue: "DURATION")
        /// `DUE`.
        public static let due = Field(rawValue: "DUE")
        /// `SUMMARY`.
        public static let summary = Field(rawValue: "SUMMARY")
        /// `LOCATION`.
        public static let location = Field(rawValue: "LOCATION")
        /// `DESCRIPTION` (``Incidence/notes``).
        public static let notes = Field(rawValue: "DESCRIPTION")
        /// `STATUS`.
        public static let status = Field(rawValue: "STATUS")
        /// `RRULE` (``Incidence/recurrenceRules``).
        public static let recurrenceRules = Field(rawValue: "RRULE")
        /// `RDATE` (``Incidence/recurrenceDates``).
        public static let recurrenceDates = Field(rawValue: "RDATE")
        /// `EXDATE` (``Incidence/exceptionDates``).
        public static let exceptionDates = Field(rawValue: "EXDATE")
        /// `RANGE` (``Incidence/appliesToFutureInstances``).
        public static let range = Field(rawValue: "RANGE")
        /// `SEQUENCE`.
        public static let sequence = Field(rawValue: "SEQUENCE")
        /// `ORGANIZER`.
        public static let organizer = Field(rawValue: "ORGANIZER")
        /// `ATTENDEE` (any of them).
        public static let attendees = Field(rawValue: "ATTENDEE")
        /// `CATEGORIES`.
        public static let categories = Field(rawValue: "CATEGORIES")
        /// `CLASS`.
        public static let classification = Field(rawValue: "CLASS")
        /// `TRANSP`.
        public static let transparency = Field(rawValue: "TRANSP")
        /// `PRIORITY`.
        public static let priority = Field(rawValue: "PRIORITY")
        /// `COLOR`.
        public static let color = Field(rawValue: "COLOR")
        /// `GEO`.
        public static let geo = Field(rawValue: "GEO")
        /// `URL`.
        public static let url = Field(rawValue: "URL")
        /// `COMPLETED`.
        public static let completed = Field(rawValue: "COMPLETED")
        /// `PERCENT-COMPLETE`.
        public static let percentComplete = Field(rawValue: "PERCENT-COMPLETE")
        /// `CREATED`.
        public static let created = Field(rawValue: "CREATED")
        /// `VALARM`: an alarm was added, removed or changed.
        public static let alarms = Field(rawValue: "VALARM")
        /// `COMPONENT`: the component's kind changed (a VEVENT became a VTODO).
        public static let kind = Field(rawValue: "COMPONENT")
        /// `COMPONENTS`: a child component other than VALARM changed.
        public static let otherComponents = Field(rawValue: "COMPONENTS")
    }
}
