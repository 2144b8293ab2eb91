import Foundation
import TestSupport
@testable import ICSKit

/// Calendars and helpers shared by the feed tests.
enum FeedSamples {
    /// Two events, a refresh interval of one hour and an X-PUBLISHED-TTL of two.
    static let team = """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//ICSKit tests//EN\r
    NAME:Team\r
    COLOR:teal\r
    REFRESH-INTERVAL;VALUE=DURATION:PT1H\r
    X-PUBLISHED-TTL:PT2H\r
    BEGIN:VEVENT\r
    UID:standup@example.org\r
    DTSTAMP:20240601T000000Z\r
    DTSTART:20240610T090000Z\r
    DTEND:20240610T091500Z\r
    SUMMARY:Standup\r
    END:VEVENT\r
    BEGIN:VEVENT\r
    UID:review@example.org\r
    DTSTAMP:20240601T000000Z\r
    DTSTART:20240612T140000Z\r
    DTEND:20240612T150000Z\r
    SUMMARY:Review\r
    END:VEVENT\r
    END:VCALENDAR\r

    """

    /// The same calendar with a third event.
    static let teamUpdated = team.replacingOccurrences(of: "END:VCALENDAR", with: """
    BEGIN:VEVENT\r
    UID:retro@example.org\r
    DTSTAMP:20240601T000000Z\r
    DTSTART:20240614T100000Z\r
    SUMMARY:Retro\r
    END:VEVENT\r
    END:VCALENDAR
    """)

    /// A valid calendar with no events.
    static let empty = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//ICSKit tests//EN\r\nEND:VCALENDAR\r\n"

    static let loginPage = """
    <!DOCTYPE html>
    <html><head><title>Sign in</title></head><body><form action="/login">…</form></body></html>
    """

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    static func ok(_ text: String, _ headers: [(String, String)] = []) -> TestHTTPServer.Reply {
        .response(status: 200, headers: [("Content-Type", "text/calendar; charset=utf-8")] + headers, body: bytes(text))
    }
}

/// A fresh cache directory under the system's temporary directory, removed by `cleanUp()`.
struct TemporaryCache {
    let cache: FeedCache

    init() {
        let path = NSTemporaryDirectory() + "icskit-feed-tests-\(UUID().uuidString)"
        cache = FeedCache(directory: URL(fileURLWithPath: path, isDirectory: true))
    }

    func cleanUp() { try? FileManager.default.removeItem(at: cache.directory) }

    /// The file names in the directory, sorted.
    var files: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: cache.directory.path)) ?? []).sorted() }
}

extension FetchOptions {
    /// Short limits so that the failure tests finish fast.
    static let test = FetchOptions(connectTimeout: 1, totalTimeout: 3, maximumBytes: 256 << 10, maximumRedirects: 3)
}

/// A fixed "now" for cache times: 2024-06-10 12:00:00 UTC.
let feedTestNow = Date(timeIntervalSince1970: 1_718_020_800)
