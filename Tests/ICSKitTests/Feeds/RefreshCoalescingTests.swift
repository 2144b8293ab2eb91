import Foundation
import TestSupport
import Synchronization
import Testing
@testable import ICSKit

/// Refreshes of one feed in flight at the same time share one request: counted by the test's
/// server on 127.0.0.1, which holds each answer for a second so that the refreshes overlap.
@Suite("Coalesced refreshes")
struct RefreshCoalescingTests {
    static func slowServer() throws -> TestHTTPServer {
        try TestHTTPServer { _ in
            Thread.sleep(forTimeInterval: 1)
            return FeedSamples.ok(FeedSamples.team)
        }
    }

    @Test func eightConcurrentRefreshesSendOneRequest() async throws {
        let server = try Self.slowServer()
        let cache = TemporaryCache()
        defer { server.stop(); cache.cleanUp() }
        let feed = try FeedSubscription(server.base + "/team.ics", cache: cache.cache)
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { try await feed.refresh(now: feedTestNow).calendar.events.count } }
            var counts: [Int] = []
            for try await count in group { counts.append(count) }
            return counts
        }
        #expect(counts == Array(repeating: 2, count: 8))
        #expect(server.requests.count == 1)
        // Once it is over, the next refresh asks again (a conditional request).
        _ = try await feed.refresh(now: feedTestNow)
        #expect(server.requests.count == 2)
    }

    @Test func blockingRefreshesOnEightThreadsSendOneRequest() throws {
        let server = try Self.slowServer()
        let cache = TemporaryCache()
        defer { server.stop(); cache.cleanUp() }
        let feed = try FeedSubscription(server.base + "/team.ics", cache: cache.cache)
        let counts = Mutex<[Int]>([])
        // Eight threads of their own (a dispatch queue would run as many at once as there are cores).
        let group = DispatchGroup()
        for _ in 0..<8 {
            group.enter()
            Thread {
                let count = (try? feed.refreshBlocking(now: feedTestNow).calendar.events.count) ?? -1
                counts.withLock { $0.append(count) }
                group.leave()
            }.start()
        }
        group.wait()
        #expect(counts.withLock { $0 } == Array(repeating: 2, count: 8))
        #expect(server.requests.count == 1)
    }

    @Test func differentOptionsAreDifferentRefreshes() async throws {
        let server = try Self.slowServer()
        let cache = TemporaryCache()
        defer { server.stop(); cache.cleanUp() }
        let plain = try FeedSubscription(server.base + "/team.ics", cache: cache.cache)
        var other = plain
        other.fetchOptions.headers = ["Authorization: Bearer abc"]
        async let a = plain.refresh(now: feedTestNow)
        async let b = other.refresh(now: feedTestNow)
        _ = try await (a, b)
        #expect(server.requests.count == 2)
        #expect(server.requests.filter { $0.headers["authorization"] == "Bearer abc" }.count == 1)
    }
}
