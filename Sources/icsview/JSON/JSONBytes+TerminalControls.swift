/// The characters a terminal acts on that JSON may carry raw, escaped as `\uXXXX` by the JSON
/// writer all the same: the C1 controls U+0080–U+009F (U+009B is the 8-bit CSI, U+009D the OSC)
/// and the bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C), which
/// ``TerminalText/safe(_:lineBreak:limit:)`` removes from text. Escaped, the value is the same to
/// every JSON reader (RFC 8259, 7), and a JSON printed to a terminal passes none of them on.
extension JSONBytes {
    /// The scalar and its length in bytes when `utf8[at...]` starts with one of these characters.
    /// - Complexity: O(1).
    static func terminalControl(_ utf8: UnsafeBufferPointer<UInt8>, at: Int) -> (scalar: UInt32, length: Int)? {
        let n = utf8.count
        guard at + 1 < n else { return nil }
        let b0 = utf8[at], b1 = utf8[at + 1]
        switch b0 {
        case 0xC2 where (0x80...0x9F).contains(b1):
            return (UInt32(b1), 2)  // U+0080–U+009F
        case 0xD8 where b1 == 0x9C:
            return (0x061C, 2)  // ARABIC LETTER MARK
        case 0xE2 where at + 2 < n:
            let b2 = utf8[at + 2]
            let scalar = 0x2000 | UInt32(b1 & 0x3F) << 6 | UInt32(b2 & 0x3F)
            switch (b1, b2) {
            case (0x80, 0x8E), (0x80, 0x8F), (0x80, 0xAA...0xAE), (0x81, 0xA6...0xA9): return (scalar, 3)
            default: return nil
            }
        default:
            return nil
        }
    }
}
