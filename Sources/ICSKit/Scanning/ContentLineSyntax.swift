/// Byte-level helpers for the parts of a content line: `name *(";" param) ":" value` (RFC 5545 3.1).
enum ContentLineSyntax {
    /// Walks the `NAME=value` parts of a recurrence rule line's value (split at `;`), in order:
    /// `body` gets the range of each part's name in `bytes` and of its value (`nil` when the part
    /// has no `=`), and returns false to stop. False when the line has no value or `body` stopped.
    static func eachRulePart(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>, Range<Int>?) -> Bool) -> Bool {
        guard let colon = valueStart(bytes) else { return false }
        var partStart = colon + 1
        while partStart < bytes.count {
            var partEnd = partStart
            while partEnd < bytes.count, bytes[partEnd] != 0x3B { partEnd += 1 }  // ;
            var equals = partStart
            while equals < partEnd, bytes[equals] != 0x3D { equals += 1 }  // =
            guard body(partStart..<equals, equals < partEnd ? (equals + 1)..<partEnd : nil) else { return false }
            partStart = partEnd + 1
        }
        return true
    }

    /// A rule part's decimal number of 1 to 7 digits; `nil` otherwise (a sign, blanks, empty).
    static func ruleNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 7 else { return nil }
        var n = 0
        for b in bytes {
            guard b >= 0x30, b <= 0x39 else { return nil }
            n = n * 10 + Int(b - 0x30)
        }
        return n
    }

    /// The name: the bytes before the first `;` or `:`, upper-cased (ASCII).
    static func name(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        knownName(bytes).name
    }

    /// ``name(_:)`` and its ``KnownNames/id(_:)`` (0 when it is not a known name), read once.
    static func knownName(_ bytes: UnsafeBufferPointer<UInt8>) -> (name: String, id: UInt8) {
        var end = 0
        while end < bytes.count, bytes[end] != 0x3B, bytes[end] != 0x3A { end += 1 }
        let slice = UnsafeBufferPointer(rebasing: bytes[0..<end])
        let id = KnownNames.id(slice)
        return (id == 0 ? upperUnknown(slice) : KnownNames.names[Int(id) - 1], id)
    }

    /// Whether a name is an iana-token (RFC 5545 3.1: letters, digits and `-`), upper-cased.
    static func isIANAToken(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
    }

    /// The byte upper-cased if it is an ASCII letter, else as it is.
    @inline(__always) static func upper(_ b: UInt8) -> UInt8 { b >= 0x61 && b <= 0x7A ? b - 0x20 : b }

    /// Whether the byte may stand in a name (RFC 5545 3.1: iana-token, x-name): an ASCII letter
    /// in either case, a digit or `-`.
    @inline(__always) static func isNameByte(_ b: UInt8) -> Bool {
        let c = b | 0x20
        return (c >= 0x61 && c <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x2D
    }

    /// Upper-cases ASCII letters and decodes the rest as UTF-8. A name of ``KnownNames`` comes
    /// back as its constant string, with no decoding and no allocation.
    static func upperASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if let known = KnownNames.lookup(bytes) { return known }
        return upperUnknown(bytes)
    }

    /// ``upperASCII(_:)`` for a name that is not among ``KnownNames``.
    private static func upperUnknown(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var needsUpper = false
        for b in bytes where upper(b) != b { needsUpper = true; break }
        if !needsUpper { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: bytes.map(upper), as: UTF8.self)
    }

    /// Whether the bytes spell `upper` (upper-case ASCII) in any case.
    static func equalsIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ upper: [UInt8]) -> Bool {
        guard bytes.count == upper.count else { return false }
        for i in 0..<upper.count {
            if Self.upper(bytes[i]) != upper[i] { return false }
        }
        return true
    }

    /// The index of the `:` that starts the value (the first one outside a quoted parameter value).
    static func valueStart(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var quoted = false
        for i in 0..<bytes.count {
            switch bytes[i] {
            case 0x22: quoted.toggle()
            case 0x3A where !quoted: return i
            default: break
            }
        }
        return nil
    }

    /// How many values a list value holds: commas outside quotes and not escaped, plus one.
    static func valueCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let colon = valueStart(bytes) else { return 1 }
        return listCount(UnsafeBufferPointer(rebasing: bytes[(colon + 1)...]))
    }

    /// How many values a list value (the bytes after the `:`) holds: commas not escaped, plus one.
    static func listCount(_ value: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 1
        var i = 0
        let bytes = value
        while i < bytes.count {
            if bytes[i] == 0x5C { i += 2; continue }
            if bytes[i] == 0x2C { count += 1 }
            i += 1
        }
        return count
    }

    /// The value of a list line cut into runs of at most `maxValues` values, at the commas
    /// ``valueCount(_:)`` counts: the index just past the `:` and the byte range of each run.
    /// A value wrapped in quotes as a whole (which libical does not split) is one run.
    /// - Complexity: O(n) in the line's length.
    static func valueChunks(_ bytes: UnsafeBufferPointer<UInt8>, maxValues: Int) -> (valueStart: Int, runs: [Range<Int>]) {
        precondition(maxValues > 0)
        guard let colon = valueStart(bytes) else { return (bytes.count, [bytes.count..<bytes.count]) }
        let start = colon + 1
        if bytes.count - start >= 2, bytes[start] == 0x22, bytes[bytes.count - 1] == 0x22 { return (start, [start..<bytes.count]) }
        var runs: [Range<Int>] = []
        var runStart = start, values = 1
        var i = start
        while i < bytes.count {
            if bytes[i] == 0x5C { i += 2; continue }
            if bytes[i] == 0x2C {
                if values == maxValues {
                    runs.append(runStart..<i)
                    runStart = i + 1
                    values = 0
                }
                values += 1
            }
            i += 1
        }
        runs.append(runStart..<bytes.count)
        return (start, runs)
    }

    /// Splits a content line into name, parameters and raw value (no unescaping), for lines
    /// that libical does not see or could not read. `nil` when there is no `:`.
    static func split(_ text: String) -> (name: String, parameters: [Parameter], value: String)? {
        var utf8 = Array(text.utf8)
        return utf8.withUnsafeMutableBufferPointer { split(UnsafeBufferPointer($0)) }
    }

    /// The most parameters kept of a content line too long for libical, which is kept as
    /// written (``ScanLimits/maxParsedLineBytes``): such a line of five million empty parameters
    /// (`ATTENDEE;;;;…`) would otherwise be five million ``Parameter`` values. Real lines carry a
    /// handful; the converter says when a line had more.
    static let maxKeptParameters = 1_000

    /// Splits the bytes of a content line into name, parameters (the first `maxParameters`) and raw value.
    static func split(_ bytes: UnsafeBufferPointer<UInt8>,
                      maxParameters: Int = .max) -> (name: String, parameters: [Parameter], value: String)? {
        guard let colon = valueStart(bytes) else { return nil }
        let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[(colon + 1)...]), as: UTF8.self)
        let name = upperASCII(UnsafeBufferPointer(rebasing: bytes[..<nameEnd(bytes, colon: colon)]))
        return (name, parameters(bytes, colon: colon, limit: maxParameters), value)
    }

    /// How many parameters ``parameters(_:colon:limit:)`` finds with no limit: the `;`s outside
    /// quotes before `colon` (``valueStart(_:)``), counted without making any.
    static func parameterCount(_ bytes: UnsafeBufferPointer<UInt8>, colon: Int) -> Int {
        var count = 0
        var quoted = false
        for index in 0..<colon {
            if bytes[index] == 0x22 { quoted.toggle() }
            if bytes[index] == 0x3B && !quoted { count += 1 }
        }
        return count
    }

    /// The end of the name: the first `;` outside quotes before `colon` (``valueStart(_:)``), or `colon`.
    private static func nameEnd(_ bytes: UnsafeBufferPointer<UInt8>, colon: Int) -> Int {
        var quoted = false
        for index in 0..<colon {
            if bytes[index] == 0x22 { quoted.toggle() }
            if bytes[index] == 0x3B && !quoted { return index }
        }
        return colon
    }

    /// The parameters of a content line whose value starts after `colon` (``valueStart(_:)``), as
    /// ``split(_:maxParameters:)`` reads them, without making the name or the value: the first
    /// `limit` of them.
    static func parameters(_ bytes: UnsafeBufferPointer<UInt8>, colon: Int, limit: Int = .max) -> [Parameter] {
        // The parts between `;`s outside quotes; the first is the name, skipped.
        var parameters: [Parameter] = []
        var quoted = false
        var start = -1
        for index in 0...colon {
            let b = index < colon ? bytes[index] : 0x3B
            if b == 0x22 { quoted.toggle() }
            guard b == 0x3B && (!quoted || index == colon) else { continue }
            if start >= 0 {
                if parameters.count == limit { break }
                if parameters.isEmpty { parameters.reserveCapacity(4) }
                parameters.append(parameter(UnsafeBufferPointer(rebasing: bytes[start..<index])))
            }
            start = index + 1
        }
        return parameters
    }

    /// One `NAME=value` part (``parameters(_:colon:)``): the name upper-cased, quotes around the
    /// whole value dropped and its RFC 6868 escapes decoded (``CaretDecoding``); a value that is a
    /// list of quoted values (`"mailto:a@x","mailto:b@x"`) is kept as written; a part without `=`
    /// has an empty value.
    private static func parameter(_ slice: UnsafeBufferPointer<UInt8>) -> Parameter {
        guard let eq = slice.firstIndex(of: 0x3D) else { return Parameter(name: upperASCII(slice), value: "") }
        var valueRange = (eq + 1)..<slice.count
        if valueRange.count >= 2, slice[valueRange.lowerBound] == 0x22, slice[valueRange.upperBound - 1] == 0x22,
           !slice[(valueRange.lowerBound + 1)..<(valueRange.upperBound - 1)].contains(0x22) {
            valueRange = (valueRange.lowerBound + 1)..<(valueRange.upperBound - 1)
        }
        let value = UnsafeBufferPointer(rebasing: slice[valueRange])
        return Parameter(name: upperASCII(UnsafeBufferPointer(rebasing: slice[0..<eq])),
                         value: value.contains(0x22) ? String(decoding: value, as: UTF8.self) : CaretDecoding.decoded(value))
    }
}
