#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns a byte stream into unfolded content lines (RFC 5545 3.1), keeping the physical
/// line number where each starts.
///
/// Handles CRLF and bare LF, folds with a space or a TAB (also one that splits a multi-byte
/// UTF-8 character, since unfolding joins bytes), a UTF-8 BOM, and content lines of any
/// length: one longer than ``ScanLimits/maxContentLineBytes`` is measured but not held.
///
/// - Complexity: O(n) in the input, with `memchr` over each chunk.
struct ContentLineReader {
    private var stream: ByteStream
    /// The bytes read and not yet passed (from ``position``). A chunk kept elsewhere
    /// (``KeptBlockStore`` keeps those of skimmed blocks) is not changed by reading on: a read
    /// from a file makes a new array, and any change in place copies a chunk that is shared.
    private(set) var chunk: [UInt8] = []
    private var position = 0
    private var atEnd = false
    private var nextPhysicalLine = 1
    private let maxBytes: Int

    /// The content line being built.
    private var pending: [UInt8] = []
    private var pendingLine = 0
    private var pendingLength = 0
    private var hasPending = false

    /// The content line most recently returned by ``next()`` (reused between calls).
    private(set) var bytes: [UInt8] = []
    /// Its first physical line (1-based).
    private(set) var line = 0
    /// Its length in bytes; larger than `bytes.count` when it was over the limit and not held.
    private(set) var length = 0

    /// How many physical lines ended with CRLF and with a bare LF.
    private(set) var crlfCount = 0
    private(set) var bareLFCount = 0
    /// The first physical line that ended with a bare LF.
    private(set) var firstBareLFLine: Int?
    /// How many physical lines ended with CR CR LF (read as one line end), and the first of them.
    private(set) var doubledCRCount = 0
    private(set) var firstDoubledCRLine: Int?

    /// Physical lines longer than this many octets (without the line break) are counted, and
    /// the first ``maxLongLinesKept`` of them kept in ``longLines``; 0 (the default) turns this off.
    private let longLineLimit: Int
    private let maxLongLinesKept: Int
    /// The physical lines (1-based) longer than the long-line limit, in order, at most ``maxLongLinesKept``.
    private(set) var longLines: [Int] = []
    /// How many physical lines were longer than the long-line limit.
    private(set) var longLineCount = 0

    /// - Parameter firstLine: the number of the stream's first physical line (a block read again
    ///   from its bytes, ``KeptBlockStore``, keeps its lines' numbers in the file).
    init(stream: ByteStream, maxContentLineBytes: Int, longLineLimit: Int = 0, maxLongLinesKept: Int = 100, firstLine: Int = 1) {
        self.stream = stream
        nextPhysicalLine = firstLine
        self.maxBytes = maxContentLineBytes
        self.longLineLimit = longLineLimit
        self.maxLongLinesKept = maxLongLinesKept
    }

    /// Whether the input's lines end with a lone CR (``ByteStream/readsClassicMacLineEnds``).
    var readsClassicMacLineEnds: Bool { stream.readsClassicMacLineEnds }

    /// How many bytes ``peekStart()`` gathers, at most, before the format is judged.
    static let sniffBytes = 1024

    /// The first bytes of the input, for sniffing its format: reads until it has
    /// ``sniffBytes`` bytes or the input ends, since a pipe may deliver its first bytes
    /// in reads of a few bytes each.
    mutating func peekStart() throws(ReadFailure) -> ArraySlice<UInt8> {
        if position == chunk.count && !atEnd { _ = try refill() }
        guard nextPhysicalLine == 1 else { return chunk[position...] }
        var more: [UInt8] = []
        while chunk.count - position < ContentLineReader.sniffBytes && !atEnd {
            guard try stream.read(into: &more) else {
                atEnd = true
                break
            }
            chunk.append(contentsOf: more)
        }
        // A BOM that arrived over several reads.
        if position == 0, chunk.count >= 3, chunk[0] == 0xEF, chunk[1] == 0xBB, chunk[2] == 0xBF { position = 3 }
        return chunk[position...]
    }

    /// Reads the next non-empty content line into ``bytes``; returns false at the end.
    mutating func next() throws(ReadFailure) -> Bool {
        while true {
            if position == chunk.count, !(try refill()) {
                if hasPending { emitPending(); return true }
                return false
            }
            let first = chunk[position]
            if hasPending {
                if first == 0x20 || first == 0x09 {
                    position += 1
                    try appendPhysicalLine(folded: true)
                    continue
                }
                emitPending()
                return true
            }
            pending.removeAll(keepingCapacity: true)
            pendingLine = nextPhysicalLine
            pendingLength = 0
            try appendPhysicalLine()
            if pendingLength > 0 { hasPending = true }
        }
    }

    private mutating func emitPending() {
        swap(&bytes, &pending)
        line = pendingLine
        length = pendingLength
        hasPending = false
    }

    private mutating func refill() throws(ReadFailure) -> Bool {
        if atEnd { return false }
        let first = nextPhysicalLine == 1 && chunk.isEmpty
        guard try stream.read(into: &chunk) else {
            atEnd = true
            chunk.removeAll()
            position = 0
            return false
        }
        position = 0
        if first, chunk.count >= 3, chunk[0] == 0xEF, chunk[1] == 0xBB, chunk[2] == 0xBF { position = 3 }
        if position < chunk.count { return true }
        return try refill()
    }

