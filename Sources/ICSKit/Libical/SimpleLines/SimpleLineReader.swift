/// A property line converted in Swift, as libical would have converted it.
struct SimpleProperty {
    enum Value {
        /// TEXT (UID, SUMMARY, DESCRIPTION, LOCATION).
        case text(String)
        /// The values of a CATEGORIES line, one per comma-separated value.
        case texts([String])
        /// An enumerated value, upper-case as written (STATUS, TRANSP, CLASS).
        case token(String)
        /// A DATE or DATE-TIME that names a real day and time.
        case time(TimeValue)
        /// The values of an EXDATE or RDATE line of DATEs or DATE-TIMEs, one per comma-separated value.
        case times([TimeValue])
        /// The values of a run of RDATE lines joined into one (``BlockOutline``), in the model's
        /// form, so that the list moves into ``Incidence/recurrenceDates`` as it is (a million
        /// values were a list of ``TimeValue``s mapped into a second list, twice its size, beside it).
        case dates([RecurrenceDate])
        /// A DURATION, or the relative TRIGGER of an alarm.
        case duration(ICSDuration)
        case integer(Int)
        /// ORGANIZER, ATTENDEE.
        case user(CalendarUser)
        /// An RRULE of the common parts (``SimpleLineReader/recurrenceRule(_:)``); boxed, so that
        /// the rule's some 200 bytes do not widen every other value (each copied a few times).
        indirect case rule(RecurrenceRule)
    }
    var value: Value
    /// The parameters as written (split once, here); empty for DATE and DATE-TIME lines, whose
    /// parameters (TZID, VALUE and X- ones: a RANGE is never read in Swift) say nothing that
    /// their ``TimeValue``s do not hold.
    var parameters: [Parameter]

    var text: String? { if case .text(let v) = value { return v } else { return nil } }
    var texts: [String]? { if case .texts(let v) = value { return v } else { return nil } }
    var token: String? { if case .token(let v) = value { return v } else { return nil } }
    var time: TimeValue? { if case .time(let v) = value { return v } else { return nil } }
    var times: [TimeValue]? { if case .times(let v) = value { return v } else { return nil } }
    var dates: [RecurrenceDate]? { if case .dates(let v) = value { return v } else { return nil } }
    var duration: ICSDuration? { if case .duration(let v) = value { return v } else { return nil } }
    var integer: Int? { if case .integer(let v) = value { return v } else { return nil } }
    var user: CalendarUser? { if case .user(let v) = value { return v } else { return nil } }
    var rule: RecurrenceRule? { if case .rule(let v) = value { return v } else { return nil } }
}

/// Reads the simple property lines of an event, to-do or journal in Swift: the ones whose
/// value libical 3.0.16 would parse with no X-LIC-ERROR and convert to the same value. Every
/// other line, and every line these rules do not fully accept, goes to libical, so that its
/// findings stay the same (`SimpleLineEquivalenceTests` compares both on every fixture).
///
/// What libical does that shapes the rules (icalparser.c, 3.0.16): it strips blanks around
/// each value (`strstriplt`), unescapes TEXT (`\n`, `\,` …), splits CATEGORIES at commas, types
/// a DATE-TIME without `VALUE=` by its length, reads the TZID parameter up to the value's last
/// colon, and reports unknown parameters and empty values. Lines with a backslash, a quote, a
/// blank at either end, an empty value or a parameter not listed here are therefore left to it.
enum SimpleLineReader {
    /// Where a line stands: the properties of an event, to-do or journal, or of one of its
    /// alarms; of a VTIMEZONE, or of one of its STANDARD/DAYLIGHT observances.
    enum Context: UInt8 { case incidence, alarm, zone, observance }

