import Foundation
import TestSupport
import Testing
@testable import ICSKit

/// Bodies with a `Content-Encoding`, decoded by ICSKit (zlib) as they stream in, against a
/// server on 127.0.0.1. The compressed bodies are made by hand (stored blocks, TestCompression;
/// fixed-Huffman zeros, DeflateBomb), so the expected bytes are known without zlib; the error
/// texts are zlib's own (`inflate.c`: "incorrect data check", "incorrect header check").
@Suite("Decoding compressed feeds")
struct ContentDecodingTests {
    private func fetch(_ reply: TestHTTPServer.Reply, options: FetchOptions = .test) throws(ICSError) -> FetchResponse {
        let server: TestHTTPServer
        do { server = try TestHTTPServer { _ in reply } } catch { throw ICSError(.network, "no test server") }
        defer { server.stop() }
        let source = try FeedSource(server.base + "/feed.ics")
        guard case .remote(let url) = source.kind else { throw ICSError(.unreadable, "not remote") }
        return try FetchRequest.fetchBlocking(url, source: source, options: options, validators: FetchValidators())
    }

    private func failure(_ reply: TestHTTPServer.Reply, options: FetchOptions = .test) -> ICSError? {
        do { _ = try fetch(reply, options: options) } catch { return error }
        return nil
    }

    private static let plain = FeedSamples.bytes(FeedSamples.team)

    private static func encoded(_ encoding: String, _ body: [UInt8]) -> TestHTTPServer.Reply {
        .response(status: 200, headers: [("Content-Type", "text/calendar"), ("Content-Encoding", encoding)], body: body)
    }

    /// Raw deflate (RFC 1951): the zlib stream without its 2-byte header and 4-byte Adler-32.
    private static let rawDeflate = Array(TestCompression.zlib(plain).dropFirst(2).dropLast(4))

    @Test(arguments: [
        ("gzip", TestCompression.gzip(plain)),
        ("x-gzip", TestCompression.gzip(plain)),
        ("deflate", TestCompression.zlib(plain)),
        ("deflate", rawDeflate),
        ("gzip, gzip", TestCompression.gzip(TestCompression.gzip(plain))),
        // Applied in order: zlib first, then gzip; so decoded gzip first.
        ("deflate, gzip", TestCompression.gzip(TestCompression.zlib(plain))),
        ("identity", plain),
        ("GZIP", TestCompression.gzip(plain)),
    ])
    func encodedBodiesDecodeToTheCalendar(_ encoding: String, _ body: [UInt8]) throws {
        #expect(try fetch(Self.encoded(encoding, body)).body == Self.plain)
    }

    @Test func aGzipTransferEncodingIsDecodedToo() throws {
        // RFC 9112 7: `Transfer-Encoding: gzip, chunked`, framed by hand (RFC 9112 7.1: size in hex, CRLF, data, CRLF; 0 ends).
        let packed = TestCompression.gzip(Self.plain)
        let framed = Array(String(packed.count, radix: 16).utf8) + [13, 10] + packed + Array("\r\n0\r\n\r\n".utf8)
        let reply = TestHTTPServer.Reply.streamed(headers: [("Transfer-Encoding", "gzip, chunked")], head: framed, block: [],
                                                  count: 0, tail: [])
        #expect(try fetch(reply).body == Self.plain)
    }

    @Test func twoGzipMembersFollowOneAnother() throws {
        // RFC 1952 2.2: "A gzip file consists of a series of members"; gzip -d concatenates them.
        let half = Self.plain.count / 2
        let body = TestCompression.gzip(Array(Self.plain[..<half])) + TestCompression.gzip(Array(Self.plain[half...]))
        #expect(try fetch(Self.encoded("gzip", body)).body == Self.plain)
    }

    @Test func anEndlessGzipBombStopsAtTheDecodedLimit() throws {
        // Each 13,011-byte block inflates to 2,065,548 zeros; the limit (256 KiB) falls inside the first.
        let bomb = TestHTTPServer.Reply.streamed(headers: [("Content-Encoding", "gzip")], head: DeflateBomb.gzipHeader + DeflateBomb.head,
                                                 block: DeflateBomb.block, count: nil, tail: [])
        let error = try #require(failure(bomb))
        #expect(error.code == .tooLarge)
        #expect(error.message == "the body decodes to more than the 256 KB limit; transfer stopped")
    }

