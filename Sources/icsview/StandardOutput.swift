#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered writes to standard output with `write(2)`, for output too large to build as one
/// string (a year of occurrences as JSON lines). Flushes every 64 KiB and at the end.
struct StandardOutput {
    private var buffer: [UInt8] = []
    static let chunk = 1 << 16

    mutating func append(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= StandardOutput.chunk { flush() }
    }

    /// Lets `body` write into the buffer, then flushes if it is full.
    mutating func write(_ body: (inout JSONBytes) -> Void) {
        var out = JSONBytes(bytes: buffer)
        buffer = []
        body(&out)
        buffer = out.bytes
        if buffer.count >= StandardOutput.chunk { flush() }
    }

    mutating func flush() {
        var offset = 0
        buffer.withUnsafeBytes { raw in
            while offset < raw.count {
                let n = systemWrite(1, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return  // stdout closed (a pipe to `head`): stop writing
                }
                offset += n
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

private func systemWrite(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, pointer, count)
}
