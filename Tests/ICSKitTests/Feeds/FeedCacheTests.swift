import Foundation
import Testing
@testable import ICSKit

@Suite("Feed cache")
struct FeedCacheTests {
    let source = try! FeedSource("https://example.org/team.ics")

    @Test func storesAndReadsBackBodyAndValidators() throws {
        let temporary = TemporaryCache()
        defer { temporary.cleanUp() }
        let copy = CachedFeed(body: FeedSamples.bytes(FeedSamples.team), validators: FetchValidators(etag: "\"v1\""),
                              fetchedAt: feedTestNow, eventCount: 2)
        try temporary.cache.store(copy, for: source)
        let read = try #require(temporary.cache.entry(for: source))
        #expect(read == copy)
        #expect(temporary.files.count == 2)
        #expect(temporary.cache.entry(for: try FeedSource("https://example.org/other.ics")) == nil)
    }

    @Test func anInterruptedWriteLeavesTheOldCopy() throws {
        let temporary = TemporaryCache()
        defer { temporary.cleanUp() }
        let old = CachedFeed(body: FeedSamples.bytes(FeedSamples.team), validators: FetchValidators(etag: "\"v1\""),
                             fetchedAt: feedTestNow, eventCount: 2)
        try temporary.cache.store(old, for: source)
        let new = CachedFeed(body: FeedSamples.bytes(FeedSamples.teamUpdated), validators: FetchValidators(etag: "\"v2\""),
                             fetchedAt: feedTestNow + 60, eventCount: 3)
        try temporary.cache.store(new, for: source, interruption: .beforeRename)
        // The temporary file is there, but readers still see the whole old copy.
        #expect(temporary.files.contains { $0.contains(".tmp-") })
        #expect(temporary.cache.entry(for: source) == old)
        // The next write clears the leftover and replaces the copy.
        try temporary.cache.store(new, for: source)
        #expect(!temporary.files.contains { $0.contains(".tmp-") })
        #expect(temporary.cache.entry(for: source) == new)
    }

    @Test func aBodyWhoseMetadataDoesNotMatchIsServedWithoutValidators() throws {
        let temporary = TemporaryCache()
        defer { temporary.cleanUp() }
        let copy = CachedFeed(body: FeedSamples.bytes(FeedSamples.team), validators: FetchValidators(etag: "\"v1\""),
                              fetchedAt: feedTestNow, eventCount: 2)
        try temporary.cache.store(copy, for: source)
        // As if a crash came between the body's rename and the metadata's.
        try CacheFile.writeAtomically(FeedSamples.bytes(FeedSamples.teamUpdated), to: temporary.cache.paths(for: source).body)
        let read = try #require(temporary.cache.entry(for: source))
        #expect(read.body == FeedSamples.bytes(FeedSamples.teamUpdated))
        #expect(read.validators.isEmpty)
        #expect(read.eventCount == nil)
    }

    /// The XDG Base Directory Specification: `$XDG_CACHE_HOME` when it is an absolute path
    /// ("If an implementation encounters a relative path in any of these variables it should
    /// consider the path invalid and ignore it"), else `$HOME/.cache`.
    @Test(arguments: [
        (["XDG_CACHE_HOME": "/srv/cache", "HOME": "/home/ada"], "/srv/cache/ICSKit"),
        (["XDG_CACHE_HOME": "relative/cache", "HOME": "/home/ada"], "/home/ada/.cache/ICSKit"),
        (["HOME": "/home/ada"], "/home/ada/.cache/ICSKit"),
        (["XDG_CACHE_HOME": "", "HOME": "/root"], "/root/.cache/ICSKit"),
    ])
    func standardDirectoryFollowsXDG(_ environment: [String: String], _ expected: String) {
        let directory = FeedCache.xdgDirectory(environment: environment)
        #expect(directory.isFileURL)
        #expect(directory.path == expected)
    }

    @Test func standardCacheIsThePlatformsCacheDirectory() throws {
        let standard = FeedCache.standard.directory
        #expect(standard.isFileURL && standard.lastPathComponent == "ICSKit")
        // An app's own: the same place, its name.
        let mine = FeedCache.standard(application: "my-app").directory
        #expect(mine.lastPathComponent == "my-app" && mine.deletingLastPathComponent() == standard.deletingLastPathComponent())
        #expect(FeedCache.xdgDirectory(environment: ["HOME": "/home/ada"], application: "my-app").path == "/home/ada/.cache/my-app")
        #if canImport(Darwin)
        let caches = try #require(FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first)
        #expect(standard.deletingLastPathComponent().standardizedFileURL == caches.standardizedFileURL)
        #else
        #expect(standard == FeedCache.xdgDirectory(environment: ProcessInfo.processInfo.environment).standardizedFileURL)
        #endif
    }

    @Test func fingerprintIsFNV1a() {
        // FNV-1a 64 of "a" is af63dc4c8601ec8c (the published test vector).
        #expect(CacheFile.fingerprint("a".utf8) == "af63dc4c8601ec8c")
        #expect(CacheFile.fingerprint([UInt8]()) == "cbf29ce484222325")
    }
}
