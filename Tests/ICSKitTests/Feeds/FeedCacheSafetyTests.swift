#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import Testing
@testable import ICSKit

/// The cache against links, other users, full disks, unreadable copies and concurrent writers.
@Suite("Feed cache safety")
struct FeedCacheSafetyTests {
    let source = try! FeedSource("https://example.org/team.ics")
    let team = CachedFeed(body: FeedSamples.bytes(FeedSamples.team), validators: FetchValidators(etag: "\"v1\""),
                          fetchedAt: feedTestNow, eventCount: 2)
    var updated: CachedFeed {
        CachedFeed(body: FeedSamples.bytes(FeedSamples.teamUpdated), validators: FetchValidators(etag: "\"v2\""),
                   fetchedAt: feedTestNow + 60, eventCount: 3)
    }

    /// A `<key>.ics` that is a link to another file is neither read nor copied into `.previous`,
    /// and the next store replaces the link itself, leaving its target as it was.
    @Test func aLinkInPlaceOfACacheFileIsNotFollowed() throws {
        let temporary = TemporaryCache()
        defer { temporary.cleanUp() }
        try temporary.cache.store(team, for: source)
        let secret = temporary.cache.directory.path + "-secret.txt"
        let secretText = "BEGIN:VCALENDAR\r\nX-SECRET:do not copy\r\nEND:VCALENDAR\r\n"
        try secretText.write(toFile: secret, atomically: true, encoding: .utf8)
        defer { unlink(secret) }
        let body = temporary.cache.paths(for: source).body
        #expect(unlink(body) == 0 && symlink(secret, body) == 0)
        #expect(temporary.cache.entry(for: source) == nil)
        try temporary.cache.store(updated, for: source)
        #expect(temporary.cache.entry(for: source) == updated)
        #expect(temporary.cache.previousEntry(for: source) == nil)
        #expect(!temporary.files.contains { $0.contains("previous") })
        #expect(try String(contentsOfFile: secret, encoding: .utf8) == secretText)
        var info = stat()
        #expect(lstat(body, &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
        // A link as the previous copy, and a named pipe as the body: not read either (and no hang).
        let previous = temporary.cache.previousPaths(for: source).body
        #expect(symlink(secret, previous) == 0)
        #expect(temporary.cache.previousEntry(for: source) == nil)
        #expect(unlink(body) == 0 && mkfifo(body, 0o600) == 0)
        #expect(temporary.cache.entry(for: source) == nil)
    }

