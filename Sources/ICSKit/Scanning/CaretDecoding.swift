/// RFC 6868's parameter value encoding, read: in a parameter value, `^n` is a line break (LF),
/// `^'` a double quote and `^^` a caret; a `^` before any other character, or at the end, stays
/// as it is with that character (RFC 6868 section 3). The writer encodes the same three
/// (``ContentLineWriter/appendParameterValue(_:to:)``), so a value set with a quote or a line break
/// reads back as it was set.
enum CaretDecoding {
    /// The value's text, its caret escapes decoded.
    /// - Complexity: O(n) in the value's length; the bytes are copied only when they hold a `^`.
    static func decoded(_ value: UnsafeBufferPointer<UInt8>) -> String {
        guard value.contains(0x5E) else { return String(decoding: value, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(value.count)
        var index = 0
        while index < value.count {
            let byte = value[index]
            if byte == 0x5E, index + 1 < value.count {
                switch value[index + 1] {
                case 0x6E: out.append(0x0A)   // ^n
                case 0x27: out.append(0x22)   // ^'
                case 0x5E: out.append(0x5E)   // ^^
                default:
                    out.append(byte)
                    index += 1
                    continue
                }
                index += 2
                continue
            }
            out.append(byte)
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
