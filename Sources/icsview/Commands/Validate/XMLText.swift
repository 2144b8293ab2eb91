/// Text made safe for an XML 1.0 document: the five markup characters escaped, and every
/// character XML 1.0 forbids (C0 controls but tab, line feed and carriage return; U+FFFE,
/// U+FFFF) or that a reader would print as terminal control (C1 controls, ESC) written as
/// `\u{1B}`, so that a hostile feed's text can neither break the document nor reach a
/// terminal through a CI log.
enum XMLText {
    /// `text` for an element's content: `&`, `<`, `>` escaped; tab and line breaks kept.
    static func content(_ text: String) -> String {
        escape(text, attribute: false)
    }

    /// `text` for a double-quoted attribute value: also `"` escaped, and tab, line feed and
    /// carriage return as character references (a parser would turn them into spaces).
    static func attribute(_ text: String) -> String {
        escape(text, attribute: true)
    }

    private static func escape(_ text: String, attribute: Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "\t", "\n", "\r":
                if attribute { out += "&#\(scalar.value);" } else { out.unicodeScalars.append(scalar) }
            default:
                if isForbidden(scalar) {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// C0 and C1 controls (tab and line breaks are handled before), DEL, and the two
    /// noncharacters XML 1.0 excludes.
    private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0xFFFE || value == 0xFFFF
    }
}
