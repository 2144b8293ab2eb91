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
        case .double(let d): d.isFinite ? out.text(String(d)) : out.literal("null")
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