    /// The property line `bytes`, whose name has the ``KnownNames/id(_:)`` `nameID`, as a value,
    /// or nil when libical must read it (a name that is not known, id 0, is never read in Swift).
    /// - Complexity: O(n) in the line's length.
    static func read(nameID: UInt8, _ bytes: UnsafeBufferPointer<UInt8>, in context: Context) -> SimpleProperty? {
        guard let kind = kindsByID[Int(context.rawValue)][Int(nameID)], let colon = ContentLineSyntax.valueStart(bytes) else { return nil }
        let value = UnsafeBufferPointer(rebasing: bytes[(colon + 1)...])
        guard let form = TextForm(value) else { return nil }
        // Escapes are read only in TEXT values and lists (libical unescapes those alone).
        if form == .escaped {
            switch kind {
            case .text, .texts: break
            default: return nil
            }
        }
        let hasParameters = bytes[..<colon].contains(0x3B)
        switch kind {
        case .text:
            guard !hasParameters else { return nil }
            let text = form == .escaped ? TextForm.unescaped(value) : String(decoding: value, as: UTF8.self)
            return SimpleProperty(value: .text(text), parameters: [])
        case .texts:
            guard !hasParameters else { return nil }
            let values = form == .escaped ? escapedCommaSeparated(value) : value.contains(0x3B) ? nil : commaSeparated(value)
            return values.map { SimpleProperty(value: .texts($0), parameters: []) }
        case .token(let allowed):
            guard !hasParameters else { return nil }
            let token = String(decoding: value, as: UTF8.self)
            return allowed.contains(token) ? SimpleProperty(value: .token(token), parameters: []) : nil
        case .integer:
            guard !hasParameters, value.count <= 9, value.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return Int(String(decoding: value, as: UTF8.self)).map { SimpleProperty(value: .integer($0), parameters: []) }
        case .time:
            // Its parameters are not kept: what they say (TZID, VALUE) is in the value.
            guard !value.contains(0x2C), let form = timeForm(bytes, colon: colon) else { return nil }
            return time(value, form).map { SimpleProperty(value: .time($0), parameters: []) }
        case .times:
            guard let form = timeForm(bytes, colon: colon) else { return nil }
            var times: [TimeValue] = []
            times.reserveCapacity(ContentLineSyntax.listCount(value))
            var start = 0
            while true {
                var end = start
                while end < value.count && value[end] != 0x2C { end += 1 }
                guard let time = time(UnsafeBufferPointer(rebasing: value[start..<end]), form) else { return nil }
                times.append(time)
                if end == value.count { break }
                start = end + 1
            }
            return SimpleProperty(value: .times(times), parameters: [])
        case .duration(let isTrigger):
            // libical reads both with icaldurationtype_from_string (a TRIGGER first as a time,
            // which a text starting with P, + or - never is).
            guard let parameters = plainParameters(bytes, colon: colon, allowed: isTrigger ? triggerParameters : noParameters),
                  value[0] == 0x50 || value[0] == 0x2B || value[0] == 0x2D,
                  let duration = canonicalDuration(value) ?? DurationText.parse(String(decoding: value, as: UTF8.self)) else { return nil }
            return SimpleProperty(value: .duration(duration), parameters: parameters)
        case .rule:
            guard !hasParameters, let rule = recurrenceRule(value) else { return nil }
            return SimpleProperty(value: .rule(rule), parameters: [])
        case .utcOffset:
            guard !hasParameters, let seconds = utcOffset(value) else { return nil }
            return SimpleProperty(value: .integer(seconds), parameters: [])
        case .user:
            guard !value.contains(where: { $0 == 0x2C || $0 == 0x3B || $0 == 0x20 }),
                  let parameters = plainParameters(bytes, colon: colon, allowed: userParameters) else { return nil }
            let address = String(decoding: value, as: UTF8.self)
            return SimpleProperty(value: .user(CalendarUser(address: address, parameters: parameters)), parameters: parameters)
        }
    }

    private enum Kind {
        /// `utcOffset`: a UTC-OFFSET, read as seconds (``SimpleProperty/Value/integer(_:)``).
        /// `rule`: an RRULE (``recurrenceRule(_:)``).
        case text, texts, token(Set<String>), time, times, integer, user, utcOffset, rule
        /// DURATION, or TRIGGER when true.
        case duration(Bool)
    }

