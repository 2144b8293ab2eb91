import Foundation
import TestSupport
import Testing
@testable import ICSKit

/// A CalDAV server that misbehaves, played by a server on 127.0.0.1 (the test writes each answer
/// by hand, as RFC 4918 14.16 and RFC 6578 6.4 shape a multistatus): a redirect to another
/// host, a multistatus over libxml2's 10,000,000-byte piece, a million responses.
@Suite("CalDAV against a hostile server")
struct CalDAVHostileServerTests {
    static func calendar(_ href: String) -> String {
        """
        <?xml version="1.0"?><D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">\
        <D:response><D:href>\(href)</D:href><D:propstat><D:prop><D:resourcetype><D:collection/><C:calendar/>\
        </D:resourcetype><D:displayname>Hop</D:displayname></D:prop><D:status>HTTP/1.1 200 OK</D:status>\
        </D:propstat></D:response></D:multistatus>
        """
    }

    /// A PROPFIND redirected to another host (`localhost` for `127.0.0.1`): neither the password
    /// nor the caller's own header (an API key) goes with the redirected request (the header
    /// did), and the calendar keeps the URL asked for, so that later requests do not carry them
    /// there either (the redirected URL was taken as the calendar's, and the next request sent
    /// the password to it).
    @Test func credentialsAndHeadersStayWithTheFirstHost() throws {
        let server = try TestHTTPServer { request in
            if request.path == "/cal/" {
                return .response(status: 307, headers: [("Location", "http://localhost:\(request.headers["host"]!.split(separator: ":")[1])/hop/")], body: [])
            }
            return .response(status: 207, headers: [("Content-Type", "application/xml")], body: Array(Self.calendar("/hop/").utf8))
        }
        defer { server.stop() }
        let client = CalDAVClient(credentials: HTTPCredentials(user: "ann", password: "s3cret"),
                                  options: FetchOptions(connectTimeout: 20, totalTimeout: 60), headers: ["X-Api-Key: k123"])
        let asked = URL(string: server.base + "/cal/")!
        let calendars = try client.discover(asked)
        #expect(calendars.map(\.url) == [asked])
        #expect(calendars.map(\.displayName) == ["Hop"])
        let requests = server.requests
        #expect(requests.map(\.path) == ["/cal/", "/hop/"])
        // base64("ann:s3cret") = "YW5uOnMzY3JldA==" (`printf ann:s3cret | base64`).
        #expect(requests.first?.headers["authorization"] == "Basic YW5uOnMzY3JldA==")
        #expect(requests.first?.headers["x-api-key"] == "k123")
        #expect(requests.last?.headers["host"]?.hasPrefix("localhost:") == true)
        #expect(requests.last?.headers["authorization"] == nil)
        #expect(requests.last?.headers["x-api-key"] == nil)
    }

    /// A multistatus of 50,000 responses with 220-byte hrefs (11.6 MB): libxml2's push parser
    /// refuses a piece over 10,000,000 bytes ("Huge input lookup", NSXMLParser error 1), and the
    /// body was given to it whole. Each href and the token after them are read back.
    @Test func aMultistatusOverTenMegabytesIsRead() throws {
        let pad = String(repeating: "p", count: 200)
        var xml = "<?xml version=\"1.0\"?>\n<multistatus xmlns=\"DAV:\">"
        for i in 0..<50_000 { xml += "<response><href>/c/\(pad)-\(i).ics</href><status>HTTP/1.1 404 Not Found</status></response>\n" }
        xml += "<sync-token>http://example.com/ns/sync/2</sync-token></multistatus>"
        #expect(xml.utf8.count > 10_000_000)
        let status = try Multistatus(Array(xml.utf8))
        #expect(status.responses.count == 50_000)
        #expect(status.responses.last?.href == "/c/\(pad)-49999.ics")
        #expect(status.responses.allSatisfy { $0.status == 404 })
        #expect(status.syncToken == "http://example.com/ns/sync/2")
    }

    /// The responses are read as they end; one without an href is skipped, and a response
    /// nested deeper than the multistatus's own children is not one of them.
    @Test func responsesAreReadOneAtATime() throws {
        let xml = """
            <?xml version="1.0"?><D:multistatus xmlns:D="DAV:"><D:response><D:href>/a.ics</D:href>\
            <D:propstat><D:prop><D:getetag>"1"</D:getetag></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat>\
            </D:response><D:response><D:status>HTTP/1.1 404 Not Found</D:status></D:response>\
            <D:response><D:href>/b.ics</D:href><D:status>HTTP/1.1 404 Not Found</D:status></D:response>\
            <D:sync-token>t9</D:sync-token></D:multistatus>
            """
        let status = try Multistatus(Array(xml.utf8))
        #expect(status.responses.map(\.href) == ["/a.ics", "/b.ics"])
        #expect(status.responses.first?.property("getetag")?.trimmed == "\"1\"")
        #expect(status.responses.map(\.status) == [nil, 404])
        #expect(status.syncToken == "t9")
    }

    /// Not a multistatus: said, with the root's name.
    @Test func anotherRootIsRefused() {
        #expect(throws: ICSError.self) { try Multistatus(Array("<?xml version=\"1.0\"?><D:error xmlns:D=\"DAV:\"/>".utf8)) }
    }

    /// The key of a plain absolute path is read without URL parsing; it is the key URL parsing
    /// gives (checked here against it, Foundation's `URL` being the independent reading), and
    /// every other href still goes through the parser.
    @Test(arguments: [
        "/", "/cal/", "/cal/a.ics", "/g/999999", "/alice/calendar/Event-1_a~b.ics", "/a/.../b", "/x/!$&'()*+,=:@",
        "/cal/event.ics/", "/.well-known/caldav",
    ])
    func aPlainPathIsItsOwnKey(_ href: String) throws {
        let base = URL(string: "https://dav.example.com/cal/")!
        let plain = try #require(DAVHref.plainPath(href))
        #expect(plain == DAVHref.parsedKey(href, base: base))
    }

