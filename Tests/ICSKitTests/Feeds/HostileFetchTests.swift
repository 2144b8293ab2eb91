import Foundation
import TestSupport
import Testing
@testable import ICSKit

/// Answers a hostile server sends a feed fetch, from a server on 127.0.0.1 that writes its bytes
/// as they are: header lines past libcurl's limits (100 KB a line and 300 KB in all, the limits
/// of libcurl 7.88 in Debian 12, `lib/urldata.h` and `lib/http.c`), validators that must not be
/// stored or sent back, a status line with escape sequences.
@Suite("Fetching from a hostile server")
struct HostileFetchTests {
    private func fetch(_ server: TestHTTPServer) throws(ICSError) -> FetchResponse {
        let source = try FeedSource(server.base + "/feed.ics")
        guard case .remote(let url) = source.kind else { throw ICSError(.unreadable, "not remote") }
        // No timeout is under test here: room for a loaded machine (the whole suite runs in parallel).
        let options = FetchOptions(connectTimeout: 20, totalTimeout: 60, maximumBytes: 256 << 10, maximumRedirects: 3)
        return try FetchRequest.fetchBlocking(url, source: source, options: options, validators: FetchValidators())
    }

    private func failure(_ body: () throws -> Void) -> ICSError? {
        do { try body() } catch { return error as? ICSError }
        return nil
    }

    private static func answer(_ head: String, body: String = FeedSamples.team) -> TestHTTPServer.Reply {
        .raw(Array((head + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body).utf8))
    }

    /// A 10 MB header line: libcurl gives up with CURLE_OUT_OF_MEMORY (27), which was passed on as
    /// "libcurl error 27".
    @Test func aTenMegabyteHeaderLineIsSaidToBeTooLarge() throws {
        let reply = Self.answer("HTTP/1.1 200 OK\r\nX-Big: " + String(repeating: "a", count: 10 << 20) + "\r\n")
        let server = try TestHTTPServer { _ in reply }
        defer { server.stop() }
        let error = try #require(failure { _ = try fetch(server) })
        #expect(error.code == .tooLarge)
        #expect(error.message.contains("header line over 100 KB"), "\(error.message)")
    }

    /// 100,000 short headers (about 1.2 MB): libcurl's 300 KB cap on all the headers, which was
    /// reported as a broken connection.
    @Test func aHundredThousandHeadersAreSaidToBeTooLarge() throws {
        let reply = Self.answer("HTTP/1.1 200 OK\r\n" + (0..<100_000).map { "X-H\($0): v\r\n" }.joined())
        let server = try TestHTTPServer { _ in reply }
        defer { server.stop() }
        let error = try #require(failure { _ = try fetch(server) })
        #expect(error.code == .tooLarge)
        #expect(error.message == "the server's headers are over 300 KB in all; transfer stopped")
    }

    /// An ETag or Last-Modified is stored in the cache's metadata and sent back with the next
    /// request: one over 1 KiB, or with a control character (an escape sequence; a lone CR that
    /// would end the `If-None-Match` line and start a header of the server's choosing), is dropped.
    @Test(arguments: [
        ("\"" + String(repeating: "e", count: 1_100) + "\"", nil),
        ("\"v1\u{1B}]52;c;SGVsbG8=\u{07}\"", nil),
        ("\"v1\rX-Injected: yes\"", nil),
        ("\"" + String(repeating: "e", count: 1_000) + "\"", "\"" + String(repeating: "e", count: 1_000) + "\""),
        ("W/\"v1\"", "W/\"v1\""),
    ] as [(String, String?)])
    func validatorsThatCannotBeSentBackAreDropped(_ etag: String, _ kept: String?) throws {
        let server = try TestHTTPServer { _ in
            Self.answer("HTTP/1.1 200 OK\r\nETag: \(etag)\r\nLast-Modified: \(etag)\r\n")
        }
        defer { server.stop() }
        let response = try fetch(server)
        #expect(response.body == FeedSamples.bytes(FeedSamples.team))
        #expect(response.validators.etag == kept)
        #expect(response.validators.lastModified == kept)
    }

    /// The status line's reason phrase reaches the error message: printable ASCII only.
    @Test func aStatusLineWithEscapeSequencesIsPrintedWithout() throws {
        let server = try TestHTTPServer { _ in
            .raw(Array("HTTP/1.1 599 \u{1B}]0;pwned\u{07}\u{1B}[2J gone\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
        }
        defer { server.stop() }
        let error = try #require(failure { _ = try fetch(server) })
        #expect(error.code == .httpStatus)
        #expect(error.message == "HTTP 599 ]0;pwned[2J gone")
    }

    /// Credentials go only to the origin they were given for (RFC 6454 4: scheme, host, port;
    /// a missing port is the scheme's). A loopback server cannot speak TLS here, so the downgrade
    /// from https to http is checked on the function that decides it.
    @Test(arguments: [
        ("https://dav.example.com/cal/", "http://dav.example.com/cal/", false),   // downgrade: cleartext
        ("http://dav.example.com/a", "https://dav.example.com/b", false),        // another origin (port 443)
        ("http://dav.example.com/a", "http://dav.example.com:80/b", true),
        ("https://DAV.example.com/a", "https://dav.example.com:443/b", true),
        ("http://127.0.0.1:8080/a", "http://127.0.0.1:8081/a", false),
        ("http://127.0.0.1/a", "http://localhost/a", false),
    ])
    func credentialsStayWithTheirOrigin(_ origin: String, _ target: String, _ same: Bool) {
        #expect(FetchSession.sameOrigin(URL(string: target)!, URL(string: origin)!) == same)
    }
}