    private static let kinds: [String: Kind] = [
        "UID": .text, "SUMMARY": .text, "DESCRIPTION": .text, "LOCATION": .text,
        "CATEGORIES": .texts,
        "STATUS": .token(["TENTATIVE", "CONFIRMED", "CANCELLED", "NEEDS-ACTION", "COMPLETED", "IN-PROCESS", "DRAFT", "FINAL"]),
        "TRANSP": .token(["OPAQUE", "TRANSPARENT"]),
        "CLASS": .token(["PUBLIC", "PRIVATE", "CONFIDENTIAL"]),
        "DTSTART": .time, "DTEND": .time, "DUE": .time, "COMPLETED": .time, "DTSTAMP": .time, "CREATED": .time,
        "LAST-MODIFIED": .time, "RECURRENCE-ID": .time, "EXDATE": .times, "RDATE": .times, "DURATION": .duration(false),
        "SEQUENCE": .integer, "PRIORITY": .integer, "PERCENT-COMPLETE": .integer,
        "ORGANIZER": .user, "ATTENDEE": .user, "RRULE": .rule,
    ]

    /// An alarm's UID (RFC 9074) is kept as written (``ComponentConverter`` makes it a raw
    /// property either way); read here, an event of alarms with UIDs does not need libical at
    /// all (100,000 of them put 600,000 lines through it).
    private static let alarmKinds: [String: Kind] = [
        "ACTION": .token(["AUDIO", "DISPLAY", "EMAIL"]), "DESCRIPTION": .text, "SUMMARY": .text,
        "TRIGGER": .duration(true), "DURATION": .duration(false), "REPEAT": .integer, "ATTENDEE": .user, "UID": .text,
    ]

    private static let zoneKinds: [String: Kind] = ["TZID": .text]

    /// The four tables by context (``Context/rawValue``), each indexed by ``KnownNames/id(_:)``.
    private static let kindsByID: [[Kind?]] = [kinds, alarmKinds, zoneKinds, observanceKinds].map { table in
        var byID = [Kind?](repeating: nil, count: KnownNames.names.count + 1)
        for (name, kind) in table {
            let id = KnownNames.id(of: name)
            precondition(id != 0, "\(name) read in Swift is a known name")
            byID[Int(id)] = kind
        }
        return byID
    }

    private static let observanceKinds: [String: Kind] = [
        "DTSTART": .time, "TZOFFSETFROM": .utcOffset, "TZOFFSETTO": .utcOffset, "TZNAME": .text, "RDATE": .times,
    ]

    /// A UTC-OFFSET as RFC 5545 writes it (3.3.14): `+` or `-`, then `HHMM` or `HHMMSS` with
    /// hours up to 23 and minutes and seconds up to 59; in seconds east of UTC. libical 3.0.16
    /// (`icalvalue_new_from_string`) reads these digits to the same seconds; anything else goes to it.
    static func utcOffset(_ value: UnsafeBufferPointer<UInt8>) -> Int? {
        guard value.count == 5 || value.count == 7, value[0] == 0x2B || value[0] == 0x2D else { return nil }
        var parts: [Int] = []
        var i = 1
        while i < value.count {
            let high = value[i], low = value[i + 1]
            guard high >= 0x30, high <= 0x39, low >= 0x30, low <= 0x39 else { return nil }
            parts.append(Int(high - 0x30) * 10 + Int(low - 0x30))
            i += 2
        }
        guard parts[0] <= 23, parts[1] <= 59, parts.count == 2 || parts[2] <= 59 else { return nil }
        let seconds = parts[0] * 3600 + parts[1] * 60 + (parts.count == 3 ? parts[2] : 0)
        return value[0] == 0x2D ? -seconds : seconds
    }

