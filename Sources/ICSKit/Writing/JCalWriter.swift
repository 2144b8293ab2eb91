/// Writes a calendar as jCal (RFC 7265): the iCalendar text of ``ICSWriter``, read back line by
/// line, as JSON arrays (`["vcalendar", [properties], [components]]`, each property
/// `[name, {parameters}, type, value…]`).
///
/// The types are those RFC 5545 gives each property (a `VALUE` parameter overrides them);
/// an `X-` or other unknown property is of type `unknown` with its value as written (RFC 7265
/// 5). TEXT values are unescaped, lists (CATEGORIES, RESOURCES, EXDATE, RDATE, FREEBUSY) give one
/// JSON value each, dates and times are spelled `2024-06-10` and `2024-06-10T09:00:00Z`, an RRULE
/// is an object (3.6.10), GEO an array of two numbers, a UTC offset `+01:00`.
///
/// ```swift
/// let json = JCalWriter().text(for: calendar)
/// ```
public struct JCalWriter: Sendable {
    /// The writer whose text is converted (its PRODID, its generated VTIMEZONEs).
    public var icsWriter: ICSWriter

    /// A jCal writer over `icsWriter`'s text.
    public init(icsWriter: ICSWriter = ICSWriter()) {
        self.icsWriter = icsWriter
    }

    /// The calendar as jCal text (one line of JSON, then a line break).
    /// - Complexity: O(n) in the size of the calendar's text.
    public func text(for calendar: ICalendar) -> String {
        let bytes = icsWriter.bytes(for: calendar)
        // Each open component's properties and components as JSON text so far (each list's items
        // joined by commas): a list of a string per line or per component, then joined, held
        // the calendar's text three times over (100,000 events: 384 MB).
        var stack: [(name: String, properties: String, components: String)] = [("", "", "")]
        Self.forEachUnfolded(bytes) { line in
            guard let parts = ContentLineSyntax.split(line) else { return }
            switch parts.name {
            case "BEGIN":
                stack.append((parts.value.lowercased(), "", ""))
            case "END" where stack.count > 1:
                let done = stack.removeLast()
                let json = "[" + JSONText.string(done.name) + ",[" + done.properties + "],[" + done.components + "]]"
                if !stack[stack.count - 1].components.isEmpty { stack[stack.count - 1].components += "," }
                stack[stack.count - 1].components += json
            default:
                if !stack[stack.count - 1].properties.isEmpty { stack[stack.count - 1].properties += "," }
                stack[stack.count - 1].properties += JCalProperty.json(name: parts.name, parameters: parts.parameters, value: parts.value)
            }
        }
        // The one component at the top: ICSWriter writes a single VCALENDAR.
        return (stack[0].components.isEmpty ? "[]" : stack[0].components) + "\n"
    }

    /// Calls `body` with each content line of text written by ``ICSWriter`` (CRLF, folds of CRLF
    /// and a space), in order.
    static func forEachUnfolded(_ bytes: [UInt8], _ body: (String) -> Void) {
        var current: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                if index + 2 < bytes.count, bytes[index + 2] == 0x20 {
                    index += 3
                    continue
                }
                body(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
                index += 2
                continue
            }
            current.append(bytes[index])
            index += 1
        }
        if !current.isEmpty { body(String(decoding: current, as: UTF8.self)) }
    }
}

/// JSON spelling of strings.
enum JSONText {
    /// A JSON string: quotes, backslashes and control characters escaped (RFC 8259 7).
    static func string(_ text: String) -> String {
        // Most values need no escape: checked on the bytes, then copied whole (appending scalar
        // by scalar was a fifth of a jCal export).
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xE2 }) {
            return "\"" + text + "\""
        }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
