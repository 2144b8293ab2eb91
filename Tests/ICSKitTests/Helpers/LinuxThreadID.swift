import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The Linux id of the calling thread (from `/proc/thread-self`, a link to `<pid>/task/<tid>`):
/// unlike `pthread_t` values, ids are not handed out again soon after a thread ends.
func linuxThreadID() -> Int32 {
    var buffer = [CChar](repeating: 0, count: 64)
    let n = readlink("/proc/thread-self", &buffer, buffer.count - 1)
    precondition(n > 0, "readlink /proc/thread-self")
    let link = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return Int32(link.split(separator: "/").last!)!
}
