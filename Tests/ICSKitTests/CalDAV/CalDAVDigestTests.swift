import Foundation
import TestSupport
import Testing
@testable import ICSKit

/// HTTP Digest authentication (RFC 7616) against Radicale: the test server's proxy, in its
/// `digest` mode, answers 401 with a Digest challenge (MD5, qop=auth), checks the client's
/// response as RFC 7616 3.4.1 computes it, refuses Basic, and forwards what passes to Radicale.
/// In the CalDAV suite, so that no other test switches the shared proxy meanwhile.
extension CalDAVServerTests {
    static func digestClient(password: String = CalDAVTestServer.password, scheme: HTTPCredentials.Scheme = .digest) -> CalDAVClient {
        CalDAVClient(credentials: HTTPCredentials(user: CalDAVTestServer.user, password: password, scheme: scheme),
                     options: FetchOptions(userAgent: "ICSKit tests", connectTimeout: 5, totalTimeout: 60))
    }

    @Test(.disabled(if: skipRadicale, "Radicale is not installed: scripts/setup-caldav.sh installs it"))
    func digestAuthenticationSyncs() throws {
        let cal = Self.fresh("digest")
        let server = try Self.radicale()
        try server.makeCalendar(cal, displayName: "Digest")
        for i in 1...3 { try server.putEvent(cal, uid: "d\(i)", summary: "Digest \(i)") }
        try server.proxy("digest")
        defer { try? server.proxy("pass") }
        let url = server.collection(cal, proxied: true)

        // Digest: each request is answered by a challenge first, then with the computed response.
        let digest = Self.digestClient()
        let first = try digest.sync(url, from: nil)
        #expect(first.changes.added.compactMap(\.uid) == ["d1", "d2", "d3"])
        #expect(try digest.discover(url).map(\.displayName) == ["Digest"])
        // Whatever the server offers of Basic and Digest: Digest here.
        #expect(try Self.digestClient(scheme: .any).sync(url, from: first.state).changes.isEmpty)

        // Basic is refused by this server; a wrong password is a 401 that does not hold it.
        let basic = try #require(throws: ICSError.self) { try Self.digestClient(scheme: .basic).sync(url, from: nil) }
        #expect(basic.httpStatus == 401)
        let wrong = "wrong-digest-" + CalDAVTestServer.password
        let refused = try #require(throws: ICSError.self) { try Self.digestClient(password: wrong).sync(url, from: nil) }
        #expect(refused.httpStatus == 401)
        #expect(!"\(refused) \(String(reflecting: refused))".contains(wrong))
    }
}
