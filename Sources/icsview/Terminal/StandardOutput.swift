#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered writes to standard output with `write(2)`, for output too large to build as one
/// string (a year of occurrences as JSON lines). Flushes every 64 KiB and at the end.
struct StandardOutput: ~Copyable {
    private var buffer = JSONBytes(capacity: StandardOutput.chunk + 4096)
    static let chunk = 1 << 16

    /// Lets `body` write into the buffer, then flushes if it is full.
    mutating func write(_ body: (inout JSONBytes) -> Void) {
        body(&buffer)
        if buffer.count >= StandardOutput.chunk { flush() }
    }

    mutating func flush() {
        buffer.drain { raw in
            var offset = 0
            while offset < raw.count {
                let n = systemWrite(1, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return  // stdout closed (a pipe to `head`): stop writing
                }
                offset += n
            }
        }
    }
}

private func systemWrite(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, pointer, count)
}
