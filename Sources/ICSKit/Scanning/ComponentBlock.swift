/// One top-level component's content lines, unfolded, ready for libical: the unit that
/// is parsed on its own (in parallel with the others) and then freed.
struct ComponentBlock: Sendable {
    /// What one content line of the block is.
    struct Line: Sendable {
        enum Kind: UInt8, Sendable { case begin, end, property }
        /// Physical line number (1-based) where the content line starts.
        var number: Int32
        /// Byte offset of the content line in ``ComponentBlock/text``.
        var offset: Int32
        /// Its length in bytes.
        var length: Int32
        var kind: Kind
        /// How many values libical splits the property into (EXDATE, RDATE, CATEGORIES, RESOURCES, FREEBUSY).
        var valueCount: UInt16
        /// The property or component name, upper-cased.
        var name: String

        /// A line of `bytes` at `offset` in the block's text; the name, when not given, read from
        /// the bytes, and the values counted for the properties libical splits.
        init(_ kind: Kind, name: String? = nil, number: Int, offset: Int, bytes: UnsafeBufferPointer<UInt8>) {
            let resolved = name ?? ContentLineSyntax.name(bytes)
            let values = kind == .property && ContentLineSyntax.isSplitByLibical(resolved) ? ContentLineSyntax.valueCount(bytes) : 1
            self.number = Int32(clamping: number)
            self.offset = Int32(clamping: offset)
            length = Int32(clamping: bytes.count)
            self.kind = kind
            valueCount = UInt16(clamping: values)
            self.name = resolved
        }
    }

    /// A content line kept out of libical (over ``ScanLimits/maxParsedLineBytes``).
    struct UnparsedLine: Sendable {
        var number: Int
        var bytes: [UInt8]
    }

    /// The component name (`VEVENT`), or `VCALENDAR` for the calendar's own properties.
    var name: String
    /// The physical line of its BEGIN.
    var line: Int
    /// The unfolded content lines, each ended by a NUL byte (so that each is a C string).
    var text: [UInt8] = []
    var lines: [Line] = []
    var unparsed: [UnparsedLine] = []
    /// Diagnostics found while scanning this block.
    var diagnostics: [Diagnostic] = []
    /// Whether this block carries only the VCALENDAR's own properties.
    var isCalendarProperties: Bool { name == "VCALENDAR" }

    init(name: String, line: Int) {
        self.name = name
        self.line = line
        text.reserveCapacity(1024)
    }
}
