#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport

/// `sync-timeout` in `[defaults]`: the longest a CalDAV calendar's sync may take, all its
/// requests together (default one hour). The server here is the tests' own on 127.0.0.1 and
/// answers every request after 0.6 s with the collection's properties (RFC 4918 14.16): the
/// account's listing (one PROPFIND) fits in a limit of 1 s, the sync after it (a PROPFIND, then
/// a REPORT) does not, and ends with the limit's error; `--timeout` (each request's own limit)
/// is never reached.
@Suite("sync-timeout", .serialized)
struct SyncTimeoutTests {
    @Test func aSlowServerEndsTheSyncAtTheLimit() throws {
        let collection = """
            <?xml version="1.0"?><D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">\
            <D:response><D:href>/cal/</D:href><D:propstat><D:prop><D:resourcetype><D:collection/><C:calendar/>\
            </D:resourcetype><D:displayname>Slow</D:displayname></D:prop><D:status>HTTP/1.1 200 OK</D:status>\
            </D:propstat></D:response></D:multistatus>
            """
        let body = Array(collection.utf8)
        let server = try TestHTTPServer { _ in
            usleep(600_000)
            return .response(status: 207, headers: [("Content-Type", "application/xml; charset=utf-8")], body: body)
        }
        defer { server.stop() }
        let home = try SyncTestHome(config: "[defaults]\nsync-timeout = 1\n\n[calendar slow]\ncaldav = \(server.base)/cal/\n")
        defer { home.remove() }
        let result = try home.run(["sync", "slow", "--timeout", "60"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("the sync took longer than its time limit of 1 s"), "\(result.stderr)")
    }

    @Test func theValueIsChecked() throws {
        let home = try SyncTestHome(config: "[defaults]\nsync-timeout = soon\n")
        defer { home.remove() }
        let result = try home.run(["config", "check"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("'soon' is not a sync timeout (seconds, or 90s, 15m, 2h)"), "\(result.stderr)")
        let good = try SyncTestHome(config: "[defaults]\nsync-timeout = 15m\n")
        defer { good.remove() }
        let check = try good.run(["config", "check"])
        #expect(check.status == 0)
        #expect(check.stdout.contains("  sync-timeout = 15m (line 2)\n"))
    }
}
