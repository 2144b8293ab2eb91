/// A VTIMEZONE (RFC 5545 3.6.5): a zone defined in the file, by its own TZID.
public struct TimeZoneDefinition: Sendable, Hashable, Codable {
    /// One STANDARD or DAYLIGHT sub-component: from its onset on, clocks show `offsetTo`.
    public struct Observance: Sendable, Hashable, Codable {
        /// STANDARD or DAYLIGHT.
        public enum Kind: String, Sendable, Hashable, Codable {
            case standard = "STANDARD", daylight = "DAYLIGHT"
        }

        /// Whether it is a STANDARD or a DAYLIGHT observance.
        public var kind: Kind
        /// DTSTART: the first onset, as a local time in the offset before it (`offsetFrom`).
        public var start: CivilDateTime
        /// TZOFFSETFROM, in seconds east of UTC.
        public var offsetFrom: Int
        /// TZOFFSETTO, in seconds east of UTC.
        public var offsetTo: Int
        /// RRULE for later onsets.
        public var recurrenceRule: RecurrenceRule?
        /// RDATE onsets (local times).
        public var recurrenceDates: [CivilDateTime]
        /// TZNAME values (`CET`, `EST`).
        public var names: [String]

        /// An observance from its onset, offsets, and its rules and dates of recurrence.
        public init(kind: Kind, start: CivilDateTime, offsetFrom: Int, offsetTo: Int,
                    recurrenceRule: RecurrenceRule? = nil, recurrenceDates: [CivilDateTime] = [], names: [String] = []) {
            self.kind = kind
            self.start = start
            self.offsetFrom = offsetFrom
            self.offsetTo = offsetTo
            self.recurrenceRule = recurrenceRule
            self.recurrenceDates = recurrenceDates
            self.names = names
        }
    }

    /// TZID, exactly as written (it may be a Windows name or carry a vendor prefix).
    public var tzid: String
    /// The STANDARD and DAYLIGHT observances, in file order.
    public var observances: [Observance]
    /// TZURL.
    public var url: String?
    /// LAST-MODIFIED of the VTIMEZONE.
    public var lastModified: TimeValue?
    /// Every other property (X-LIC-LOCATION, X-MICROSOFT-CDO-TZID, …).
    public var otherProperties: [Property]
    /// The physical line of its BEGIN, when known.
    public var line: Int?

    /// A time zone definition with its TZID and observances.
    public init(tzid: String, observances: [Observance] = [], url: String? = nil, lastModified: TimeValue? = nil,
                otherProperties: [Property] = [], line: Int? = nil) {
        self.tzid = tzid
        self.observances = observances
        self.url = url
        self.lastModified = lastModified
        self.otherProperties = otherProperties
        self.line = line
    }
}
