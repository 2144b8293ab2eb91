import Foundation
import Synchronization
import TestSupport
import Testing
@testable import ICSKit

/// `CalDAVClient.timeLimit`: a server that answers each request slowly, but well within the
/// request's own limits, held a sync of many requests for as long as it liked (docs/caldav.md).
/// With a limit, no request starts after it and one under way is cut to it. The server is the
/// tests' own on 127.0.0.1, each answer written by hand as RFC 4918 14.16 and RFC 6578 6.4 shape
/// a multistatus, and each given after 0.6 s.
@Suite("CalDAV time limit", .serialized)
struct CalDAVTimeLimitTests {
    static let info = """
        <?xml version="1.0"?><D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">\
        <D:response><D:href>/cal/</D:href><D:propstat><D:prop><D:resourcetype><D:collection/><C:calendar/>\
        </D:resourcetype><D:displayname>Slow</D:displayname></D:prop><D:status>HTTP/1.1 200 OK</D:status>\
        </D:propstat></D:response></D:multistatus>
        """
    static let listing = """
        <?xml version="1.0"?><D:multistatus xmlns:D="DAV:"><D:response><D:href>/cal/a.ics</D:href>\
        <D:propstat><D:prop><D:getetag>"1"</D:getetag></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat>\
        </D:response><D:sync-token>t1</D:sync-token></D:multistatus>
        """
    static let multiget = """
        <?xml version="1.0"?><D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:response>\
        <D:href>/cal/a.ics</D:href><D:propstat><D:prop><D:getetag>"1"</D:getetag><C:calendar-data>BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:x
        BEGIN:VEVENT
        UID:a
        DTSTAMP:20240101T000000Z
        DTSTART:20240610T090000Z
        SUMMARY:Slow
        END:VEVENT
        END:VCALENDAR
        </C:calendar-data></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response></D:multistatus>
        """

    /// A server whose every answer comes after 0.6 s: PROPFIND → the collection, the first
    /// REPORT → a sync-collection listing of one member, the next → its calendar-data.
    static func slowServer() throws -> TestHTTPServer {
        let reports = Mutex(0)
        return try TestHTTPServer { request in
            usleep(600_000)
            let body: String
            if request.method == "PROPFIND" {
                body = info
            } else {
                body = reports.withLock { count in
                    count += 1
                    return count == 1 ? listing : multiget
                }
            }
            return .response(status: 207, headers: [("Content-Type", "application/xml; charset=utf-8")], body: Array(body.utf8))
        }
    }

    /// Without a limit the sync takes its three requests (about 1.8 s) and fetches the event.
    @Test func withoutALimitTheSyncEnds() throws {
        let server = try Self.slowServer()
        defer { server.stop() }
        let client = CalDAVClient(options: FetchOptions(connectTimeout: 20, totalTimeout: 60))
        let result = try client.sync(URL(string: server.base + "/cal/")!, from: nil)
        #expect(result.fetchedCount == 1)
        #expect(server.requests.count == 3)
    }

    /// With a limit of 1 s the first request (0.6 s) is answered, the second is cut to what is
    /// left, and the sync ends with the limit's error: never the third request.
    @Test func aLimitEndsASlowSync() throws {
        let server = try Self.slowServer()
        defer { server.stop() }
        var client = CalDAVClient(options: FetchOptions(connectTimeout: 20, totalTimeout: 60))
        client.timeLimit = 1
        #expect {
            _ = try client.sync(URL(string: server.base + "/cal/")!, from: nil)
        } throws: { error in
            guard let error = error as? ICSError else { return false }
            return error.code == .timedOut && error.message == "the sync took longer than its time limit of 1 s"
        }
        #expect(server.requests.count <= 2)
    }

    /// A limit of 0 starts no request at all.
    @Test func aSpentLimitSendsNothing() throws {
        let server = try Self.slowServer()
        defer { server.stop() }
        var client = CalDAVClient(options: FetchOptions(connectTimeout: 20, totalTimeout: 60))
        client.timeLimit = 0
        #expect(throws: ICSError.self) { _ = try client.discover(URL(string: server.base + "/cal/")!) }
        #expect(client.requestCount == 0)
        #expect(server.requests.isEmpty)
    }
}
