/// What RFC 5545 (and RFC 7986) say about each property the validator knows: its value
/// type, the VALUE types it allows, and which components it belongs to.
///
/// Properties are numbered (``id(_:)``), so that a component's counts fit in a small array.
enum PropertyTable {
    /// A value type (RFC 5545 3.3), as the VALUE parameter names it.
    enum ValueType: String, Sendable {
        case date = "DATE", dateTime = "DATE-TIME", duration = "DURATION", period = "PERIOD"
        case utcOffset = "UTC-OFFSET", integer = "INTEGER", calAddress = "CAL-ADDRESS", uri = "URI"
        case recur = "RECUR", binary = "BINARY", text = "TEXT", float = "FLOAT", boolean = "BOOLEAN", time = "TIME"

        static let ordered: [ValueType] = [.date, .dateTime, .duration, .period, .utcOffset, .integer, .calAddress, .uri,
                                           .recur, .binary, .text, .float, .boolean, .time]
        static func bit(_ type: ValueType) -> UInt16 { 1 << UInt16(ordered.firstIndex(of: type)!) }
    }

    /// What the value checks need of a property: plain values, read per line without reference counting.
    struct ValueRule: Sendable {
        /// The default value type; `nil` for properties whose values are not checked here (TEXT and the like).
        let type: ValueType?
        /// Other types a VALUE parameter may choose (a bit per ``ValueType``, see ``allows(_:)``).
        let alternatives: UInt16
        /// Comma-separated values (EXDATE, RDATE, FREEBUSY).
        let isList: Bool
        /// A DATE-TIME that must be in UTC (DTSTAMP, CREATED, LAST-MODIFIED, COMPLETED, an absolute TRIGGER).
        let utcOnly: Bool

        /// Whether a VALUE parameter may choose `type` for this property.
        func allows(_ type: ValueType) -> Bool { type == self.type || alternatives & ValueType.bit(type) != 0 }

        /// The types a VALUE parameter may choose, the default first.
        var allowed: [ValueType] {
            (type.map { [$0] } ?? []) + ValueType.ordered.filter { alternatives & ValueType.bit($0) != 0 }
        }
    }

    /// One property's rules.
    struct Spec: Sendable {
        let name: String
        let rule: ValueRule
    }

    private static func spec(_ name: String, _ type: ValueType? = nil, _ alternatives: [ValueType] = [],
                             list: Bool = false, utc: Bool = false) -> Spec {
        let bits = alternatives.reduce(UInt16(0)) { $0 | ValueType.bit($1) }
        return Spec(name: name, rule: ValueRule(type: type, alternatives: bits, isList: list, utcOnly: utc))
    }

    /// Every property the validator knows, by id.
    static let specs: [Spec] = [
        spec("DTSTART", .dateTime, [.date]), spec("DTEND", .dateTime, [.date]), spec("DUE", .dateTime, [.date]),
        spec("RECURRENCE-ID", .dateTime, [.date]), spec("EXDATE", .dateTime, [.date], list: true),
        spec("RDATE", .dateTime, [.date, .period], list: true),
        spec("DTSTAMP", .dateTime, utc: true), spec("CREATED", .dateTime, utc: true),
        spec("LAST-MODIFIED", .dateTime, utc: true), spec("COMPLETED", .dateTime, utc: true),
        spec("DURATION", .duration), spec("TRIGGER", .duration, [.dateTime], utc: true),
        spec("TZOFFSETFROM", .utcOffset), spec("TZOFFSETTO", .utcOffset),
        spec("PERCENT-COMPLETE", .integer), spec("PRIORITY", .integer), spec("REPEAT", .integer), spec("SEQUENCE", .integer),
        spec("ATTENDEE", .calAddress), spec("ORGANIZER", .calAddress),
        spec("URL", .uri), spec("TZURL", .uri), spec("SOURCE", .uri), spec("CONFERENCE", .uri),
        spec("ATTACH", .uri, [.binary]), spec("IMAGE", .uri, [.binary]),
        spec("FREEBUSY", .period, list: true), spec("RRULE", .recur), spec("REFRESH-INTERVAL", .duration),
        spec("UID"), spec("SUMMARY"), spec("DESCRIPTION"), spec("LOCATION"), spec("GEO"), spec("CLASS"),
        spec("STATUS"), spec("TRANSP"), spec("CATEGORIES"), spec("COMMENT"), spec("CONTACT"), spec("RELATED-TO"),
        spec("RESOURCES"), spec("REQUEST-STATUS"), spec("COLOR"), spec("TZID"), spec("TZNAME"), spec("ACTION"),
        spec("CALSCALE"), spec("METHOD"), spec("PRODID"), spec("VERSION"), spec("NAME"),
        spec("X-WR-TIMEZONE"), spec("X-WR-CALNAME"),
    ]

    /// The id of a known property name (upper-case), or nil: ``id(_:hash:)`` on its bytes.
    static func id(_ name: String) -> Int? {
        var name = name
        return name.withUTF8 { id($0, hash: $0.reduce(hashSeed, hashStep)) }
    }

