/// A JSON value with ordered object keys, written compactly on one line.
indirect enum JSON {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    case array([JSON])
    case object([(String, JSON)])
    /// Already-written JSON text (from a ``JSONBytes`` writer).
    case raw([UInt8])

    /// `.string` or `.null`.
    static func optional(_ value: String?) -> JSON { value.map(JSON.string) ?? .null }

    /// Compact JSON text.
    var text: String {
        var out = JSONBytes()
        write(to: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    func write(to out: inout JSONBytes) {
        switch self {
        case .string(let s): out.string(s)
        case .int(let n): out.int(n)
        case .double(let d): d.isFinite ? out.literal(String(d)) : out.literal("null")
        case .bool(let b): b ? out.literal("true") : out.literal("false")
        case .null: out.literal("null")
        case .raw(let bytes): out.append(bytes)
        case .array(let items):
            out.byte(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.byte(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.byte(UInt8(ascii: "]"))
        case .object(let pairs):
            out.byte(UInt8(ascii: "{"))
            for (i, (key, value)) in pairs.enumerated() {
                if i > 0 { out.byte(UInt8(ascii: ",")) }
                out.string(key)
                out.byte(UInt8(ascii: ":"))
                value.write(to: &out)
            }
            out.byte(UInt8(ascii: "}"))
        }
    }
}

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
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Gives the written bytes to `body`, then forgets them.
    mutating func drain(_ body: (UnsafeRawBufferPointer) -> Void) {
        body(UnsafeRawBufferPointer(start: base, count: count))
        count = 0
    }

    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        var newCapacity = capacity * 2
        while newCapacity < count + extra { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    mutating func byte(_ b: UInt8) {
        reserve(1)
        base[count] = b
        count += 1
    }

    mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let source = buffer.baseAddress, buffer.count > 0 else { return }
        reserve(buffer.count)
        (base + count).update(from: source, count: buffer.count)
        count += buffer.count
    }

    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    mutating func literal(_ s: StaticString) {
        append(UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    mutating func literal(_ s: String) {
        var s = s
        s.withUTF8 { append($0) }
    }

    /// An object key followed by `:`, preceded by `,` unless it is the first (`first`).
    mutating func key(_ name: StaticString, first: Bool = false) {
        reserve(name.utf8CodeUnitCount + 4)
        if !first { byte(UInt8(ascii: ",")) }
        byte(UInt8(ascii: "\""))
        append(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        byte(UInt8(ascii: "\""))
        byte(UInt8(ascii: ":"))
    }

    mutating func int(_ n: Int) {
        if n < 0 { byte(UInt8(ascii: "-")) }
        digits(n.magnitude, width: 1)
    }

    /// "00" … "99", for writing two digits at a time.
    private static let pairs: [UInt8] = {
        var table: [UInt8] = []
        for n in 0..<100 {
            table.append(UInt8(48 + n / 10))
            table.append(UInt8(48 + n % 10))
        }
        return table
    }()

    /// Two digits of `value` (0…99).
    @inline(__always)
    mutating func twoDigits(_ value: Int) {
        reserve(2)
        let i = (value % 100) * 2
        base[count] = JSONBytes.pairs[i]
        base[count + 1] = JSONBytes.pairs[i + 1]
        count += 2
    }

    /// A non-negative number, zero-padded to `width` digits.
    mutating func digits(_ value: UInt, width: Int) {
        var divisor: UInt = 1
        var digitCount = 1
        while digitCount < width || value / divisor >= 10 {
            divisor *= 10
            digitCount += 1
        }
        reserve(digitCount)
        var rest = value
        while divisor > 0 {
            base[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest / divisor)
            count += 1
            rest %= divisor
            divisor /= 10
        }
    }

    /// Whether any of the eight bytes in `word` is below 0x20, `"` or `\\` (bit tricks from
    /// "Bit Twiddling Hacks": a byte below n, a byte equal to n).
    @inline(__always)
    static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let below20 = (word &- ones &* 0x20) & ~word & highs
        let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
        let hasQuote = (quote &- ones) & ~quote & highs
        let hasBackslash = (backslash &- ones) & ~backslash & highs
        return (below20 | hasQuote | hasBackslash) != 0
    }

    mutating func string(_ s: String?) {
        guard var s else {
            literal("null")
            return
        }
        s.withUTF8 { utf8 in
            reserve(utf8.count + 2)
            byte(UInt8(ascii: "\""))
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
                guard b == 0x22 || b == 0x5C || b < 0x20 else { continue }
                let at = i - 1
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
            byte(UInt8(ascii: "\""))
        }
    }
}