    /// Parameter names and, when not nil, the values libical takes as they are.
    static let timeParameters = ParameterTable(["TZID": nil, "VALUE": ["DATE", "DATE-TIME"]])
    private static let triggerParameters = ParameterTable(["RELATED": ["START", "END"]])
    private static let noParameters = ParameterTable([:])
    private static let userParameters = ParameterTable([
        "CN": nil,
        "CUTYPE": ["INDIVIDUAL", "GROUP", "RESOURCE", "ROOM", "UNKNOWN"],
        "ROLE": ["CHAIR", "REQ-PARTICIPANT", "OPT-PARTICIPANT", "NON-PARTICIPANT"],
        "PARTSTAT": ["NEEDS-ACTION", "ACCEPTED", "DECLINED", "TENTATIVE", "DELEGATED", "COMPLETED", "IN-PROCESS"],
        "RSVP": ["TRUE", "FALSE"],
    ])

    /// Comma-separated values, each plain and not empty.
    private static func commaSeparated(_ value: UnsafeBufferPointer<UInt8>) -> [String]? {
        var out: [String] = []
        for piece in value.split(separator: 0x2C, omittingEmptySubsequences: false) {
            guard let first = piece.first, let last = piece.last, first != 0x20, last != 0x20 else { return nil }
            out.append(String(decoding: piece, as: UTF8.self))
        }
        return out
    }

    /// The values of a TEXT list with escapes, each unescaped: a bare comma separates two values,
    /// `\,` is a comma within one (RFC 5545 3.3.11; `CATEGORIES:a\,b,c` is `a,b` and `c`, as
    /// Python's icalendar reads it). libical 3.0.16 reads such a line as one value, escapes and
    /// commas left in, which is why it is read here. Nil, for libical, when a value is empty or
    /// has a blank at either end, or the line has a bare semicolon, as ``commaSeparated(_:)``.
    /// - Precondition: `value` is ``TextForm/escaped`` (every backslash starts an escape).
    private static func escapedCommaSeparated(_ value: UnsafeBufferPointer<UInt8>) -> [String]? {
        var out: [String] = []
        var start = 0, i = 0
        func piece(upTo end: Int) -> Bool {
            let bytes = UnsafeBufferPointer(rebasing: value[start..<end])
            guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20 else { return false }
            out.append(TextForm.unescaped(bytes))
            return true
        }
        while i < value.count {
            switch value[i] {
            case 0x5C: i += 2
            case 0x3B: return nil
            case 0x2C:
                guard piece(upTo: i) else { return nil }
                i += 1
                start = i
            default: i += 1
            }
        }
        return piece(upTo: value.count) ? out : nil
    }

    /// `YYYYMMDD` with `VALUE=DATE`, or `YYYYMMDDTHHMMSS` (floating, or zoned by TZID) or
    /// `YYYYMMDDTHHMMSSZ` (without TZID), that names a real day and time.
    /// A DURATION in RFC 5545's grammar (3.3.6), read in Swift: `[-]P` and either `nW`, or
    /// `[nD]` then `T` with at least one of `nH`, `nM`, `nS` in that order, each number of at most
    /// nine digits and the whole not zero. These libical's `icaldurationtype_from_string` reads to
    /// the same parts; nil for anything else (a `+`, a zero, a repeated or misplaced unit), which
    /// goes to libical.
    /// - Complexity: O(n) in the value's length, no allocation.
    static func canonicalDuration(_ value: UnsafeBufferPointer<UInt8>) -> ICSDuration? {
        var i = 0
        let negative = value.first == 0x2D
        if negative { i = 1 }
        guard i < value.count, value[i] == 0x50 else { return nil }  // P
        i += 1
        /// The number at `i` (1–9 digits), and the unit byte after it.
        func part() -> (number: Int, unit: UInt8)? {
            var n = 0, digits = 0
            // The count is checked inside the loop: twenty digits would overflow `n`.
            while i < value.count, value[i] >= 0x30, value[i] <= 0x39 {
                guard digits < 9 else { return nil }
                n = n * 10 + Int(value[i] - 0x30)
                digits += 1
                i += 1
            }
            guard digits > 0, i < value.count else { return nil }
            defer { i += 1 }
            return (n, value[i])
        }
        var result = ICSDuration(isNegative: negative)
        guard i < value.count else { return nil }
        if value[i] != 0x54 {  // not T: nW or nD
            guard let (n, unit) = part() else { return nil }
            switch unit {
            case 0x57:  // W: the whole duration
                guard i == value.count else { return nil }
                result.weeks = n
            case 0x44: result.days = n  // D
            default: return nil
            }
        }
        if i < value.count {
            guard result.weeks == 0, value[i] == 0x54, i + 1 < value.count else { return nil }  // T and something after it
            i += 1
            var last: UInt8 = 0  // H < M < S, each at most once
            while i < value.count {
                guard let (n, unit) = part() else { return nil }
                switch unit {
                case 0x48 where last == 0: result.hours = n
                case 0x4D where last == 0 || last == 0x48: result.minutes = n
                case 0x53 where last != 0x53: result.seconds = n
                default: return nil
                }
                last = unit
            }
        }
        let zero = result.weeks == 0 && result.days == 0 && result.hours == 0 && result.minutes == 0 && result.seconds == 0
        return zero ? nil : result
    }

