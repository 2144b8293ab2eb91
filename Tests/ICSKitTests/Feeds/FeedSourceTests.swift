import Foundation
import Testing
@testable import ICSKit

@Suite("Feed sources")
struct FeedSourceTests {
    @Test(arguments: [
        ("webcal://example.org/team.ics", "http://example.org/team.ics"),
        ("webcals://example.org/team.ics", "https://example.org/team.ics"),
        ("WEBCAL://example.org/a?b=c", "http://example.org/a?b=c"),
        ("https://example.org:8443/x.ics", "https://example.org:8443/x.ics"),
        ("http://example.org/x.ics", "http://example.org/x.ics"),
    ])
    func urlSchemesBecomeHTTP(_ text: String, _ expected: String) throws {
        let source = try FeedSource(text)
        #expect(source.kind == .remote(URL(string: expected)!))
        #expect(source.isRemote)
    }

    @Test func pathsAndStandardInput() throws {
        #expect(try FeedSource("-").kind == .standardInput)
        #expect(try FeedSource("team.ics").kind == .file("team.ics"))
        #expect(try FeedSource("dir/with://colon.ics").kind == .file("dir/with://colon.ics"))
        #expect(try FeedSource("file:///tmp/a.ics").kind == .file("/tmp/a.ics"))
    }

    @Test func otherSchemesAreRefused() {
        #expect(throws: ICSError.self) { try FeedSource("ftp://example.org/a.ics") }
    }

    @Test func credentialsAreSplitOffAndMasked() throws {
        let source = try FeedSource("webcals://ann%40corp:p%3Ass@example.org/cal.ics")
        #expect(source.kind == .remote(URL(string: "https://example.org/cal.ics")!))
        #expect(source.credentials?.user == "ann@corp")
        #expect(source.credentials?.password == "p:ss")
        #expect(source.description == "https://ann%40corp:***@example.org/cal.ics")
    }

    @Test(arguments: [
        ("fetching https://a:b@x.org/c failed", "fetching https://a:***@x.org/c failed"),
        ("http://user@x.org/ and https://u:p@y.org", "http://user@x.org/ and https://u:***@y.org"),
        ("no url here", "no url here"),
    ])
    func maskHidesPasswordsInText(_ text: String, _ expected: String) {
        #expect(FeedSource.mask(text) == expected)
    }
}
