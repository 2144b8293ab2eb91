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
        if let utf16 = utf16(head) {
            return "the file is UTF-16 text (\(utf16), it starts with the bytes \(hex(head))); iCalendar is UTF-8 "
                + "(RFC 5545 3.1.4): save it as UTF-8, or convert it with iconv -f UTF-16 -t UTF-8"
        }
        let firstLine = head.prefix { $0 != 0x0A && $0 != 0x0D }
        let controls = head.filter { ($0 < 0x20 && ![0x09, 0x0A, 0x0D].contains($0)) || $0 == 0x7F }.count
        if head.contains(0) || controls * 10 > head.count {
            return "line 1 looks like binary data (it starts with the bytes \(hex(head)))"
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

    /// The first eight bytes in hex (`FF FE 42 00 …`).
    private static func hex(_ head: ArraySlice<UInt8>) -> String {
        head.prefix(8).map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return byte < 0x10 ? "0" + digits : digits
        }.joined(separator: " ")
    }

    /// Which UTF-16 the start is in, when it is: a byte-order mark (`FF FE` little-endian, `FE FF`
    /// big-endian, RFC 2781 3.2), or without one `BEGIN:` with a zero byte after or before each
    /// letter (Windows tools write "Unicode" files so).
    private static func utf16(_ head: ArraySlice<UInt8>) -> String? {
        let bytes = Array(head.prefix(12))
        // UTF-32's marks (FF FE 00 00, 00 00 FE FF) are binary data here, as before.
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) || bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return nil }
        if bytes.starts(with: [0xFF, 0xFE]) { return "little-endian, with a byte-order mark" }
        if bytes.starts(with: [0xFE, 0xFF]) { return "big-endian, with a byte-order mark" }
        let begin = Array("BEGIN:".utf8).map { $0 & 0xDF }
        guard bytes.count == 12 else { return nil }
        let even = stride(from: 0, to: 12, by: 2).map { bytes[$0] }, odd = stride(from: 1, to: 12, by: 2).map { bytes[$0] }
        if odd.allSatisfy({ $0 == 0 }), even.map({ $0 & 0xDF }) == begin { return "little-endian" }
        if even.allSatisfy({ $0 == 0 }), odd.map({ $0 & 0xDF }) == begin { return "big-endian" }
        return nil
    }
}
