/// Deflate streams of zeros that inflate about 159 times (RFC 1951 3.2.6, fixed Huffman codes):
/// one literal 0, then back-references of length 258 at distance 1 (13 bits each). The blocks
/// are sized to end on a byte boundary, so `block` can be repeated as often as wanted: a bomb
/// of any size, streamed, without a compression library or a big file.
/// Checked against Python's zlib: `zlib.decompressobj(-15)` inflates `head + block * 3 + tail`
/// to 6,198,193 zero bytes (1 + 6·258 + 3·8006·258) and reports the end of the stream.
public enum DeflateBomb {
    /// A non-final block: the literal 0 and 6 copies (1,549 bytes): 96 bits, 12 bytes.
    public static let head = block(final: false, literal: true, copies: 6)
    /// A non-final block of 8,006 copies (2,065,548 zero bytes): 104,088 bits, 13,011 bytes.
    public static let block = block(final: false, literal: false, copies: 8006)
    /// The final, empty block: `03 00`.
    public static let tail = block(final: true, literal: false, copies: 0)
    /// Zero bytes that `block` inflates to.
    public static let blockOutput = 8006 * 258

    /// `head`, `block` × `count`, `tail` as raw deflate (1 + 6·258 + count·2,065,548 zero bytes).
    public static func raw(blocks count: Int) -> [UInt8] {
        head + Array([[UInt8]](repeating: block, count: count).joined()) + tail
    }

    /// The gzip header of RFC 1952 (no name, no time, OS unknown).
    public static let gzipHeader: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xFF]

    private static func block(final: Bool, literal: Bool, copies: Int) -> [UInt8] {
        var writer = BitWriter()
        writer.bits(final ? 1 : 0, count: 1)
        writer.bits(1, count: 2)                       // BTYPE 01: fixed Huffman codes
        if literal { writer.code(0x30, count: 8) }      // literal 0: 00110000
        for _ in 0..<copies {
            writer.code(0xC5, count: 8)                 // length 258: code 285, 11000101
            writer.code(0, count: 5)                    // distance 1: code 0, 00000
        }
        writer.code(0, count: 7)                        // end of block: code 256, 0000000
        return writer.finish()
    }

    /// Bits packed from the least significant (RFC 1951 3.1.1); Huffman codes most significant bit first.
    private struct BitWriter {
        var bytes: [UInt8] = []
        var current: UInt8 = 0
        var used = 0

        mutating func bits(_ value: Int, count: Int) {
            for i in 0..<count {
                current |= UInt8((value >> i) & 1) << used
                used += 1
                if used == 8 { bytes.append(current); current = 0; used = 0 }
            }
        }

        mutating func code(_ value: Int, count: Int) {
            for i in stride(from: count - 1, through: 0, by: -1) { bits((value >> i) & 1, count: 1) }
        }

        mutating func finish() -> [UInt8] { used > 0 ? bytes + [current] : bytes }
    }
}