    /// What a line's parameters say of its DATE and DATE-TIME values, read once per line (the
    /// names are upper-cased already, by ``ContentLineSyntax/split(_:maxParameters:)``).
    struct TimeForm {
        /// VALUE, as written.
        var type: String?
        /// TZID, as written.
        var tzid: String?
        /// Whether the TZID is UTC or GMT (any case): read as UTC.
        var tzidIsUTC: Bool

        /// A form with no TZID: `VALUE=DATE` when `type` is `DATE`.
        init(type: String?) {
            self.init(type: type, tzid: nil, tzidIsUTC: false)
        }

        init(type: String?, tzid: String?, tzidIsUTC: Bool) {
            self.type = type
            self.tzid = tzid
            self.tzidIsUTC = tzidIsUTC
        }

        init(_ parameters: [Parameter]) {
            type = parameters.first { $0.name == "VALUE" }?.value
            tzid = parameters.first { $0.name == "TZID" }?.value
            tzidIsUTC = tzid.map(SimpleLineReader.isUTCName) ?? false
        }
    }

    /// Whether a TZID is `UTC` or `GMT` in any case (compared on its bytes: no upper-cased copy).
    static func isUTCName(_ tzid: String) -> Bool {
        var utf8 = tzid.utf8.makeIterator()
        guard let a = utf8.next(), let b = utf8.next(), let c = utf8.next(), utf8.next() == nil else { return false }
        let word = (a | 0x20, b | 0x20, c | 0x20)
        return word == (0x75, 0x74, 0x63) || word == (0x67, 0x6D, 0x74)
    }

    static func time(_ value: UnsafeBufferPointer<UInt8>, _ form: TimeForm) -> TimeValue? {
        func digits(_ range: Range<Int>) -> Int? {
            var n = 0
            for i in range {
                let b = value[i]
                guard b >= 0x30 && b <= 0x39 else { return nil }
                n = n * 10 + Int(b - 0x30)
            }
            return n
        }
        guard value.count >= 8 else { return nil }
        let type = form.type, tzid = form.tzid
        guard let year = digits(0..<4), let month = digits(4..<6), let day = digits(6..<8) else { return nil }
        let date = CivilDate(year: year, month: month, day: day)
        guard date.isValid else { return nil }
        if value.count == 8 {
            guard type == "DATE", tzid == nil else { return nil }
            return .date(date)
        }
        guard type != "DATE", value.count == 15 || value.count == 16, value[8] == 0x54,
              let hour = digits(9..<11), let minute = digits(11..<13), let second = digits(13..<15),
              hour <= 23, minute <= 59, second <= 59 else { return nil }
        let civil = CivilDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        if value.count == 16 {
            guard value[15] == 0x5A, tzid == nil else { return nil }
            return .utc(civil)
        }
        guard let tzid else { return .floating(civil) }
        return form.tzidIsUTC ? .utc(civil) : .zoned(civil, tzid: tzid)
    }
}
