import Foundation
import TestSupport
import Testing

/// Configured calendars wherever a calendar can be named: the short form `NAME = SOURCE` before
/// any section, `search` with no file, the configured name as the calendar's label, and no
/// password of a configured URL in anything any command prints. Feeds come from a server the
/// test runs on 127.0.0.1.
@Suite struct ConfiguredEverywhereTests {
    static let team = CLI.root.appendingPathComponent("Fixtures/import/google-team.ics").path
    static let holidays = CLI.root.appendingPathComponent("Fixtures/import/holidays.ics").path

    /// `work = …` at the top of the file is a calendar, as under `[calendars]`; a default's key
    /// there is still an error that points to [defaults]; a bad name is refused as elsewhere.
    @Test func shortFormBeforeAnySection() throws {
        let config = "# mine\nwork = \(Self.team)\nhols = \(Self.holidays)\n\n[defaults]\ntimezone = UTC\n"
        let check = try ConfiguredCalendarTests.run(["config", "check"], config: config)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("\n  work: \(Self.team) (line 2)\n  hols: \(Self.holidays) (line 3)\n"))
        let month = ["--month", "2024-06", "--today", "2024-06-10", "--tz", "UTC", "--no-agenda"]
        let byName = try ConfiguredCalendarTests.run(["work"] + month, config: config)
        #expect(byName.status == 0)
        #expect(byName.stdout == (try CLI.run([Self.team] + month)).stdout)

        let misplaced = try ConfiguredCalendarTests.run(["config", "check"], config: "timezone = UTC\n")
        #expect(misplaced.status == 64)
        #expect(misplaced.stderr.hasSuffix(":1: error: 'timezone' is outside a section (put it under [defaults])\n"))
        let reserved = try ConfiguredCalendarTests.run(["config", "check"], config: "search = \(Self.team)\n")
        #expect(reserved.status == 64)
        #expect(reserved.stderr.hasSuffix(":1: error: 'search' cannot name a calendar: it is a subcommand\n"))
    }

    /// `search TEXT` with no file searches every configured calendar; the configured name (not
    /// the feed's X-WR-CALNAME, "Team" in google-team.ics) labels each one.
    @Test func searchWithoutAFileAndTheConfiguredLabel() throws {
        let config = "work = \(Self.team)\nhols = \(Self.holidays)\n"
        let search = ["search", "Stand-up", "--from", "2024-06-10", "--to", "2024-06-10", "--tz", "UTC", "--format", "json"]
        let all = try ConfiguredCalendarTests.run(search, config: config)
        #expect(all.status == 0, "\(all.stderr)")
        let lines = all.stdout.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains("\"calendar\":\"work\"") == true)
        let byFile = try CLI.run(search + [Self.team])
        #expect(byFile.stdout.contains("\"calendar\":\"Team\""))
        // `name = …` still wins over the key.
        let named = try ConfiguredCalendarTests.run(search, config: "[calendar work]\nfile = \(Self.team)\nname = Platform\n")
        #expect(named.stdout.contains("\"calendar\":\"Platform\""))
        let none = try CLI.run(["search", "Stand-up"])
        #expect(none.status == 64)
        #expect(none.stderr.hasPrefix("Error: missing expected argument '<file>'\n"))
    }

    /// A configured URL's password appears in no output of any command: every view and format,
    /// search, remind, validate in every format, diff, config check and names, with a feed that
    /// answers, one that is gone (404), and the cache read offline.
    @Test func noConfiguredSecretInAnyOutput() throws {
        let secret = "s3cr3t-pw"
        let calendar = String(decoding: try Data(contentsOf: URL(fileURLWithPath: Self.team)), as: UTF8.self)
            .replacingOccurrences(of: "END:VCALENDAR", with: "BEGIN:VTODO\r\nUID:todo-1\r\nSUMMARY:Pay rent\r\nDUE;VALUE=DATE:20240612\r\nEND:VTODO\r\nEND:VCALENDAR")
        let server = try TestHTTPServer { request in
            request.path == "/work.ics"
                ? .response(status: 200, headers: [("Content-Type", "text/calendar")], body: Array(calendar.utf8))
                : .response(status: 404, headers: [], body: [])
        }
        defer { server.stop() }
        let base = "http://ann:\(secret)@127.0.0.1:\(server.port)"
        let dir = try ConfigFileTests.folder(["config": "work = \(base)/work.ics\ngone = webcal://ann:\(secret)@127.0.0.1:\(server.port)/gone.ics\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let environment = ["ICSVIEW_CONFIG": dir.appendingPathComponent("config").path,
                           "XDG_CACHE_HOME": dir.appendingPathComponent("cache").path]
        let today = ["--today", "2024-06-10", "--tz", "UTC"]
        let runs: [[String]] = [
            ["config", "check"], ["config", "names"],
            ["work"] + today, ["work", "--verbose"] + today, ["work", "--format", "json"] + today,
            ["--month", "2024-06", "work"] + today, ["--month", "2024-06", "--format", "json", "work"] + today,
            ["--month", "2024-06", "--format", "html", "work"] + today, ["--month", "2024-06", "--format", "svg", "work"] + today,
            ["--week", "2024-06-10", "work"] + today, ["--year", "2024", "work"] + today, ["--todos", "work"] + today,
            ["--agenda", "--from", "2024-06-01", "--days", "30", "work"] + today,
            ["--agenda", "--format", "json", "--from", "2024-06-01", "--days", "30", "work"] + today,
            ["gone"] + today, ["--month", "gone", "work"] + today, ["--offline", "work"] + today, ["--offline", "gone"] + today,
            [] + today, ["--verbose"] + today,
            ["search", "Stand-up"] + today, ["search", "Stand-up", "work", "--format", "json"] + today,
            ["remind", "work", "--from", "2024-06-01", "--next", "30d"], ["remind", "--format", "json", "--from", "2024-06-01", "--next", "30d"],
            ["validate"], ["validate", "work", "gone"], ["validate", "--format", "json", "work", "gone"],
            ["validate", "--format", "github", "work", "gone"], ["validate", "--format", "junit", "work", "gone"],
            ["validate", "--format", "sarif", "work", "gone"], ["validate", "--format", "gitlab", "work", "gone"],
            ["diff", "work", "work"], ["diff", "work", "gone"], ["diff", "--format", "json", "gone", "work"],
        ]
        var printed = 0
        for arguments in runs {
            let result = try CLI.run(arguments, environment: environment)
            #expect(result.status != 64, "\(arguments): \(result.stderr)")
            #expect(!result.stdout.contains(secret), "\(arguments) printed the password: \(result.stdout)")
            #expect(!result.stderr.contains(secret), "\(arguments) printed the password: \(result.stderr)")
            printed += result.stdout.utf8.count + result.stderr.utf8.count
        }
        #expect(printed > 10_000)
        // The URL is still shown, masked.
        let check = try CLI.run(["config", "check"], environment: environment)
        #expect(check.stdout.contains("  work: http://ann:***@127.0.0.1:\(server.port)/work.ics (line 1)\n"))
    }
}
