#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a top-level VEVENT of a windowed scan from its raw bytes without building its content
/// lines, to judge it with the ``WindowFilter`` at a fraction of the cost of the ordinary scan:
/// ``ContentLineReader/skim(_:)`` drives it over the bytes after the `BEGIN:VEVENT` line.
///
/// Per physical line (found with `memchr`) it looks only at the first bytes: a fold (space or TAB)
/// belongs to the line before; a line named as one of those the filter reads at depth 1
/// (``EventLines/reads(_:)``) is unfolded into ``filterBlock`` (a `VEVENT` block of only those
/// lines, with their real line numbers and ``KnownNames`` ids, on which the filter runs unchanged);
/// a `BEGIN`/`END` line is unfolded, checked and tracked on a small stack; any other line only has
/// its length counted.
///
/// It gives up (``SkimOutcome/fallback``) whenever it cannot prove that the ordinary scan would make
/// the plain block with no diagnostic: a `BEGIN`/`END` not spelled `BEGIN:NAME` / `END:NAME` in
/// upper case (``BoundaryLine``), a top-level-only component nested in it, an `END` that does not
/// match, nesting deeper than ``ScanLimits/maxDepth``, a content line over
/// ``ScanLimits/maxParsedLineBytes`` or ``ScanLimits/maxContentLineBytes``, more raw bytes than
/// ``ScanLimits/maxComponentBytes`` allows, a NUL byte or invalid UTF-8 in the raw bytes, a fold
/// line holding only its fold octet before a bare LF (where the reader drops a CR of the line
/// before), a content line that starts with a blank after an empty line. The scan then reads the
/// block the ordinary way.
///
/// - Complexity: O(n) in the block's raw bytes; resumable when more bytes arrive (``SkimOutcome/needMore``).
struct BlockSkim: BlockSkimming {
    /// What the current content line is being read for. A plain tag with the payloads in their
    /// own fields (``filterID``, ``boundaryName``…): an enum with them as payloads was copied
    /// and compared on every physical line, a quarter of the skim's time.
    private enum Open: UInt8 {
        /// No content line is open (the start, or after an empty line).
        case none
        /// Only its length matters.
        case plain
        /// A line the filter reads (``filterID``), being unfolded into ``filterBlock``'s text
        /// from ``filterOffset``.
        case filter
        /// A BEGIN/END line, or one whose name did not end on its first physical line: unfolded
        /// into `scratch`, judged when complete.
        case scratch
        /// A line `BEGIN:NAME` or `END:NAME` (``boundaryBegin``) spelled canonically on its first
        /// physical line (of ``boundaryLength`` bytes from ``boundaryStart``), its name packed
        /// (``boundaryName``); a fold turns it into ``scratch``.
        case boundary
    }

    /// A component name of at most 16 bytes as two words of its bytes (zero-padded) and its length.
    struct Packed: Equatable {
        var low: UInt64 = 0, high: UInt64 = 0, count = 0

        /// The packed bytes, or `nil` when there are more than 16.
        /// The empty name.
        init() {}

        init?(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard bytes.count <= 16 else { return nil }
            for i in 0..<bytes.count {
                if i < 8 { low |= UInt64(bytes[i]) << (8 * UInt64(i)) } else { high |= UInt64(bytes[i]) << (8 * UInt64(i - 8)) }
            }
            count = bytes.count
        }

        init?(_ name: String) {
            var name = name
            guard let packed = name.withUTF8({ Packed($0) }) else { return nil }
            self = packed
        }
    }

    private let maxLineBytes: Int
    private let maxDepth: Int
    /// The most raw bytes after the BEGIN line: the block's text plus one byte per line is at
    /// most its raw bytes, so below this it cannot be oversized (`BEGIN:VEVENT` counts 12 + 1).
    /// At most ``skimLimit``: a larger block is read the ordinary way.
    private let maxRawBytes: Int
    /// The largest block skimmed (4 MiB; a real event is a few KB). A block that straddles the
    /// chunk's end is copied whole into each new chunk, so a skim costs its size squared over the
    /// chunk's; the ordinary scan that reads a larger block costs its size.
    static let skimLimit = 4 << 20

