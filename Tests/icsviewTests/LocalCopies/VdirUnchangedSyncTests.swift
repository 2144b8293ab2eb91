import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A `sync` of a vdir in which nothing changed leaves its local copy as it is. The copy is every
/// item's calendar as JSON, and it was written again on every sync: for 10,000 unchanged items a
/// third of the sync's time (4.7 s at a load of 10, against 4.2 s for the first sync). Whether a
/// file was written is told by its inode: the copy is written to a new file renamed over the old.
@Suite struct VdirUnchangedSyncTests {
    static func copyFile(in cache: String) throws -> String {
        let files = FileManager.default.enumerator(atPath: cache)?.compactMap { $0 as? String } ?? []
        let copy = try #require(files.first { ($0 as NSString).lastPathComponent.hasPrefix("vdir-") })
        return cache + "/" + copy
    }

    static func inode(_ path: String) -> UInt64 {
        var info = stat()
        return stat(path, &info) == 0 ? UInt64(info.st_ino) : 0
    }

    @Test func anUnchangedVdirIsNotWrittenAgain() throws {
        let home = try SyncTestHome(config: "[calendar one]\nvdir = cal\n")
        defer { home.remove() }
        try FileManager.default.createDirectory(atPath: home.path + "/cal", withIntermediateDirectories: true)
        try VdirCommandTests.event("a", "Alpha", "20240611T170000Z").write(toFile: home.path + "/cal/a.ics", atomically: true, encoding: .utf8)
        #expect(try home.run(["sync"]).status == 0)
        let copy = try Self.copyFile(in: home.cache)
        let first = Self.inode(copy)

        let again = try home.run(["sync"])
        #expect(again.status == 0)
        #expect(again.stdout == "one: synced (vdir)\n0 added, 0 removed, 0 changed, 1 unchanged\n")
        #expect(Self.inode(copy) == first)

        // An item added: the copy is written, and the next sync reports nothing new.
        try VdirCommandTests.event("b", "Beta", "20240612T170000Z").write(toFile: home.path + "/cal/b.ics", atomically: true, encoding: .utf8)
        let added = try home.run(["sync"])
        #expect(added.stdout.contains("1 added, 0 removed, 0 changed, 1 unchanged\n"), "\(added.stdout)")
        #expect(Self.inode(copy) != first)
        #expect(try home.run(["sync"]).stdout == "one: synced (vdir)\n0 added, 0 removed, 0 changed, 2 unchanged\n")
    }
}
