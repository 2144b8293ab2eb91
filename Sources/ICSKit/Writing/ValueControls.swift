/// The control characters that no value of a written content line holds, and their removal:
/// the one rule `export` (``ICSWriter``) and `validate --fix` (``CalendarRepair``) share.
///
/// Removed: RFC 5545 3.1's CONTROL (every C0 control but HTAB, U+0000–U+0008 and
/// U+000A–U+001F, and DEL, U+007F) and the C1 controls (U+0080–U+009F). RFC 5545's grammar lets
/// C1 through (its NON-US-ASCII is any UTF-8 character), but they are controls and not text
/// (Unicode's general category Cc: ISO 6429's 8-bit forms, U+009B is CSI, U+009D OSC): no
/// calendar value means one, and a terminal that honours 8-bit controls acts on them, so that a
/// calendar written to a terminal (`export`, `validate --fix` to standard output) could clear it.
///
/// A line break in a TEXT value is escaped as `\n` before it comes here
/// (``ContentLineWriter/escapedText(_:)``) and one in a parameter value as `^n` (RFC 6868); what
/// is left of them is removed too, since a raw line break would end the content line.
enum ValueControls {
    /// Whether a one-byte character is a control removed: C0 but HTAB, and DEL.
    @inline(__always)
    static func isControl(byte b: UInt8) -> Bool {
        (b < 0x20 && b != 0x09) || b == 0x7F
    }

    /// Whether the second byte of a two-byte UTF-8 character led by 0xC2 makes it a C1 control
    /// (U+0080–U+009F is `C2 80`–`C2 9F`).
    @inline(__always)
    static func isC1(secondByte b: UInt8) -> Bool {
        b >= 0x80 && b <= 0x9F
    }

    /// Whether a scalar is a control removed (the same characters, read as scalars).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x80 ? isControl(byte: UInt8(v)) : v <= 0x9F
    }

    /// Appends `value`'s UTF-8 to `line` without its controls.
    /// - Parameter keepingLineFeeds: keep LF (a parameter value writes it as `^n` afterwards).
    /// - Returns: how many controls were removed.
    /// - Complexity: O(n) in the value's UTF-8.
    @discardableResult
    static func append(_ value: some StringProtocol, to line: inout [UInt8], keepingLineFeeds: Bool = false) -> Int {
        var removed = 0
        var lead = false  // the previous byte was 0xC2, not yet written
        for b in value.utf8 {
            if lead {
                lead = false
                if isC1(secondByte: b) {
                    removed += 1
                    continue
                }
                line.append(0xC2)
            }
            if b == 0xC2 {
                lead = true
            } else if isControl(byte: b) && !(keepingLineFeeds && b == 0x0A) {
                removed += 1
            } else {
                line.append(b)
            }
        }
        // A String's UTF-8 never ends with a lead byte; written as read if this one did.
        if lead { line.append(0xC2) }
        return removed
    }

    /// The controls in `bytes` (a content line as read: UTF-8, or Windows-1252 where it is not
    /// valid UTF-8, as the importer decodes it): the distinct ones in the order they first come,
    /// and how many there are in all.
    /// - Parameter utf8: whether the line is read as UTF-8 (else Windows-1252, whose 0x80–0x9F
    ///   are printable characters or U+FFFD, never C1 controls).
    /// - Complexity: O(n).
    static func controls(in bytes: UnsafeBufferPointer<UInt8>, utf8: Bool) -> (distinct: [Unicode.Scalar], count: Int) {
        var distinct: [Unicode.Scalar] = []
        var seen = Set<UInt8>()
        var count = 0
        func found(_ value: UInt8) {
            count += 1
            if seen.insert(value).inserted { distinct.append(Unicode.Scalar(value)) }
        }
        var index = 0
        while index < bytes.count {
            let b = bytes[index]
            if isControl(byte: b) {
                found(b)
            } else if utf8, b == 0xC2, index + 1 < bytes.count, isC1(secondByte: bytes[index + 1]) {
                found(bytes[index + 1])
                index += 1
            }
            index += 1
        }
        return (distinct, count)
    }

    /// Whether `bytes` may hold a C1 control: whether it holds 0xC2 (the lead byte of U+0080–U+00BF),
    /// eight bytes at a time, so that the validator passes over a line without one quickly.
    /// - Complexity: O(n).
    static func mayHoldC1(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var i = 0
        while i + 8 <= bytes.count {
            // A zero byte in `word ^ 0xC2…` is a byte equal to 0xC2.
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) ^ (0xC2 &* ones)
            if (word &- ones) & ~word & highs != 0 { return true }
            i += 8
        }
        while i < bytes.count {
            if bytes[i] == 0xC2 { return true }
            i += 1
        }
        return false
    }

    /// Whether `bytes` may hold a control: a byte below 0x20 but HTAB, LF and CR (line ends), DEL,
    /// or 0xC2 followed by 0x80–0x9F. A quick look before content lines are read for them.
    /// - Complexity: O(n).
    static func mayHoldControl(_ bytes: [UInt8]) -> Bool {
        var previous: UInt8 = 0
        for b in bytes {
            if (b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D) || b == 0x7F || (previous == 0xC2 && isC1(secondByte: b)) { return true }
            previous = b
        }
        return false
    }
}
