#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits a stream of content lines into top-level component blocks (VTIMEZONE, VEVENT,
/// VTODO, VJOURNAL, VFREEBUSY, …) and the VCALENDAR's own properties, repairing what it can:
/// a component with no END is closed where the next one begins (with a diagnostic naming it
/// and its BEGIN line); nesting beyond ``ScanLimits/maxDepth`` and components beyond
/// ``ScanLimits/maxComponentBytes`` are skipped.
///
/// Several VCALENDARs in one stream, and bare components with no VCALENDAR, both scan.
///
/// - Complexity: O(n) in the input; memory bounded by the largest block.
struct BlockScanner {
    private var reader: ContentLineReader
    private let limits: ScanLimits
    private let source: String?

    private var current: ComponentBlock?
    /// Open components of the current block, with their BEGIN lines.
    private var stack: [(name: String, line: Int)] = []
    /// Depth beyond the limit (those BEGINs are skipped).
    private var overflowDepth = 0
    private var skippingOversized = false
    private var calendar: ComponentBlock?
    private var inCalendar = false
    private var ready: [ComponentBlock] = []
    private var reprocess = false
    private var sawNonUTF8 = false
    private var warnedNoCalendar = false
    private var warnedDepthInBlock = false
    private var started = false

    /// A windowed scan's filter (``windowed(by:)``); `nil`: every block is read the ordinary way.
    private var window: WindowFilter?
    /// Whether this is a windowed scan that skims top-level VEVENTs (``windowed(by:)``).
    private var skims = false
    /// A windowed scan's skim of top-level VEVENTs: not optional, so that its filter block is
    /// read in place (read through `skim!`, each use copied it).
    private var skim: BlockSkim
    /// The BEGIN line of a VEVENT to skim before it is opened (set by ``begin(_:line:)``).
    private var skimLine: Int?
    /// The filter's judgement of the block just skimmed and skipped, not yet handed out, and its bytes.
    private var skipped: (judgement: WindowFilter.Judgement, bytes: Int)?
    /// The BEGIN line of the block the skim judged to be parsed (it is not judged again).
    private var judgedParseLine: Int?
    /// The blocks a windowed scan skipped, in file order (``takeKept()``).
    private var kept: KeptBlockStore
    /// Where ``readSkimmed(_:)`` unfolds a folded content line (kept: no allocation per line).
    private var unfolded: [UInt8] = []
    /// How many blocks a windowed scan made from the bytes a skim read (``readSkimmed(_:)``), not
    /// by the reader (what tests look at to know which way a block was read).
    private(set) var blocksReadFromSkims = 0

    /// Diagnostics that belong to no block (stray lines, stray ENDs, encoding), capped per code
    /// as they come (``OutsideDiagnostics``): see ``diagnostics`` and ``omittedDiagnostics``.
    private var outside: OutsideDiagnostics

    /// Diagnostics that belong to no block (stray lines, stray ENDs, encoding), at most
    /// ``ScanLimits/maxDiagnosticsPerCode`` of a code and the last of those left out.
    var diagnostics: [Diagnostic] { outside.all }

    /// Per code, how many diagnostics that belong to no block are left out of ``diagnostics``.
    var omittedDiagnostics: [DiagnosticCode: Int] { outside.omitted }

    /// - Parameter longLineLimit: when above 0, physical lines longer than this many octets are
    ///   counted (see ``longLines``); the import leaves it off.
    init(stream: ByteStream, source: String?, limits: ScanLimits = .standard, longLineLimit: Int = 0) {
        reader = ContentLineReader(stream: stream, maxContentLineBytes: limits.maxContentLineBytes,
                                   longLineLimit: longLineLimit, maxLongLinesKept: limits.maxDiagnosticsPerCode)
        self.limits = limits
        self.source = source
        kept = KeptBlockStore(source: source, limits: limits)
        skim = BlockSkim(limits: limits)
        outside = OutsideDiagnostics(maxPerCode: limits.maxDiagnosticsPerCode)
    }

