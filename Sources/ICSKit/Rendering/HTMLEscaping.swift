/// Escapes text for HTML and XML (XHTML-compatible HTML5 and SVG alike).
///
/// Every text that comes from a feed goes through here: `<script>` stays text, and the
/// characters that XML 1.0 forbids (C0 controls other than tab, line feed and carriage
/// return, U+FFFE and U+FFFF) are dropped so that the page stays well-formed.
///
/// ```swift
/// HTMLEscaping.text("<script>alert(1)</script>")   // "&lt;script&gt;alert(1)&lt;/script&gt;"
/// HTMLEscaping.attribute("say \"hi\"")             // "say &quot;hi&quot;"
/// ```
enum HTMLEscaping {
    /// `text` safe as element content.
    ///
    /// - Complexity: O(n) in the length of `text`.
    static func text(_ text: String) -> String {
        escape(text, quotes: false)
    }

    /// `text` safe inside a double- or single-quoted attribute value.
    ///
    /// - Complexity: O(n) in the length of `text`.
    static func attribute(_ text: String) -> String {
        escape(text, quotes: true)
    }

    private static func escape(_ text: String, quotes: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quotes: result += "&quot;"
            case "'" where quotes: result += "&#39;"
            case "\n" where quotes, "\r" where quotes, "\t" where quotes: result += " "
            default:
                let value = scalar.value
                if value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D { continue }
                if value == 0xFFFE || value == 0xFFFF { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
