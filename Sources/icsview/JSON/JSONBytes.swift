/// JSON text written as UTF-8 bytes into a growable raw buffer, for output that is large
/// (one agenda line per occurrence): no intermediate strings, bulk copies, no per-byte checks.
///
/// Noncopyable: it owns its buffer, freed once in `deinit`, and is only ever passed `inout`
/// (so that no access needs a dynamic exclusivity check).
struct JSONBytes: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 256) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written so far.
    var bytes: [UInt8] { Array(written) }

    /// The bytes written so far, valid until the next write.
    var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Gives the written bytes to `body`, then forgets them.
    mutating func drain(_ body: (UnsafeRawBufferPointer) -> Void) {
        body(UnsafeRawBufferPointer(start: base, count: count))
        count = 0
    }

    /// Forgets what was written, keeping the buffer.
    mutating func removeAll() { count = 0 }

    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        grow(extra)
    }

    private mutating func grow(_ extra: Int) {
        var newCapacity = capacity * 2
        while newCapacity < count + extra { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Lets `body` write at most `maxCount` bytes at the end; `body` returns how many it wrote.
    @inline(__always)
    mutating func write(maxCount: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        reserve(maxCount)
        let written = body(base + count)
        precondition(written >= 0 && written <= maxCount, "JSONBytes.write: \(written) bytes written, \(maxCount) reserved")
        count += written
    }

    @inline(__always)
    mutating func byte(_ b: UInt8) {
        reserve(1)
        base[count] = b
        count += 1
    }

    @inline(__always)
    mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let source = buffer.baseAddress, buffer.count > 0 else { return }
        reserve(buffer.count)
        (base + count).update(from: source, count: buffer.count)
        count += buffer.count
    }

    /// Appends a copy of bytes already written (`range` of ``written``).
    mutating func appendCopy(of range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "JSONBytes.appendCopy: \(range) outside 0..<\(count)")
        reserve(range.count)
        (base + count).update(from: base + range.lowerBound, count: range.count)
        count += range.count
    }

    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Bytes written as they are (JSON punctuation, keys with their quotes: `,"summary":`).
    ///
    /// Only a `StaticString`: with a `String` overload beside it, a string literal argument picks
    /// the `String` one (the default literal type), which cost about 90 instructions a call
    /// (a `String` made and its UTF-8 borrowed) against a bounds check and a copy.
    @inline(__always)
    mutating func literal(_ s: StaticString) {
        append(UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    /// Text made at run time written as it is, unescaped (a number's digits).
    mutating func text(_ s: String) {
        var s = s
        s.withUTF8 { append($0) }
    }

    /// An object key followed by `:`, preceded by `,` unless it is the first (`first`).
    mutating func key(_ name: StaticString, first: Bool = false) {
        let n = name.utf8CodeUnitCount
        write(maxCount: n + 4) { p in
            var i = 0
            if !first { p[0] = UInt8(ascii: ","); i = 1 }
            p[i] = UInt8(ascii: "\"")
            (p + i + 1).update(from: name.utf8Start, count: n)
            p[i + 1 + n] = UInt8(ascii: "\"")
            p[i + 2 + n] = UInt8(ascii: ":")
            return i + 3 + n
        }
    }

    mutating func int(_ n: Int) {
        // Ten digits (1,000,000,000 ... 9,999,999,999: the seconds since 1970 of 2001-09-09 to
        // 2286-11-20, every epoch of an agenda line) as five pairs, with no count of the digits.
        if n >= 1_000_000_000 && n < 10_000_000_000 {
            reserve(10)
            let p = base + count
            var v = UInt(bitPattern: n)
            // From the right, each pair the remainder of a division by 100 (0…99: no second `% 100`).
            var i = 8
            while i > 0 {
                let q = v / 100
                JSONBytes.pair(v &- q &* 100, at: p + i)
                v = q
                i -= 2
            }
            JSONBytes.pair(v, at: p)
            count += 10
            return
        }
        write(maxCount: 21) { p in
            if n < 0 {
                p[0] = UInt8(ascii: "-")
                return 1 + JSONBytes.digits(n.magnitude, width: 1, at: p + 1)
            }
            return JSONBytes.digits(n.magnitude, width: 1, at: p)
        }
    }

    /// Two digits of `value` (0…99).
    @inline(__always)
    mutating func twoDigits(_ value: Int) {
        write(maxCount: 2) { p in
            JSONBytes.twoDigits(value, at: p)
            return 2
        }
    }

    /// A non-negative number, zero-padded to `width` digits (at most 20 of them).
    mutating func digits(_ value: UInt, width: Int) {
        write(maxCount: max(width, 20)) { JSONBytes.digits(value, width: width, at: $0) }
    }

    /// "00" … "99" one after the other: two digits by one lookup (a literal, so no lazy global).
    private static let digitPairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// The two digits of `value` (0…99) at `p`.
    @inline(__always)
    static func pair(_ value: UInt, at p: UnsafeMutablePointer<UInt8>) {
        let table = digitPairs.utf8Start
        let pair = Int(truncatingIfNeeded: value) &* 2
        p[0] = table[pair]
        p[1] = table[pair &+ 1]
    }

    /// Two digits of `value % 100` (`value` ≥ 0) at `p`.
    @inline(__always)
    static func twoDigits(_ value: Int, at p: UnsafeMutablePointer<UInt8>) {
        let pair = Int(truncatingIfNeeded: UInt(truncatingIfNeeded: value) % 100) &* 2
        let table = digitPairs.utf8Start
        p[0] = table[pair]
        p[1] = table[pair &+ 1]
    }

    /// `value` in decimal, zero-padded to `width` digits, at `p`; returns how many bytes.
    static func digits(_ value: UInt, width: Int, at p: UnsafeMutablePointer<UInt8>) -> Int {
        var digitCount = 1
        var limit: UInt = 10
        while value >= limit {
            digitCount += 1
            if digitCount == 20 { break }  // 10^20 does not fit in 64 bits
            limit &*= 10
        }
        let n = max(digitCount, width)
        // Two digits at a time from the right, then zeros up to the width.
        var v = value
        var i = n
        while v >= 100 {
            let q = v / 100
            i -= 2
            twoDigits(Int(truncatingIfNeeded: v &- q &* 100), at: p + i)
            v = q
        }
        if v >= 10 {
            i -= 2
            twoDigits(Int(truncatingIfNeeded: v), at: p + i)
        } else {
            i -= 1
            p[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v)
        }
        while i > 0 {
            i -= 1
            p[i] = UInt8(ascii: "0")
        }
        return n
    }

    /// Whether any of the eight bytes in `word` is below 0x20, `"` or `\\`, or the lead byte of a
    /// terminal control escaped as well (0xC2, 0xE2, 0xD8: ``terminalControl(_:at:)``) (bit tricks
    /// from "Bit Twiddling Hacks": a byte below n, a byte equal to n; exact as a yes/no answer).
    /// Eight bytes of ASCII pay one test more than the JSON escapes alone: their high bits.
    @inline(__always)
    static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let below20 = (word &- ones &* 0x20) & ~word & highs
        let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
        let hasQuote = (quote &- ones) & ~quote & highs
        let hasBackslash = (backslash &- ones) & ~backslash & highs
        if (below20 | hasQuote | hasBackslash) != 0 { return true }
        guard word & highs != 0 else { return false }
        let c2 = word ^ (ones &* 0xC2), e2 = word ^ (ones &* 0xE2), d8 = word ^ (ones &* 0xD8)
        return (((c2 &- ones) & ~c2) | ((e2 &- ones) & ~e2) | ((d8 &- ones) & ~d8)) & highs != 0
    }

    /// Whether a byte is one that ``mayNeedEscape(_:)`` looks for.
    @inline(__always)
    static func mayNeedEscape(byte b: UInt8) -> Bool {
        b == 0x22 || b == 0x5C || b < 0x20 || b == 0xC2 || b == 0xE2 || b == 0xD8
    }

    /// The position of the first byte that JSON must escape (`"`, `\\`, below 0x20) or that may
    /// start a terminal control (``mayNeedEscape(_:)``), else `n`.
    @inline(__always)
    static func firstEscape(_ p: UnsafePointer<UInt8>, count n: Int) -> Int {
        var i = 0
        while i + 8 <= n, !mayNeedEscape(UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)) { i += 8 }
        while i < n {
            if mayNeedEscape(byte: p[i]) { return i }
            i += 1
        }
        return n
    }

    /// A JSON string, or `null`.
    mutating func string(_ s: String?) {
        guard var s else {
            literal("null")
            return
        }
        s.withUTF8 { string(utf8: $0) }
    }

    /// The UTF-8 bytes as a JSON string: in one copy when nothing needs escaping.
    mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
        let n = utf8.count
        guard let source = utf8.baseAddress, n > 0 else {
            literal("\"\"")
            return
        }
        let clean = JSONBytes.firstEscape(source, count: n)
        reserve(n + 2)
        base[count] = UInt8(ascii: "\"")
        (base + count + 1).update(from: source, count: clean)
        count += 1 + clean
        if clean < n { escaping(UnsafeBufferPointer(rebasing: utf8[clean...])) }
        byte(UInt8(ascii: "\""))
    }

    /// The rest of a string from its first byte that needs escaping.
    private mutating func escaping(_ utf8: UnsafeBufferPointer<UInt8>) {
        var start = 0
        var i = 0
        let n = utf8.count
        while i < n {
            // Eight bytes at a time while none is `"`, `\\` or a control character.
            if i + 8 <= n, !JSONBytes.mayNeedEscape(UnsafeRawPointer(utf8.baseAddress! + i).loadUnaligned(as: UInt64.self)) {
                i += 8
                continue
            }
            let b = utf8[i]
            i += 1
            guard JSONBytes.mayNeedEscape(byte: b) else { continue }
            let at = i - 1
            if b >= 0x80 {
                // A C1 control or a bidi control: `\u009b`, `\u202e`; other text as it is.
                guard let (scalar, length) = JSONBytes.terminalControl(utf8, at: at) else { continue }
                append(UnsafeBufferPointer(rebasing: utf8[start..<at]))
                literal("\\u")
                let hex: StaticString = "0123456789abcdef"
                for shift in [12, 8, 4, 0] { byte(hex.utf8Start[Int((scalar >> UInt32(shift)) & 0xF)]) }
                i = at + length
                start = i
                continue
            }
            append(UnsafeBufferPointer(rebasing: utf8[start..<at]))
            switch b {
            case 0x22: literal("\\\"")
            case 0x5C: literal("\\\\")
            case 0x0A: literal("\\n")
            case 0x0D: literal("\\r")
            case 0x09: literal("\\t")
            default:
                literal("\\u00")
                let hex: StaticString = "0123456789abcdef"
                byte(hex.utf8Start[Int(b >> 4)])
                byte(hex.utf8Start[Int(b & 0xF)])
            }
            start = at + 1
        }
        append(UnsafeBufferPointer(rebasing: utf8[start...]))
    }
}