    /// A scanner of one block's bytes as they stood in a file, inside a VCALENDAR (no format check,
    /// no ``DiagnosticCode/noCalendar``), its first physical line numbered `firstLine`: reads the
    /// block back as the scan of the whole file read it (``KeptBlockStore``).
    init(blockBytes stream: ByteStream, source: String?, limits: ScanLimits, firstLine: Int) {
        reader = ContentLineReader(stream: stream, maxContentLineBytes: limits.maxContentLineBytes,
                                   maxLongLinesKept: limits.maxDiagnosticsPerCode, firstLine: firstLine)
        self.limits = limits
        self.source = source
        kept = KeptBlockStore(source: source, limits: limits)
        skim = BlockSkim(limits: limits)
        outside = OutsideDiagnostics(maxPerCode: limits.maxDiagnosticsPerCode)
        inCalendar = true
        started = true
        readsWholeInput = false
    }

    /// Whether this scanner reads a whole input (not one block read again): it alone notes the
    /// input's line ends.
    private var readsWholeInput = true

    /// Makes this a windowed scan, read with ``nextWindowed(into:)``: each top-level VEVENT inside a
    /// VCALENDAR is first skimmed (``BlockSkim``) and judged by `filter` from the lines it reads;
    /// one it skips is kept as its raw bytes (``takeKept()``) and never becomes a block; any other
    /// block is read as without a window, and judged too.
    mutating func windowed(by filter: WindowFilter) {
        window = filter
        skims = !reader.countsLongLines
    }

    /// Line-ending statistics, known once the stream has been read. Lines that ended with a lone
    /// CR (``ByteStream/readsClassicMacLineEnds``) are not bare LFs: ``checkFormat()`` noted them.
    var bareLineFeeds: (count: Int, firstLine: Int?, crlfCount: Int) {
        reader.readsClassicMacLineEnds ? (0, nil, 0) : (reader.bareLFCount, reader.firstBareLFLine, reader.crlfCount)
    }

    /// Physical lines over the long-line limit given at `init`: the first ones and how many in all.
    var longLines: (lines: [Int], count: Int) {
        (reader.longLines, reader.longLineCount)
    }

    /// Checks that the input looks like iCalendar before anything else is read.
    /// - Throws: ``ICSError/Code/notICalendar`` naming what line 1 looks like.
    mutating func checkFormat() throws(ICSError) {
        let start: ArraySlice<UInt8>
        do { start = try reader.peekStart() } catch { throw ICSError(.unreadable, error.message, source: source) }
        if let problem = FormatSniffer.problem(with: start) {
            throw ICSError(.notICalendar, "not an iCalendar file: \(problem)", source: source, line: 1)
        }
        if reader.readsClassicMacLineEnds {
            outside.append(Diagnostic(.unusualLineEnds, "lines end with a lone CR (classic Mac OS), read as line ends",
                                          source: source, line: 1))
        }
        started = true
    }

    /// The next complete block, or `nil` at the end of the input (of a scan without a window).
    mutating func next() throws(ICSError) -> ComponentBlock? {
        precondition(window == nil, "a windowed scan is read with nextWindowed(into:)")
        try fill()
        return ready.isEmpty ? nil : ready.removeFirst()
    }

    /// Adds the next top-level block of a windowed scan (``windowed(by:)``) to `batch`: a block to
    /// parse, or the mark of one skipped. Moved straight in: an item per block between the two
    /// was copied out and destroyed for every block.
    /// - Returns: what it adds to the batch's weight (``ComponentBlock/batchWeight``,
    ///   ``WindowedBatch/skipWeight``), or `nil` at the end of the input.
    mutating func nextWindowed(into batch: inout WindowedBatch) throws(ICSError) -> Int? {
        try fill()
        if let skip = skipped.take() {
            batch.skips.append(SkipMark(blocksBefore: batch.blocks.count, judgement: skip.judgement))
            batch.scanned.countSkippedEvent(bytes: skip.bytes)
            return WindowedBatch.skipWeight
        }
        guard !ready.isEmpty else { return nil }
        batch.scanned.count(ready[0])
        let judged = ready[0].line == judgedParseLine && ready[0].name == "VEVENT"
        if let window, !judged {
            let judgement = window.judgement(ready[0])
            if judgement.verdict != .parse {
                kept.append(ready.removeFirst())
                batch.skips.append(SkipMark(blocksBefore: batch.blocks.count, judgement: judgement))
                return WindowedBatch.skipWeight
            }
        }
        let weight = ready[0].batchWeight
        batch.blocks.append(ready.removeFirst())
        return weight
    }

