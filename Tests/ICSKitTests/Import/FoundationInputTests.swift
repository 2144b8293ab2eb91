import Foundation
import Testing
@testable import ICSKit

/// `ICalendar(data:)` and `ICalendar(contentsOf:)`: the same import, and the same diagnostics,
/// as the byte and path entry points they stand beside (each compared with what those give).
@Suite("Foundation inputs")
struct FoundationInputTests {
    static func failure(_ body: () throws(ICSError) -> ICalendar) -> ICSError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    @Test func dataImportsAsBytesDo() throws {
        let bytes = try Fixtures.bytes("google-team.ics")
        let fromData = try ICalendar(data: Data(bytes), source: "team.ics")
        let fromBytes = try ICalendar(bytes: bytes, source: "team.ics")
        #expect(fromData == fromBytes)
        #expect(fromData.source == "team.ics")
        #expect(!fromData.events.isEmpty)
    }

    @Test func dataThatIsNotICalendarSaysSo() {
        let page = Data("<!DOCTYPE html>\n<html><head><title>Sign in</title></head></html>\n".utf8)
        let error = Self.failure { () throws(ICSError) in try ICalendar(data: page, source: "login.ics") }
        #expect(error?.code == .notICalendar)
        #expect(error?.message == "not an iCalendar file: line 1 looks like an HTML page: \"<!DOCTYPE html>\"")
        #expect(error?.source == "login.ics")
        let same = Self.failure { () throws(ICSError) in try ICalendar(bytes: [UInt8](page), source: "login.ics") }
        #expect(error == same)
    }

    @Test func aFileURLImportsAsItsPathDoes() throws {
        let path = Fixtures.path("google-team.ics")
        let fromURL = try ICalendar(contentsOf: URL(fileURLWithPath: path))
        let fromPath = try ICalendar(contentsOfFile: path)
        #expect(fromURL == fromPath)
        #expect(fromURL.source == path)
    }

    @Test func aMissingFileSaysWhyAsThePathDoes() {
        let error = Self.failure { () throws(ICSError) in try ICalendar(contentsOf: URL(fileURLWithPath: "/nonexistent/dir/team.ics")) }
        #expect(error?.code == .unreadable)
        #expect(error?.description == "/nonexistent/dir/team.ics: cannot open: No such file or directory")
    }

    @Test func aDirectoryURLIsUnreadable() {
        let error = Self.failure { () throws(ICSError) in try ICalendar(contentsOf: Fixtures.root.appendingPathComponent("Fixtures")) }
        #expect(error?.code == .unreadable)
        #expect(error?.message == "cannot read: it is a directory")
    }

    /// A feed URL is not fetched here: the error points to FeedSubscription, and masks the password.
    @Test(arguments: ["https://ada:secret@example.org/team.ics", "webcal://example.org/team.ics", "http://example.org/a.ics"])
    func aFeedURLPointsToFeedSubscription(_ text: String) throws {
        let url = try #require(URL(string: text))
        let error = Self.failure { () throws(ICSError) in try ICalendar(contentsOf: url) }
        #expect(error?.code == .unreadable)
        #expect(error?.message.contains("read it with FeedSubscription") == true)
        #expect(error?.source?.contains("secret") == false)
        #expect(error?.description.contains("example.org") == true)
    }

    @Test func anotherSchemeIsRefused() throws {
        let url = try #require(URL(string: "ftp://example.org/team.ics"))
        let error = Self.failure { () throws(ICSError) in try ICalendar(contentsOf: url) }
        #expect(error?.code == .unreadable)
        #expect(error?.message == "not a file URL: only file URLs are read (http, https, webcal and webcals feeds through FeedSubscription)")
    }

    @Test func aSubscriptionTakesFileAndFeedURLs() throws {
        let file = try FeedSubscription(url: URL(fileURLWithPath: "/srv/team.ics"), cache: nil)
        #expect(file.source.kind == .file("/srv/team.ics"))
        let feed = try FeedSubscription(url: try #require(URL(string: "webcals://ada:pw@example.org/team.ics")), cache: nil)
        #expect(feed.source.kind == .remote(try #require(URL(string: "https://example.org/team.ics"))))
        #expect(feed.source.credentials?.user == "ada")
        #expect(throws: ICSError.self) { try FeedSubscription(url: URL(string: "ftp://example.org/a.ics")!, cache: nil) }
    }
}
