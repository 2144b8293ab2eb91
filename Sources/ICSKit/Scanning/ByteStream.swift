#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the scanner's bytes come from: a file descriptor read in chunks, or bytes in memory.
///
/// Reading in chunks keeps memory bounded by the chunk and the largest line, whatever
/// the size of the input.
struct ByteStream {
    private enum Origin {
        case descriptor(Int32)
        case memory([UInt8])
    }

    private var origin: Origin
    private var memoryOffset = 0
    /// Chunk size for descriptor reads.
    let chunkSize: Int

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
                return !buffer.isEmpty
            }
        }
    }

}

/// A read that failed, with the system's reason.
struct ReadFailure: Error {
    var message: String
}

private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}
