#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the scanner's bytes come from: a file descriptor read in chunks, or bytes in memory.
///
/// Reading in chunks keeps memory bounded by the chunk and the largest line, whatever
/// the size of the input.
///
/// Lines that end with a lone CR (classic Mac OS, before 2001; some old exporters still write
/// them) are line ends too: when the stream has CRs and no LF in its first ``decisionBytes`` (or
/// in all of it, when shorter), every CR of the stream is given as an LF (``readsClassicMacLineEnds``),
/// so that the reader, the skim and every block read again see ordinary bare-LF lines. A stream
/// with an LF there is left as it is (CRLF, CR CR LF, and a lone CR inside a value keep their
/// meaning). The first chunk with a CR is read on until that is decided, so that no chunk handed
/// out ever needs to change.
struct ByteStream {
    private enum Origin {
        case descriptor(Int32)
        case memory([UInt8])
    }

    private var origin: Origin
    private var memoryOffset = 0
    /// Chunk size for descriptor reads.
    let chunkSize: Int

    /// What the line ends are, once a chunk with a CR or an LF was read.
    private enum LineEnds { case undecided, usual, classicMac }
    private var lineEnds = LineEnds.undecided

    /// Whether the stream's lines end with a lone CR, which it gives as LF (see the type's summary).
    var readsClassicMacLineEnds: Bool { lineEnds == .classicMac }

    /// How far the first chunk with a CR is read on for the decision.
    static let decisionBytes = 1 << 16

    /// Reads from an open descriptor (a file or standard input); the caller keeps it and closes it.
    init(descriptor: Int32, chunkSize: Int = 1 << 20) {
        origin = .descriptor(descriptor)
        self.chunkSize = chunkSize
    }

    /// Reads from bytes in memory.
    init(bytes: [UInt8], chunkSize: Int = 1 << 20) {
        origin = .memory(bytes)
        self.chunkSize = chunkSize
    }

    /// The number of bytes the stream will give, when it is known before reading: bytes in
    /// memory, or a regular file (its size now); `nil` for a pipe, a terminal or a socket.
    var expectedSize: Int? {
        switch origin {
        case .memory(let bytes):
            return bytes.count
        case .descriptor(let fd):
            var info = stat()
            guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            return Int(info.st_size)
        }
    }

    /// Fills `buffer` (replacing its contents) with the next chunk; returns false at the end.
    /// - Throws: the `errno` text of a failed read.
    mutating func read(into buffer: inout [UInt8]) throws(ReadFailure) -> Bool {
        switch origin {
        case .memory(let bytes):
            guard memoryOffset < bytes.count else { return false }
            let end = min(bytes.count, memoryOffset + chunkSize)
            buffer.removeAll(keepingCapacity: true)
            buffer.append(contentsOf: bytes[memoryOffset..<end])
            memoryOffset = end
            try adjustLineEnds(&buffer)
            return true
        case .descriptor(let fd):
            var failure: Int32 = 0
            while true {
                buffer = [UInt8](unsafeUninitializedCapacity: chunkSize) { storage, initialized in
                    let n = systemRead(fd, storage.baseAddress, chunkSize)
                    failure = n < 0 ? errno : 0
                    initialized = max(n, 0)
                }
                if failure == EINTR { continue }
                if failure != 0 { throw ReadFailure(message: String(cString: strerror(failure))) }
                if !buffer.isEmpty { try adjustLineEnds(&buffer) }
                return !buffer.isEmpty
            }
        }
    }

    /// Fills `buffer` (replacing its contents) with `prefix` followed by the next chunk, read
    /// straight behind it; returns false at the end, and then leaves `buffer` as it was.
    ///
    /// The skim of a block that straddles a chunk's end keeps the block's first bytes this way:
    /// moving them to the front of the chunk and appending the next one copied the chunk twice
    /// (it is shared with the store of skipped blocks, so the move copied all of it), a fifth of
    /// the scanning thread on a calendar of long descriptions.
    /// - Throws: the `errno` text of a failed read.
    mutating func read(into buffer: inout [UInt8], after prefix: UnsafeBufferPointer<UInt8>) throws(ReadFailure) -> Bool {
        switch origin {
        case .memory(let bytes):
            guard memoryOffset < bytes.count else { return false }
            let end = min(bytes.count, memoryOffset + chunkSize)
            var joined: [UInt8] = []
            joined.reserveCapacity(prefix.count + end - memoryOffset)
            joined.append(contentsOf: prefix)
            joined.append(contentsOf: bytes[memoryOffset..<end])
            memoryOffset = end
            try adjustLineEnds(&joined, from: prefix.count)
            buffer = joined
            return true
        case .descriptor(let fd):
            var failure: Int32 = 0
            while true {
                var read = 0
                let joined = [UInt8](unsafeUninitializedCapacity: prefix.count + chunkSize) { storage, initialized in
                    if let from = prefix.baseAddress { storage.baseAddress!.update(from: from, count: prefix.count) }
                    let n = systemRead(fd, storage.baseAddress! + prefix.count, chunkSize)
                    failure = n < 0 ? errno : 0
                    read = max(n, 0)
                    initialized = prefix.count + read
                }
                if failure == EINTR { continue }
                if failure != 0 { throw ReadFailure(message: String(cString: strerror(failure))) }
                guard read > 0 else { return false }
                buffer = joined
                try adjustLineEnds(&buffer, from: prefix.count)
                return true
            }
        }
    }

    /// Decides the line ends (reading on from the first chunk with a CR until an LF, the decision
    /// bytes or the end), then turns every CR into an LF in a stream of classic Mac line ends.
    ///
    /// - Complexity: O(n) in the chunk until the line ends are decided, then O(1) per chunk for
    ///   usual line ends and O(n) for classic Mac ones.
    /// - Parameter start: where the chunk's new bytes begin (those before it were adjusted with
    ///   the chunk they came from).
    private mutating func adjustLineEnds(_ buffer: inout [UInt8], from start: Int = 0) throws(ReadFailure) {
        if lineEnds == .undecided {
            var scanned = start
            var sawCR = false
            while true {
                if Self.find(0x0A, in: buffer, from: scanned) { lineEnds = .usual; break }
                sawCR = sawCR || Self.find(0x0D, in: buffer, from: scanned)
                // No CR yet: nothing to change in this chunk; decided at a later one.
                guard sawCR else { break }
                scanned = buffer.count
                var more: [UInt8] = []
                guard buffer.count < Self.decisionBytes, try read(more: &more) else { lineEnds = .classicMac; break }
                buffer.append(contentsOf: more)
            }
        }
        guard lineEnds == .classicMac else { return }
        buffer.withUnsafeMutableBufferPointer { bytes in
            for i in start..<bytes.count where bytes[i] == 0x0D { bytes[i] = 0x0A }
        }
    }

    /// Whether `byte` is in `bytes` from `from` on (`memchr`).
    private static func find(_ byte: UInt8, in bytes: [UInt8], from: Int) -> Bool {
        guard from < bytes.count else { return false }
        return bytes.withUnsafeBufferPointer { memchr($0.baseAddress! + from, Int32(byte), $0.count - from) != nil }
    }

    /// The next chunk of the origin, as read, without any line-end handling.
    private mutating func read(more buffer: inout [UInt8]) throws(ReadFailure) -> Bool {
        let decided = lineEnds
        lineEnds = .usual
        defer { lineEnds = decided }
        return try read(into: &buffer)
    }
}

/// A read that failed, with the system's reason.
struct ReadFailure: Error {
    var message: String
}

private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}
