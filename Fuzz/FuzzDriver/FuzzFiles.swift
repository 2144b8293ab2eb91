#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif
import Foundation

/// The files a fuzz target writes for each input (a vdir's items, the input as a file and as the
/// configuration), written with `open`, `write` and `close` and nothing more. Foundation's
/// `FileManager.createFile` flushes each file to disk (`fsync`), which on a disk busy with other
/// builds took longer than libFuzzer's ten seconds an input: a 184-byte input that runs in 0.2 s
/// was reported as a timeout, its stack in `fsync`. The files are scratch, read back at once by
/// the same process, and need no flush.
public enum FuzzFiles {
    /// Writes `bytes` to `path` (created or truncated, mode 0600); false when it cannot.
    @discardableResult
    public static func write(_ bytes: some Collection<UInt8>, to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        defer { _ = close(fd) }
        let data = Array(bytes)
        var written = 0
        while written < data.count {
            let n = data[written...].withUnsafeBytes { systemWrite(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; return false }
            written += n
        }
        return true
    }
}
