import Foundation
import TestSupport
import Testing
@testable import ICSKit

/// HTTP behaviour of a single fetch, against a server on 127.0.0.1 (no cache involved).
@Suite("Fetching feeds over HTTP")
struct FetchTests {
    private func fetch(_ server: TestHTTPServer, _ path: String, options: FetchOptions = .test,
                       validators: FetchValidators = FetchValidators()) throws(ICSError) -> FetchResponse {
        let source = try FeedSource(server.base + path)
        guard case .remote(let url) = source.kind else { throw ICSError(.unreadable, "not remote") }
        return try FetchRequest.fetchBlocking(url, source: source, options: options, validators: validators)
    }

    private func failure(_ body: () throws -> Void) -> ICSError? {
        do { try body() } catch { return error as? ICSError }
        return nil
    }

    @Test func plain200SendsUserAgentAndReturnsTheBody() throws {
        let server = try TestHTTPServer { _ in FeedSamples.ok(FeedSamples.team, [("ETag", "\"v1\"")]) }
        defer { server.stop() }
        let response = try fetch(server, "/team.ics")
        #expect(response.status == 200)
        #expect(response.body == FeedSamples.bytes(FeedSamples.team))
        #expect(response.validators.etag == "\"v1\"")
        // The library's default names the library; an app passes its own (icsview: "icsview/0.1.0 (ICSKit)").
        #expect(server.requests.first?.headers["user-agent"] == "ICSKit")
    }

    @Test(arguments: ["gzip", "deflate"])
    func compressedBodiesAreInflated(_ encoding: String) throws {
        let plain = FeedSamples.bytes(FeedSamples.team)
        let packed = encoding == "gzip" ? TestCompression.gzip(plain) : TestCompression.zlib(plain)
        let server = try TestHTTPServer { _ in
            .response(status: 200, headers: [("Content-Type", "text/calendar"), ("Content-Encoding", encoding)], body: packed)
        }
        defer { server.stop() }
        let response = try fetch(server, "/team.ics")
        #expect(response.body == plain)
        let accepted = server.requests.first?.headers["accept-encoding"] ?? ""
        #expect(accepted.contains("gzip") && accepted.contains("deflate"))
    }

    @Test func conditionalRequestCarriesBothValidatorsAnd304HasNoBody() throws {
        let server = try TestHTTPServer { request in
            request.headers["if-none-match"] == "\"v1\"" ? .response(status: 304, headers: [("ETag", "\"v1\"")], body: [])
                : FeedSamples.ok(FeedSamples.team)
        }
        defer { server.stop() }
        let validators = FetchValidators(etag: "\"v1\"", lastModified: "Mon, 10 Jun 2024 08:00:00 GMT")
        let response = try fetch(server, "/team.ics", validators: validators)
        #expect(response.status == 304)
        #expect(response.body == nil)
        #expect(server.requests.first?.headers["if-modified-since"] == "Mon, 10 Jun 2024 08:00:00 GMT")
    }

    @Test func redirectsAreFollowedUpToTheLimit() throws {
        let server = try TestHTTPServer { request in
            switch request.path {
            case "/old.ics": return .response(status: 301, headers: [("Location", "/middle.ics")], body: [])
            case "/middle.ics": return .response(status: 302, headers: [("Location", "/team.ics")], body: [])
            default: return FeedSamples.ok(FeedSamples.team)
            }
        }
        defer { server.stop() }
        let response = try fetch(server, "/old.ics")
        #expect(response.body == FeedSamples.bytes(FeedSamples.team))
        #expect(response.finalURL.path == "/team.ics")
        var strict = FetchOptions.test
        strict.maximumRedirects = 1
        #expect(failure { _ = try fetch(server, "/old.ics", options: strict) }?.code == .badRedirect)
    }

    @Test func aRedirectLoopStops() throws {
        let server = try TestHTTPServer { request in
            .response(status: 302, headers: [("Location", request.path == "/a" ? "/b" : "/a")], body: [])
        }
        defer { server.stop() }
        let error = try #require(failure { _ = try fetch(server, "/a") })
        #expect(error.code == .badRedirect)
        #expect(server.requests.count <= 3)
    }

    @Test func aRedirectToAFileIsRefused() throws {
        let server = try TestHTTPServer { _ in .response(status: 302, headers: [("Location", "file:///etc/passwd")], body: []) }
        defer { server.stop() }
        let error = try #require(failure { _ = try fetch(server, "/feed") })
        #expect(error.code == .badRedirect)
    }

    @Test(arguments: [(404, "HTTP 404"), (500, "HTTP 500")])
    func errorStatusesNameTheirCode(_ status: Int, _ expected: String) throws {
        let server = try TestHTTPServer { _ in .response(status: status, headers: [], body: Array("nope".utf8)) }
        defer { server.stop() }
        let error = try #require(failure { _ = try fetch(server, "/team.ics") })
        #expect(error.code == .httpStatus)
        #expect(error.message.hasPrefix(expected))
    }

    @Test func aSilentServerTimesOut() throws {
        let server = try TestHTTPServer { _ in .silent(seconds: 5) }
        defer { server.stop() }
        let error = try #require(failure { _ = try fetch(server, "/slow") })
        #expect(error.code == .timedOut)
    }

