/// A stable diagnostic code (`ICS` and a number, never reused), with its default
/// severity, a title and a hint on how to fix what it reports.
///
/// `ICS1xxx` are found while reading (bytes, lines, structure), `ICS20xx` in property
/// values, `ICS21xx` in components, `ICS22xx` in recurrence rules, `ICS3xxx` in time zones
/// and recurrence expansion, `ICS4xxx` in sources (vdir, CalDAV).
public struct DiagnosticCode: Sendable, Hashable, Codable, RawRepresentable, CustomStringConvertible {
    /// The code's text, `ICS` and four digits (`ICS1001`).
    public var rawValue: String
    /// The severity a finding of this code has unless a check says otherwise.
    public var defaultSeverity: Diagnostic.Severity
    /// A one-line title of what the code reports.
    public var title: String
    /// How to fix what the code reports.
    public var hint: String

    init(_ rawValue: String, _ severity: Diagnostic.Severity, _ title: String, hint: String) {
        self.rawValue = rawValue
        self.defaultSeverity = severity
        self.title = title
        self.hint = hint
    }

    /// Finds a registered code by its text; an unknown text gets an error code with no title.
    public init(rawValue: String) {
        self = DiagnosticCode.all.first { $0.rawValue == rawValue } ?? DiagnosticCode(rawValue, .error, "", hint: "")
    }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static func == (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool { lhs.rawValue == rhs.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
    /// The code's text (``rawValue``).
    public var description: String { rawValue }
}

extension DiagnosticCode {
    // MARK: Reading (ICS10xx)
    /// `ICS1001` (warning): input is not valid UTF-8.
    public static let invalidUTF8 = DiagnosticCode("ICS1001", .warning, "input is not valid UTF-8",
        hint: "Save the file as UTF-8; it was read as Windows-1252.")
    /// `ICS1002` (error): NUL byte in the input.
    public static let nulByte = DiagnosticCode("ICS1002", .error, "NUL byte in the input",
        hint: "Remove the NUL bytes; iCalendar is text.")
    /// `ICS1003` (error): content line over the size limit.
    public static let lineTooLong = DiagnosticCode("ICS1003", .error, "content line over the size limit",
        hint: "Move large data (inline attachments) out of the file and refer to it with a URI.")
    /// `ICS1004` (error): component has no END.
    public static let missingEnd = DiagnosticCode("ICS1004", .error, "component has no END",
        hint: "Add the END line that closes the component.")
    /// `ICS1005` (error): END without a matching BEGIN.
    public static let unexpectedEnd = DiagnosticCode("ICS1005", .error, "END without a matching BEGIN",
        hint: "Remove the END line or add the BEGIN it closes.")
    /// `ICS1006` (error): END names another component than its BEGIN.
    public static let mismatchedEnd = DiagnosticCode("ICS1006", .error, "END names another component than its BEGIN",
        hint: "Make each END name the component its BEGIN opened.")
    /// `ICS1007` (error): components nested too deeply.
    public static let nestingTooDeep = DiagnosticCode("ICS1007", .error, "components nested too deeply",
        hint: "Real calendars nest at most three levels (VCALENDAR › VEVENT › VALARM).")
    /// `ICS1008` (error): component over the size limit.
    public static let componentTooLarge = DiagnosticCode("ICS1008", .error, "component over the size limit",
        hint: "Split the component; nothing in a calendar needs that much data.")
    /// `ICS1009` (warning): content line outside any component.
    public static let contentOutsideComponent = DiagnosticCode("ICS1009", .warning, "content line outside any component",
        hint: "Put every property inside BEGIN:VCALENDAR … END:VCALENDAR.")
    /// `ICS1010` (error): content line does not parse.
    public static let malformedLine = DiagnosticCode("ICS1010", .error, "content line does not parse",
        hint: "A content line is NAME;PARAM=VALUE:VALUE (RFC 5545 3.1).")
    /// `ICS1011` (warning): lines end with a bare LF.
    public static let bareLineFeed = DiagnosticCode("ICS1011", .warning, "lines end with a bare LF",
        hint: "RFC 5545 3.1 asks for CRLF line breaks.")
    /// `ICS1012` (warning): line longer than 75 octets.
    public static let longLine = DiagnosticCode("ICS1012", .warning, "line longer than 75 octets",
        hint: "Fold lines longer than 75 octets (RFC 5545 3.1).")
    /// `ICS1013` (warning): control character in a value.
    public static let controlCharacter = DiagnosticCode("ICS1013", .warning, "control character in a value",
        hint: "Remove control characters other than TAB (RFC 5545 3.3.11).")
    /// `ICS1014` (warning): no VCALENDAR around the components.
    public static let noCalendar = DiagnosticCode("ICS1014", .warning, "no VCALENDAR around the components",
        hint: "Wrap the components in BEGIN:VCALENDAR … END:VCALENDAR.")

    /// `ICS1015` (error): property name is malformed.
    public static let invalidPropertyName = DiagnosticCode("ICS1015", .error, "property name is malformed",
        hint: "A name is letters, digits and '-' (RFC 5545 3.1); private names start with X-.")
    /// `ICS1016` (error): parameter is malformed.
    public static let malformedParameter = DiagnosticCode("ICS1016", .error, "parameter is malformed",
        hint: "Write parameters as ;NAME=VALUE and quote values that contain ':', ';' or ',' (RFC 5545 3.2).")
    /// `ICS1017` (error): component where it may not be.
    public static let componentNotAllowed = DiagnosticCode("ICS1017", .error, "component where it may not be",
        hint: "VALARM goes inside VEVENT or VTODO, STANDARD and DAYLIGHT inside VTIMEZONE (RFC 5545 3.6).")
    /// `ICS1018` (error): VCALENDAR has no VERSION.
    public static let missingVersion = DiagnosticCode("ICS1018", .error, "VCALENDAR has no VERSION",
        hint: "Add VERSION:2.0 to the VCALENDAR (RFC 5545 3.7.4).")
    /// `ICS1019` (error): VCALENDAR has no PRODID.
    public static let missingProductID = DiagnosticCode("ICS1019", .error, "VCALENDAR has no PRODID",
        hint: "Add PRODID:-//Your Org//Your Product//EN to the VCALENDAR (RFC 5545 3.7.3).")
    /// `ICS1020` (error): VERSION is not 2.0.
    public static let unsupportedVersion = DiagnosticCode("ICS1020", .error, "VERSION is not 2.0",
        hint: "iCalendar is VERSION:2.0; VERSION:1.0 is the older vCalendar format.")
    /// `ICS1021` (warning): VCALENDAR has no components.
    public static let emptyCalendar = DiagnosticCode("ICS1021", .warning, "VCALENDAR has no components",
        hint: "A calendar holds at least one VEVENT, VTODO, VJOURNAL, VFREEBUSY or VTIMEZONE (RFC 5545 3.6).")
    /// `ICS1022` (error): input is not iCalendar.
    public static let notICalendar = DiagnosticCode("ICS1022", .error, "input is not iCalendar",
        hint: "The file must start with BEGIN:VCALENDAR; check that the URL or export gives an .ics file, not a web page.")
    /// `ICS1023` (note): lines end with a lone CR or with CR CR LF.
    public static let unusualLineEnds = DiagnosticCode("ICS1023", .note, "lines end with a lone CR or with CR CR LF",
        hint: "Read as line ends (classic Mac OS wrote a lone CR; a CRLF file converted again has CR CR LF); RFC 5545 3.1 asks for CRLF.")

    // MARK: Properties (ICS20xx)
    /// `ICS2001` (error): property does not parse.
    public static let propertyParseError = DiagnosticCode("ICS2001", .error, "property does not parse",
        hint: "Check the property's name and syntax against RFC 5545 3.1.")
    /// `ICS2002` (error): parameter does not parse.
    public static let parameterParseError = DiagnosticCode("ICS2002", .error, "parameter does not parse",
        hint: "A parameter is NAME=VALUE; quote values that contain ':', ';' or ','.")
    /// `ICS2003` (error): value does not match its type.
    public static let valueParseError = DiagnosticCode("ICS2003", .error, "value does not match its type",
        hint: "Write the value in the form its type requires (RFC 5545 3.3).")
    /// `ICS2004` (error): component is malformed.
    public static let invalidComponent = DiagnosticCode("ICS2004", .error, "component is malformed",
        hint: "Check the component's BEGIN/END lines and properties.")
    /// `ICS2005` (error): libical reported an error.
    public static let libicalError = DiagnosticCode("ICS2005", .error, "libical reported an error",
        hint: "See the message for what libical could not read.")
    /// `ICS2006` (error): RRULE does not parse.
    public static let invalidRecurrenceRule = DiagnosticCode("ICS2006", .error, "RRULE does not parse",
        hint: "An RRULE is FREQ=…;… (RFC 5545 3.3.10).")
    /// `ICS2007` (warning): unknown property.
    public static let unknownProperty = DiagnosticCode("ICS2007", .warning, "unknown property",
        hint: "Use an X- name for a private property, or a property registered with IANA.")

    /// `ICS2008` (error): DATE value is malformed.
    public static let invalidDate = DiagnosticCode("ICS2008", .error, "DATE value is malformed",
        hint: "A DATE is YYYYMMDD, a real day (RFC 5545 3.3.4).")
    /// `ICS2009` (error): DATE-TIME value is malformed.
    public static let invalidDateTime = DiagnosticCode("ICS2009", .error, "DATE-TIME value is malformed",
        hint: "A DATE-TIME is YYYYMMDDTHHMMSS, with Z for UTC (RFC 5545 3.3.5).")
    /// `ICS2010` (error): DURATION value is malformed.
    public static let invalidDuration = DiagnosticCode("ICS2010", .error, "DURATION value is malformed",
        hint: "A DURATION is like P1D, PT1H30M or P2W (RFC 5545 3.3.6).")
    /// `ICS2011` (error): PERIOD value is malformed.
    public static let invalidPeriod = DiagnosticCode("ICS2011", .error, "PERIOD value is malformed",
        hint: "A PERIOD is start/end or start/duration, e.g. 20240610T090000Z/PT1H (RFC 5545 3.3.9).")
    /// `ICS2012` (error): UTC-OFFSET value is malformed.
    public static let invalidUTCOffset = DiagnosticCode("ICS2012", .error, "UTC-OFFSET value is malformed",
        hint: "A UTC-OFFSET is +HHMM or -HHMM, optionally with seconds; -0000 is not allowed (RFC 5545 3.3.14).")
    /// `ICS2013` (error): INTEGER value is malformed.
    public static let invalidInteger = DiagnosticCode("ICS2013", .error, "INTEGER value is malformed",
        hint: "An INTEGER is an optional sign and digits (RFC 5545 3.3.8).")
    /// `ICS2014` (error): CAL-ADDRESS value is malformed.
    public static let invalidCalendarAddress = DiagnosticCode("ICS2014", .error, "CAL-ADDRESS value is malformed",
        hint: "A calendar address is a URI, usually mailto:name@example.com (RFC 5545 3.3.3).")
    /// `ICS2015` (error): URI value is malformed.
    public static let invalidURI = DiagnosticCode("ICS2015", .error, "URI value is malformed",
        hint: "A URI has a scheme and no spaces, e.g. https://example.com/x (RFC 3986).")
    /// `ICS2016` (error): parameter value is not allowed.
    public static let invalidParameterValue = DiagnosticCode("ICS2016", .error, "parameter value is not allowed",
        hint: "Use one of the values RFC 5545 3.2 lists for the parameter.")
    /// `ICS2017` (error): UTC time with a TZID.
    public static let utcTimeWithTZID = DiagnosticCode("ICS2017", .error, "UTC time with a TZID",
        hint: "Drop the TZID parameter or the trailing Z (RFC 5545 3.2.19).")
    /// `ICS2018` (error): VALUE type not allowed for the property.
    public static let valueTypeNotAllowed = DiagnosticCode("ICS2018", .error, "VALUE type not allowed for the property",
        hint: "Use a value type the property allows, e.g. VALUE=DATE or VALUE=DATE-TIME for DTSTART.")
    /// `ICS2019` (note): alarm sound named, not given as a URI.
    public static let soundNameNotURI = DiagnosticCode("ICS2019", .note, "alarm sound named, not given as a URI",
        hint: "iCloud writes ATTACH;VALUE=URI:Chord (a sound's name); other clients ignore it. A URI has a scheme (RFC 3986).")

    // MARK: Components (ICS21xx)
    /// `ICS2101` (error): component has no UID.
    public static let missingUID = DiagnosticCode("ICS2101", .error, "component has no UID",
        hint: "Add a UID that stays the same across exports, e.g. UID:20240610-1234@example.com (RFC 5545 3.8.4.7).")
    /// `ICS2102` (error): component has no DTSTAMP.
    public static let missingTimestamp = DiagnosticCode("ICS2102", .error, "component has no DTSTAMP",
        hint: "Add DTSTAMP with the time the object was written, in UTC (RFC 5545 3.8.7.2).")
    /// `ICS2103` (error): DTEND is not after DTSTART.
    public static let endNotAfterStart = DiagnosticCode("ICS2103", .error, "DTEND is not after DTSTART",
        hint: "Make DTEND later than DTSTART, or drop it for an event of zero length.")
    /// `ICS2104` (error): VEVENT has no DTSTART.
    public static let missingStart = DiagnosticCode("ICS2104", .error, "VEVENT has no DTSTART",
        hint: "A VEVENT needs DTSTART when the calendar has no METHOD (RFC 5545 3.6.1).")
    /// `ICS2105` (error): end and DURATION together.
    public static let endAndDuration = DiagnosticCode("ICS2105", .error, "end and DURATION together",
        hint: "Keep either DTEND (DUE for a VTODO) or DURATION, not both.")
    /// `ICS2106` (error): property may occur only once.
    public static let repeatedProperty = DiagnosticCode("ICS2106", .error, "property may occur only once",
        hint: "Remove the extra copies; RFC 5545 3.6 allows this property at most once here.")
    /// `ICS2107` (error): VALARM has no ACTION.
    public static let alarmWithoutAction = DiagnosticCode("ICS2107", .error, "VALARM has no ACTION",
        hint: "Add ACTION:DISPLAY, ACTION:AUDIO or ACTION:EMAIL (RFC 5545 3.6.6).")
    /// `ICS2108` (error): VALARM has no TRIGGER.
    public static let alarmWithoutTrigger = DiagnosticCode("ICS2108", .error, "VALARM has no TRIGGER",
        hint: "Add a TRIGGER such as TRIGGER:-PT15M (RFC 5545 3.8.6.3).")
    /// `ICS2109` (error): DISPLAY alarm has no DESCRIPTION.
    public static let displayAlarmWithoutDescription = DiagnosticCode("ICS2109", .error, "DISPLAY alarm has no DESCRIPTION",
        hint: "Add the DESCRIPTION the alarm shows (RFC 5545 3.6.6).")
    /// `ICS2110` (error): EMAIL alarm has no ATTENDEE.
    public static let emailAlarmWithoutAttendee = DiagnosticCode("ICS2110", .error, "EMAIL alarm has no ATTENDEE",
        hint: "Add an ATTENDEE with the address the alarm mails (RFC 5545 3.6.6).")
    /// `ICS2111` (error): DTSTART and DTEND of different value types.
    public static let mixedStartEndTypes = DiagnosticCode("ICS2111", .error, "DTSTART and DTEND of different value types",
        hint: "Make both DATE (all-day) or both DATE-TIME (RFC 5545 3.8.2.2).")
    /// `ICS2112` (error): property not allowed in this component.
    public static let propertyNotAllowed = DiagnosticCode("ICS2112", .error, "property not allowed in this component",
        hint: "Move the property to the component that defines it (RFC 5545 3.6), or remove it.")
    /// `ICS2113` (error): REPEAT and DURATION not together.
    public static let alarmRepeatWithoutDuration = DiagnosticCode("ICS2113", .error, "REPEAT and DURATION not together",
        hint: "An alarm that repeats needs both REPEAT and DURATION (RFC 5545 3.6.6).")
    /// `ICS2114` (error): STATUS value not allowed for the component.
    public static let statusNotAllowed = DiagnosticCode("ICS2114", .error, "STATUS value not allowed for the component",
        hint: "VEVENT: TENTATIVE, CONFIRMED, CANCELLED; VTODO: NEEDS-ACTION, COMPLETED, IN-PROCESS, CANCELLED; VJOURNAL: DRAFT, FINAL, CANCELLED.")
    /// `ICS2115` (error): PERCENT-COMPLETE outside 0–100.
    public static let percentOverHundred = DiagnosticCode("ICS2115", .error, "PERCENT-COMPLETE outside 0–100",
        hint: "PERCENT-COMPLETE is a whole number from 0 to 100 (RFC 5545 3.8.1.8).")
    /// `ICS2116` (error): DURATION is negative.
    public static let negativeDuration = DiagnosticCode("ICS2116", .error, "DURATION is negative",
        hint: "An event's or a todo's DURATION must be positive (RFC 5545 3.8.2.5).")
    /// `ICS2117` (error): PRIORITY outside 0–9.
    public static let priorityOutOfRange = DiagnosticCode("ICS2117", .error, "PRIORITY outside 0–9",
        hint: "PRIORITY is 0 (undefined) or 1 (highest) to 9 (lowest) (RFC 5545 3.8.1.9).")
    /// `ICS2118` (error): UID repeated without RECURRENCE-ID.
    public static let duplicateUID = DiagnosticCode("ICS2118", .error, "UID repeated without RECURRENCE-ID",
        hint: "Give each component its own UID; only overrides of a series share their master's UID.")
    /// `ICS2119` (note): override without its master.
    public static let overrideWithoutMaster = DiagnosticCode("ICS2119", .note, "override without its master",
        hint: "The file has a RECURRENCE-ID component but not the series it belongs to; that is normal in an invitation, not in a feed.")
    /// `ICS2120` (error): two overrides of the same instance.
    public static let duplicateOverride = DiagnosticCode("ICS2120", .error, "two overrides of the same instance",
        hint: "Keep one component per UID and RECURRENCE-ID (the one with the highest SEQUENCE).")
    /// `ICS2121` (error): DUE is not after DTSTART.
    public static let dueNotAfterStart = DiagnosticCode("ICS2121", .error, "DUE is not after DTSTART",
        hint: "Make DUE later than DTSTART (RFC 5545 3.8.2.3).")
    /// `ICS2122` (error): required property missing.
    public static let missingRequiredProperty = DiagnosticCode("ICS2122", .error, "required property missing",
        hint: "Add the property; RFC 5545 3.6 requires it in this component.")
    /// `ICS2123` (warning): floating time beside a zoned DTSTART.
    public static let floatingTimeOnZonedSeries = DiagnosticCode("ICS2123", .warning, "floating time beside a zoned DTSTART",
        hint: "Write the time with DTSTART's TZID (or in UTC); it is read in DTSTART's zone.")
    /// `ICS2124` (warning): all-day DTSTART with a DURATION in hours.
    public static let dateStartTimedDuration = DiagnosticCode("ICS2124", .warning, "all-day DTSTART with a DURATION in hours",
        hint: "For an all-day event give DURATION in days (P1D); the event is read as timed from midnight.")
    /// `ICS2125` (warning): override older than its master.
    public static let staleOverride = DiagnosticCode("ICS2125", .warning, "override older than its master",
        hint: "The override's SEQUENCE is lower than the master's, which excludes its instance: a CalDAV leftover, dropped; remove it.")
    /// `ICS2130` (warning): alarm can never go off.
    public static let alarmCannotFire = DiagnosticCode("ICS2130", .warning, "alarm can never go off",
        hint: "A TRIGGER relative to the start needs DTSTART; relative to the end, DTEND, DUE or DURATION (RFC 5545 3.8.6.3).")
    /// `ICS2131` (warning): snooze alarm relates to no alarm.
    public static let snoozeWithoutAlarm = DiagnosticCode("ICS2131", .warning, "snooze alarm relates to no alarm",
        hint: "RELATED-TO;RELTYPE=SNOOZE names the UID of the alarm it snoozes, in the same component (RFC 9074 section 5).")

    // MARK: Recurrence rules (ICS22xx)
    /// `ICS2201` (error): UNTIL of another value type than DTSTART.
    public static let untilTypeMismatch = DiagnosticCode("ICS2201", .error, "UNTIL of another value type than DTSTART",
        hint: "UNTIL is a DATE when DTSTART is a DATE, and a DATE-TIME when DTSTART is one (RFC 5545 3.3.10).")
    /// `ICS2202` (error): UNTIL not in UTC for a zoned DTSTART.
    public static let untilNotUTC = DiagnosticCode("ICS2202", .error, "UNTIL not in UTC for a zoned DTSTART",
        hint: "With DTSTART in a TZID or in UTC, write UNTIL in UTC (with a trailing Z).")
    /// `ICS2203` (error): COUNT and UNTIL together.
    public static let countAndUntil = DiagnosticCode("ICS2203", .error, "COUNT and UNTIL together",
        hint: "An RRULE ends by COUNT or by UNTIL, not both (RFC 5545 3.3.10).")
    /// `ICS2204` (error): BY-part value out of range.
    public static let byPartOutOfRange = DiagnosticCode("ICS2204", .error, "BY-part value out of range",
        hint: "BYMONTHDAY is ±1–31, BYYEARDAY ±1–366, BYWEEKNO ±1–53, BYMONTH 1–12, BYSETPOS ±1–366, BYHOUR 0–23, BYMINUTE 0–59, BYSECOND 0–60.")
    /// `ICS2205` (error): BY-part not allowed with this FREQ.
    public static let byPartNotAllowed = DiagnosticCode("ICS2205", .error, "BY-part not allowed with this FREQ",
        hint: "BYWEEKNO only with FREQ=YEARLY; BYYEARDAY not with DAILY, WEEKLY or MONTHLY; BYMONTHDAY not with WEEKLY; BYDAY ordinals only with MONTHLY or YEARLY.")
    /// `ICS2206` (error): RRULE yields no instance.
    public static let ruleYieldsNoInstance = DiagnosticCode("ICS2206", .error, "RRULE yields no instance",
        hint: "The rule matches no date after DTSTART (a 30 February, an UNTIL at DTSTART); fix its BY-parts or UNTIL.")
    /// `ICS2207` (warning): EXDATE matches no instance.
    public static let exceptionMatchesNoInstance = DiagnosticCode("ICS2207", .warning, "EXDATE matches no instance",
        hint: "Write the EXDATE with the exact start (date, time and zone) of the instance it removes.")
    /// `ICS2208` (warning): RECURRENCE-ID matches no instance.
    public static let recurrenceIDMatchesNoInstance = DiagnosticCode("ICS2208", .warning, "RECURRENCE-ID matches no instance",
        hint: "Write the RECURRENCE-ID with the original start of the instance it replaces.")
    /// `ICS2209` (warning): empty RRULE.
    public static let emptyRecurrenceRule = DiagnosticCode("ICS2209", .warning, "empty RRULE",
        hint: "Remove the empty RRULE line; it is read as no rule.")
    /// `ICS2210` (warning): RRULE part repeated with the same value.
    public static let repeatedRulePart = DiagnosticCode("ICS2210", .warning, "RRULE part repeated with the same value",
        hint: "Write each part once (RFC 5545 3.3.10); the repeated one is read once.")
    /// `ICS2211` (warning): RRULE COUNT not positive.
    public static let countNotPositive = DiagnosticCode("ICS2211", .warning, "RRULE COUNT not positive",
        hint: "Remove COUNT (or give a positive one); COUNT=0 or a negative COUNT is read as no COUNT, UNTIL still applies.")
    /// `ICS2212` (warning): UNTIL before DTSTART.
    public static let untilBeforeStart = DiagnosticCode("ICS2212", .warning, "UNTIL before DTSTART",
        hint: "The series has no instance, not even DTSTART: Google Calendar and Nextcloud end a series so when \"this and following\" splits it. Remove the empty series, or move UNTIL after DTSTART.")

    // MARK: Time zones and recurrence (ICS30xx)
    /// `ICS3001` (warning): unknown time zone.
    public static let unknownTimeZone = DiagnosticCode("ICS3001", .warning, "unknown time zone",
        hint: "Add a VTIMEZONE for the TZID or use an IANA name such as Europe/Berlin.")
    /// `ICS3002` (warning): recurrence stopped at the instance limit.
    public static let recurrenceLimit = DiagnosticCode("ICS3002", .warning, "recurrence stopped at the instance limit",
        hint: "Give the RRULE a COUNT or UNTIL, or view a shorter range.")
    /// `ICS3003` (warning): recurrence rule cannot be expanded.
    public static let unsupportedRecurrence = DiagnosticCode("ICS3003", .warning, "recurrence rule cannot be expanded",
        hint: "Use a Gregorian RRULE, or an RSCALE that ICU knows.")
    /// `ICS3004` (note): VTIMEZONE never used.
    public static let unusedTimeZone = DiagnosticCode("ICS3004", .note, "VTIMEZONE never used",
        hint: "Remove the VTIMEZONE, or check the TZIDs that should refer to it.")
    /// `ICS3005` (warning): Windows zone name without VTIMEZONE.
    public static let windowsZoneName = DiagnosticCode("ICS3005", .warning, "Windows zone name without VTIMEZONE",
        hint: "Use the IANA name (e.g. Europe/Berlin) or add the VTIMEZONE; many clients know no Windows names.")
    /// `ICS3006` (warning): X-WR-TIMEZONE disagrees with the zones used.
    public static let defaultZoneMismatch = DiagnosticCode("ICS3006", .warning, "X-WR-TIMEZONE disagrees with the zones used",
        hint: "Make X-WR-TIMEZONE the zone the events use, or remove it.")
    /// `ICS3007` (warning): floating time in a published feed.
    public static let floatingTimeInFeed = DiagnosticCode("ICS3007", .warning, "floating time in a published feed",
        hint: "Give times a TZID or write them in UTC; floating times show at different instants for each subscriber.")
    /// `ICS3008` (error): VTIMEZONE has no STANDARD or DAYLIGHT.
    public static let timeZoneWithoutObservance = DiagnosticCode("ICS3008", .error, "VTIMEZONE has no STANDARD or DAYLIGHT",
        hint: "A VTIMEZONE needs at least one STANDARD or DAYLIGHT sub-component (RFC 5545 3.6.5).")
    /// `ICS3009` (error): VTIMEZONE defined twice.
    public static let duplicateTimeZone = DiagnosticCode("ICS3009", .error, "VTIMEZONE defined twice",
        hint: "Keep one VTIMEZONE per TZID.")
    /// `ICS3010` (note): UTC series read at X-WR-TIMEZONE's wall time.
    public static let utcSeriesInCalendarZone = DiagnosticCode("ICS3010", .note, "UTC series read at X-WR-TIMEZONE's wall time",
        hint: "Google Calendar writes recurring events in UTC and shows them at a constant time in X-WR-TIMEZONE; give DTSTART that TZID to say so.")
    /// `ICS3011` (warning): fixed-offset TZID without VTIMEZONE.
    public static let fixedOffsetZoneName = DiagnosticCode("ICS3011", .warning, "fixed-offset TZID without VTIMEZONE",
        hint: "A TZID such as UTC-04:00 or GMT+1 is read as that offset all year (no daylight saving time); use the IANA name of the place (e.g. America/Halifax) or add the VTIMEZONE.")

    /// `ICS4001` (warning): one item of a source (a vdir file, a CalDAV resource) could not be read.
    public static let sourceItemSkipped = DiagnosticCode("ICS4001", .warning, "item of a source skipped",
        hint: "The other items were read; fix or remove the file, or check the resource on the server (its status is in the message).")
    /// `ICS4002` (warning): a sync failed and the last good copy is served.
    public static let staleCopy = DiagnosticCode("ICS4002", .warning, "sync failed, last copy served",
        hint: "The server did not answer as expected (the message says how); the events shown are those of the last successful sync.")
    /// `ICS4003` (warning): a source's local copy is larger than a copy may hold and is not read.
    public static let localCopyTooLarge = DiagnosticCode("ICS4003", .warning, "local copy too large, read as none",
        hint: "A copy icsview writes is far smaller; the next sync replaces it (remove the file if something else wrote it).")

    /// The codes of sources (vdir, CalDAV): raised while reading or syncing a source, about the
    /// source rather than a file's content; in ``all``, and not raised by `validate`
    /// (``Validator/raises(_:)`` is false for them).
    public static var sourceCodes: [DiagnosticCode] { [sourceItemSkipped, staleCopy, localCopyTooLarge] }

    /// Every code this module registers, in order; the README's table is made from this list.
    public static var all: [DiagnosticCode] {
        [invalidUTF8, nulByte, lineTooLong, missingEnd, unexpectedEnd, mismatchedEnd, nestingTooDeep,
         componentTooLarge, contentOutsideComponent, malformedLine, bareLineFeed, longLine, controlCharacter,
         noCalendar, invalidPropertyName, malformedParameter, componentNotAllowed, missingVersion, missingProductID,
         unsupportedVersion, emptyCalendar, notICalendar, unusualLineEnds,
         propertyParseError, parameterParseError, valueParseError, invalidComponent, libicalError,
         invalidRecurrenceRule, unknownProperty, invalidDate, invalidDateTime, invalidDuration, invalidPeriod,
         invalidUTCOffset, invalidInteger, invalidCalendarAddress, invalidURI, invalidParameterValue, utcTimeWithTZID,
         valueTypeNotAllowed, soundNameNotURI,
         missingUID, missingTimestamp, endNotAfterStart, missingStart, endAndDuration, repeatedProperty,
         alarmWithoutAction, alarmWithoutTrigger, displayAlarmWithoutDescription, emailAlarmWithoutAttendee,
         mixedStartEndTypes, propertyNotAllowed, alarmRepeatWithoutDuration, statusNotAllowed, percentOverHundred,
         negativeDuration, priorityOutOfRange, duplicateUID, overrideWithoutMaster, duplicateOverride,
         dueNotAfterStart, missingRequiredProperty, floatingTimeOnZonedSeries, dateStartTimedDuration, staleOverride,
         alarmCannotFire, snoozeWithoutAlarm,
         untilTypeMismatch, untilNotUTC, countAndUntil, byPartOutOfRange, byPartNotAllowed, ruleYieldsNoInstance,
         exceptionMatchesNoInstance, recurrenceIDMatchesNoInstance, emptyRecurrenceRule, repeatedRulePart, countNotPositive, untilBeforeStart,
         unknownTimeZone, recurrenceLimit, unsupportedRecurrence, unusedTimeZone, windowsZoneName,
         defaultZoneMismatch, floatingTimeInFeed, timeZoneWithoutObservance, duplicateTimeZone, utcSeriesInCalendarZone, fixedOffsetZoneName,
         sourceItemSkipped, staleCopy, localCopyTooLarge]
    }
}
