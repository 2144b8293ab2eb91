/// Byte-level text checks for content lines: UTF-8 validity, Windows-1252 fallback, NUL bytes.
enum TextDecoding {
    /// Whether `bytes` are well-formed UTF-8 (RFC 3629: no overlongs, no surrogates, ≤ U+10FFFF).
    ///
    /// ASCII is passed eight bytes at a time, straight to the first byte with its high bit set
    /// (then that byte is the start of a character: the bytes before it are ASCII); two-byte
    /// characters, the non-ASCII of most European text, are checked before the others. The
    /// windowed import checks every skimmed block with it: on text with an accent every twenty
    /// bytes it was a quarter of the scanning thread's time.
    ///
    /// - Complexity: O(n).
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let n = bytes.count
        let raw = UnsafeRawPointer(base)
        var i = 0
        while true {
            while i + 8 <= n {
                let high = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080
                if high != 0 {
                    // Little-endian: the lowest set bit is the first such byte.
                    i += high.littleEndian.trailingZeroBitCount >> 3
                    break
                }
                i += 8
            }
            guard i < n else { return true }
            let b = base[i]
            if b < 0x80 {
                i += 1
                continue
            }
            guard let length = multibyteLength(base, at: i, count: n) else { return false }
            i += length
        }
    }

    /// Whether `bytes` hold no NUL and are well-formed UTF-8 (``isValidUTF8(_:)``), in one pass:
    /// what a content line, or a block the windowed import skims, must be to scan with no
    /// diagnostic.
    ///
    /// ASCII without NUL is passed sixteen bytes at a time (two words; a byte is flagged when its
    /// high bit is set or it is 0, and the lowest flag is always a true one: the borrow of the
    /// zero test only runs upwards from a byte that is 0), straight to the first flagged byte.
    /// A separate `memchr` for NUL and the eight-byte loop of ``isValidUTF8(_:)`` cost the skim
    /// of a calendar of long descriptions (a non-ASCII character every 27 bytes) two passes.
    ///
    /// - Complexity: O(n).
    static func isCleanUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let n = bytes.count
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var i = 0
        while true {
            while i + 16 <= n {
                let a = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let b = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self))
                let flagsA = (a | ((a &- ones) & ~a)) & highs
                let flagsB = (b | ((b &- ones) & ~b)) & highs
                if flagsA | flagsB != 0 {
                    // The lowest flag is the first such byte.
                    i += (flagsA != 0 ? flagsA.trailingZeroBitCount : 64 + flagsB.trailingZeroBitCount) >> 3
                    break
                }
                i += 16
            }
            guard i < n else { return true }
            let b = base[i]
            if b < 0x80 {
                if b == 0 { return false }
                i += 1
                continue
            }
            guard let length = multibyteLength(base, at: i, count: n) else { return false }
            i += length
        }
    }

    /// The length of the well-formed multi-byte UTF-8 character at `i` (RFC 3629's table: no
    /// overlongs, no surrogates, ≤ U+10FFFF), or `nil`; `base[i]` is not ASCII. Two-byte
    /// characters, the non-ASCII of most European text, are checked first.
    @inline(__always)
    private static func multibyteLength(_ base: UnsafePointer<UInt8>, at i: Int, count n: Int) -> Int? {
        let b = base[i]
        if b >= 0xC2 && b <= 0xDF {
            guard i + 1 < n, base[i + 1] & 0xC0 == 0x80 else { return nil }
            return 2
        }
        let need: Int
        var lower: UInt8 = 0x80, upper: UInt8 = 0xBF
        switch b {
        case 0xE0: need = 2; lower = 0xA0
        case 0xE1...0xEC, 0xEE, 0xEF: need = 2
        case 0xED: need = 2; upper = 0x9F
        case 0xF0: need = 3; lower = 0x90
        case 0xF1...0xF3: need = 3
        case 0xF4: need = 3; upper = 0x8F
        default: return nil
        }
        guard i + need < n else { return nil }
        let second = base[i + 1]
        guard second >= lower && second <= upper, base[i + 2] & 0xC0 == 0x80 else { return nil }
        if need == 3 && base[i + 3] & 0xC0 != 0x80 { return nil }
        return need + 1
    }

    /// Windows-1252's 0x80–0x9F block (the rest of the byte range maps as Latin-1);
    /// the five undefined bytes map to U+FFFD.
    private static let cp1252High: [UInt32] = [
        0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD,
        0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178,
    ]

    /// Decodes `bytes` as Windows-1252 (a superset of Latin-1's printable range) into UTF-8.
    static func utf8FromWindows1252(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 4)
        for b in bytes {
            if b < 0x80 { out.append(b); continue }
            let scalar = b < 0xA0 ? cp1252High[Int(b) - 0x80] : UInt32(b)
            appendUTF8(scalar, to: &out)
        }
        return out
    }

    static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            out.append(UInt8(scalar))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | (scalar >> 6)))
            out.append(UInt8(0x80 | (scalar & 0x3F)))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | (scalar >> 12)))
            out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (scalar & 0x3F)))
        default:
            out.append(UInt8(0xF0 | (scalar >> 18)))
            out.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }
}
