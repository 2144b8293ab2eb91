#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// File operations of the feed cache: whole-file reads, and writes that are atomic
/// (a temporary file in the same directory, flushed, then renamed over the target), so
/// that a reader sees the old file or the new one, never a part.
enum CacheFile {
    /// What a test can ask a write to stop after, to check that an interrupted write leaves the old file.
    enum Interruption: Sendable { case none, beforeRename }

    /// Creates `directory` and its parents (mode 0700: cached feeds may be private).
    static func makeDirectory(_ directory: String) throws(ICSError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw ICSError(.unreadable, "cannot create the cache directory: \(error.localizedDescription)", source: directory)
        }
    }

    /// The file's bytes, or `nil` when it does not exist or cannot be read.
    static func read(_ path: String) -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return [UInt8](data)
    }

    /// The modification time, when the file exists.
    static func modificationDate(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    /// Writes `bytes` to `path` atomically: temporary file, `fsync`, `rename`.
    /// - Throws: ``ICSError`` with ``ICSError/Code/unreadable`` and the system's reason.
    static func writeAtomically(_ bytes: [UInt8], to path: String, interruption: Interruption = .none) throws(ICSError) {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = "\(directory)/.\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw systemError("cannot create", temporary) }
        var written = 0
        let ok = bytes.withUnsafeBytes { raw -> Bool in
            while written < raw.count {
                let n = write(fd, raw.baseAddress! + written, raw.count - written)
                if n < 0 { if errno == EINTR { continue }; return false }
                written += n
            }
            return fsync(fd) == 0
        }
        let failure = ok ? nil : systemError("cannot write", temporary)
        _ = close(fd)
        if let failure {
            _ = unlink(temporary)
            throw failure
        }
        if interruption == .beforeRename { return }
        guard rename(temporary, path) == 0 else {
            let error = systemError("cannot rename into place", path)
            _ = unlink(temporary)
            throw error
        }
    }

    /// Removes temporary files left by interrupted writes of `name` in `directory`.
    static func removeLeftovers(of name: String, in directory: String) {
        let prefix = ".\(name).tmp-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for leftover in names where leftover.hasPrefix(prefix) {
            _ = unlink("\(directory)/\(leftover)")
        }
    }

    /// FNV-1a, 64 bits, as 16 hex digits: a stable file name for a key, and a check of a body.
    /// - Complexity: O(n).
    static func fingerprint<S: Sequence>(_ bytes: S) -> String where S.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    private static func systemError(_ what: String, _ path: String) -> ICSError {
        ICSError(.unreadable, "\(what) a cache file: \(String(cString: strerror(errno)))", source: path)
    }
}