    /// By id, what the value checks need (``specs`` without the names).
    static let rules: [ValueRule] = specs.map(\.rule)

    // MARK: Look-up by bytes

    /// Where the hash of a name starts; fold each byte in with ``hashStep(_:_:)``.
    static let hashSeed: UInt32 = 2_166_136_261

    /// One FNV-1a step over an upper-cased byte.
    @inline(__always) static func hashStep(_ hash: UInt32, _ byte: UInt8) -> UInt32 {
        (hash ^ UInt32(ContentLineSyntax.upper(byte))) &* 16_777_619
    }

    private static let slotMask = 255
    private static let nameBytes: [[UInt8]] = specs.map { Array($0.name.utf8) }
    /// Open addressing over the hash's low bits: an id, or -1 for an empty slot.
    private static let slots: [Int16] = {
        var slots = [Int16](repeating: -1, count: slotMask + 1)
        for (id, name) in nameBytes.enumerated() {
            var slot = Int(name.reduce(hashSeed, hashStep) & UInt32(slotMask))
            while slots[slot] >= 0 { slot = (slot + 1) & slotMask }
            slots[slot] = Int16(id)
        }
        return slots
    }()

    /// The id of the property whose name the bytes spell in any case, given the bytes' hash
    /// (``hashSeed`` folded with ``hashStep(_:_:)``); nil for a name not in the table.
    /// - Complexity: O(1); one comparison of the name for a known property.
    static func id(_ name: UnsafeBufferPointer<UInt8>, hash: UInt32) -> Int? {
        var slot = Int(hash & UInt32(slotMask))
        while true {
            let id = slots[slot]
            if id < 0 { return nil }
            if ContentLineSyntax.equalsIgnoringCase(name, nameBytes[Int(id)]) { return Int(id) }
            slot = (slot + 1) & slotMask
        }
    }

    /// The id of a name that is in the table (a programming error otherwise).
    static func known(_ name: String) -> Int {
        guard let id = id(name) else { preconditionFailure("\(name) is not in PropertyTable") }
        return id
    }

    static var count: Int { specs.count }

    /// Names that belong to some component here but not to every one: a known name outside
    /// its component's `allowed` set is reported. X- and other names are never reported.
    private static let placed: Set<String> = [
        "DTSTART", "DTEND", "DUE", "RECURRENCE-ID", "EXDATE", "RDATE", "DTSTAMP", "CREATED", "COMPLETED",
        "DURATION", "TRIGGER", "TZOFFSETFROM", "TZOFFSETTO", "PERCENT-COMPLETE", "PRIORITY", "REPEAT", "SEQUENCE",
        "ATTENDEE", "ORGANIZER", "TZURL", "FREEBUSY", "RRULE", "SUMMARY", "LOCATION", "GEO", "CLASS", "STATUS",
        "TRANSP", "CONTACT", "RESOURCES", "REQUEST-STATUS", "TZID", "TZNAME", "ACTION", "CALSCALE", "METHOD",
        "PRODID", "VERSION", "REFRESH-INTERVAL", "CONFERENCE",
    ]

    /// What a component requires, allows and allows once (RFC 5545 3.6, 3.7; RFC 7986).
    struct ComponentRule: Sendable {
        /// Properties that must be present, with the code that reports their absence.
        let required: [(name: String, code: DiagnosticCode)]
        /// Properties that may occur at most once.
        let once: Set<String>
        /// Placed properties (see `placed`) this component allows.
        let allowed: Set<String>
        /// Child components allowed (besides X- and IANA extension components).
        let children: Set<String>

        /// Whether the property `name` is one this component may not have.
        func forbids(_ name: String) -> Bool { PropertyTable.placed.contains(name) && !allowed.contains(name) }
    }

    private static let eventLike: Set<String> = ["DTSTAMP", "UID", "DTSTART", "CLASS", "CREATED", "GEO", "LOCATION",
        "ORGANIZER", "PRIORITY", "SEQUENCE", "STATUS", "SUMMARY", "RECURRENCE-ID", "RRULE", "DURATION", "ATTENDEE",
        "CONTACT", "EXDATE", "REQUEST-STATUS", "RESOURCES", "RDATE", "CONFERENCE"]

