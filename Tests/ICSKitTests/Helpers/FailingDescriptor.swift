import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A descriptor whose reads give `bytes` and then fail with `ECONNRESET`: a test's stand-in for
/// a source that breaks partway (a dropped connection, a failing disk).
///
/// It is one end of a Unix socket pair; a thread writes `bytes` into the other end and then
/// closes it while a byte it never reads waits there, and Linux then reports `ECONNRESET` to
/// the reading end once it has read everything written (`unix_release_sock` sets the peer's
/// error when unread data is dropped). The caller closes ``descriptor``; a writer still
/// blocked then gets `EPIPE` and ends.
struct FailingDescriptor {
    let descriptor: Int32

    init(_ bytes: [UInt8]) {
        var pair: [Int32] = [0, 0]
        precondition(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0, "socketpair")
        let (reader, writer) = (pair[0], pair[1])
        // The byte the writer's end never reads.
        var unread: UInt8 = 0
        precondition(send(reader, &unread, 1, Int32(MSG_NOSIGNAL)) == 1, "send")
        descriptor = reader
        Thread.detachNewThread {
            var offset = 0
            bytes.withUnsafeBytes { buffer in
                while offset < buffer.count {
                    let n = send(writer, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                    if n < 0 && errno == EINTR { continue }
                    if n <= 0 { break }
                    offset += n
                }
            }
            close(writer)
        }
    }
}
