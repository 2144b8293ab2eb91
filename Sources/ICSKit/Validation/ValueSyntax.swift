/// Checks of value syntax on the bytes of a raw value (RFC 5545 3.3), without allocating.
///
/// Each function takes exactly one value (lists are split by the caller) and says
/// whether it is well-formed.
enum ValueSyntax {
    typealias Bytes = UnsafeBufferPointer<UInt8>

    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// The number written by `count` digits at `start`, or nil.
    @inline(__always) static func number(_ b: Bytes, _ start: Int, _ count: Int) -> Int? {
        guard start + count <= b.count else { return nil }
        var n = 0
        for i in start..<(start + count) {
            guard isDigit(b[i]) else { return nil }
            n = n * 10 + Int(b[i] - 0x30)
        }
        return n
    }

    /// Whether any byte is below U+0020 or is DEL: true also for a TAB, which the caller
    /// allows, so that a line without control characters is passed over eight bytes at a time.
    static func mayHaveControlCharacter(_ b: Bytes) -> Bool {
        guard let base = b.baseAddress else { return false }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var i = 0
        while i + 8 <= b.count {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            // A byte below 0x20 (its high bit clear, so not UTF-8), or one equal to 0x7F.
            let below = (word &- 0x20 &* ones) & ~word & highs
            let del = word ^ (0x7F &* ones)
            if below | ((del &- ones) & ~del & highs) != 0 { return true }
            i += 8
        }
        while i < b.count {
            if b[i] < 0x20 || b[i] == 0x7F { return true }
            i += 1
        }
        return false
    }

    /// `YYYYMMDD`, a real day (3.3.4).
    static func isDate(_ b: Bytes) -> Bool {
        guard b.count == 8, let y = number(b, 0, 4), let m = number(b, 4, 2), let d = number(b, 6, 2) else { return false }
        return CivilDate(year: y, month: m, day: d).isValid
    }

    /// `YYYYMMDDTHHMMSS[Z]` (3.3.5): nil when malformed, else whether it is UTC (ends with `Z`).
    static func dateTime(_ b: Bytes) -> Bool? {
        guard b.count == 15 || b.count == 16, b[8] == 0x54 || b[8] == 0x74 else { return nil }
        guard isDate(Bytes(rebasing: b[0..<8])), let h = number(b, 9, 2), let mi = number(b, 11, 2), let s = number(b, 13, 2),
              h <= 23, mi <= 59, s <= 60 else { return nil }
        if b.count == 16 {
            guard b[15] == 0x5A || b[15] == 0x7A else { return nil }
            return true
        }
        return false
    }

    /// `[+|-]P…` (3.3.6): nil when malformed, else whether it is negative and whether it is zero.
    static func duration(_ b: Bytes) -> (isNegative: Bool, isZero: Bool)? {
        var i = 0
        var negative = false
        if i < b.count, b[i] == 0x2B || b[i] == 0x2D { negative = b[i] == 0x2D; i += 1 }
        guard i < b.count, b[i] == 0x50 else { return nil }
        i += 1
        var total = 0
        /// Reads digits then the designator; returns the designator.
        func part() -> UInt8? {
            var n = 0, digits = 0
            while i < b.count, isDigit(b[i]) { n = n &* 10 &+ Int(b[i] - 0x30); i += 1; digits += 1 }
            guard digits > 0, digits <= 9, i < b.count else { return nil }
            total += n
            i += 1
            return b[i - 1]
        }
        guard i < b.count else { return nil }
        if b[i] != 0x54 {
            guard let unit = part() else { return nil }
            if unit == 0x57 { return i == b.count ? (negative, total == 0) : nil }
            guard unit == 0x44 else { return nil }
            if i == b.count { return (negative, total == 0) }
        }
        guard i < b.count, b[i] == 0x54 else { return nil }
        i += 1
        // dur-time: hours, minutes, seconds, each at most once and in that order.
        var order = 0
        var any = false
        while i < b.count {
            guard let unit = part() else { return nil }
            let rank: Int
            switch unit {
            case 0x48: rank = 1
            case 0x4D: rank = 2
            case 0x53: rank = 3
            default: return nil
            }
            guard rank > order else { return nil }
            order = rank
            any = true
        }
        return any ? (negative, total == 0) : nil
    }

    /// `start/end` or `start/duration` (3.3.9), the start a DATE-TIME, the duration positive.
    static func isPeriod(_ b: Bytes) -> Bool {
        guard let slash = b.firstIndex(of: 0x2F), let start = dateTime(Bytes(rebasing: b[0..<slash])) else { return false }
        let rest = Bytes(rebasing: b[(slash + 1)...])
        if let end = dateTime(rest) { return end == start }
        if let d = duration(rest) { return !d.isNegative && !d.isZero }
        return false
    }

    /// `(+|-)HHMM[SS]` (3.3.14), not `-0000`.
    static func isUTCOffset(_ b: Bytes) -> Bool {
        guard b.count == 5 || b.count == 7, b[0] == 0x2B || b[0] == 0x2D,
              let h = number(b, 1, 2), let m = number(b, 3, 2), h <= 23, m <= 59 else { return false }
        var s = 0
        if b.count == 7 {
            guard let seconds = number(b, 5, 2), seconds <= 59 else { return false }
            s = seconds
        }
        return !(b[0] == 0x2D && h == 0 && m == 0 && s == 0)
    }

    /// `[+|-]digits` (3.3.8), within a 32-bit signed integer.
    static func integer(_ b: Bytes) -> Int? {
        var i = 0
        var sign = 1
        if i < b.count, b[i] == 0x2B || b[i] == 0x2D { sign = b[i] == 0x2D ? -1 : 1; i += 1 }
        guard i < b.count, b.count - i <= 10 else { return nil }
        var n = 0
        while i < b.count {
            guard isDigit(b[i]) else { return nil }
            n = n * 10 + Int(b[i] - 0x30)
            i += 1
        }
        n *= sign
        return n >= Int(Int32.min) && n <= Int(Int32.max) ? n : nil
    }

    /// A URI (RFC 3986, loosely): a scheme, `:`, and something after it with no space,
    /// control character, `"`, `<` or `>`.
    static func isURI(_ b: Bytes) -> Bool {
        guard let colon = b.firstIndex(of: 0x3A), colon > 0, colon + 1 < b.count else { return false }
        for i in 0..<colon {
            let c = b[i] | 0x20
            let letter = c >= 0x61 && c <= 0x7A
            guard letter || (i > 0 && (isDigit(b[i]) || b[i] == 0x2B || b[i] == 0x2D || b[i] == 0x2E)) else { return false }
        }
        for i in (colon + 1)..<b.count {
            let c = b[i]
            if c <= 0x20 || c == 0x7F || c == 0x22 || c == 0x3C || c == 0x3E { return false }
        }
        return true
    }

    /// A CAL-ADDRESS (3.3.3): a URI; a `mailto:` one with an `@` in the address.
    static func isCalendarAddress(_ b: Bytes) -> Bool {
        guard isURI(b) else { return false }
        if b.count >= 7, (b[0] | 0x20) == 0x6D, (b[1] | 0x20) == 0x61, (b[2] | 0x20) == 0x69, (b[3] | 0x20) == 0x6C,
           (b[4] | 0x20) == 0x74, (b[5] | 0x20) == 0x6F, b[6] == 0x3A {
            return b[7...].contains(0x40)
        }
        return true
    }
}
