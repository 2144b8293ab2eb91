/// Tells, from the first bytes, whether an input can be iCalendar, and if not what it looks like.
enum FormatSniffer {
    /// `nil` when the input starts like iCalendar (`BEGIN:` after optional blank lines);
    /// otherwise a phrase such as `line 1 looks like an HTML page: "<!DOCTYPE html>"`.
    static func problem(with start: ArraySlice<UInt8>) -> String? {
        var i = start.startIndex
        while i < start.endIndex, [0x20, 0x09, 0x0D, 0x0A].contains(start[i]) { i += 1 }
        let rest = start[i...]
        guard !rest.isEmpty else { return "the input is empty" }
        let prefix = Array(rest.prefix(6)).map { $0 & 0xDF }
        if prefix.count == 6, prefix == Array("BEGIN:".utf8).map({ $0 & 0xDF }) { return nil }
        let head = rest.prefix(64)
        let firstLine = head.prefix { $0 != 0x0A && $0 != 0x0D }
        let controls = head.filter { ($0 < 0x20 && ![0x09, 0x0A, 0x0D].contains($0)) || $0 == 0x7F }.count
        if head.contains(0) || controls * 10 > head.count {
            let hex = head.prefix(8).map { byte in
                let digits = String(byte, radix: 16, uppercase: true)
                return byte < 0x10 ? "0" + digits : digits
            }.joined(separator: " ")
            return "line 1 looks like binary data (it starts with the bytes \(hex))"
        }
        let text = String(decoding: firstLine.prefix(48), as: UTF8.self)
        let snippet = "\"" + text + (firstLine.count > 48 ? "…" : "") + "\""
        let lower = String(decoding: rest.prefix(1024), as: UTF8.self).lowercased()
        switch rest.first {
        case UInt8(ascii: "<"):
            let kind = lower.contains("<html") || lower.contains("<!doctype html") ? "an HTML page" : "XML"
            return "line 1 looks like \(kind): \(snippet)"
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return "line 1 looks like a JSON document: \(snippet)"
        default:
            return "line 1 should be BEGIN:VCALENDAR but is \(snippet)"
        }
    }
}
