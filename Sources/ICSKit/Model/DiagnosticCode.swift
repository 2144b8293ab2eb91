/// A stable diagnostic code (`ICS` and a number, never reused), with its default
/// severity, a title and a hint on how to fix what it reports.
///
/// `ICS1xxx` are found while reading (bytes, lines, structure), `ICS2xxx` in the
/// meaning of properties, `ICS3xxx` in time zones and recurrence.
public struct DiagnosticCode: Sendable, Hashable, Codable, RawRepresentable, CustomStringConvertible {
    public var rawValue: String
    public var defaultSeverity: Diagnostic.Severity
    public var title: String
    public var hint: String

    public init(_ rawValue: String, _ severity: Diagnostic.Severity, _ title: String, hint: String) {
        self.rawValue = rawValue
        self.defaultSeverity = severity
        self.title = title
        self.hint = hint
    }

    /// Finds a registered code by its text; an unknown text gets an error code with no title.
    public init(rawValue: String) {
        self = DiagnosticCode.all.first { $0.rawValue == rawValue }
            ?? DiagnosticCode(rawValue, .error, "", hint: "")
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
    public var description: String { rawValue }
}

extension DiagnosticCode {
    // MARK: Reading (ICS10xx)
    public static let invalidUTF8 = DiagnosticCode("ICS1001", .warning, "input is not valid UTF-8",
        hint: "Save the file as UTF-8; it was read as Windows-1252.")
    public static let nulByte = DiagnosticCode("ICS1002", .error, "NUL byte in the input",
        hint: "Remove the NUL bytes; iCalendar is text.")
    public static let lineTooLong = DiagnosticCode("ICS1003", .error, "content line over the size limit",
        hint: "Move large data (inline attachments) out of the file and refer to it with a URI.")
    public static let missingEnd = DiagnosticCode("ICS1004", .error, "component has no END",
        hint: "Add the END line that closes the component.")
    public static let unexpectedEnd = DiagnosticCode("ICS1005", .error, "END without a matching BEGIN",
        hint: "Remove the END line or add the BEGIN it closes.")
    public static let mismatchedEnd = DiagnosticCode("ICS1006", .error, "END names another component than its BEGIN",
        hint: "Make each END name the component its BEGIN opened.")
    public static let nestingTooDeep = DiagnosticCode("ICS1007", .error, "components nested too deeply",
        hint: "Real calendars nest at most three levels (VCALENDAR › VEVENT › VALARM).")
    public static let componentTooLarge = DiagnosticCode("ICS1008", .error, "component over the size limit",
        hint: "Split the component; nothing in a calendar needs that much data.")
    public static let contentOutsideComponent = DiagnosticCode("ICS1009", .warning, "content line outside any component",
        hint: "Put every property inside BEGIN:VCALENDAR … END:VCALENDAR.")
    public static let malformedLine = DiagnosticCode("ICS1010", .error, "content line does not parse",
        hint: "A content line is NAME;PARAM=VALUE:VALUE (RFC 5545 3.1).")
    public static let bareLineFeed = DiagnosticCode("ICS1011", .warning, "lines end with a bare LF",
        hint: "RFC 5545 3.1 asks for CRLF line breaks.")
    public static let longLine = DiagnosticCode("ICS1012", .warning, "line longer than 75 octets",
        hint: "Fold lines longer than 75 octets (RFC 5545 3.1).")
    public static let controlCharacter = DiagnosticCode("ICS1013", .warning, "control character in a value",
        hint: "Remove control characters other than TAB (RFC 5545 3.3.11).")
    public static let noCalendar = DiagnosticCode("ICS1014", .warning, "no VCALENDAR around the components",
        hint: "Wrap the components in BEGIN:VCALENDAR … END:VCALENDAR.")

    // MARK: Properties (ICS20xx)
    public static let propertyParseError = DiagnosticCode("ICS2001", .error, "property does not parse",
        hint: "Check the property's name and syntax against RFC 5545 3.1.")
    public static let parameterParseError = DiagnosticCode("ICS2002", .error, "parameter does not parse",
        hint: "A parameter is NAME=VALUE; quote values that contain ':', ';' or ','.")
    public static let valueParseError = DiagnosticCode("ICS2003", .error, "value does not match its type",
        hint: "Write the value in the form its type requires (RFC 5545 3.3).")
    public static let invalidComponent = DiagnosticCode("ICS2004", .error, "component is malformed",
        hint: "Check the component's BEGIN/END lines and properties.")
    public static let libicalError = DiagnosticCode("ICS2005", .error, "libical reported an error",
        hint: "See the message for what libical could not read.")
    public static let invalidRecurrenceRule = DiagnosticCode("ICS2006", .error, "RRULE does not parse",
        hint: "An RRULE is FREQ=…;… (RFC 5545 3.3.10).")
    public static let unknownProperty = DiagnosticCode("ICS2007", .warning, "unknown property",
        hint: "Use an X- name for a private property, or a property registered with IANA.")

    // MARK: Time zones and recurrence (ICS30xx)
    public static let unknownTimeZone = DiagnosticCode("ICS3001", .warning, "unknown time zone",
        hint: "Add a VTIMEZONE for the TZID or use an IANA name such as Europe/Berlin.")
    public static let recurrenceLimit = DiagnosticCode("ICS3002", .warning, "recurrence stopped at the instance limit",
        hint: "Give the RRULE a COUNT or UNTIL, or view a shorter range.")
    public static let unsupportedRecurrence = DiagnosticCode("ICS3003", .warning, "recurrence rule cannot be expanded",
        hint: "Use a Gregorian RRULE, or an RSCALE that ICU knows.")

    /// Every code this module registers, in order; the README's table is made from this list.
    public static var all: [DiagnosticCode] {
        [invalidUTF8, nulByte, lineTooLong, missingEnd, unexpectedEnd, mismatchedEnd, nestingTooDeep,
         componentTooLarge, contentOutsideComponent, malformedLine, bareLineFeed, longLine, controlCharacter,
         noCalendar, propertyParseError, parameterParseError, valueParseError, invalidComponent, libicalError,
         invalidRecurrenceRule, unknownProperty, unknownTimeZone, recurrenceLimit, unsupportedRecurrence]
    }
}