    @Test func aStackedGzipBombStopsAtTheDecodedLimit() throws {
        // The inner gzip holds 8 bomb blocks (16.5 MB of zeros); its trailer is never reached, so it is left zero.
        let inner = DeflateBomb.gzipHeader + DeflateBomb.raw(blocks: 8) + [UInt8](repeating: 0, count: 8)
        let error = try #require(failure(Self.encoded("gzip, gzip", TestCompression.gzip(inner))))
        #expect(error.code == .tooLarge)
        #expect(error.message == "the body decodes to more than the 256 KB limit; transfer stopped")
    }

    @Test func aDeflateBombUnderTheLimitDecodesWhole() throws {
        // 1 + 6·258 = 1,549 zeros from the head, 2,065,548 from one block: 2,067,097 in all.
        var options = FetchOptions.test
        options.maximumBytes = 4 << 20
        let body = try #require(try fetch(Self.encoded("deflate", DeflateBomb.raw(blocks: 1)), options: options).body)
        #expect(body.count == 2_067_097)
        #expect(body.allSatisfy { $0 == 0 })
    }

    @Test func aCorruptGzipSaysSo() throws {
        var body = TestCompression.gzip(Self.plain)
        body[body.count - 8] ^= 0xFF                                    // the CRC-32
        let error = try #require(failure(Self.encoded("gzip", body)))
        #expect(error.code == .badEncoding)
        #expect(error.message == "the gzip body is corrupt (incorrect data check)")
        let notGzip = try #require(failure(Self.encoded("gzip", Self.plain)))
        #expect(notGzip.code == .badEncoding)
        #expect(notGzip.message == "the gzip body is corrupt (incorrect header check)")
    }

    @Test func aCompressedBodyCutShortIsTruncated() throws {
        let cut = Array(TestCompression.gzip(Self.plain).dropLast(20))
        let error = try #require(failure(Self.encoded("gzip", cut)))
        #expect(error.code == .truncated)
        #expect(error.message == "the gzip body ends before its compressed stream does (the download was cut short)")
    }

    @Test func anUnknownEncodingIsRefused() throws {
        let error = try #require(failure(Self.encoded("br", [0x0B, 0x02, 0x80])))
        #expect(error.code == .badEncoding)
        #expect(error.message == "the server sent Content-Encoding br, which cannot be decoded (gzip and deflate can)")
    }

    @Test func aSlowDripStopsAtTheTotalTimeout() throws {
        // One byte every 0.2 s never trips the idle timeout (1 s); the total one (2 s) must.
        var options = FetchOptions.test
        options.totalTimeout = 2
        let error = try #require(failure(.drip(interval: 0.2), options: options))
        #expect(error.code == .timedOut)
        #expect(error.message == "no complete answer within 2 s")
    }

    @Test func anEndlessStreamThatDecodesToNothingStopsAtTheTotalTimeout() throws {
        // Empty stored blocks (RFC 1951 3.2.4: BFINAL 0, BTYPE 00, LEN 0, NLEN FFFF) decode to nothing,
        // so no size limit is ever reached; only the deadline ends it.
        var options = FetchOptions.test
        options.totalTimeout = 2
        options.maximumBytes = 1 << 30
        let nothing = TestHTTPServer.Reply.streamed(headers: [("Content-Encoding", "deflate")], head: [],
                                                    block: [UInt8]([0x00, 0x00, 0x00, 0xFF, 0xFF]), count: nil, tail: [])
        let error = try #require(failure(nothing, options: options))
        #expect(error.code == .timedOut)
        #expect(error.message == "no complete answer within 2 s")
    }

    @Test func codingsAreListedInTheOrderApplied() {
        #expect(ContentDecoder.codings(" gzip,X-Gzip ,, identity") == ["gzip", "x-gzip", "identity"])
        #expect(ContentDecoder.codings(nil) == [])
    }
}
