import Foundation
import Testing
import TestSupport

/// The calendars of a CalDAV account are named `NAME/<display name>`, and a name already taken
/// gets the first free `-2`, `-3`, … (docs/caldav.md). A server that names every calendar alike
/// made that naming quadratic: each calendar tried every suffix from `-2` up again, so an account
/// of 20,000 calendars called "Team" tried 200 million names in every command that read it (over
/// a minute of CPU). The server here is the tests' own on 127.0.0.1: a calendar home (RFC 6764's
/// `calendar-home-set`) whose PROPFIND of depth 1 lists the calendars.
@Suite struct AccountNamesTests {
    private static func server(displayNames: [String]) throws -> TestHTTPServer {
        var listing = #"<?xml version="1.0"?><D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">"#
        for (index, name) in displayNames.enumerated() {
            listing += "<D:response><D:href>/home/c\(index)/</D:href><D:propstat><D:prop><D:resourcetype><D:collection/>"
                + "<C:calendar/></D:resourcetype><D:displayname>\(name)</D:displayname></D:prop>"
                + "<D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>"
        }
        listing += "</D:multistatus>"
        let home = #"<?xml version="1.0"?><D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">"#
            + "<D:response><D:href>/</D:href><D:propstat><D:prop><C:calendar-home-set><D:href>/home/</D:href>"
            + "</C:calendar-home-set></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response></D:multistatus>"
        let listed = Array(listing.utf8), root = Array(home.utf8)
        return try TestHTTPServer { request in
            let body = request.headers["depth"] == "1" ? listed : root
            return .response(status: 207, headers: [("Content-Type", "application/xml; charset=utf-8")], body: body)
        }
    }

    /// `icsview acct/Nope` against an account of calendars of these display names: the account is
    /// listed (one PROPFIND of depth 1, no sync), and the error names the calendars it has.
    private func listed(_ displayNames: [String]) throws -> CLI.Result {
        let server = try Self.server(displayNames: displayNames)
        defer { server.stop() }
        let home = try SyncTestHome(config: "[calendar acct]\ncaldav = \(server.base)/\n")
        defer { home.remove() }
        return try home.run(["acct/Nope", "--timeout", "60"])
    }

    /// Names worked out by hand from the rule: the second "Team" takes `-2`; the calendar whose
    /// own name is "Team-2" then finds it taken and takes `Team-2-2`; the third "Team" skips the
    /// taken `-2` and takes `-3`.
    @Test func aTakenNameGetsTheFirstFreeSuffix() throws {
        let result = try listed(["Team", "Team", "Team-2", "Team"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("'acct' has no calendar 'Nope' (it has Team, Team-2, Team-2-2, Team-3)"))
    }

    @Test func twentyThousandCalendarsOfOneName() throws {
        let result = try listed(Array(repeating: "Team", count: 20_000))
        #expect(result.status == 1)
        // The error lists the first 20 names and counts the rest (it listed all 20,000: 200 KB).
        let names = (["Team"] + (2...20).map { "Team-\($0)" }).joined(separator: ", ")
        #expect(result.stderr.contains("'acct' has no calendar 'Nope' (it has \(names), and 19980 more)\n"))
        #expect(result.stderr.utf8.count < 1_000)
    }
}
