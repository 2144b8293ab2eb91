import Foundation
import TestSupport
import Testing

/// Runs the built `icsview` with URLs served on 127.0.0.1, and `icsview diff` on the fixtures.
/// Expected outputs: `Fixtures/diff/expected.*`, checked line by line against the changes worked
/// out by hand in ICSKitTests' CalendarDiffTests.
@Suite("icsview feeds and diff")
struct FeedCommandTests {
    static let root = CLI.root.path
    static let team = """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//ICSKit tests//EN\r
    NAME:Team\r
    COLOR:teal\r
    BEGIN:VEVENT\r
    UID:standup@example.org\r
    DTSTART:20240610T090000Z\r
    SUMMARY:Standup\r
    END:VEVENT\r
    END:VCALENDAR\r

    """

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs icsview with `arguments`; its cache lives in `cacheHome` (XDG_CACHE_HOME).
    static func icsview(_ arguments: [String], cacheHome: String? = nil) throws -> Output {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("icsview")
        let process = Process()
        process.executableURL = FileManager.default.fileExists(atPath: binary.path)
            ? binary : URL(fileURLWithPath: root + "/.build/debug/icsview")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: root)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = cacheHome ?? NSTemporaryDirectory() + "icsview-feed-tests-unused-\(UUID().uuidString)"
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }

    static func fixture(_ name: String) throws -> String {
        try String(contentsOfFile: root + "/Fixtures/diff/" + name, encoding: .utf8)
    }

    @Test(arguments: [("text", "expected.txt"), ("json", "expected.json")])
    func diffMatchesTheExpectedOutput(_ format: String, _ expected: String) throws {
        let result = try Self.icsview(["diff", "--format", format, "Fixtures/diff/old.ics", "Fixtures/diff/new.ics"])
        // As diff(1): 1 when there are changes.
        #expect(result.status == 1)
        #expect(result.stdout == (try Self.fixture(expected)))
        #expect(result.stderr.isEmpty)
    }

    @Test func diffUsageErrors() throws {
        let one = try Self.icsview(["diff", "Fixtures/diff/old.ics"])
        #expect(one.status == 64)
        #expect(one.stderr == """
            Error: diff needs two calendars, <old> and <new>
            USAGE: icsview diff [--occurrences [--from <day>] [--to <day>]] [--format <format>] [--tz <zone>] <old> <new>
              See 'icsview diff --help' for more information.

            """)
        #expect(try Self.icsview(["diff", "--format", "xml", "a", "b"]).status == 64)
        #expect(try Self.icsview(["diff", "--help"]).status == 0)
        // As diff(1): 2 for trouble.
        #expect(try Self.icsview(["diff", "Fixtures/diff/old.ics", "Fixtures/diff/missing.ics"]).status == 2)
    }

    @Test func aURLIsReadThenServedFromTheCacheWhenTheServerIsGone() throws {
        let server = try TestHTTPServer { _ in
            .response(status: 200, headers: [("Content-Type", "text/calendar")], body: Array(FeedCommandTests.team.utf8))
        }
        let cacheHome = NSTemporaryDirectory() + "icsview-feed-tests-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: cacheHome) }
        let url = "webcal://127.0.0.1:\(server.port)/team.ics"
        let first = try Self.icsview([url], cacheHome: cacheHome)
        #expect(first.status == 0)
        #expect(first.stdout.hasPrefix("Team — http://127.0.0.1:\(server.port)/team.ics\n"))
        #expect(first.stderr.isEmpty)
        server.stop()
        let second = try Self.icsview([url], cacheHome: cacheHome)
        #expect(second.status == 0)
        #expect(second.stdout == first.stdout)
        #expect(second.stderr.hasPrefix("warning: http://127.0.0.1:\(server.port)/team.ics: the connection was refused"))
        #expect(second.stderr.contains("using the copy cached less than a minute ago"))
        let offline = try Self.icsview([url, "--offline"], cacheHome: cacheHome)
        #expect(offline.status == 0)
        #expect(offline.stderr.contains("offline: using the copy cached"))
        // -q: no warning about the cached copy, the same data; a configured name for the URL too.
        let quiet = try Self.icsview([url, "--offline", "-q"], cacheHome: cacheHome)
        #expect(quiet.status == 0)
        #expect(quiet.stderr.isEmpty)
        #expect(quiet.stdout == first.stdout)
        let config = cacheHome + "/config"
        try Data("[calendars]\nteam = \(url)\n".utf8).write(to: URL(fileURLWithPath: config))
        let named = try Self.icsview(["--config", config, "team", "--offline"], cacheHome: cacheHome)
        #expect(named.status == 0)
        // The same summary, labelled with the configured name instead of the feed's NAME (Team).
        #expect(named.stdout == first.stdout.replacingOccurrences(of: "Team — ", with: "team — "))
        #expect(named.stdout.hasPrefix("team — "))
        #expect(named.stderr.contains("offline: using the copy cached"))
        let noCache = try Self.icsview([url, "--no-cache"], cacheHome: cacheHome)
        #expect(noCache.status == 1)
        #expect(noCache.stderr.hasPrefix("Error: http://127.0.0.1:\(server.port)/team.ics: the connection was refused"))
    }

    @Test func severalInputsKeepTheirOrderAndNames() throws {
        let server = try TestHTTPServer { _ in
            .response(status: 200, headers: [], body: Array(FeedCommandTests.team.utf8))
        }
        defer { server.stop() }
        let result = try Self.icsview(["Fixtures/diff/new.ics", "\(server.base)/team.ics", "Fixtures/diff/old.ics",
                                       "--no-cache", "--format", "json"])
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let calendars = try #require(json["calendars"] as? [[String: Any]])
        #expect(calendars.map { $0["source"] as? String } == ["Fixtures/diff/new.ics", "\(server.base)/team.ics", "Fixtures/diff/old.ics"])
        #expect(calendars.map { $0["events"] as? Int } == [7, 1, 6])
    }

    @Test func credentialsNeverReachTheOutput() throws {
        let server = try TestHTTPServer { _ in .response(status: 401, headers: [], body: []) }
        defer { server.stop() }
        let result = try Self.icsview(["https://ann:s3cret@127.0.0.1:\(server.port)/x.ics".replacingOccurrences(of: "https", with: "http"),
                                       "--no-cache"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("ann:***@127.0.0.1"))
        #expect(!result.stderr.contains("s3cret") && !result.stdout.contains("s3cret"))
        #expect(result.stderr.contains("HTTP 401"))
    }
}
