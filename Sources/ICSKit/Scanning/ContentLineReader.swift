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
    private var chunk: [UInt8] = []
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

    /// Physical lines longer than this many octets (without the line break) are counted, and
    /// the first ``maxLongLinesKept`` of them kept in ``longLines``; 0 (the default) turns this off.
    private let longLineLimit: Int
    private let maxLongLinesKept: Int
    /// The physical lines (1-based) longer than the long-line limit, in order, at most ``maxLongLinesKept``.
    private(set) var longLines: [Int] = []
    /// How many physical lines were longer than the long-line limit.
    private(set) var longLineCount = 0

    init(stream: ByteStream, maxContentLineBytes: Int, longLineLimit: Int = 0, maxLongLinesKept: Int = 100) {
        self.stream = stream
        self.maxBytes = maxContentLineBytes
        self.longLineLimit = longLineLimit
        self.maxLongLinesKept = maxLongLinesKept
    }

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
                } else if end == position && pending.last == 0x0D {
                    // The CR ended the previous chunk.
                    pending.removeLast()
                    pendingLength -= 1
                    physicalLength -= 1
                    crlfCount += 1
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

    private mutating func noteLongLine() {
        longLineCount += 1
        if longLines.count < maxLongLinesKept { longLines.append(nextPhysicalLine - 1) }
    }
}