    /// The blocks a windowed scan skipped, in file order; the scanner's store is left empty.
    mutating func takeKept() -> KeptBlockStore {
        var store = KeptBlockStore(source: source, limits: limits)
        swap(&store, &kept)
        return store
    }

    /// Reads lines until a block is ready (or skipped), or the input ends.
    private mutating func fill() throws(ICSError) {
        if !started { try checkFormat() }
        while ready.isEmpty && skipped == nil {
            if !reprocess {
                let more: Bool
                do { more = try reader.next() } catch { throw ICSError(.unreadable, error.message, source: source) }
                if !more { finish(); break }
            }
            reprocess = false
            handleLine()
            if let line = skimLine {
                skimLine = nil
                try skimOrOpen(line: line)
            }
        }
    }

    /// Skims the VEVENT begun on `line` (``BlockSkim``): skipped, it is kept as its raw bytes;
    /// otherwise it is opened and read the ordinary way (the reader is where it was).
    private mutating func skimOrOpen(line: Int) throws(ICSError) {
        defer { releaseLargeSkim() }
        let range: Range<Int>?
        do { range = try reader.skim(&skim) } catch { throw ICSError(.unreadable, error.message, source: source) }
        if let range, let window {
            let judgement = window.judgement(skim.filterBlock)
            if judgement.verdict != .parse {
                kept.appendSkimmed(reader.chunk, range, line: line)
                reader.acceptSkim(skim, range)
                // The skim's bytes begin after the BEGIN line: its 12 bytes and CRLF are counted too.
                skipped = (judgement, range.count + 14)
                return
            }
            judgedParseLine = line
            if !skim.endsALineWithCRCR {
                open("VEVENT", line: line)
                readSkimmed(range)
                return
            }
        }
        open("VEVENT", line: line)
    }

    /// Gives back the room of a skim that read a large block: its filter block keeps the lines
    /// the filter reads (every RDATE line among them), up to ``BlockSkim/skimLimit`` bytes of
    /// block, and kept that room for the rest of the scan (15 MB beside a month's import of a
    /// million RDATE lines). A skim of ordinary events keeps its few KB, as before.
    private mutating func releaseLargeSkim() {
        if skim.filterRoom > Self.maxKeptSkimRoom { skim = BlockSkim(limits: limits) }
    }

    /// The most room a skim keeps between blocks (``releaseLargeSkim()``).
    static let maxKeptSkimRoom = 1 << 20

    /// Reads the VEVENT just opened from the raw bytes that the skim read to its END (`range` of
    /// the reader's chunk, after the BEGIN line), and moves the reader past them: each content line
    /// as ``RawContentLines`` cuts it (as the reader would, the skim having proved the block
    /// clean, ``BlockSkim``) goes through the same steps as a line the reader returns, so the
    /// block, its diagnostics and the reader's counts are those of the ordinary scan, without the
    /// reader's copy of each line into its own buffer and the checks the skim already made.
    private mutating func readSkimmed(_ range: Range<Int>) {
        // Their own references: neither the reader nor the buffer is accessed through self while lines are handled.
        let chunk = reader.chunk, firstLine = reader.line + 1
        var scratch: [UInt8] = []
        swap(&scratch, &unfolded)
        let lastLine = chunk.withUnsafeBufferPointer { all in
            RawContentLines.forEach(UnsafeBufferPointer(rebasing: all[range]), firstLine: firstLine, scratch: &scratch) { bytes, number in
                handleCleanLine(bytes, number: number)
            }
        }
        swap(&scratch, &unfolded)
        precondition(current == nil && !reprocess, "a skimmed block reads as one VEVENT")
        reader.acceptSkim(skim, range, lastContentLine: lastLine)
        blocksReadFromSkims += 1
    }

    // MARK: - One content line

