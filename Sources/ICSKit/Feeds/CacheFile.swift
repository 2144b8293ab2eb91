#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// File operations of the feed cache: whole-file reads, and writes that are atomic
/// (a temporary file in the same directory, flushed, renamed over the target, then the
/// directory flushed so that the rename itself survives a crash), so that a reader sees
/// the old file or the new one, never a part.
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
    /// - Parameter trace: told each durable step (`fsync file`, `rename`, `fsync directory`), for tests.
    static func writeAtomically(_ bytes: [UInt8], to path: String, interruption: Interruption = .none,
                                trace: ((String) -> Void)? = nil) throws(ICSError) {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = "\(directory)/.\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        writing.withLock { _ = $0.insert(temporary) }
        defer { writing.withLock { _ = $0.remove(temporary) } }
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
        if ok { trace?("fsync file") }
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
        trace?("rename")
        try syncDirectory(directory)
        trace?("fsync directory")
    }

    /// Flushes `directory` itself, so that a rename into it is on disk (fsync(2): "Calling fsync()
    /// does not necessarily ensure that the entry in the directory containing the file has also
    /// reached disk. For that an explicit fsync() on a file descriptor for the directory is also needed").
    /// File systems that cannot sync a directory (EINVAL) are let be.
    static func syncDirectory(_ directory: String) throws(ICSError) {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw systemError("cannot open the directory of", directory) }
        defer { _ = close(fd) }
        guard fsync(fd) == 0 || errno == EINVAL else { throw systemError("cannot flush the directory of", directory) }
    }

    /// The temporary files this process is writing now (the others of its own are leftovers).
    private static let writing = Mutex<Set<String>>([])

    /// Removes temporary files left by interrupted writes of `name` in `directory`: those whose
    /// writer (the process id in the name) is gone or no longer writing them, or that are over an
    /// hour old; a write in progress, here or in another process, is left alone.
    /// - Returns: the names removed.
    @discardableResult
    static func removeLeftovers(of name: String, in directory: String, now: Date = Date()) -> [String] {
        let prefix = ".\(name).tmp-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var removed: [String] = []
        for leftover in names where leftover.hasPrefix(prefix) {
            let path = "\(directory)/\(leftover)"
            let writer = leftover.dropFirst(prefix.count).split(separator: "-").first.flatMap { pid_t($0) }
            let old = modificationDate(path).map { now.timeIntervalSince($0) > 3600 } ?? true
            let abandoned = writer == getpid() ? !writing.withLock { $0.contains(path) } : writer.map { !isRunning($0) } ?? true
            guard old || abandoned else { continue }
            if unlink(path) == 0 { removed.append(leftover) }
        }
        return removed
    }

    /// Whether process `pid` exists (kill(2) with signal 0: "error checking is still performed").
    private static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    /// FNV-1a, 64 bits, as 16 hex digits: a stable file name for a key, and a check of a body.
    /// - Complexity: O(n).
    static func fingerprint<S: Sequence>(_ bytes: S) -> String where S.Element == UInt8 {
        FNV1a.hex(FNV1a.hash(bytes))
    }

    private static func systemError(_ what: String, _ path: String) -> ICSError {
        ICSError(.unreadable, "\(what) a cache file: \(String(cString: strerror(errno)))", source: path)
    }
}