    /// Appends the rest of the current physical line (without its line break) to `pending`.
    /// - Parameter folded: whether the line's first octet (the fold's space or TAB) was consumed.
    private mutating func appendPhysicalLine(folded: Bool = false) throws(ReadFailure) {
        nextPhysicalLine += 1
        var physicalLength = folded ? 1 : 0
        defer { if longLineLimit > 0 && physicalLength > longLineLimit { noteLongLine() } }
        while true {
            if position == chunk.count, !(try refill()) { return }
            let from = position
            let found: Int? = chunk.withUnsafeBufferPointer { buffer -> Int? in
                guard let base = buffer.baseAddress,
                      let hit = memchr(base + from, 0x0A, buffer.count - from) else { return nil }
                return UnsafeRawPointer(hit) - UnsafeRawPointer(base)
            }
            let end = found ?? chunk.count
            var stop = end
            if found != nil {
                if end > position && chunk[end - 1] == 0x0D {
                    stop = end - 1
                    crlfCount += 1
                    // CR CR LF (a CRLF file that went through a CR→CRLF conversion again): one line end.
                    if stop > position && chunk[stop - 1] == 0x0D {
                        while stop > position && chunk[stop - 1] == 0x0D { stop -= 1 }
                        noteDoubledCR()
                    }
                } else if end == position && pending.last == 0x0D {
                    // The CR ended the previous chunk.
                    pending.removeLast()
                    pendingLength -= 1
                    physicalLength -= 1
                    crlfCount += 1
                    if pending.last == 0x0D {
                        while pending.last == 0x0D {
                            pending.removeLast()
                            pendingLength -= 1
                            physicalLength -= 1
                        }
                        noteDoubledCR()
                    }
                } else {
                    bareLFCount += 1
                    if firstBareLFLine == nil { firstBareLFLine = nextPhysicalLine - 1 }
                }
            }
            let count = stop - position
            pendingLength += count
            physicalLength += count
            if pendingLength <= maxBytes {
                let from = position
                chunk.withUnsafeBufferPointer { pending.append(contentsOf: UnsafeBufferPointer(rebasing: $0[from..<stop])) }
            } else if pending.count > 80 {
                // Over the limit: keep only the start, to name the property in a diagnostic.
                pending.removeSubrange(80...)
            }
            if let found {
                position = found + 1
                return
            }
            position = chunk.count
        }
    }

    private mutating func noteDoubledCR() {
        doubledCRCount += 1
        if firstDoubledCRLine == nil { firstDoubledCRLine = nextPhysicalLine - 1 }
    }

    private mutating func noteLongLine() {
        longLineCount += 1
        if longLines.count < maxLongLinesKept { longLines.append(nextPhysicalLine - 1) }
    }

    // MARK: - Skimming a block (a windowed scan)

    /// Whether the reader counts long physical lines (then it does not skim: a ``BlockSkimming`` does not count them).
    var countsLongLines: Bool { longLineLimit > 0 }

    /// Whether the content line last returned was one physical line (the next one starts at ``position``).
    var lastLineWasOnePhysicalLine: Bool { nextPhysicalLine == line + 1 }

    /// Skims the block whose `BEGIN:VEVENT` line was the content line last returned (one physical
    /// line, ``lastLineWasOnePhysicalLine``): the bytes from ``position`` on go through `skim`,
    /// reading more of the stream behind them as needed (the chunk then holds them from its start).
    /// Returns the range of ``chunk`` that holds the block's bytes after its BEGIN line when `skim`
    /// found its END (and every check passed), `nil` when the block must be read the ordinary way.
    /// Either way the reader stays where it was (``acceptSkim(_:_:)`` moves it past the block), so
    /// that the ordinary reading finds every byte, line number and line-ending count as before.
    mutating func skim<Skim: BlockSkimming>(_ skim: inout Skim) throws(ReadFailure) -> Range<Int>? {
        skim.start(beginLine: line)
        while true {
            let from = position
            let outcome = chunk.withUnsafeBufferPointer { skim.advance(UnsafeBufferPointer(rebasing: $0[from...])) }
            switch outcome {
            case .closed(let end): return from..<(from + end)
            case .fallback: return nil
            case .needMore:
                if atEnd { return nil }
                // The block straddles the chunk's end: a new chunk holds its bytes, the next read behind them.
                let held = chunk
                let more = try held.withUnsafeBufferPointer { bytes throws(ReadFailure) in
                    try stream.read(into: &chunk, after: UnsafeBufferPointer(rebasing: bytes[from...]))
                }
                guard more else {
                    atEnd = true
                    return nil
                }
                position = 0
            }
        }
    }

    /// Moves past a block that ``skim(_:)`` read to its END (`range`, what it returned), counting
    /// its physical lines and line endings as reading it line by line does.
    /// - Parameter lastContentLine: when the block's lines were read from the bytes
    ///   (``RawContentLines``), the first physical line of its last content line, which becomes
    ///   ``line`` as if the reader had returned it.
    mutating func acceptSkim<Skim: BlockSkimming>(_ skim: Skim, _ range: Range<Int>, lastContentLine: Int? = nil) {
        if let lastContentLine { line = lastContentLine }
        position = range.upperBound
        if firstBareLFLine == nil, let first = skim.firstBareLF { firstBareLFLine = nextPhysicalLine + first }
        nextPhysicalLine += skim.physicalLines
        crlfCount += skim.crlfCount
        bareLFCount += skim.bareLFCount
    }

}