    private mutating func handleLine() {
        let number = reader.line
        if reader.length > limits.maxContentLineBytes {
            let name = reader.bytes.withUnsafeBufferPointer { ContentLineSyntax.name($0) }
            note(.lineTooLong, "content line of \(reader.length) bytes (\(name.prefix(40))) is over the limit of \(limits.maxContentLineBytes) bytes; skipped", line: number, property: name)
            return
        }
        var bytes = reader.bytes
        // One pass for the usual line (no NUL, valid UTF-8); the repairs only when needed.
        let clean = bytes.withUnsafeBufferPointer { buffer in
            BlockScanner.isPlainASCII(buffer) || (memchr(buffer.baseAddress!, 0, buffer.count) == nil && TextDecoding.isValidUTF8(buffer))
        }
        if !clean {
            if bytes.contains(0) {
                bytes.removeAll { $0 == 0 }
                note(.nulByte, "NUL byte in the content line; removed", line: number)
            }
            if !bytes.withUnsafeBufferPointer({ TextDecoding.isValidUTF8($0) }) {
                bytes = bytes.withUnsafeBufferPointer { TextDecoding.utf8FromWindows1252($0) }
                if !sawNonUTF8 {
                    sawNonUTF8 = true
                    note(.invalidUTF8, "input is not valid UTF-8; read as Windows-1252 from this line on where needed", line: number)
                }
            }
        }
        bytes.withUnsafeBufferPointer { handleCleanLine($0, number: number) }
    }

    /// Handles a content line of at most ``ScanLimits/maxContentLineBytes`` bytes, with no NUL and
    /// valid UTF-8, that starts on physical line `number`: a boundary or a property.
    private mutating func handleCleanLine(_ bytes: UnsafeBufferPointer<UInt8>, number: Int) {
        guard let boundary = BoundaryLine.classify(bytes) else {
            property(line: number, bytes: bytes)
            return
        }
        // libical opens or closes a component on every line named BEGIN or END, however spelled:
        // it gets only `BEGIN:NAME` / `END:NAME` as the scanner read it (see BoundaryLine).
        func shown() -> String { String(decoding: bytes.prefix(40), as: UTF8.self) }
        switch boundary.kind {
        case .malformed:
            note(.malformedLine, "\(shown()) is not BEGIN:NAME or END:NAME; dropped", line: number)
            return
        case .begin, .end:
            if boundary.hasStrayBlanks {
                let canonical = String(decoding: boundary.canonicalBytes, as: UTF8.self)
                note(.malformedLine, "\"\(shown())\" has blanks around the component name; read as \(canonical)", line: number,
                     severity: .warning)
            }
        }
        if boundary.kind == .begin {
            begin(boundary.name, line: number)
        } else {
            end(boundary.name, line: number)
        }
    }

    /// Whether every byte is ASCII and none is NUL (then the line is valid UTF-8 as it is), read
    /// eight bytes at a time: a byte's high bit is set in `w` when it is not ASCII, and in
    /// `(w - 0x01…01) & ~w` when some byte of `w` is zero (the classic exact test for a zero byte).
    /// True for an empty line.
    @inline(__always) static func isPlainASCII(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = buffer.baseAddress else { return true }
        let raw = UnsafeRawPointer(base), n = buffer.count
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var i = 0
        while i + 8 <= n {
            let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            if (w | ((w &- ones) & ~w)) & highs != 0 { return false }
            i += 8
        }
        while i < n {
            if base[i] == 0 || base[i] >= 0x80 { return false }
            i += 1
        }
        return true
    }

    /// Whether a component of this name cannot nest (compared as strings: no hashing).
    static func isTopLevelOnly(_ name: String) -> Bool {
        switch name {
        case "VCALENDAR", "VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY", "VTIMEZONE": return true
        default: return false
        }
    }

