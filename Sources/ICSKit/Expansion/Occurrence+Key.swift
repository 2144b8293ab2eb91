extension Occurrence.ID: Codable, CustomStringConvertible {
    /// The identity as one line of text, stable across runs and versions: the key to store an
    /// occurrence under (a database row, a file name's stem, a dictionary key).
    ///
    /// Three fields joined by `|`: the calendar (``CalendarID/rawValue``), the UID, and the
    /// instance in iCalendar's own form: `20240610` (an all-day instance), `20240610T090000`
    /// (floating), `20240610T070000Z` (an instant, in UTC), or empty for a single event. In the
    /// first two fields `%` and `|` are written `%25` and `%7C`; a missing UID is `-` (a UID
    /// that is `-` is written `%2D`).
    ///
    /// ```swift
    /// let key = occurrence.id.stringValue     // "source:/cal/work|standup-1|20240610T070000Z"
    /// let same = Occurrence.ID(stringValue: key)
    /// ```
    public var stringValue: String {
        let uidText = uid.map { $0 == "-" ? "%2D" : Occurrence.ID.escape($0) } ?? "-"
        return Occurrence.ID.escape(calendar.rawValue) + "|" + uidText + "|" + Occurrence.ID.text(instance)
    }

    /// ``stringValue``.
    public var description: String { stringValue }

    /// Reads the form ``stringValue`` writes; `nil` when `text` is not in that form.
    public init?(stringValue text: String) {
        let fields = text.split(separator: "|", omittingEmptySubsequences: false)
        guard fields.count == 3, let calendar = Occurrence.ID.unescape(fields[0]) else { return nil }
        let uid: String?
        if fields[1] == "-" {
            uid = nil
        } else {
            guard let value = Occurrence.ID.unescape(fields[1]) else { return nil }
            uid = value
        }
        let instance: OccurrenceTime?
        if fields[2].isEmpty {
            instance = nil
        } else {
            guard let time = Occurrence.ID.time(fields[2]) else { return nil }
            instance = time
        }
        self.init(calendar: CalendarID(rawValue: calendar), uid: uid, instance: instance)
    }

    /// Encoded as ``stringValue``.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = Occurrence.ID(stringValue: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "not an occurrence identity: \(text)"))
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(stringValue)
    }

    // MARK: Internal

    static func escape(_ text: String) -> String {
        guard text.contains(where: { $0 == "%" || $0 == "|" }) else { return text }
        return text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "|", with: "%7C")
    }

    static func unescape(_ text: Substring) -> String? {
        guard text.contains("%") else { return String(text) }
        var out = ""
        var rest = text[...]
        while let percent = rest.firstIndex(of: "%") {
            out += rest[..<percent]
            let code = rest[percent...].prefix(3)
            switch code.uppercased() {
            case "%25": out += "%"
            case "%7C": out += "|"
            case "%2D": out += "-"
            default: return nil
            }
            rest = rest[percent...].dropFirst(3)
        }
        return out + rest
    }

    static func text(_ time: OccurrenceTime?) -> String {
        func digits(_ d: CivilDate) -> String { pad(d.year, 4) + pad(d.month, 2) + pad(d.day, 2) }
        func clock(_ t: CivilDateTime) -> String { digits(t.date) + "T" + pad(t.hour, 2) + pad(t.minute, 2) + pad(t.second, 2) }
        switch time {
        case nil: return ""
        case .date(let d): return digits(d)
        case .floating(let t): return clock(t)
        case .instant(let seconds, _, _): return clock(CivilDateTime(secondsSinceEpoch: seconds)) + "Z"
        }
    }

    static func time(_ text: Substring) -> OccurrenceTime? {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for b in bytes[range] { guard (0x30...0x39).contains(b) else { return nil }; value = value * 10 + Int(b - 0x30) }
            return value
        }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8) else { return nil }
        let date = CivilDate(year: year, month: month, day: day)
        guard date.isValid else { return nil }
        if bytes.count == 8 { return .date(date) }
        guard bytes.count >= 15, bytes[8] == 0x54, let h = number(9..<11), let m = number(11..<13), let s = number(13..<15),
              h < 24, m < 60, s < 61 else { return nil }
        let wall = CivilDateTime(date: date, hour: h, minute: m, second: s)
        if bytes.count == 15 { return .floating(wall) }
        guard bytes.count == 16, bytes[15] == 0x5A else { return nil }
        return .instant(secondsSinceEpoch: wall.secondsSinceEpoch, utcOffset: 0, zone: nil)
    }
}
