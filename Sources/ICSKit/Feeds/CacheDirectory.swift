#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The feed cache's directory: who may write it, and one writer at a time.
///
/// A cache directory that another user can write (or that another user owns) could be filled
/// with links or forged copies that the cache would then serve as feeds, so it is refused with
/// a message that says how to fix it. Writes of the cache take an exclusive advisory lock
/// (`flock(2)`) on the directory and reads a shared one, so that two processes refreshing one
/// feed cannot leave one's body beside the other's metadata.
enum CacheDirectory {
    /// Throws when `directory` exists and is not safe to use: not a directory, not owned by the
    /// effective user, or writable by its group or by others. A directory that does not exist
    /// passes (it is created with mode 0700 on the first write).
    /// - Throws: ``ICSError`` with ``ICSError/Code/unreadable`` and what to change.
    static func check(_ directory: String) throws(ICSError) {
        var info = stat()
        guard stat(directory, &info) == 0 else {
            if errno == ENOENT { return }
            throw ICSError(.unreadable, "cannot read the cache directory: \(String(cString: strerror(errno)))", source: directory)
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw ICSError(.unreadable, "the cache directory is not a directory; the cache is not used", source: directory)
        }
        let owner = geteuid()
        guard info.st_uid == owner else {
            throw ICSError(.unreadable, "the cache directory belongs to user id \(info.st_uid), not to you (\(owner)); the cache is "
                + "not used (choose another cache directory, or remove it)", source: directory)
        }
        let mode = info.st_mode & 0o777
        guard mode & 0o022 == 0 else {
            throw ICSError(.unreadable, "the cache directory can be written by "
                + "\(mode & 0o002 != 0 ? "every user" : "its group") (mode \(String(mode, radix: 8))); the cache is not used "
                + "(chmod go-w on it, or choose another cache directory)", source: directory)
        }
    }

    /// Runs `body` holding the directory's lock: exclusive for writers, shared for readers.
    /// A directory that cannot be opened (it does not exist yet) runs `body` without a lock.
    /// - Complexity: waits while another process or thread holds the lock in a conflicting mode.
    static func withLock<T, E: Error>(_ directory: String, exclusive: Bool, _ body: () throws(E) -> T) throws(E) -> T {
        let lock = Lock(directory, exclusive: exclusive)
        defer { lock.release() }
        return try body()
    }

    /// One `flock` on one open file description of the directory (each lock its own `open`, so
    /// that two threads of one process exclude each other too).
    private struct Lock {
        let fd: Int32

        init(_ directory: String, exclusive: Bool) {
            fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard fd >= 0 else { return }
            while flock(fd, exclusive ? LOCK_EX : LOCK_SH) != 0 && errno == EINTR {}
        }

        func release() {
            guard fd >= 0 else { return }
            _ = flock(fd, LOCK_UN)
            _ = close(fd)
        }
    }
}