    /// The block of the lines the filter reads (its BEGIN line first), valid after ``SkimOutcome/closed(end:)``.
    private(set) var filterBlock = ComponentBlock(name: "VEVENT", line: 0)
    /// The bytes ``filterBlock`` holds room for (its text and its lines), read in place.
    var filterRoom: Int { filterBlock.text.capacity + filterBlock.lines.capacity * MemoryLayout<ComponentBlock.Line>.stride }
    /// How many physical lines were read, and how many of them ended with CRLF and with a bare LF.
    private(set) var physicalLines = 0
    private(set) var crlfCount = 0
    private(set) var bareLFCount = 0
    /// The index (from 0, the line after BEGIN) of the first physical line ending with a bare LF.
    private(set) var firstBareLF: Int?
    /// Whether a physical line ended with CR CR LF (which the reader reads as one line end and
    /// notes): then the block is not made from its raw bytes (``RawContentLines``).
    private(set) var endsALineWithCRCR = false

    private var firstLine = 0
    private var offset = 0
    private var open = Open.none
    private var filterID: UInt8 = 0
    private var filterOffset = 0
    private var boundaryBegin = false
    private var boundaryName = Packed()
    private var boundaryStart = 0
    private var boundaryLength = 0
    private var lineLength = 0
    private var lineNumber = 0
    private var scratch: [UInt8] = []
    /// The open components, the VEVENT first.
    private var stack: [Packed] = []

    /// Per ``KnownNames`` id, whether the filter reads the property (``EventLines/reads(_:)``).
    private let reads: [Bool] = (0...255).map { EventLines.reads(UInt8($0)) }
    private let names = KnownNames.names
    private let vevent = Packed("VEVENT")!
    /// The names that cannot nest (``BlockScanner/isTopLevelOnly(_:)``), packed.
    private let topLevelOnly = ["VCALENDAR", "VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY", "VTIMEZONE"].map { name in
        precondition(BlockScanner.isTopLevelOnly(name))
        return Packed(name)!
    }
    private let beginEvent = Array("BEGIN:VEVENT".utf8)
    private let veventID = KnownNames.id(of: "VEVENT")

    init(limits: ScanLimits) {
        maxLineBytes = min(limits.maxParsedLineBytes, limits.maxContentLineBytes)
        maxDepth = limits.maxDepth
        maxRawBytes = min(limits.maxComponentBytes - 13, Self.skimLimit)
    }

    /// Starts a block whose `BEGIN:VEVENT` (one physical line) is on physical line `beginLine`.
    mutating func start(beginLine: Int) {
        firstLine = beginLine + 1
        offset = 0
        open = .none
        physicalLines = 0
        crlfCount = 0
        bareLFCount = 0
        firstBareLF = nil
        endsALineWithCRCR = false
        stack.removeAll(keepingCapacity: true)
        stack.append(vevent)
        filterBlock.line = beginLine
        filterBlock.text.removeAll(keepingCapacity: true)
        filterBlock.lines.removeAll(keepingCapacity: true)
        filterBlock.text.append(contentsOf: beginEvent)
        filterBlock.lines.append(ComponentBlock.Line(.begin, name: "VEVENT", nameID: veventID, number: beginLine,
                                                     offset: 0, length: beginEvent.count))
    }

    private static let beginPrefix = Array("BEGIN:".utf8)
    private static let endPrefix = Array("END:".utf8)

