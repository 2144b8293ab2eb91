import Foundation

/// One content line as a jCal property (RFC 7265 3.4–3.6): `[name, {parameters}, type, value…]`.
enum JCalProperty {
    /// The default value type of each property RFC 5545 (and 7986) defines.
    static let defaultTypes: [String: String] = {
        var types: [String: String] = [:]
        for name in ["DTSTART", "DTEND", "DUE", "RECURRENCE-ID", "EXDATE", "RDATE", "DTSTAMP", "CREATED", "LAST-MODIFIED", "COMPLETED"] {
            types[name] = "date-time"
        }
        for name in ["DURATION", "TRIGGER", "REFRESH-INTERVAL"] { types[name] = "duration" }
        for name in ["RRULE", "EXRULE"] { types[name] = "recur" }
        for name in ["TZOFFSETFROM", "TZOFFSETTO"] { types[name] = "utc-offset" }
        for name in ["SEQUENCE", "PRIORITY", "PERCENT-COMPLETE", "REPEAT"] { types[name] = "integer" }
        for name in ["ORGANIZER", "ATTENDEE"] { types[name] = "cal-address" }
        for name in ["URL", "TZURL", "ATTACH", "SOURCE", "IMAGE", "CONFERENCE"] { types[name] = "uri" }
        types["GEO"] = "float"
        types["FREEBUSY"] = "period"
        for name in ["SUMMARY", "DESCRIPTION", "LOCATION", "UID", "COMMENT", "CONTACT", "RELATED-TO", "RESOURCES", "CATEGORIES",
                     "TZID", "TZNAME", "PRODID", "VERSION", "CALSCALE", "METHOD", "STATUS", "TRANSP", "CLASS", "ACTION", "NAME",
                     "COLOR", "REQUEST-STATUS", "X-WR-CALNAME", "X-WR-CALDESC", "X-WR-TIMEZONE"] {
            types[name] = "text"
        }
        return types
    }()

    /// Properties whose TEXT value is a comma-separated list.
    static let textLists: Set<String> = ["CATEGORIES", "RESOURCES"]
    /// Parameters whose value is a list of quoted values (RFC 7265 3.5.2: a JSON array).
    static let listParameters: Set<String> = ["MEMBER", "DELEGATED-TO", "DELEGATED-FROM"]

    /// The jCal array of a property.
    static func json(name: String, parameters: [Parameter], value: String) -> String {
        var type = defaultTypes[name] ?? "unknown"
        var parameterParts: [String] = []
        for parameter in parameters {
            if parameter.name == "VALUE" {
                type = parameter.value.lowercased()
                continue
            }
            let values = parameterValues(parameter)
            let json = listParameters.contains(parameter.name) || values.count > 1
                ? "[" + values.map(JSONText.string).joined(separator: ",") + "]"
                : JSONText.string(values.first ?? "")
            parameterParts.append(JSONText.string(parameter.name.lowercased()) + ":" + json)
        }
        var parts = [JSONText.string(name.lowercased()), "{" + parameterParts.joined(separator: ",") + "}", JSONText.string(type)]
        parts += values(value, name: name, type: type)
        return "[" + parts.joined(separator: ",") + "]"
    }

    /// A parameter's values: a list of quoted values split, quotes and RFC 6868 carets removed.
    private static func parameterValues(_ parameter: Parameter) -> [String] {
        let raw = parameter.value
        let pieces: [String]
        if raw.hasPrefix("\"") {
            pieces = raw.split(separator: ",").map { String($0.trimmed("\"")) }
        } else {
            pieces = [raw]
        }
        guard raw.utf8.contains(0x5E) else { return pieces }  // no caret: nothing to replace
        return pieces.map { $0.replacing("^n", "\n").replacing("^'", "\"").replacing("^^", "^") }
    }

    /// The JSON values of a property of `type`.
    private static func values(_ value: String, name: String, type: String) -> [String] {
        switch type {
        case "text":
            let texts = textLists.contains(name) ? splitUnescaped(value) : [value]
            return texts.map { JSONText.string(unescaped($0)) }
        case "date", "date-time":
            return value.split(separator: ",").map { JSONText.string(time(String($0))) }
        case "period":
            return value.split(separator: ",").map { period in
                let halves = period.split(separator: "/", maxSplits: 1).map(String.init)
                let end = halves.count > 1 ? (halves[1].hasPrefix("P") || halves[1].hasPrefix("-P") || halves[1].hasPrefix("+P") ? halves[1] : time(halves[1])) : ""
                return JSONText.string(time(halves[0]) + "/" + end)
            }
        case "integer":
            return [Int(value.trimmed(" ")).map(String.init) ?? JSONText.string(value)]
        case "float":
            // JSON has no number for `nan` or `inf` (which `Double(_:)` reads): such a value
            // is written as a string, as any value that is not a number is.
            let numbers = value.split(separator: ";").map { Double($0.trimmed(" ")).flatMap { $0.isFinite ? $0 : nil } }
            if name == "GEO", numbers.count == 2, let lat = numbers[0], let lon = numbers[1] {
                return ["[" + ValueText.float(lat) + "," + ValueText.float(lon) + "]"]
            }
            let finite = numbers.compactMap { $0 }
            return finite.count == numbers.count ? finite.map(ValueText.float) : [JSONText.string(value)]
        case "utc-offset":
            return [JSONText.string(offset(value))]
        case "recur":
            return [recur(value)]
        case "boolean":
            return [value.uppercased() == "TRUE" ? "true" : "false"]
        default:
            return [JSONText.string(value)]
        }
    }

