import Foundation
import TestSupport
import Synchronization
import Testing
@testable import ICSKit

/// A body cut short never replaces the last good copy, and a copy that loses most of its
/// events can be undone: against a server on 127.0.0.1 that closes early or lies about its length.
@Suite("Truncated feeds and the previous copy")
struct FeedTruncationTests {
    /// A calendar of `count` events, `e1@example.org` … (header: 3 lines, then 6 lines an event).
    static func feed(events count: Int) -> String {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//ICSKit tests//EN\r\n"
        for n in 1...max(count, 1) where count > 0 {
            text += "BEGIN:VEVENT\r\nUID:e\(n)@example.org\r\nDTSTAMP:20240601T000000Z\r\n"
                + "DTSTART:202406\(10 + n)T090000Z\r\nSUMMARY:Event \(n)\r\nEND:VEVENT\r\n"
        }
        return text + "END:VCALENDAR\r\n"
    }

    /// The first `events` events of `feed(events: 10)`, the connection closing there (no END:VCALENDAR).
    static func cut(afterEvents events: Int) -> [UInt8] {
        let whole = FeedSamples.bytes(feed(events: 10))
        let lines = 3 + 6 * events
        var seen = 0
        var end = 0
        while seen < lines { if whole[end] == 0x0A { seen += 1 }; end += 1 }
        return Array(whole[..<end])
    }

    private final class Server: Sendable {
        let reply: Mutex<TestHTTPServer.Reply>
        init(_ reply: TestHTTPServer.Reply) { self.reply = Mutex(reply) }
        func set(_ next: TestHTTPServer.Reply) { reply.withLock { $0 = next } }
    }

    private func setUp(_ first: String = feed(events: 10)) throws -> (TestHTTPServer, Server, TemporaryCache, FeedSubscription) {
        let script = Server(FeedSamples.ok(first))
        let server = try TestHTTPServer { _ in script.reply.withLock { $0 } }
        let temporary = TemporaryCache()
        let feed = try FeedSubscription(server.base + "/feed.ics", cache: temporary.cache, fetchOptions: .test)
        return (server, script, temporary, feed)
    }

    @Test func aConnectionClosedEarlyWithoutLengthServesTheCachedCopy() throws {
        let (server, script, temporary, feed) = try setUp()
        defer { server.stop(); temporary.cleanUp() }
        _ = try feed.refreshBlocking(now: feedTestNow)
        // 7 of 10 events, then the connection closes: no Content-Length to tell it short.
        script.set(.streamed(headers: [("Content-Type", "text/calendar")], head: Self.cut(afterEvents: 7), block: [], count: 0, tail: []))
        let update = try feed.refreshBlocking(now: feedTestNow + 3600)
        #expect(update.origin == .cache)
        #expect(update.problem?.code == .truncated)
        #expect(update.problem?.message == "the body ends before the END of the VCALENDAR begun on line 1 (the download was cut short)")
        #expect(update.notice(at: feedTestNow + 3600)
            == "the body ends before the END of the VCALENDAR begun on line 1 (the download was cut short); using the copy cached 1 h ago")
        #expect(update.calendar.events.count == 10)
        #expect(temporary.cache.entry(for: feed.source)?.body == FeedSamples.bytes(Self.feed(events: 10)))
    }

    @Test func aContentLengthShorterThanTheBodyServesTheCachedCopy() throws {
        let (server, script, temporary, feed) = try setUp()
        defer { server.stop(); temporary.cleanUp() }
        _ = try feed.refreshBlocking(now: feedTestNow)
        // Content-Length: 100 for the whole body: the client reads 100 bytes, the header (56 bytes,
        // lines 1–3) and part of the first event, which begins on line 4.
        script.set(.truncated(body: FeedSamples.bytes(Self.feed(events: 10)), claimed: 100))
        let update = try feed.refreshBlocking(now: feedTestNow + 60)
        #expect(update.origin == .cache)
        #expect(update.problem?.code == .truncated)
        #expect(update.problem?.message == "the body ends inside the VEVENT begun on line 4 (the download was cut short)")
        #expect(update.calendar.events.count == 10)
        #expect(temporary.cache.entry(for: feed.source)?.eventCount == 10)
    }

    @Test func aCutBodyWithoutACachedCopyIsAnError() throws {
        let script = Server(.streamed(headers: [], head: Self.cut(afterEvents: 3), block: [], count: 0, tail: []))
        let server = try TestHTTPServer { _ in script.reply.withLock { $0 } }
        defer { server.stop() }
        let feed = try FeedSubscription(server.base + "/feed.ics", cache: nil, fetchOptions: .test)
        #expect(throws: ICSError(.truncated, "the body ends before the END of the VCALENDAR begun on line 1 (the download was cut short)",
                                 source: feed.source.description)) { try feed.refreshBlocking(now: feedTestNow) }
    }

    @Test func aDropBelowHalfWarnsAndCanBeUndone() throws {
        let (server, script, temporary, feed) = try setUp()
        defer { server.stop(); temporary.cleanUp() }
        _ = try feed.refreshBlocking(now: feedTestNow)
        script.set(FeedSamples.ok(Self.feed(events: 4)))
        let update = try feed.refreshBlocking(now: feedTestNow + 3600)
        #expect(update.origin == .downloaded)
        #expect(update.calendar.events.count == 4)
        #expect(update.eventCountDrop == FeedUpdate.EventCountDrop(previous: 10, current: 4))
        #expect(update.warnings == ["the feed now has 4 events where the last copy had 10; that copy is kept as the previous one "
                                    + "(FeedSubscription.restorePrevious() puts it back)"])
        #expect(temporary.cache.previousEntry(for: feed.source)?.eventCount == 10)

        let restored = try feed.restorePrevious()
        #expect(restored.origin == .restored && restored.isStale)
        #expect(restored.calendar.events.count == 10)
        #expect(restored.fetchedAt == feedTestNow)
        #expect(restored.notice(at: feedTestNow + 7200) == "using the previous copy, downloaded 2 h ago (restored)")
        #expect(temporary.cache.entry(for: feed.source)?.eventCount == 10)
        // The copy it replaced is now the previous one: a second restore undoes the first.
        #expect(temporary.cache.previousEntry(for: feed.source)?.eventCount == 4)
        #expect(try feed.restorePrevious().calendar.events.count == 4)
    }

    @Test(arguments: [(10, 5, false), (10, 4, true), (3, 1, true), (2, 1, false)])
    func onlyADropBelowHalfWarns(_ before: Int, _ after: Int, _ warns: Bool) throws {
        let (server, script, temporary, feed) = try setUp(Self.feed(events: before))
        defer { server.stop(); temporary.cleanUp() }
        _ = try feed.refreshBlocking(now: feedTestNow)
        script.set(FeedSamples.ok(Self.feed(events: after)))
        let update = try feed.refreshBlocking(now: feedTestNow + 60)
        #expect(update.origin == .downloaded)
        #expect((update.eventCountDrop != nil) == warns)
        #expect(update.warnings.count == (warns ? 1 : 0))
    }

    @Test func withoutAPreviousCopyRestoreSaysSo() throws {
        let (server, _, temporary, feed) = try setUp()
        defer { server.stop(); temporary.cleanUp() }
        _ = try feed.refreshBlocking(now: feedTestNow)
        _ = try feed.refreshBlocking(now: feedTestNow + 60)      // the same body: nothing to keep
        #expect(temporary.cache.previousEntry(for: feed.source) == nil)
        #expect(throws: ICSError(.notCached, "there is no previous copy to restore", source: feed.source.description)) {
            try feed.restorePrevious()
        }
    }
}
