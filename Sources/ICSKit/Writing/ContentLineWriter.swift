/// Writes content lines as RFC 5545 3.1 says: `NAME;PARAM=value:value`, CRLF after each,
/// folded so that no line is longer than 75 octets (a fold is CRLF and one space, and it never
/// falls inside a UTF-8 character), parameter values quoted when they hold `:`, `;` or `,`.
///
/// Values are written as given: callers escape TEXT values first (``escapedText(_:)``), and
/// values kept as written (``Property/value``) go out unchanged but for their control characters.
/// Names, which a caller may set too, are written without the bytes that would end them or the
/// line (controls, `;`, `:`, `=`, `,`, `"`): a name can never end the line, start a parameter or
/// a value, or open a quote. (A name read from a file holds none of those; one that breaks RFC
/// 5545 3.1 otherwise, `X_ROOM` or `X-TEAM BOARD`, is written as it was read.)
struct ContentLineWriter {
    /// The text written so far.
    private(set) var bytes: [UInt8] = []
    /// The line being built, before it is folded into ``bytes``.
    private var line: [UInt8] = []

    /// The longest line, in octets, without its CRLF (RFC 5545 3.1: "SHOULD NOT be longer than 75 octets").
    static let lineLimit = 75

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
        line.reserveCapacity(256)
    }

    /// `BEGIN:<name>`, the name written as names are (``appendName(_:to:)``).
    mutating func begin(_ name: String) { write("BEGIN", value: Self.nameBytes(name)) }

    /// `END:<name>`, the name written as names are (``appendName(_:to:)``).
    mutating func end(_ name: String) { write("END", value: Self.nameBytes(name)) }

    /// The name as ``appendName(_:to:)`` writes it.
    static func nameBytes(_ name: String) -> String {
        if name.utf8.allSatisfy(isKeptInName) { return name }
        var bytes: [UInt8] = []
        _ = appendName(name, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// One content line: its name, parameters in order, and its value as it is to be written.
    /// A property whose name has no byte a name keeps (``isKeptInName(_:)``) is not written; nor
    /// is such a parameter.
    mutating func write(_ name: String, parameters: [Parameter] = [], value: String) {
        line.removeAll(keepingCapacity: true)
        guard Self.appendName(name, to: &line) else { return }
        for parameter in parameters {
            let mark = line.count
            line.append(0x3B) // ;
            guard Self.appendName(parameter.name, to: &line) else {
                line.removeSubrange(mark...)
                continue
            }
            line.append(0x3D) // =
            Self.appendParameterValue(parameter.value, to: &line)
        }
        line.append(0x3A) // :
        Self.appendValue(value, to: &line)
        fold()
    }

    /// A TEXT property (RFC 5545 3.3.11), its value escaped.
    mutating func writeText(_ name: String, parameters: [Parameter] = [], _ text: String) {
        write(name, parameters: parameters, value: Self.escapedText(text))
    }

    /// Appends ``line`` to ``bytes`` in lines of at most ``lineLimit`` octets, each ended by CRLF;
    /// a continuation starts with a space (which counts), and a cut is moved back before any
    /// UTF-8 continuation byte (`10xxxxxx`), so that a character is never split.
    private mutating func fold() {
        var start = 0
        var room = Self.lineLimit
        while line.count - start > room {
            var cut = start + room
            while cut > start + 1 && line[cut] & 0xC0 == 0x80 { cut -= 1 }
            bytes.append(contentsOf: line[start..<cut])
            bytes.append(contentsOf: [0x0D, 0x0A, 0x20])
            start = cut
            room = Self.lineLimit - 1
        }
        bytes.append(contentsOf: line[start...])
        bytes.append(contentsOf: [0x0D, 0x0A])
    }

    /// Appends the name without the bytes that would end it or the line (``isKeptInName(_:)``);
    /// whether a byte was appended.
    static func appendName(_ name: String, to line: inout [UInt8]) -> Bool {
        let start = line.count
        for byte in name.utf8 where isKeptInName(byte) { line.append(byte) }
        return line.count > start
    }

    /// Whether a byte of a name is written: not a control (C0, DEL), nor `;`, `:`, `=`, `,` or `"`.
    @inline(__always) static func isKeptInName(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x00...0x1F, 0x7F, 0x3B, 0x3A, 0x3D, 0x2C, 0x22: return false
        default: return true
        }
    }

    /// Whether a parameter value is a list of quoted strings as RFC 5545 3.2 writes one
    /// (`"mailto:a@x","mailto:b@x"`): each quoted, no double quote or control inside, separated by
    /// commas. Only such a value goes out as given.
    static func isQuotedList(_ utf8: String.UTF8View) -> Bool {
        var inside = false, afterClose = false, sawQuote = false
        for byte in utf8 {
            if inside {
                if byte == 0x22 { inside = false; afterClose = true } else if byte < 0x20 && byte != 0x09 || byte == 0x7F { return false }
            } else if byte == 0x22 && !afterClose {
                inside = true
                sawQuote = true
            } else if byte == 0x2C && afterClose {
                afterClose = false
            } else {
                return false
            }
        }
        return sawQuote && !inside && afterClose
    }

    /// A value with its line breaks and other control characters removed (``ValueControls``:
    /// RFC 5545 3.1's CONTROL, every C0 but HTAB and DEL, and the C1 controls): a value set by a
    /// caller, or read from a file that held one, might hold one, and a bare line break would end
    /// the line.
    private static func appendValue(_ value: String, to line: inout [UInt8]) {
        ValueControls.append(value, to: &line)
    }

    /// A parameter value: as given when it is already quoted (a list of quoted values such as
    /// `"mailto:a@x","mailto:b@x"`, kept as written: ``isQuotedList(_:)``); else quoted when it holds `:`, `;` or `,`
    /// (RFC 5545 3.2), with RFC 6868's `^'` for a double quote, `^n` for a line break and `^^`
    /// for a caret (the import decodes them: ``CaretDecoding``).
    static func appendParameterValue(_ value: String, to line: inout [UInt8]) {
        let utf8 = value.utf8
        if isQuotedList(utf8) {
            appendValue(value, to: &line)
            return
        }
        let needsQuotes = utf8.contains { $0 == 0x3A || $0 == 0x3B || $0 == 0x2C }
        // A caret is doubled whenever one is there: `^n` set as text must not read back as a line break.
        let needsCaret = utf8.contains { $0 == 0x22 || $0 == 0x0A || $0 == 0x0D || $0 == 0x5E }
        if needsQuotes { line.append(0x22) }
        // The controls out first (a line feed kept for its `^n`), then the carets.
        var kept: [UInt8] = []
        kept.reserveCapacity(utf8.count)
        ValueControls.append(value, to: &kept, keepingLineFeeds: needsCaret)
        for byte in kept {
            switch byte {
            case 0x22 where needsCaret: line.append(contentsOf: [0x5E, 0x27])       // ^'
            case 0x0A: line.append(contentsOf: [0x5E, 0x6E])                        // ^n
            case 0x5E where needsCaret: line.append(contentsOf: [0x5E, 0x5E])       // ^^
            default: line.append(byte)
            }
        }
        if needsQuotes { line.append(0x22) }
    }

    /// A TEXT value escaped (RFC 5545 3.3.11): `\` → `\\`, `;` → `\;`, `,` → `\,`, a line break
    /// (CRLF, LF or CR) → `\n`.
    static func escapedText(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x5C || $0 == 0x3B || $0 == 0x2C || $0 == 0x0A || $0 == 0x0D }) else {
            return text
        }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 8)
        var previousCR = false
        for byte in text.utf8 {
            switch byte {
            case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
            case 0x3B: out.append(contentsOf: [0x5C, 0x3B])
            case 0x2C: out.append(contentsOf: [0x5C, 0x2C])
            case 0x0D: out.append(contentsOf: [0x5C, 0x6E])
            case 0x0A where previousCR: break
            case 0x0A: out.append(contentsOf: [0x5C, 0x6E])
            default: out.append(byte)
            }
            previousCR = byte == 0x0D
        }
        return String(decoding: out, as: UTF8.self)
    }
}