    private mutating func begin(_ name: String, line: Int) {
        guard current != nil else {
            if name == "VCALENDAR" {
                flushCalendar()
                openCalendar(at: line)
                inCalendar = true
                return
            }
            if !inCalendar && !warnedNoCalendar {
                warnedNoCalendar = true
                note(.noCalendar, "\(name) is not inside a VCALENDAR", line: line)
            }
            // A windowed scan skims a VEVENT whose BEGIN is one physical line (fill() does, since
            // reading more of the stream may fail).
            if skims, inCalendar, name == "VEVENT", reader.lastLineWasOnePhysicalLine {
                skimLine = line
                return
            }
            open(name, line: line)
            return
        }
        if overflowDepth > 0 || stack.count >= limits.maxDepth {
            overflowDepth += 1
            if !warnedDepthInBlock {
                warnedDepthInBlock = true
                note(.nestingTooDeep, "components nested deeper than \(limits.maxDepth) levels in \(stack[0].name) from line \(stack[0].line); the deeper ones are skipped", line: line)
            }
            return
        }
        if BlockScanner.isTopLevelOnly(name) {
            // A top-level component cannot nest: the open one lacks its END.
            closeUnterminated(at: line)
            reprocess = true
            return
        }
        stack.append((name, line))
        appendBoundary(.begin, name: name, line: line)
    }

    /// Opens the top-level block `name` begun on `line`.
    private mutating func open(_ name: String, line: Int) {
        current = ComponentBlock(name: name, line: line)
        stack.removeAll(keepingCapacity: true)  // no array allocated per block
        stack.append((name, line))
        overflowDepth = 0
        warnedDepthInBlock = false
        skippingOversized = false
        appendBoundary(.begin, name: name, line: line)
    }

    private mutating func end(_ name: String, line: Int) {
        if overflowDepth > 0 {
            overflowDepth -= 1
            return
        }
        guard current != nil else {
            if name == "VCALENDAR", inCalendar {
                flushCalendar()
                inCalendar = false
            } else {
                note(.unexpectedEnd, "END:\(name) without a matching BEGIN", line: line)
            }
            return
        }
        if stack.last?.name == name {
            appendBoundary(.end, name: name, line: line)
            stack.removeLast()
            if stack.isEmpty { finishBlock() }
            return
        }
        if let index = stack.lastIndex(where: { $0.name == name }) {
            while stack.count > index + 1 { closeInnermost(at: line) }
            appendBoundary(.end, name: name, line: line)
            stack.removeLast()
            if stack.isEmpty { finishBlock() }
            return
        }
        if name == "VCALENDAR" {
            closeUnterminated(at: line)
            reprocess = true
            return
        }
        note(.mismatchedEnd, "END:\(name) inside \(stack.last!.name) (begun on line \(stack.last!.line)); ignored", line: line)
    }

    private mutating func property(line: Int, bytes: UnsafeBufferPointer<UInt8>) {
        if overflowDepth > 0 { return }
        if current != nil {
            guard !skippingOversized else { return }
            BlockScanner.appendProperty(to: &current!, line: line, bytes: bytes, maxParsed: limits.maxParsedLineBytes)
            checkSize()
            return
        }
        if calendar == nil {
            openCalendar(at: line)
            if !inCalendar {
                note(.contentOutsideComponent, "content line outside any component; kept as a calendar property", line: line)
            }
        }
        BlockScanner.appendProperty(to: &calendar!, line: line, bytes: bytes, maxParsed: limits.maxParsedLineBytes)
    }

    // MARK: - Blocks

    /// Appends `BEGIN:NAME` or `END:NAME` (the spelling libical is given, see ``BoundaryLine``)
    /// to the current block, unless it is being skipped as oversized.
    private mutating func appendBoundary(_ kind: ComponentBlock.Line.Kind, name: String, line: Int) {
        guard !skippingOversized, current != nil else { return }
        BlockScanner.appendBoundary(to: &current!, kind, name: name, line: line)
        checkSize()
    }

    /// Skips the current block from now on when it has grown past ``ScanLimits/maxComponentBytes``.
    private mutating func checkSize() {
        // Each line counts with one byte for its line break (as the unfolded text plus a separator).
        if current!.text.count + current!.lines.count > limits.maxComponentBytes {
            skippingOversized = true
            note(.componentTooLarge, "\(current!.name) from line \(current!.line) is larger than \(limits.maxComponentBytes) bytes; skipped", line: current!.line)
        }
    }