    /// Reads on from where the last call stopped. `raw` starts at the line after BEGIN and holds
    /// at least the bytes of the previous call.
    mutating func advance(_ raw: UnsafeBufferPointer<UInt8>) -> SkimOutcome {
        guard let base = raw.baseAddress else { return .needMore }
        while true {
            let s = offset
            if s == raw.count { return .needMore }
            let first = base[s]
            let isOpen = open != .none
            let folded = (first == 0x20 || first == 0x09) && isOpen
            if !folded && isOpen {
                if open == .plain {
                    open = .none  // the most common line: nothing to close
                } else {
                    switch finishLine() {
                    case .fallback: return .fallback
                    case .closed: return BlockSkim.isClean(UnsafeBufferPointer(start: base, count: s)) ? .closed(end: s) : .fallback
                    case .needMore: break  // the line was an ordinary one: read on
                    }
                }
            }
            guard let hit = memchr(base + s, 0x0A, raw.count - s) else {
                // A line already too long, or a block already too large, for a skim: its end would
                // only fall back, after each new chunk had copied all of it again (a 100 MB line was
                // 100 copies of up to 100 MB). Fall back now; the ordinary scan streams past it.
                if raw.count - s - 2 > maxLineBytes || raw.count >= maxRawBytes { return .fallback }
                return .needMore
            }
            let e = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
            // The reader drops a CR that ended the line before when a fold line is only its octet.
            if folded && e == s + 1 { return .fallback }
            // A content line that starts with a blank (after an empty line): left to the ordinary scan.
            if !folded && (first == 0x20 || first == 0x09) { return .fallback }
            var c = e
            if e > s && base[e - 1] == 0x0D {
                c = e - 1
                crlfCount += 1
                if c > s && base[c - 1] == 0x0D { endsALineWithCRCR = true }
            } else {
                bareLFCount += 1
                if firstBareLF == nil { firstBareLF = physicalLines }
            }
            let number = firstLine + physicalLines
            physicalLines += 1
            offset = e + 1
            if offset > maxRawBytes { return .fallback }
            if folded {
                let from = s + 1
                lineLength += c - from
                if lineLength > maxLineBytes { return .fallback }
                if open == .boundary {
                    // A folded boundary: judged unfolded, as any other.
                    open = .scratch
                    scratch.removeAll(keepingCapacity: true)
                    scratch.append(contentsOf: UnsafeBufferPointer(start: base + boundaryStart, count: boundaryLength))
                }
                if open == .filter || open == .scratch { append(UnsafeBufferPointer(start: base + from, count: c - from)) }
                continue
            }
            lineLength = c - s
            guard lineLength > 0 else { continue }  // an empty line: no content line (open stays .none)
            if lineLength > maxLineBytes { return .fallback }
            lineNumber = number
            beginLine(UnsafeBufferPointer(start: base + s, count: c - s), at: s)
        }
    }

    /// Opens a content line from its first physical line's bytes (without the line break), at
    /// offset `start` of the raw bytes.
    private mutating func beginLine(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) {
        // Only names that start with b, d, e, r or u (any case) can matter: BEGIN, END and the
        // filter's (DTSTART, DTEND, DURATION, RRULE, RDATE, RECURRENCE-ID, UID), however folded.
        let first = bytes[0] | 0x20
        switch first {
        case 0x62, 0x65:  // b, e
            if let boundary = BlockSkim.canonicalBoundary(bytes) {
                open = .boundary
                boundaryBegin = boundary.begin
                boundaryName = boundary.name
                boundaryStart = start
                boundaryLength = bytes.count
                return
            }
        case 0x64, 0x72, 0x75:  // d, r, u
            break
        default:
            open = .plain
            return
        }
        var delimiter = 0
        while delimiter < bytes.count, bytes[delimiter] != 0x3B, bytes[delimiter] != 0x3A { delimiter += 1 }
        if delimiter == bytes.count || BlockSkim.mayBeBoundary(UnsafeBufferPointer(rebasing: bytes[0..<delimiter])) {
            open = .scratch
            scratch.removeAll(keepingCapacity: true)
            scratch.append(contentsOf: bytes)
            return
        }
        let id = KnownNames.id(UnsafeBufferPointer(rebasing: bytes[0..<delimiter]))
        guard stack.count == 1, reads[Int(id)] else {
            open = .plain
            return
        }
        open = .filter
        filterID = id
        filterOffset = filterBlock.text.count
        filterBlock.text.append(contentsOf: bytes)
    }

