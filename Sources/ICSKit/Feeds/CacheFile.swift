#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
#endif
import Foundation
import Synchronization

/// File operations of the feed cache: whole-file reads, and writes that are atomic
/// (a temporary file in the same directory, flushed, renamed over the target, then the
/// directory flushed so that the rename itself survives a crash), so that a reader sees
/// the old file or the new one, never a part.
package enum CacheFile {
    /// What a test can ask a write to do: stop before the rename (as if killed), or fail as on a
    /// full disk (`ENOSPC` after the first bytes).
    enum Interruption: Sendable { case none, beforeRename, diskFull }

    /// Creates `directory` and its parents (mode 0700: cached feeds may be private), then checks
    /// that it is safe to use (``CacheDirectory/check(_:)``).
    static func makeDirectory(_ directory: String) throws(ICSError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw ICSError(.unreadable, "cannot create the cache directory: \(error.localizedDescription)", source: directory)
        }
        try CacheDirectory.check(directory)
    }

    /// The file's bytes, or `nil` when it does not exist, cannot be read, or is not a regular
    /// file: a symbolic link is not followed (`O_NOFOLLOW`), so a link planted in place of a
    /// cache file cannot make the cache read, serve or copy another file.
    /// - Complexity: O(n) in the file's size.
    static func read(_ path: String) -> [UInt8]? {
        if case .bytes(let bytes) = read(path, limit: .max) { return bytes }
        return nil
    }

    /// What ``read(_:limit:)`` found.
    package enum BoundedRead: Equatable, Sendable {
        /// The file's bytes.
        case bytes([UInt8])
        /// No such file, not a regular file (a link is not followed), or a read that failed.
        case unreadable
        /// A file of more than the limit's bytes (its size, as `fstat` gives it): none was read.
        case tooLarge(Int)
    }

    /// The bytes of the regular file at `path` when it holds at most `limit` of them, as
    /// ``read(_:)`` reads them (`O_NOFOLLOW`, `fstat` of the open file, no blocking on a FIFO):
    /// the size is looked at before anything is read, and no more than `limit` bytes and one
    /// are read if the file grows meanwhile. A local copy of two gigabytes (a sparse file) was
    /// read whole before it failed to decode.
    ///
    /// ```swift
    /// if case .tooLarge(let size) = CacheFile.read(path, limit: 256 << 20) { print("\(path): \(size) bytes") }
    /// ```
    /// - Complexity: O(min(n, `limit`)).
    package static func read(_ path: String, limit: Int) -> BoundedRead {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .unreadable }
        defer { _ = close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .unreadable }
        let size = Int(info.st_size)
        guard size <= limit else { return .tooLarge(size) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { raw in raw.baseAddress.map { systemRead(fd, $0, raw.count) } ?? -1 }
            if n < 0 { if errno == EINTR { continue }; return .unreadable }
            if n == 0 { return .bytes(bytes) }
            bytes.append(contentsOf: chunk[..<n])
            // It grew past the limit after its size was read.
            if bytes.count > limit { return .tooLarge(bytes.count) }
        }
    }

    /// The modification time, when the file exists (of a link itself, not of what it names).
    static func modificationDate(_ path: String) -> Date? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        return Date(timeIntervalSince1970: TimeInterval(time.tv_sec) + TimeInterval(time.tv_nsec) / 1e9)
    }

    /// Writes `bytes` to `path` atomically: temporary file, `fsync`, `rename`, `fsync` of the directory.
    /// - Throws: ``ICSError`` with ``ICSError/Code/unreadable`` and the system's reason.
    /// - Parameter trace: told each durable step (`fsync file`, `rename`, `fsync directory`), for tests.
    static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t? = nil, interruption: Interruption = .none,
                                trace: ((String) -> Void)? = nil) throws(ICSError) {
        let temporary = try writeTemporary(bytes, for: path, mode: mode, interruption: interruption)
        trace?("fsync file")
        if interruption == .beforeRename { return }
        try moveIntoPlace(temporary, path)
        trace?("rename")
        let directory = (path as NSString).deletingLastPathComponent
        try syncDirectory(directory.isEmpty ? "." : directory)
        trace?("fsync directory")
    }

    /// Writes `bytes` to a new temporary file beside `path` and flushes it (`fsync`); nothing
    /// else changes, so a failure (a full disk) leaves every cache file as it was.
    /// - Returns: the temporary file's path, for ``moveIntoPlace(_:_:)`` (or ``discard(_:)``).
    /// - Parameter mode: the file's permissions (`fchmod`, before anything is written); nil
    ///   leaves the cache's 0600.
    static func writeTemporary(_ bytes: [UInt8], for path: String, mode: mode_t? = nil,
                               interruption: Interruption = .none) throws(ICSError) -> String {
        let temporary = temporaryPath(for: path)
        writing.withLock { _ = $0.insert(temporary) }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            writing.withLock { _ = $0.remove(temporary) }
            throw systemError("cannot create", temporary)
        }
        if let mode, fchmod(fd, mode) != 0 {
            let failure = systemError("cannot set the permissions of", temporary)
            _ = close(fd)
            discard(temporary)
            throw failure
        }
        var written = 0
        let ok = bytes.withUnsafeBytes { raw -> Bool in
            while written < raw.count {
                if interruption == .diskFull && written > 0 { errno = ENOSPC; return false }
                let count = interruption == .diskFull ? min(raw.count, 16) : raw.count - written
                let n = write(fd, raw.baseAddress! + written, count)
                if n < 0 { if errno == EINTR { continue }; return false }
                written += n
            }
            return fsync(fd) == 0
        }
        let failure = ok ? nil : systemError("cannot write", temporary)
        _ = close(fd)
        if let failure {
            discard(temporary)
            throw failure
        }
        if interruption == .beforeRename { writing.withLock { _ = $0.remove(temporary) } }
        return temporary
    }

    /// Renames a temporary file of ``writeTemporary(_:for:interruption:)`` over `path` (a link
    /// at `path` is replaced, not followed); on failure the temporary file is removed.
    static func moveIntoPlace(_ temporary: String, _ path: String) throws(ICSError) {
        defer { writing.withLock { _ = $0.remove(temporary) } }
        guard rename(temporary, path) == 0 else {
            let error = systemError("cannot rename into place", path)
            _ = unlink(temporary)
            throw error
        }
    }

    /// Removes a temporary file that will not be moved into place.
    static func discard(_ temporary: String) {
        _ = unlink(temporary)
        writing.withLock { _ = $0.remove(temporary) }
    }

    /// A temporary copy of the regular file at `path`, beside `target`, for ``moveIntoPlace(_:_:)``:
    /// a second name for the same file (`link(2)`, no data written, so it works on a full disk),
    /// or a copy where the file system has no hard links.
    /// - Returns: `nil` when `path` is not a regular file (missing, or a link).
    static func temporaryCopy(of path: String, for target: String) throws(ICSError) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let temporary = temporaryPath(for: target)
        writing.withLock { _ = $0.insert(temporary) }
        if link(path, temporary) == 0 { return temporary }
        writing.withLock { _ = $0.remove(temporary) }
        guard let bytes = read(path) else { return nil }
        return try writeTemporary(bytes, for: target)
    }

    /// A name beside `path` (in `.` when the path names no folder: never in `/`).
    private static func temporaryPath(for path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let directory = folder.isEmpty ? "." : folder
        let name = (path as NSString).lastPathComponent
        return "\(directory)/.\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
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
