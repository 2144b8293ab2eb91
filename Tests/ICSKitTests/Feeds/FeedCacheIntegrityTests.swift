import Foundation
import Testing
@testable import ICSKit

/// The cache after crashes and meddling: a body that does not match its metadata is served
/// with a warning; temporary files of killed writes go on the next read; the directory is
/// flushed after each rename; the copy a store replaces is kept as the previous one.
@Suite("Feed cache integrity")
struct FeedCacheIntegrityTests {
    let source = try! FeedSource("https://example.org/team.ics")
    let team = CachedFeed(body: FeedSamples.bytes(FeedSamples.team), validators: FetchValidators(etag: "\"v1\""),
                          fetchedAt: feedTestNow, eventCount: 2)

    @Test func aBodyThatNoLongerMatchesItsMetadataIsServedWithAWarning() throws {
        let temporary = TemporaryCache()
        defer { temporary.cleanUp() }
        try temporary.cache.store(team, for: source)
        // One byte changed in place (a disk fault, an edit by hand): the fingerprint no longer matches.
        var body = FeedSamples.bytes(FeedSamples.team)
        body[body.count - 5] = UInt8(ascii: "X")
        try CacheFile.writeAtomically(body, to: temporary.cache.paths(for: source).body)
        let read = try #require(temporary.cache.entry(for: source))
        #expect(read.validators.isEmpty && read.eventCount == nil)
        #expect(read.problem == "the cached copy does not match its metadata (a write was interrupted, or the file was changed); "
                + "it is used without its validators")
        // Through a subscription, offline: the warning reaches the update.
        var feed = FeedSubscription(source, cache: temporary.cache)
        feed.isOffline = true
        let update = try feed.refreshBlocking(now: feedTestNow)
        #expect(update.warnings == [try #require(read.problem)])
        // Metadata gone altogether.
        unlink(temporary.cache.paths(for: source).meta)
        #expect(temporary.cache.entry(for: source)?.problem?.hasPrefix("the cached copy has no readable metadata") == true)
    }

    @Test func aGoodCopyHasNoProblem() throws {
        let temporary = TemporaryCache()
        defer { temporary.cleanUp() }
        try temporary.cache.store(team, for: source)
        #expect(temporary.cache.entry(for: source)?.problem == nil)
    }

    @Test func leftoversOfKilledWritesGoOnTheNextRead() throws {
        let temporary = TemporaryCache()
        defer { temporary.cleanUp() }
        try temporary.cache.store(team, for: source)
        var updated = team
        updated.body = FeedSamples.bytes(FeedSamples.teamUpdated)
        // This process's own write, stopped before its rename (as if killed).
        try temporary.cache.store(updated, for: source, interruption: .beforeRename)
        let name = (temporary.cache.paths(for: source).body as NSString).lastPathComponent
        // A write by a process that has exited, and one by a process still running (pid 1, init).
        let dead = try Self.exitedProcessID()
        for pid in [dead, 1] {
            _ = FileManager.default.createFile(atPath: "\(temporary.cache.directory.path)/.\(name).tmp-\(pid)-7", contents: Data("x".utf8))
        }
        #expect(temporary.files.filter { $0.contains(".tmp-") }.count == 3)
        #expect(temporary.cache.entry(for: source) == team)
        #expect(temporary.files.filter { $0.contains(".tmp-") } == [".\(name).tmp-1-7"])
    }

    @Test func eachWriteFlushesTheFileThenRenamesThenFlushesTheDirectory() throws {
        let temporary = TemporaryCache()
        defer { temporary.cleanUp() }
        try CacheFile.makeDirectory(temporary.cache.directory.path)
        nonisolated(unsafe) var steps: [String] = []
        try CacheFile.writeAtomically(Array("x".utf8), to: temporary.cache.directory.path + "/a.ics") { steps.append($0) }
        #expect(steps == ["fsync file", "rename", "fsync directory"])
        #expect(throws: ICSError.self) { try CacheFile.syncDirectory(temporary.cache.directory.path + "/missing") }
    }

    @Test func aStoreKeepsTheCopyItReplaces() throws {
        let temporary = TemporaryCache()
        defer { temporary.cleanUp() }
        try temporary.cache.store(team, for: source)
        try temporary.cache.store(team, for: source)                 // the same body: nothing to keep
        #expect(temporary.cache.previousEntry(for: source) == nil)
        var updated = team
        updated.body = FeedSamples.bytes(FeedSamples.teamUpdated)
        updated.eventCount = 3
        try temporary.cache.store(updated, for: source)
        #expect(temporary.cache.previousEntry(for: source) == team)
        #expect(temporary.cache.entry(for: source) == updated)
        temporary.cache.remove(source)
        #expect(temporary.files.isEmpty)
    }

    /// The pid of a child that has exited and been reaped.
    static func exitedProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }
}
