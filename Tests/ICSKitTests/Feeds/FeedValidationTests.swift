import TestSupport
import Testing
@testable import ICSKit

/// Validating a feed fetched from a server on 127.0.0.1: findings name the URL; a failed
/// transfer is a failure, not a finding.
@Suite("Validating feeds")
struct FeedValidationTests {
    /// Line 7 of this body is a DTEND an hour before its DTSTART (RFC 5545 3.8.2.2).
    static let endBeforeStart = """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//ICSKit tests//EN\r
    BEGIN:VEVENT\r
    UID:a@example.org\r
    DTSTAMP:20240601T000000Z\r
    DTEND:20240610T080000Z\r
    DTSTART:20240610T090000Z\r
    END:VEVENT\r
    END:VCALENDAR\r

    """

    @Test func aFeedIsFetchedAndValidated() async throws {
        let server = try TestHTTPServer { request in
            request.path == "/team.ics" ? FeedSamples.ok(Self.endBeforeStart) : .response(status: 404, headers: [], body: [])
        }
        defer { server.stop() }
        let report = await Validator().validateFeed(try FeedSource("webcal://127.0.0.1:\(server.port)/team.ics"), fetchOptions: .test)
        #expect(report.files == ["\(server.base)/team.ics"])
        #expect(report.findings.map { "\($0.line ?? 0) \($0.code)" } == ["7 ICS2103"])
        let missing = Validator().validateFeedBlocking(try FeedSource("\(server.base)/gone.ics"), fetchOptions: .test)
        #expect(missing.files.isEmpty)
        #expect(missing.failures.map(\.message) == ["HTTP 404 Not Found"])
    }
}
