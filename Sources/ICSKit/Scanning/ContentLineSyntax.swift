/// Byte-level helpers for the parts of a content line: `name *(";" param) ":" value` (RFC 5545 3.1).
enum ContentLineSyntax {
    /// Properties whose comma-separated values libical splits into one property each.
    static let splitByLibical: Set<String> = ["EXDATE", "RDATE", "CATEGORIES", "RESOURCES", "FREEBUSY"]

    /// The name: the bytes before the first `;` or `:`, upper-cased (ASCII).
    static func name(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var end = 0
        while end < bytes.count, bytes[end] != 0x3B, bytes[end] != 0x3A { end += 1 }
        return upperASCII(UnsafeBufferPointer(rebasing: bytes[0..<end]))
    }

    /// Upper-cases ASCII letters and decodes the rest as UTF-8.
    static func upperASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var needsUpper = false
        for b in bytes where b >= 0x61 && b <= 0x7A { needsUpper = true; break }
        if !needsUpper { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: bytes.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
    }

    /// If the line is `BEGIN:NAME` or `END:NAME` (case-insensitive), the kind and the name.
    static func componentBoundary(_ bytes: UnsafeBufferPointer<UInt8>) -> (isBegin: Bool, name: String)? {
        func hasPrefix(_ prefix: StaticString) -> Bool {
            let n = prefix.utf8CodeUnitCount
            guard bytes.count > n else { return false }
            let p = prefix.utf8Start
            for i in 0..<n where bytes[i] & 0xDF != p[i] & 0xDF { return false }
            return true
        }
        let isBegin: Bool
        let skip: Int
        if hasPrefix("BEGIN:") { isBegin = true; skip = 6 } else if hasPrefix("END:") { isBegin = false; skip = 4 } else { return nil }
        var start = skip, end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        guard start < end else { return nil }
        return (isBegin, upperASCII(UnsafeBufferPointer(rebasing: bytes[start..<end])))
    }

    /// The index of the `:` that starts the value (the first one outside a quoted parameter value).
    static func valueStart(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var quoted = false
        for i in 0..<bytes.count {
            switch bytes[i] {
            case 0x22: quoted.toggle()
            case 0x3A where !quoted: return i
            default: break
            }
        }
        return nil
    }

    /// How many values a list value holds: commas outside quotes and not escaped, plus one.
    static func valueCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let colon = valueStart(bytes) else { return 1 }
        var count = 1
        var i = colon + 1
        while i < bytes.count {
            if bytes[i] == 0x5C { i += 2; continue }
            if bytes[i] == 0x2C { count += 1 }
            i += 1
        }
        return count
    }

    /// Splits a content line into name, parameters and raw value (no unescaping), for lines
    /// that libical does not see or could not read. `nil` when there is no `:`.
    static func split(_ text: String) -> (name: String, parameters: [Parameter], value: String)? {
        let utf8 = Array(text.utf8)
        guard let colon = utf8.withUnsafeBufferPointer({ valueStart($0) }) else { return nil }
        let head = utf8[..<colon]
        let value = String(decoding: utf8[(colon + 1)...], as: UTF8.self)
        var pieces: [ArraySlice<UInt8>] = []
        var quoted = false
        var start = head.startIndex
        for i in head.indices {
            if head[i] == 0x22 { quoted.toggle() }
            if head[i] == 0x3B && !quoted {
                pieces.append(head[start..<i])
                start = i + 1
            }
        }
        pieces.append(head[start...])
        let name = String(decoding: pieces[0], as: UTF8.self).uppercased()
        var parameters: [Parameter] = []
        for piece in pieces.dropFirst() {
            let text = String(decoding: piece, as: UTF8.self)
            guard let eq = text.firstIndex(of: "=") else {
                parameters.append(Parameter(name: text.uppercased(), value: ""))
                continue
            }
            var value = String(text[text.index(after: eq)...])
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\""), !value.dropFirst().dropLast().contains("\"") {
                value = String(value.dropFirst().dropLast())
            }
            parameters.append(Parameter(name: text[..<eq].uppercased(), value: value))
        }
        return (name, parameters, value)
    }
}
