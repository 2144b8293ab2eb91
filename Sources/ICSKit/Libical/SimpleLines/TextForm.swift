/// How a value read in Swift is written, as far as libical 3.0.16 would change it: a value it
/// takes as written, or a TEXT value with only the escapes of RFC 5545 3.3.11 (`\\`, `\;`, `\,`,
/// `\n`, `\N`), which libical's `icalmemory_strdup_and_dequote` (icalmemory.c, called from
/// `icalvalue_new_from_string` for TEXT) turns into `\`, `;`, `,` and a line feed.
///
/// Anything else goes to libical: an empty value, a blank at either end (libical strips it,
/// `strstriplt`), a control character, a quote, or a backslash before any other byte or at the
/// end (libical writes a blank or stops there).
enum TextForm: Equatable {
    /// No backslash: the value is the bytes as they are.
    case plain
    /// Backslashes, each starting one of the escapes above.
    case escaped

    /// The form of `value`, or nil when libical must read it.
    /// - Complexity: O(n) in the value's length.
    init?(_ value: UnsafeBufferPointer<UInt8>) {
        guard let first = value.first, let last = value.last, first != 0x20, last != 0x20 else { return nil }
        var escaped = false
        var i = 0
        let count = value.count
        let base = UnsafeRawPointer(value.baseAddress!)
        while i < count {
            // Eight bytes at once while none of them needs a look.
            if i + 8 <= count, !Self.needsLook(base.loadUnaligned(fromByteOffset: i, as: UInt64.self)) {
                i += 8
                continue
            }
            let b = value[i]
            if b < 0x20 || b == 0x7F || b == 0x22 { return nil }
            if b == 0x5C {
                guard i + 1 < count, Self.isEscaped(value[i + 1]) else { return nil }
                escaped = true
                i += 2
                continue
            }
            i += 1
        }
        self = escaped ? .escaped : .plain
    }

    /// Whether any of eight bytes is a control character (below 0x20, or 0x7F), a quote or a
    /// backslash: the exact tests of "has a byte less than n" and "has a zero byte" (Bit Twiddling
    /// Hacks), each true only when some byte is one; bytes of 0x80 and above never count.
    @inline(__always)
    private static func needsLook(_ x: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZero(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & highs }
        let control = (x &- ones &* 0x20) & ~x & highs
        return control | hasZero(x ^ (ones &* 0x22)) | hasZero(x ^ (ones &* 0x5C)) | hasZero(x ^ (ones &* 0x7F)) != 0
    }

    /// Whether `b` follows a backslash in an escape read in Swift: `\`, `;`, `,`, `n` or `N`.
    @inline(__always)
    private static func isEscaped(_ b: UInt8) -> Bool {
        b == 0x5C || b == 0x3B || b == 0x2C || b == 0x6E || b == 0x4E
    }

    /// The text of an ``escaped`` value: each escape replaced by the byte it stands for.
    /// - Precondition: `value` is ``escaped`` (every backslash starts an escape).
    /// - Complexity: O(n) in the value's length.
    static func unescaped(_ value: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: value.count) { out in
            var i = 0, n = 0
            while i < value.count {
                var b = value[i]
                if b == 0x5C {
                    i += 1
                    b = value[i]
                    if b == 0x6E || b == 0x4E { b = 0x0A }
                }
                out[n] = b
                n += 1
                i += 1
            }
            return n
        }
    }
}
