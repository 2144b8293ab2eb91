/// One top-level component's content lines, unfolded: the unit that is parsed on its own
/// (in parallel with the others) and then freed. Parser-neutral: what libical needs of the
/// lines (C strings, lists cut into runs) is made from them in `Libical/LibicalInput`.
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
        /// The property or component name, upper-cased.
        var name: String
        /// The name's ``KnownNames/id(_:)`` (0 when it is not a known name).
        var nameID: UInt8

        /// A line of `bytes` at `offset` in the block's text; the name, when not given, read from the bytes.
        init(_ kind: Kind, name: String? = nil, number: Int, offset: Int, bytes: UnsafeBufferPointer<UInt8>) {
            let resolved: String
            if let name {
                resolved = name
                nameID = KnownNames.id(of: name)
            } else {
                (resolved, nameID) = ContentLineSyntax.knownName(bytes)
            }
            self.number = Int32(clamping: number)
            self.offset = Int32(clamping: offset)
            length = Int32(clamping: bytes.count)
            self.kind = kind
            self.name = resolved
        }

        /// A line of `length` bytes at `offset` in the block's text, named `name` (upper-cased),
        /// whose ``KnownNames/id(_:)`` is `nameID`.
        init(_ kind: Kind, name: String, nameID: UInt8, number: Int, offset: Int, length: Int) {
            self.number = Int32(clamping: number)
            self.offset = Int32(clamping: offset)
            self.length = Int32(clamping: length)
            self.kind = kind
            self.name = name
            self.nameID = nameID
        }

        /// A line of `length` bytes at `offset` in the block's text, named `name` (upper-cased).
        init(_ kind: Kind, name: String, number: Int, offset: Int, length: Int) {
            self.number = Int32(clamping: number)
            self.offset = Int32(clamping: offset)
            self.length = Int32(clamping: length)
            self.kind = kind
            self.name = name
            nameID = KnownNames.id(of: name)
        }
    }

    /// A content line kept out of the parser (over ``ScanLimits/maxParsedLineBytes``).
    struct UnparsedLine: Sendable {
        var number: Int
        var bytes: [UInt8]
    }

    /// The component name (`VEVENT`), or `VCALENDAR` for the calendar's own properties.
    var name: String
    /// The physical line of its BEGIN.
    var line: Int
    /// The unfolded content lines, one after the other (each line's place in ``lines``).
    var text: [UInt8] = []
    var lines: [Line] = []
    var unparsed: [UnparsedLine] = []
    /// Diagnostics found while scanning this block.
    var diagnostics: [Diagnostic] = []

    init(name: String, line: Int) {
        self.name = name
        self.line = line
        text.reserveCapacity(512) // a typical event is 300–400 bytes; bigger ones grow
        lines.reserveCapacity(16) // and has 10–15 lines
    }

    /// What the block counts toward a batch of the scan (``ScanPipeline``): its text, or a third
    /// of the room its text and lines hold when that is more. A typical event holds about three
    /// times its text (the room reserved above), and the batch size was measured in text; a block
    /// of one or two lines holds the same room for a few bytes of text, and counting only its text
    /// let a batch of them hold a hundred times a batch's memory (a file of lone `BEGIN:VEVENT`
    /// lines: 19,000 blocks of 14 bytes, 1.2 KB each, in a batch of 256 KiB).
    var batchWeight: Int {
        max(text.count, (text.capacity + lines.capacity * MemoryLayout<Line>.stride) / 3)
    }
}