    @Test(arguments: [
        "", "a.ics", "//other.example.com/a.ics", "http://other.example.com/a.ics", "/a//b", "/a/./b", "/a/../b", "/a/..",
        "/a/.", "/a%20b", "/a b", "/a?x=1", "/a#f", "/a;b", "/caf\u{E9}.ics", "/a\u{9D}b",
    ])
    func otherHrefsAreParsed(_ href: String) {
        #expect(DAVHref.plainPath(href) == nil)
    }

    /// A sync-token of 10 MB (the answer is read in pieces, so libxml2's 10,000,000-byte cap on
    /// one text no longer refuses it): not kept, so neither stored in the local copy nor sent back;
    /// the collection is compared by ETags instead (RFC 6578 3.2 lets a client do without).
    /// The server: PROPFIND Depth 0 names the calendar, REPORT Depth 0 (sync-collection) lists
    /// one member and the token, PROPFIND Depth 1 lists the member's ETag (and the token again),
    /// REPORT Depth 1 (calendar-multiget) gives its data.
    @Test func aTenMegabyteSyncTokenIsNotKept() throws {
        let token = String(repeating: "T", count: 10 << 20)
        let member = "<D:response><D:href>/cal/a.ics</D:href><D:propstat><D:prop><D:getetag>\"1\"</D:getetag></D:prop>"
            + "<D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>"
        let head = "<?xml version=\"1.0\"?><D:multistatus xmlns:D=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:caldav\">"
        let event = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VEVENT\r\nUID:a\r\n"
            + "DTSTAMP:20240101T000000Z\r\nDTSTART:20240610T090000Z\r\nSUMMARY:A\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let answers: [String: [UInt8]] = [
            "PROPFIND 0": Array(Self.calendar("/cal/").utf8),
            "REPORT 0": Array((head + member + "<D:sync-token>\(token)</D:sync-token></D:multistatus>").utf8),
            "PROPFIND 1": Array((head + "<D:response><D:href>/cal/</D:href><D:propstat><D:prop><D:sync-token>\(token)</D:sync-token>"
                                 + "</D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>" + member + "</D:multistatus>").utf8),
            "REPORT 1": Array((head + "<D:response><D:href>/cal/a.ics</D:href><D:propstat><D:prop><D:getetag>\"1\"</D:getetag>"
                               + "<C:calendar-data>\(event)</C:calendar-data></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat>"
                               + "</D:response></D:multistatus>").utf8),
        ]
        let server = try TestHTTPServer { request in
            let body = answers["\(request.method) \(request.headers["depth"] ?? "")"] ?? []
            return .response(status: body.isEmpty ? 404 : 207, headers: [("Content-Type", "application/xml")], body: body)
        }
        defer { server.stop() }
        let client = CalDAVClient(options: FetchOptions(connectTimeout: 20, totalTimeout: 60))
        let result = try client.sync(URL(string: server.base + "/cal/")!, from: nil)
        #expect(result.state.syncToken == nil)
        #expect(result.state.syncCollectionUnsupported)
        #expect(result.method == .etagComparison)
        #expect(result.changes.added.compactMap(\.uid) == ["a"])
        #expect(server.requests.map { "\($0.method) \($0.headers["depth"] ?? "")" } == ["PROPFIND 0", "REPORT 0", "PROPFIND 1", "REPORT 1"])
    }

    /// A sync-collection answer that says members are gone which the copy never kept (a
    /// million of them in scripts/bench-reproducers.sh): only the one the copy kept is removed,
    /// and the others change nothing (worked out from RFC 6578 3.5.2: a 404 response names a
    /// member removed since the token).
    @Test func goneMembersTheCopyNeverKeptChangeNothing() throws {
        let gone = ["/cal/a.ics", "/cal/b.ics", "/cal/c.ics"].map {
            "<D:response><D:href>\($0)</D:href><D:status>HTTP/1.1 404 Not Found</D:status></D:response>"
        }
        let report = "<?xml version=\"1.0\"?><D:multistatus xmlns:D=\"DAV:\">" + gone.joined() + "<D:sync-token>t2</D:sync-token></D:multistatus>"
        let server = try TestHTTPServer { request in
            let body = request.method == "PROPFIND" ? Array(Self.calendar("/cal/").utf8) : Array(report.utf8)
            return .response(status: 207, headers: [("Content-Type", "application/xml")], body: body)
        }
        defer { server.stop() }
        let url = URL(string: server.base + "/cal/")!
        var state = CalDAVSyncState(collection: url)
        state.syncToken = "t1"
        let event = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VEVENT\r\nUID:b\r\n"
            + "DTSTAMP:20240101T000000Z\r\nDTSTART:20240610T090000Z\r\nSUMMARY:B\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        state.resources["/cal/b.ics"] = CalDAVResource(href: "/cal/b.ics", etag: "\"1\"", data: event)
        let result = try CalDAVClient(options: FetchOptions(connectTimeout: 20, totalTimeout: 60)).sync(url, from: state)
        #expect(result.method == .syncCollection)
        #expect(result.removedCount == 1 && result.fetchedCount == 0)
        #expect(result.state.resources.isEmpty)
        #expect(result.changes.removed.compactMap(\.uid) == ["b"])
        #expect(result.state.syncToken == "t2")
    }
}
