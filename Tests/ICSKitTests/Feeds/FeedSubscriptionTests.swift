import Foundation
import TestSupport
import Synchronization
import Testing
@testable import ICSKit

/// Refreshing a feed through its cache: conditional requests, and never losing the last good copy.
@Suite("Feed subscriptions")
struct FeedSubscriptionTests {
    /// A server whose answer the test changes between refreshes.
    final class Script: Sendable {
        let reply = Mutex<@Sendable (TestHTTPServer.Request) -> TestHTTPServer.Reply>({ _ in FeedSamples.ok(FeedSamples.team) })
        func set(_ next: @escaping @Sendable (TestHTTPServer.Request) -> TestHTTPServer.Reply) { reply.withLock { $0 = next } }
        func answer(_ request: TestHTTPServer.Request) -> TestHTTPServer.Reply { reply.withLock { $0 }(request) }
    }

    private func setUp() throws -> (TestHTTPServer, Script, TemporaryCache, FeedSubscription) {
        let script = Script()
        let server = try TestHTTPServer { script.answer($0) }
        let temporary = TemporaryCache()
        let feed = try FeedSubscription(server.base + "/team.ics", cache: temporary.cache, fetchOptions: .test)
        return (server, script, temporary, feed)
    }

    @Test func firstRefreshDownloadsAndCaches() async throws {
        let (server, _, temporary, feed) = try setUp()
        defer { server.stop(); temporary.cleanUp() }
        let update = try await feed.refresh(now: feedTestNow)
        #expect(update.origin == .downloaded)
        #expect(update.calendar.events.count == 2)
        #expect(update.calendar.name == "Team")
        #expect(update.problem == nil && update.previous == nil)
        // REFRESH-INTERVAL wins over X-PUBLISHED-TTL (RFC 7986 5.7 supersedes the X- property).
        #expect(update.suggestedRefreshInterval == ICSDuration(hours: 1))
        #expect(temporary.cache.entry(for: feed.source)?.eventCount == 2)
    }

    @Test(arguments: ["etag", "last-modified"])
    func notModifiedReusesTheCachedCopy(_ validator: String) throws {
        let (server, script, temporary, feed) = try setUp()
        defer { server.stop(); temporary.cleanUp() }
        let stamp = "Mon, 10 Jun 2024 08:00:00 GMT"
        script.set { request in
            if request.headers["if-none-match"] == "\"v1\"" || request.headers["if-modified-since"] == stamp {
                return .response(status: 304, headers: [], body: [])
            }
            return FeedSamples.ok(FeedSamples.team, validator == "etag" ? [("ETag", "\"v1\"")] : [("Last-Modified", stamp)])
        }
        _ = try feed.refreshBlocking(now: feedTestNow)
        let update = try feed.refreshBlocking(now: feedTestNow + 600)
        #expect(update.origin == .notModified)
        #expect(update.calendar.events.count == 2)
        #expect(update.fetchedAt == feedTestNow)
        #expect(update.checkedAt == feedTestNow + 600)
        #expect(temporary.cache.entry(for: feed.source)?.checkedAt == feedTestNow + 600)
        #expect(server.requests.count == 2)
    }

    @Test func aNewCopyReportsWhatChanged() throws {
        let (server, script, temporary, feed) = try setUp()
        defer { server.stop(); temporary.cleanUp() }
        _ = try feed.refreshBlocking(now: feedTestNow)
        script.set { _ in FeedSamples.ok(FeedSamples.teamUpdated) }
        let update = try feed.refreshBlocking(now: feedTestNow + 3600)
        #expect(update.origin == .downloaded)
        #expect(update.changes?.added.map(\.uid) == ["retro@example.org"])
        #expect(update.changes?.removed.isEmpty == true)
        #expect(update.changes?.unchangedCount == 2)
    }

    /// Every way a refresh can fail serves the last good copy, with the problem and its age.
    @Test(arguments: [
        ("500", ICSError.Code.httpStatus),
        ("login", .notICalendar),
        ("json", .notICalendar),
        ("empty", .emptyFeed),
        ("truncated", .truncated),
        ("slow", .timedOut),
        ("endless", .tooLarge),
    ])
    func failuresServeTheLastGoodCopy(_ failure: String, _ code: ICSError.Code) throws {
        let (server, script, temporary, feed) = try setUp()
        defer { server.stop(); temporary.cleanUp() }
        _ = try feed.refreshBlocking(now: feedTestNow)
        script.set { _ in
            switch failure {
            case "500": return .response(status: 500, headers: [], body: Array("oops".utf8))
            case "login": return .response(status: 200, headers: [("Content-Type", "text/html")], body: FeedSamples.bytes(FeedSamples.loginPage))
            case "json": return .response(status: 200, headers: [("Content-Type", "application/json")], body: Array("{\"error\":\"quota\"}".utf8))
            case "empty": return FeedSamples.ok(FeedSamples.empty)
            case "truncated": return .truncated(body: Array(FeedSamples.bytes(FeedSamples.teamUpdated).prefix(200)), claimed: 900)
            case "slow": return .silent(seconds: 5)
            default: return .endless
            }
        }
        let update = try feed.refreshBlocking(now: feedTestNow + 3 * 3600)
        #expect(update.origin == .cache)
        #expect(update.isStale)
        #expect(update.problem?.code == code)
        #expect(update.calendar.events.count == 2)
        #expect(abs((update.age(at: feedTestNow + 3 * 3600) ?? 0) - 3 * 3600) < 1)
        #expect(update.notice(at: feedTestNow + 3 * 3600)?.hasSuffix("using the copy cached 3 h ago") == true)
        // The cache still holds the good copy.
        #expect(temporary.cache.entry(for: feed.source)?.body == FeedSamples.bytes(FeedSamples.team))
        if failure == "login" { #expect(update.problem?.message.contains("HTML page") == true) }
    }

    @Test func withoutACopyAFailureIsThrown() throws {
        let (server, script, temporary, feed) = try setUp()
        defer { server.stop(); temporary.cleanUp() }
        script.set { _ in .response(status: 404, headers: [], body: []) }
        #expect(throws: ICSError.self) { try feed.refreshBlocking(now: feedTestNow) }
    }

    @Test func offlineUsesTheCacheOrSaysThereIsNone() throws {
        let (server, _, temporary, feed) = try setUp()
        defer { temporary.cleanUp() }
        var offline = feed
        offline.isOffline = true
        do {
            _ = try offline.refreshBlocking(now: feedTestNow)
            Issue.record("expected notCached")
        } catch {
            #expect(error.code == .notCached)
        }
        _ = try feed.refreshBlocking(now: feedTestNow)
        server.stop()
        let update = try offline.refreshBlocking(now: feedTestNow + 120)
        #expect(update.origin == .cache && update.wasOffline && update.problem == nil)
        #expect(update.notice(at: feedTestNow + 120) == "offline: using the copy cached 2 min ago")
        // Not offline by choice, but the server is gone: the cache still answers.
        let unreachable = try feed.refreshBlocking(now: feedTestNow + 120)
        #expect(unreachable.origin == .cache && unreachable.problem?.code == .connectionFailed, "\(String(describing: unreachable.problem))")
    }

    @Test func filesAreReadWithoutTheCache() throws {
        let path = NSTemporaryDirectory() + "icskit-feed-\(UUID().uuidString).ics"
        try FeedSamples.team.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let update = try FeedSubscription(path, cache: nil).refreshBlocking()
        #expect(update.origin == .file && update.calendar.events.count == 2 && update.fetchedAt == nil)
    }
}