    /// Adds a fold's bytes to the open line where they are kept (a ``Open/filter`` or ``Open/scratch`` line).
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        if open == .filter { filterBlock.text.append(contentsOf: bytes) } else { scratch.append(contentsOf: bytes) }
    }

    /// The line `BEGIN:NAME` or `END:NAME` exactly, NAME of 1–16 upper-case letters, digits and
    /// `-` (then ``BoundaryLine/classify(_:)`` reads it as that boundary, with no stray blanks,
    /// and it is canonical), with NAME packed; `nil` for any other line.
    static func canonicalBoundary(_ bytes: UnsafeBufferPointer<UInt8>) -> (begin: Bool, name: Packed)? {
        let begin: Bool
        if bytes.count > 6, bytes[0] == 0x42, bytes[1] == 0x45, bytes[2] == 0x47, bytes[3] == 0x49, bytes[4] == 0x4E, bytes[5] == 0x3A {
            begin = true
        } else if bytes.count > 4, bytes[0] == 0x45, bytes[1] == 0x4E, bytes[2] == 0x44, bytes[3] == 0x3A {
            begin = false
        } else {
            return nil
        }
        let name = UnsafeBufferPointer(rebasing: bytes[(begin ? 6 : 4)...])
        for b in name where !((b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x2D) { return nil }
        guard let packed = Packed(name) else { return nil }
        return (begin, packed)
    }

    /// Opens or closes a component named `name` (a canonical boundary).
    private mutating func boundary(begin: Bool, _ name: Packed) -> SkimOutcome {
        if begin {
            guard !topLevelOnly.contains(name), stack.count < maxDepth else { return .fallback }
            stack.append(name)
            return .needMore
        }
        guard stack.last == name else { return .fallback }
        stack.removeLast()
        return stack.isEmpty ? .closed(end: offset) : .needMore
    }

    /// Whether a name (the bytes before the first `;` or `:`) is BEGIN or END in any spelling
    /// ``BoundaryLine/classify(_:)`` reads as one (any case, blanks before the delimiter).
    private static func mayBeBoundary(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = word.first, first | 0x20 == 0x62 || first | 0x20 == 0x65 else { return false }
        return BoundaryLine.classify(word) != nil
    }

    /// Closes the open content line: ``SkimOutcome/closed(end:)`` when it is the block's END,
    /// ``SkimOutcome/fallback`` when it cannot be skimmed, else ``SkimOutcome/needMore`` (read on).
    private mutating func finishLine() -> SkimOutcome {
        defer { open = .none }
        switch open {
        case .none, .plain:
            return .needMore
        case .boundary:
            return boundary(begin: boundaryBegin, boundaryName)
        case .filter:
            let id = filterID
            filterBlock.lines.append(ComponentBlock.Line(.property, name: names[Int(id) - 1], nameID: id, number: lineNumber,
                                                         offset: filterOffset, length: filterBlock.text.count - filterOffset))
            return .needMore
        case .scratch:
            return scratch.withUnsafeBufferPointer { finishScratch($0) }
        }
    }

    private mutating func finishScratch(_ bytes: UnsafeBufferPointer<UInt8>) -> SkimOutcome {
        guard let boundary = BoundaryLine.classify(bytes) else {
            let id = ContentLineSyntax.knownName(bytes).id
            if stack.count == 1, reads[Int(id)] {
                let offset = filterBlock.text.count
                filterBlock.text.append(contentsOf: bytes)
                filterBlock.lines.append(ComponentBlock.Line(.property, name: names[Int(id) - 1], nameID: id, number: lineNumber,
                                                             offset: offset, length: bytes.count))
            }
            return .needMore
        }
        guard boundary.kind != .malformed, !boundary.hasStrayBlanks, BlockSkim.isCanonical(bytes, boundary),
              let name = Packed(boundary.name) else { return .fallback }
        return self.boundary(begin: boundary.kind == .begin, name)
    }

    /// Whether the line is spelled exactly `BEGIN:NAME` / `END:NAME` (upper case, as the block's text has it).
    private static func isCanonical(_ bytes: UnsafeBufferPointer<UInt8>, _ boundary: BoundaryLine) -> Bool {
        let prefix = boundary.kind == .begin ? beginPrefix : endPrefix
        var name = boundary.name
        return name.withUTF8 { utf8 in
            guard bytes.count == prefix.count + utf8.count else { return false }
            for i in 0..<prefix.count where bytes[i] != prefix[i] { return false }
            for i in 0..<utf8.count where bytes[prefix.count + i] != utf8[i] { return false }
            return true
        }
    }

    /// Whether the raw bytes hold no NUL and are valid UTF-8 (then so is every content line
    /// unfolded from them: unfolding removes only ASCII bytes, which never stand inside a character).
    static func isClean(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        TextDecoding.isCleanUTF8(raw)
    }
}
