import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Directories the tests write scratch files into, under the temporary directory, each removed
/// when the test process exits: a helper that hands a file to its test (`HostileViewTests.file`)
/// cannot remove the folder when it returns, nor a server a suite shares (`CalDAVTestServer`)
/// before the last test is done with it. Without this, one whole run of the suite left 17
/// folders and 2 files in the temporary directory for good.
///
/// ```swift
/// let dir = try ScratchDirectory.make("icsview-hostile")   // /tmp/icsview-hostile-<UUID>
/// ```
public enum ScratchDirectory {
    private static let made = Mutex<[String]>([])
    private static let removalAtExit: Void = {
        atexit { ScratchDirectory.removeAll() }
    }()

    /// A new, empty directory `<prefix>-<UUID>` under the temporary directory, removed at exit.
    public static func make(_ prefix: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        removeAtExit(url.path)
        return url
    }

    /// Removes `path` (a file, or a directory and all it holds) when the test process exits.
    public static func removeAtExit(_ path: String) {
        _ = removalAtExit
        made.withLock { $0.append(path) }
    }

    private static func removeAll() {
        for path in made.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
    }
}