    /// Static, so that appending to `current` does not copy the scanner (exclusive access to self).
    private static func appendProperty(to block: inout ComponentBlock, line: Int, bytes: UnsafeBufferPointer<UInt8>, maxParsed: Int) {
        if bytes.count > maxParsed {
            block.unparsed.append(.init(number: line, bytes: Array(bytes)))
            return
        }
        let offset = block.text.count
        block.text.append(contentsOf: bytes)
        // The name and its KnownNames id are read from the bytes.
        block.lines.append(ComponentBlock.Line(.property, number: line, offset: offset, bytes: bytes))
    }

    /// Writes the boundary's bytes straight into the block's text (no array of their own).
    private static func appendBoundary(to block: inout ComponentBlock, _ kind: ComponentBlock.Line.Kind, name: String, line: Int) {
        let offset = block.text.count
        // From static text: an array in a global took a `swift_once` and a retain a line.
        let prefix: StaticString = kind == .begin ? "BEGIN:" : "END:"
        block.text.append(contentsOf: UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount))
        // The name's bytes in place (no iteration of its UTF-8 view), and its id from them.
        var name = name
        let id = name.withUTF8 { utf8 in
            block.text.append(contentsOf: utf8)
            return KnownNames.id(utf8)
        }
        block.lines.append(ComponentBlock.Line(kind, name: name, nameID: id, number: line, offset: offset,
                                               length: block.text.count - offset))
    }


    /// Closes the innermost open component of the current block with a synthesized END.
    private mutating func closeInnermost(at line: Int) {
        let open = stack.removeLast()
        // Its diagnostic made from the END line when it is read (most are counted, not shown),
        // unless one was noted before it in the block (it would come first) or the block is skipped.
        if !skippingOversized, current?.mayCloseLazily(begun: open.line, closed: line) == true {
            appendBoundary(.end, name: open.name, line: line)
            current?.markLastLineUnclosed(begun: open.line, source: source)
            return
        }
        note(.missingEnd, MissingEndMessage.text(open.name, begun: open.line, closed: line), line: open.line)
        appendBoundary(.end, name: open.name, line: line)
    }

    private mutating func closeUnterminated(at line: Int) {
        while !stack.isEmpty { closeInnermost(at: line) }
        finishBlock()
    }

    private mutating func finishBlock() {
        // Taken, not copied: the block leaves `current` for `ready` as it is.
        if let block = current.take() {
            // A skipped block keeps its diagnostics (the one that says it was skipped among them).
            if skippingOversized { outside.append(contentsOf: block.diagnostics) } else { ready.append(block) }
        }
        stack.removeAll(keepingCapacity: true)
        overflowDepth = 0
    }

    private mutating func finish() {
        if readsWholeInput, reader.doubledCRCount > 0, let first = reader.firstDoubledCRLine {
            let n = reader.doubledCRCount
            outside.append(Diagnostic(.unusualLineEnds, "\(n) line\(n == 1 ? "" : "s") end\(n == 1 ? "s" : "") with CR CR LF, read as one line end (the first is this one)",
                                          source: source, line: first))
        }
        if current != nil { closeUnterminated(at: reader.line) }
        if let open = calendar {
            if inCalendar {
                note(.missingEnd, "VCALENDAR begun on line \(open.line) has no END", line: open.line)
            }
            flushCalendar()
        }
    }

    /// Starts the block of a VCALENDAR's own properties (wrapped in BEGIN/END for libical).
    private mutating func openCalendar(at line: Int) {
        var block = ComponentBlock(name: "VCALENDAR", line: line)
        BlockScanner.appendBoundary(to: &block, .begin, name: "VCALENDAR", line: line)
        calendar = block
    }

    private mutating func flushCalendar() {
        guard var block = calendar.take() else { return }
        BlockScanner.appendBoundary(to: &block, .end, name: "VCALENDAR", line: reader.line)
        ready.append(block)
    }

    private mutating func note(_ code: DiagnosticCode, _ message: String, line: Int, property: String? = nil,
                               severity: Diagnostic.Severity? = nil) {
        let diagnostic = Diagnostic(code, message, severity: severity, source: source, line: line, property: property)
        if current != nil { current!.noted.append(diagnostic) } else { outside.append(diagnostic) }
    }
}
