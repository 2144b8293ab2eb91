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

    @Test func standardDirectoryFollowsXDG() {
        // Only the shape is checked: the environment of the test run is not ours to change.
        #expect(FeedCache.standard.directory.hasSuffix("/icsview"))
    }

    @Test func fingerprintIsFNV1a() {
        // FNV-1a 64 of "a" is af63dc4c8601ec8c (the published test vector).
        #expect(CacheFile.fingerprint("a".utf8) == "af63dc4c8601ec8c")
        #expect(CacheFile.fingerprint([UInt8]()) == "cbf29ce484222325")
    }
}
