import Foundation
import TestSupport
import Testing
import TestSupport

/// `header = Name: value` on a configured feed: sent with the request (the test's server on
/// 127.0.0.1 answers 401 without it), not sent to another host after a redirect, and never printed.
@Suite("icsview feed headers")
struct FeedHeaderTests {
    static let feed = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:h1\r\nDTSTAMP:20240101T000000Z\r\n"
        + "DTSTART:20240611T090000Z\r\nSUMMARY:Behind a token\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"

    @Test func aConfiguredHeaderIsSentToTheFeedsHostOnly() throws {
        let other = try TestHTTPServer { _ in .response(status: 200, headers: [], body: Array(FeedHeaderTests.feed.utf8)) }
        defer { other.stop() }
        let server = try TestHTTPServer { request in
            if request.path == "/hop" {
                // Another host name for the same machine: a different host to the client.
                return .response(status: 302, headers: [("Location", "http://localhost:\(other.port)/feed.ics")], body: [])
            }
            guard request.headers["x-api-key"] == "token-Rq3-canary" else { return .response(status: 401, headers: [], body: []) }
            return .response(status: 200, headers: [], body: Array(FeedHeaderTests.feed.utf8))
        }
        defer { server.stop() }
        let home = try SyncTestHome(config: """
            [calendar token]
            url = http://127.0.0.1:\(server.port)/feed.ics
            header = X-Api-Key: token-Rq3-canary

            [calendar hop]
            url = http://127.0.0.1:\(server.port)/hop
            header = X-Api-Key: token-Rq3-canary

            [calendar without]
            url = http://127.0.0.1:\(server.port)/feed.ics

            """)
        defer { home.remove() }
        let shown = try home.run(["token", "--agenda", "--from", "2024-06-10", "--days", "3", "--no-cache"])
        #expect(shown.status == 0)
        #expect(shown.stdout.contains("Tue, 11 Jun 2024\n") && shown.stdout.contains("Behind a token\n"))
        let refused = try home.run(["without", "--no-cache"])
        #expect(refused.status == 1 && refused.stderr.contains("HTTP 401"))
        let hop = try home.run(["hop", "--agenda", "--from", "2024-06-10", "--days", "3", "--no-cache"])
        #expect(hop.status == 0 && hop.stdout.contains("Behind a token"))
        #expect(other.requests.count == 1)
        #expect(other.requests.first?.headers["x-api-key"] == nil)
        #expect(server.requests.filter { $0.path == "/hop" }.allSatisfy { $0.headers["x-api-key"] == "token-Rq3-canary" })
        for text in [shown.stdout, shown.stderr, refused.stderr, hop.stdout, hop.stderr, try home.run(["config", "check"]).stdout] {
            #expect(!text.contains("token-Rq3-canary"))
        }
    }
}
