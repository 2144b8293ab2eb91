#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The `*.ics` files below a directory, as `validate DIR` reads them.
///
/// Symbolic links are not followed into directories (the walk stays in the tree it was
/// given, and a link loop cannot make it endless). A `*.ics` symbolic link to a file is read
/// like the file; one that dangles, loops or cannot be resolved is an entry of its own, so that
/// the caller reports it as unreadable instead of skipping it without a word. A FIFO, socket or
/// device in the tree is reported the same way and never opened: a FIFO without a writer would
/// make the walk wait for ever.
enum CalendarFiles {
    /// One `*.ics` name found in the walk.
    enum Entry: Hashable {
        /// A file to validate (a regular file, or a symbolic link to one).
        case file(String)
        /// A name that cannot be read, with the reason.
        case unreadable(String, message: String)

        var path: String {
            switch self {
            case .file(let path), .unreadable(let path, _): return path
            }
        }
    }

    /// The entries below `directory` whose names end in `.ics` (any case), sorted by path.
    /// Directories (and symbolic links to directories) named `*.ics` are not entries.
    /// - Complexity: O(n log n) in the names below the directory.
    static func entries(under directory: String) -> [Entry] {
        // swift-corelibs-foundation walks with fts(3) and FTS_PHYSICAL: links are listed, not followed.
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var out: [Entry] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.lowercased().hasSuffix(".ics") else { continue }
            let full = directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
            if let entry = entry(at: full) { out.append(entry) }
        }
        return out.sorted { $0.path < $1.path }
    }

    /// A FIFO, socket or device found in the walk (or linked from it): not read, since opening a
    /// FIFO without a writer waits for one for ever, and a device may never end.
    private static func special(_ path: String, _ mode: mode_t) -> Entry? {
        let kind: String
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFIFO: kind = "a FIFO (named pipe), not a file"
        case S_IFSOCK: kind = "a socket, not a file"
        case S_IFCHR, S_IFBLK: kind = "a device, not a file"
        default: kind = "not a regular file"
        }
        return .unreadable(path, message: "not read: it is \(kind)")
    }

    /// What `path` is: a file, something unreadable, or nil for a directory.
    static func entry(at path: String) -> Entry? {
        var own = stat()
        guard lstat(path, &own) == 0 else {
            return .unreadable(path, message: "cannot read: \(String(cString: strerror(errno)))")
        }
        if (own.st_mode & S_IFMT) == S_IFDIR { return nil }
        guard (own.st_mode & S_IFMT) == S_IFLNK else { return special(path, own.st_mode) ?? .file(path) }
        var target = stat()
        if stat(path, &target) == 0 {
            return (target.st_mode & S_IFMT) == S_IFDIR ? nil : special(path, target.st_mode) ?? .file(path)
        }
        let reason = errno
        let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map { " '\($0)'" } ?? ""
        switch reason {
        case ENOENT:
            return .unreadable(path, message: "cannot read: it is a symbolic link to\(destination), which does not exist")
        case ELOOP:
            return .unreadable(path, message: "cannot read: it is a symbolic link that loops (to\(destination))")
        default:
            return .unreadable(path, message: "cannot read: it is a symbolic link to\(destination), which cannot be reached: \(String(cString: strerror(reason)))")
        }
    }
}