    /// A directory that others can write, or that another user owns, is refused with a message
    /// that says why and what to do; nothing is read from it or written to it.
    @Test(arguments: [(0o777 as mode_t, "every user", "777"), (0o770, "its group", "770")])
    func aDirectoryOthersCanWriteIsRefused(mode: mode_t, who: String, octal: String) throws {
        let temporary = TemporaryCache()
        defer { temporary.cleanUp() }
        try temporary.cache.store(team, for: source)
        #expect(chmod(temporary.cache.directory.path, mode) == 0)
        #expect(temporary.cache.entry(for: source) == nil)
        let error = try #require(throws: ICSError.self) { try temporary.cache.store(updated, for: source) }
        #expect(error.message == "the cache directory can be written by \(who) (mode \(octal)); the cache is not used "
                + "(chmod go-w on it, or choose another cache directory)")
        #expect(error.source == temporary.cache.directory.path)
        #expect(temporary.files.count == 2)
        // Offline, the refusal is the reason given, not "no cached copy".
        let offline = FeedSubscription(source, cache: temporary.cache, offline: true)
        let refusal = try #require(throws: ICSError.self) { try offline.refreshBlocking(now: feedTestNow) }
        #expect(refusal.code == .notCached && refusal.message.hasPrefix("offline, and the cache directory can be written by \(who)"))
        #expect(chmod(temporary.cache.directory.path, 0o700) == 0)
        #expect(temporary.cache.entry(for: source) == team)
    }

    @Test func aDirectoryOfAnotherUserIsRefused() throws {
        let temporary = TemporaryCache()
        defer { temporary.cleanUp() }
        try temporary.cache.store(team, for: source)
        // Only root can give a directory away; others check the same rule with a directory they cannot own.
        let other: uid_t = geteuid() == 0 ? 65534 : 0
        if geteuid() == 0 { #expect(chown(temporary.cache.directory.path, other, 0) == 0) }
        let directory = geteuid() == 0 ? temporary.cache.directory.path : "/"
        let error = try #require(throws: ICSError.self) { try CacheDirectory.check(directory) }
        #expect(error.message.hasPrefix("the cache directory belongs to user id \(other), not to you (\(geteuid()))"))
        if geteuid() == 0 {
            #expect(temporary.cache.entry(for: source) == nil)
            #expect(throws: ICSError.self) { try temporary.cache.store(updated, for: source) }
        }
    }

    /// A write that fails (a full disk, simulated by failing the body's write with ENOSPC) leaves
    /// the current copy and the previous one as they were, and no temporary file.
    @Test func aFullDiskLosesNeitherCopy() throws {
        let temporary = TemporaryCache()
        defer { temporary.cleanUp() }
        try temporary.cache.store(team, for: source)
        try temporary.cache.store(updated, for: source)
        var third = updated
        third.body = FeedSamples.bytes(FeedSamples.teamUpdated.replacingOccurrences(of: "Retro", with: "Planning"))
        let error = try #require(throws: ICSError.self) { try temporary.cache.store(third, for: source, interruption: .diskFull) }
        #expect(error.message == "cannot write a cache file: \(String(cString: strerror(ENOSPC)))")
        #expect(temporary.cache.entry(for: source) == updated)
        #expect(temporary.cache.previousEntry(for: source) == team)
        #expect(temporary.files.count == 4 && !temporary.files.contains { $0.contains(".tmp-") })
    }

    /// A current copy that no longer parses (damaged, replaced by hand) is not kept as the
    /// previous one: the undo copy stays the last one that was good.
    @Test func aCopyThatDoesNotParseIsNeverThePreviousOne() throws {
        let temporary = TemporaryCache()
        defer { temporary.cleanUp() }
        try temporary.cache.store(team, for: source)
        try temporary.cache.store(updated, for: source)
        try CacheFile.writeAtomically(FeedSamples.bytes(FeedSamples.loginPage), to: temporary.cache.paths(for: source).body)
        var third = updated
        third.body = FeedSamples.bytes(FeedSamples.teamUpdated.replacingOccurrences(of: "Retro", with: "Planning"))
        try temporary.cache.store(third, for: source)
        #expect(temporary.cache.entry(for: source) == third)
        #expect(temporary.cache.previousEntry(for: source) == team)
    }

    /// Two writers storing different copies of one feed, and a reader, at once, many rounds: every
    /// copy read has its own metadata (the event count and ETag of its body), current and previous.
    @Test func concurrentStoresKeepBodyAndMetadataTogether() throws {
        let temporary = TemporaryCache()
        defer { temporary.cleanUp() }
        let copies = [team, updated]
        let mismatches = Mutex(0)
        let reads = Mutex(0)
        let group = DispatchGroup()
        let rounds = 150
        for writer in 0..<2 {
            group.enter()
            Thread {
                for round in 0..<rounds {
                    try? temporary.cache.store(copies[(round + writer) % 2], for: source)
                }
                group.leave()
            }.start()
        }
        group.enter()
        Thread {
            for _ in 0..<rounds * 2 {
                for entry in [temporary.cache.entry(for: source), temporary.cache.previousEntry(for: source)] {
                    guard let entry else { continue }
                    reads.withLock { $0 += 1 }
                    if !copies.contains(entry) { mismatches.withLock { $0 += 1 } }
                }
            }
            group.leave()
        }.start()
        group.wait()
        #expect(mismatches.withLock { $0 } == 0)
        #expect(reads.withLock { $0 } > 0)
        #expect(copies.contains(try #require(temporary.cache.entry(for: source))))
        #expect(!temporary.files.contains { $0.contains(".tmp-") })
    }
}