    /// `20240610T090000Z` → `2024-06-10T09:00:00Z`; `20240610` → `2024-06-10` (RFC 7265 3.6.4, 3.6.5).
    static func time(_ text: String) -> String {
        // On the bytes for ASCII text (every time ICSWriter writes); by characters otherwise.
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return timeByCharacters(text) }
        let utf8 = Array(text.utf8)
        guard utf8.count >= 8, utf8[0..<8].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count + 6)
        out += utf8[0..<4] + [0x2D] + utf8[4..<6] + [0x2D] + utf8[6..<8]
        if utf8.count >= 15, utf8[8] == 0x54 {  // T
            out += [0x54] + utf8[9..<11] + [0x3A] + utf8[11..<13] + [0x3A] + utf8[13..<15]
            out += utf8[15...]
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func timeByCharacters(_ text: String) -> String {
        let chars = Array(text)
        guard chars.count >= 8, chars[0..<8].allSatisfy(\.isNumber) else { return text }
        var out = String(chars[0..<4]) + "-" + String(chars[4..<6]) + "-" + String(chars[6..<8])
        if chars.count >= 15, chars[8] == "T" {
            out += "T" + String(chars[9..<11]) + ":" + String(chars[11..<13]) + ":" + String(chars[13..<15])
            if chars.count > 15 { out += String(chars[15...]) }
        }
        return out
    }

    /// `+0100` → `+01:00`; `+005328` → `+00:53:28` (3.6.13).
    private static func offset(_ text: String) -> String {
        let chars = Array(text)
        guard chars.count == 5 || chars.count == 7 else { return text }
        var out = String(chars[0..<3]) + ":" + String(chars[3..<5])
        if chars.count == 7 { out += ":" + String(chars[5..<7]) }
        return out
    }

    /// An RRULE as a jCal object (3.6.10): keys lower-cased in the rule's order; COUNT, INTERVAL
    /// and the numeric BY parts as numbers, UNTIL as a date or date-time, a part with several
    /// values as an array.
    private static func recur(_ text: String) -> String {
        let numeric: Set<String> = ["COUNT", "INTERVAL", "BYSECOND", "BYMINUTE", "BYHOUR", "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYSETPOS"]
        var members: [String] = []
        for part in text.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { continue }
            let key = pair[0].uppercased()
            let values = pair[1].split(separator: ",").map(String.init)
            let json = values.map { value -> String in
                if key == "UNTIL" { return JSONText.string(time(value)) }
                if numeric.contains(key), let number = Int(value) { return String(number) }
                return JSONText.string(value)
            }
            members.append(JSONText.string(key.lowercased()) + ":" + (json.count == 1 ? json[0] : "[" + json.joined(separator: ",") + "]"))
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// A TEXT value split at the commas that are not escaped.
    static func splitUnescaped(_ text: String) -> [String] {
        var pieces: [String] = [], current = "", escaped = false
        for character in text {
            if escaped {
                current.append("\\")
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "," {
                pieces.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if escaped { current.append("\\") }
        pieces.append(current)
        return pieces
    }

    /// A TEXT value unescaped (RFC 5545 3.3.11): `\n`/`\N` a line break, `\\`, `\;`, `\,` the character.
    static func unescaped(_ text: String) -> String {
        guard text.utf8.contains(0x5C) else { return text }
        var out = "", escaped = false
        for character in text {
            if escaped {
                out.append(character == "n" || character == "N" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                out.append(character)
            }
        }
        if escaped { out.append("\\") }
        return out
    }
}

private extension String {
    func trimmed(_ set: String) -> String {
        var scalars = Substring(self)
        while let first = scalars.first, set.contains(first) { scalars = scalars.dropFirst() }
        while let last = scalars.last, set.contains(last) { scalars = scalars.dropLast() }
        return String(scalars)
    }

    func replacing(_ target: String, _ replacement: String) -> String {
        guard contains(target) else { return self }
        return components(separatedBy: target).joined(separator: replacement)
    }
}

private extension Substring {
    func trimmed(_ set: String) -> String { String(self).trimmed(set) }
}