    /// A server that thinks 2.5 s before its first byte (as a CalDAV server computing a REPORT):
    /// past an idle limit of 1 s (the connect timeout's, by default) it times out; with
    /// `idleTimeout` of 5 s the answer arrives.
    @Test func anIdleTimeoutOfItsOwnWaitsForASlowFirstByte() throws {
        let server = try TestHTTPServer { _ in
            Thread.sleep(forTimeInterval: 2.5)
            return FeedSamples.ok(FeedSamples.team, [])
        }
        defer { server.stop() }
        var options = FetchOptions(userAgent: "ICSKit tests", connectTimeout: 1, totalTimeout: 20)
        #expect(failure { _ = try fetch(server, "/slow", options: options) }?.code == .timedOut)
        options.idleTimeout = 5
        #expect(try fetch(server, "/slow", options: options).body == FeedSamples.bytes(FeedSamples.team))
    }

    @Test func anEndlessBodyStopsAtTheSizeLimit() throws {
        let server = try TestHTTPServer { _ in .endless }
        defer { server.stop() }
        let error = try #require(failure { _ = try fetch(server, "/endless") })
        #expect(error.code == .tooLarge)
    }

    @Test func anAnnouncedOversizeBodyIsRefusedBeforeReading() throws {
        let big = [UInt8](repeating: 0x41, count: 300 << 10)
        let server = try TestHTTPServer { _ in .response(status: 200, headers: [], body: big) }
        defer { server.stop() }
        #expect(failure { _ = try fetch(server, "/big") }?.code == .tooLarge)
    }

    @Test func aTruncatedBodyIsAnError() throws {
        let partial = Array(FeedSamples.bytes(FeedSamples.team).prefix(100))
        let server = try TestHTTPServer { _ in .truncated(body: partial, claimed: 1000) }
        defer { server.stop() }
        #expect(failure { _ = try fetch(server, "/cut") }?.code == .truncated)
    }

    @Test func refusedConnectionAndUnknownHost() throws {
        let server = try TestHTTPServer { _ in .endless }
        let closedPort = server.port
        server.stop()
        let refused = try #require(failure { _ = try FetchRequest.fetchBlocking(URL(string: "http://127.0.0.1:\(closedPort)/x")!,
            source: try FeedSource("http://127.0.0.1:\(closedPort)/x"), options: .test, validators: FetchValidators()) })
        #expect(refused.code == .connectionFailed)
        // `.invalid` never resolves (RFC 2606); the lookup fails locally without network.
        let unknown = try #require(failure { _ = try FetchRequest.fetchBlocking(URL(string: "http://feed.invalid/x")!,
            source: try FeedSource("http://feed.invalid/x"), options: .test, validators: FetchValidators()) })
        #expect(unknown.code == .hostNotFound)
    }

    @Test func credentialsAreSentAsBasicAuthAndMasked() throws {
        let server = try TestHTTPServer { _ in .response(status: 401, headers: [], body: []) }
        defer { server.stop() }
        let url = "http://ann:s3cret@127.0.0.1:\(server.port)/private.ics"
        let source = try FeedSource(url)
        guard case .remote(let plain) = source.kind else { Issue.record("not remote"); return }
        let error = try #require(failure { _ = try FetchRequest.fetchBlocking(plain, source: source, options: .test,
                                                                             validators: FetchValidators()) })
        // base64("ann:s3cret") = "YW5uOnMzY3JldA==" (worked out with `printf ann:s3cret | base64`).
        #expect(server.requests.first?.headers["authorization"] == "Basic YW5uOnMzY3JldA==")
        #expect(error.code == .httpStatus)
        #expect(error.description.contains("ann:***@127.0.0.1"))
        #expect(!error.description.contains("s3cret"))
    }
}

/// The mapping from libcurl's error codes to ``ICSError`` codes, for the failures a loopback
/// server cannot stage (TLS, DNS variants); the numbers are curl.h's `CURLcode` values (printed
/// from the header with a C program on Debian 12's libcurl4-openssl-dev), so the test needs no C module.
@Suite("Fetch error mapping")
struct FetchErrorMappingTests {
    @Test(arguments: [
        (6 /* CURLE_COULDNT_RESOLVE_HOST */, ICSError.Code.hostNotFound),
        (5 /* CURLE_COULDNT_RESOLVE_PROXY */, .hostNotFound),
        (7 /* CURLE_COULDNT_CONNECT */, .connectionFailed),
        (28 /* CURLE_OPERATION_TIMEDOUT */, .timedOut),
        (56 /* CURLE_RECV_ERROR */, .truncated),
        (18 /* CURLE_PARTIAL_FILE */, .truncated),
        (35 /* CURLE_SSL_CONNECT_ERROR */, .tlsFailure),
        (60 /* CURLE_PEER_FAILED_VERIFICATION */, .tlsFailure),
        (77 /* CURLE_SSL_CACERT_BADFILE */, .tlsFailure),
        (58 /* CURLE_SSL_CERTPROBLEM */, .tlsFailure),
        (47 /* CURLE_TOO_MANY_REDIRECTS */, .badRedirect),
        (61 /* CURLE_BAD_CONTENT_ENCODING */, .badEncoding),
        (52 /* CURLE_GOT_NOTHING */, .network),
        (55 /* CURLE_SEND_ERROR */, .network),
        (1 /* CURLE_UNSUPPORTED_PROTOCOL */, .network),     // e.g. an HTTP/0.9 answer, which libcurl refuses
    ])
    func curlErrorsMapToCodes(_ code: Int, _ expected: ICSError.Code) {
        #expect(FetchSession.translate(curlCode: code, detail: "detail").code == expected)
    }

    @Test func aFirstCopyWithoutEventsIsAccepted() throws {
        let server = try TestHTTPServer { _ in FeedSamples.ok(FeedSamples.empty) }
        defer { server.stop() }
        let update = try FeedSubscription(server.base + "/empty.ics", cache: nil, fetchOptions: .test).refreshBlocking()
        #expect(update.origin == .downloaded && update.calendar.events.isEmpty && update.problem == nil)
    }
}