    /// The rules by component name; nil for a component the validator does not check (X-, IANA).
    static let components: [String: ComponentRule] = [
        "VCALENDAR": ComponentRule(required: [("PRODID", .missingProductID), ("VERSION", .missingVersion)],
            once: ["PRODID", "VERSION", "CALSCALE", "METHOD", "UID", "LAST-MODIFIED", "URL", "REFRESH-INTERVAL", "SOURCE", "COLOR"],
            allowed: ["PRODID", "VERSION", "CALSCALE", "METHOD", "REFRESH-INTERVAL"],
            children: ["VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY", "VTIMEZONE", "VAVAILABILITY"]),
        "VEVENT": ComponentRule(required: [("UID", .missingUID), ("DTSTAMP", .missingTimestamp)],
            once: ["CLASS", "CREATED", "DESCRIPTION", "DTSTART", "GEO", "LAST-MODIFIED", "LOCATION", "ORGANIZER", "PRIORITY",
                   "DTSTAMP", "SEQUENCE", "STATUS", "SUMMARY", "TRANSP", "UID", "URL", "RECURRENCE-ID", "DTEND", "DURATION", "COLOR"],
            allowed: eventLike.union(["DTEND", "TRANSP"]),
            children: ["VALARM", "VLOCATION", "VRESOURCE", "PARTICIPANT"]),
        "VTODO": ComponentRule(required: [("UID", .missingUID), ("DTSTAMP", .missingTimestamp)],
            once: ["CLASS", "COMPLETED", "CREATED", "DESCRIPTION", "DTSTAMP", "DTSTART", "GEO", "LAST-MODIFIED", "LOCATION",
                   "ORGANIZER", "PERCENT-COMPLETE", "PRIORITY", "RECURRENCE-ID", "SEQUENCE", "STATUS", "SUMMARY", "UID", "URL",
                   "DUE", "DURATION", "COLOR"],
            allowed: eventLike.union(["DUE", "COMPLETED", "PERCENT-COMPLETE"]),
            children: ["VALARM", "VLOCATION", "VRESOURCE", "PARTICIPANT"]),
        "VJOURNAL": ComponentRule(required: [("UID", .missingUID), ("DTSTAMP", .missingTimestamp)],
            once: ["CLASS", "CREATED", "DTSTART", "DTSTAMP", "LAST-MODIFIED", "ORGANIZER", "RECURRENCE-ID", "SEQUENCE",
                   "STATUS", "SUMMARY", "UID", "URL", "COLOR"],
            allowed: ["DTSTAMP", "UID", "CLASS", "CREATED", "DTSTART", "ORGANIZER", "RECURRENCE-ID", "SEQUENCE", "STATUS",
                      "SUMMARY", "RRULE", "ATTENDEE", "CONTACT", "EXDATE", "REQUEST-STATUS", "RDATE"],
            children: ["VLOCATION", "VRESOURCE", "PARTICIPANT"]),
        "VFREEBUSY": ComponentRule(required: [("UID", .missingUID), ("DTSTAMP", .missingTimestamp)],
            once: ["CONTACT", "DTSTART", "DTEND", "DTSTAMP", "ORGANIZER", "UID", "URL"],
            allowed: ["DTSTAMP", "UID", "CONTACT", "DTSTART", "DTEND", "ORGANIZER", "ATTENDEE", "FREEBUSY", "REQUEST-STATUS"],
            children: ["VLOCATION", "VRESOURCE", "PARTICIPANT"]),
        "VTIMEZONE": ComponentRule(required: [("TZID", .missingRequiredProperty)], once: ["TZID", "LAST-MODIFIED", "TZURL"],
            allowed: ["TZID", "TZURL"], children: ["STANDARD", "DAYLIGHT"]),
        "STANDARD": observance, "DAYLIGHT": observance,
        "VALARM": ComponentRule(required: [("ACTION", .alarmWithoutAction), ("TRIGGER", .alarmWithoutTrigger)],
            once: ["ACTION", "TRIGGER", "DURATION", "REPEAT", "DESCRIPTION", "SUMMARY"],
            allowed: ["ACTION", "TRIGGER", "DURATION", "REPEAT", "SUMMARY", "ATTENDEE"],
            children: ["VLOCATION"]),
    ]

    private static let observance = ComponentRule(
        required: [("DTSTART", .missingRequiredProperty), ("TZOFFSETTO", .missingRequiredProperty), ("TZOFFSETFROM", .missingRequiredProperty)],
        once: ["DTSTART", "TZOFFSETTO", "TZOFFSETFROM"],
        allowed: ["DTSTART", "TZOFFSETTO", "TZOFFSETFROM", "RRULE", "RDATE", "TZNAME"], children: [])

    /// The components allowed at the top of a calendar.
    static let topLevel: Set<String> = ["VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY", "VTIMEZONE", "VAVAILABILITY"]

    /// STATUS values allowed per component (RFC 5545 3.8.1.11).
    static let statuses: [String: Set<String>] = [
        "VEVENT": ["TENTATIVE", "CONFIRMED", "CANCELLED"],
        "VTODO": ["NEEDS-ACTION", "COMPLETED", "IN-PROCESS", "CANCELLED"],
        "VJOURNAL": ["DRAFT", "FINAL", "CANCELLED"],
    ]

    /// Parameters whose values come from a closed list (RFC 5545 3.2).
    static let closedParameters: [String: Set<String>] = [
        "RELATED": ["START", "END"], "RANGE": ["THISANDFUTURE"], "RSVP": ["TRUE", "FALSE"],
        "ENCODING": ["8BIT", "BASE64"],
    ]
}
