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
        case .double(let d): out.literal(d.isFinite ? String(d) : "null")
        case .bool(let b): out.literal(b ? "true" : "false")
        case .null: out.literal("null")
        case .raw(let bytes): out.bytes.append(contentsOf: bytes)
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

/// JSON text written as UTF-8 bytes, for output that is large (one agenda line per
/// occurrence): no intermediate strings, escapes applied to runs of bytes.
struct JSONBytes {
    var bytes: [UInt8] = []

    mutating func byte(_ b: UInt8) { bytes.append(b) }

    mutating func literal(_ s: String) { bytes.append(contentsOf: s.utf8) }

    /// An object key followed by `:`, preceded by `,` unless it is the first (`first`).
    mutating func key(_ name: StaticString, first: Bool = false) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    mutating func int(_ n: Int) {
        if n < 0 { bytes.append(UInt8(ascii: "-")) }
        digits(n.magnitude, width: 1)
    }

    /// A non-negative number, zero-padded to `width` digits.
    mutating func digits(_ value: UInt, width: Int) {
        var divisor: UInt = 1
        var count = 1
        while count < width || value / divisor >= 10 {
            divisor *= 10
            count += 1
        }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    mutating func string(_ s: String?) {
        guard var s else {
            literal("null")
            return
        }
        bytes.append(UInt8(ascii: "\""))
        s.withUTF8 { utf8 in
            var start = 0
            for i in 0..<utf8.count {
                let b = utf8[i]
                guard b == 0x22 || b == 0x5C || b < 0x20 else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<i]))
                switch b {
                case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
                case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
                case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
                case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
                default:
                    bytes.append(contentsOf: Array("\\u00".utf8))
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(hex[Int(b >> 4)])
                    bytes.append(hex[Int(b & 0xF)])
                }
                start = i + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
