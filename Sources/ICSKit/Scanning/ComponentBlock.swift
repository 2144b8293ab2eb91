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
        /// The name's ``KnownNames/id(_:)`` (0 when it is not a known name).
        var nameID: UInt8
        /// The property or component name, upper-cased.
        var name: String
        /// For an END line the scanner wrote for a component that had none, the line of that
        /// component's BEGIN (its missing-END diagnostic is made from the line when it is read:
        /// ``ComponentBlock/diagnostics``); 0 for every other line. (Beside `number`, `offset`,
        /// `length`, `kind` and `nameID`, the line's size stays 40 bytes.)
        var unclosedBegin: Int32 = 0

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
    /// Diagnostics the scanner noted in this block, but those of components it closed without
    /// their END while none was noted (``unclosedCount``): ``diagnostics`` is both.
    var noted: [Diagnostic] = []
    /// How many of ``lines`` are END lines the scanner wrote for a component without one, whose
    /// missing-END diagnostic is made only when ``diagnostics`` is read
    /// (``Line/unclosedBegin``): a file of 300,000 lone `BEGIN:VEVENT` lines has 300,000, and
    /// making each message and its array on the scan's thread was a fifth of its validation,
    /// though a hundred are shown. They were noted before any of ``noted`` (the scanner makes
    /// them so only while ``noted`` is empty): ``diagnostics`` lists them first, in line order.
    private(set) var unclosedCount = 0
    /// The source the unclosed components' diagnostics name.
    private(set) var unclosedSource: String?

    init(name: String, line: Int) {
        self.name = name
        self.line = line
        text.reserveCapacity(512) // a typical event is 300–400 bytes; bigger ones grow
        lines.reserveCapacity(16) // and has 10–15 lines
    }

    /// Diagnostics found while scanning this block, in the order they were found: the missing
    /// ENDs made from ``lines`` (``Line/unclosedBegin``), then ``noted``. Setting it replaces both.
    /// - Complexity: O(1) when no component was closed without its END; else O(lines).
    var diagnostics: [Diagnostic] {
        get {
            guard unclosedCount > 0 else { return noted }
            var all: [Diagnostic] = []
            all.reserveCapacity(unclosedCount + noted.count)
            let source = unclosedSource
            forEachUnclosed { name, begun, closed in
                all.append(MissingEndMessage.diagnostic(name, begun: begun, closed: closed, source: source))
            }
            all.append(contentsOf: noted)
            return all
        }
        set {
            if unclosedCount > 0 {
                for i in lines.indices where lines[i].unclosedBegin != 0 { lines[i].unclosedBegin = 0 }
                unclosedCount = 0
                unclosedSource = nil
            }
            noted = newValue
        }
    }

    /// Whether the block has a scan diagnostic.
    var hasDiagnostics: Bool { unclosedCount > 0 || !noted.isEmpty }

    /// Calls `body` with the name, BEGIN line and closing line of each component the scanner
    /// closed without its END (``unclosedCount``), in line order: the facts its missing-END
    /// diagnostic is made from (``MissingEndMessage``).
    /// - Complexity: O(lines) when there is one, else O(1).
    func forEachUnclosed(_ body: (_ name: String, _ begun: Int, _ closed: Int) -> Void) {
        guard unclosedCount > 0 else { return }
        var left = unclosedCount
        lines.withUnsafeBufferPointer { lines in
            for i in lines.indices where lines[i].unclosedBegin != 0 {
                body(lines[i].name, Int(lines[i].unclosedBegin), Int(lines[i].number))
                left -= 1
                if left == 0 { return }
            }
        }
    }

    /// Whether the scanner may close a component begun on line `begun` without its END at line
    /// `closed` lazily (``markLastLineUnclosed(begun:source:)``): no diagnostic noted yet (they
    /// would come before it), and both lines fit a ``Line/number``.
    func mayCloseLazily(begun: Int, closed: Int) -> Bool {
        noted.isEmpty && begun > 0 && begun <= Int(Int32.max) && closed > 0 && closed <= Int(Int32.max)
    }

    /// Marks the last line, the END line the scanner wrote for a component begun on line `begun`
    /// that had none, as that component's missing END (only when ``mayCloseLazily(begun:closed:)``
    /// said so before it was appended): its diagnostic, naming `source`, is made when
    /// ``diagnostics`` is read.
    mutating func markLastLineUnclosed(begun: Int, source: String?) {
        guard let last = lines.indices.last else { return }
        lines[last].unclosedBegin = Int32(clamping: begun)
        if unclosedCount == 0 { unclosedSource = source }
        unclosedCount += 1
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
