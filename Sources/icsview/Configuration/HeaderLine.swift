import Foundation

/// A `header = Name: value` line of a calendar section: a request header sent with every
/// request for that calendar (a bearer token, an API key). Its value is never printed
/// (`config check` shows the name only).
enum HeaderLine {
    /// What is wrong with `line` as a header, if anything: it needs a name (an RFC 9110 token),
    /// a colon and a value, with no control character (no line break can be smuggled in).
    static func problem(_ line: String) -> TerminalMessage? {
        guard let colon = line.firstIndex(of: ":") else { return "a header is written 'Name: value'" }
        let name = line[..<colon]
        let tokenCharacters = "!#$%&'*+-.^_`|~"
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || tokenCharacters.unicodeScalars.contains($0)) }) else {
            return "'\(name.messageExcerpt())' is not a header name (letters, digits and -)"
        }
        guard line.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
            return "the header \(name.messageExcerpt()) holds a control character"
        }
        guard !line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces).isEmpty else {
            return "the header \(name.messageExcerpt()) has no value"
        }
        return nil
    }

    /// The header's name (before the colon), for messages.
    static func name(_ line: String) -> String {
        String(line.prefix { $0 != ":" })
    }
}
