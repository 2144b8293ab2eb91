import Foundation
import TestSupport
import Testing

/// `icsview validate` run as a binary: output and exit codes compared exactly. Expected texts
/// are written by hand from the fixtures (line numbers counted in the files) and the issue's
/// formats.
@Suite struct ValidateCommandTests {
    static let endBeforeStart = "Fixtures/validation/invalid/ICS2103-dtend-before-dtstart.ics"
    static let unknownProperty = "Fixtures/validation/invalid/ICS2007-unknown-property.ics"
    static let usageTail = "USAGE: icsview validate [--format text|json|github|junit|sarif|gitlab] [--strict] [--quiet] [--ignore <code>] [--warn <code>] <file|dir|url|-> ...\n"
        + "  See 'icsview validate --help' for more information.\n"

    @Test func textLooksLikeACompiler() throws {
        let result = try CLI.run(["validate", Self.endBeforeStart])
        #expect(result.status == 1)
        #expect(result.stdout == """
            \(Self.endBeforeStart):8:1: error: DTEND is before DTSTART [ICS2103]
                hint: Make DTEND later than DTSTART, or drop it for an event of zero length.
            1 error, 0 warnings in 1 file

            """)
        #expect(result.stderr == "")
    }

    /// A feed is fetched (from a server the test runs on 127.0.0.1) and validated like a file,
    /// its findings naming the URL; a failed transfer is exit 2, a web page instead of a calendar
    /// an ICS1022 error.
    @Test func feedsAreFetchedAndValidated() throws {
        let calendar = try String(contentsOfFile: CLI.root.appendingPathComponent(Self.endBeforeStart).path, encoding: .utf8)
        let server = try TestHTTPServer { request in
            switch request.path {
            case "/team.ics": .response(status: 200, headers: [("Content-Type", "text/calendar")], body: Array(calendar.utf8))
            case "/login": .response(status: 200, headers: [("Content-Type", "text/html")], body: Array("<!DOCTYPE html><p>Sign in".utf8))
            default: .response(status: 404, headers: [], body: [])
            }
        }
        defer { server.stop() }
        let feed = try CLI.run(["validate", "--format", "github", "--quiet", "webcal://127.0.0.1:\(server.port)/team.ics"])
        #expect(feed.status == 1)
        // Workflow-command properties escape ':' and ',' (%3A, %2C).
        #expect(feed.stdout == "::error file=http%3A//127.0.0.1%3A\(server.port)/team.ics,line=8,col=1,title=ICS2103::DTEND is before DTSTART\n")
        let login = try CLI.run(["validate", "--format", "json", "\(server.base)/login"])
        #expect(login.status == 1)
        #expect(login.stdout.contains("\"code\":\"ICS1022\""))
        let missing = try CLI.run(["validate", "--timeout", "10", "\(server.base)/gone.ics", Self.unknownProperty])
        #expect(missing.status == 2)
        #expect(missing.stderr == "Error: \(server.base)/gone.ics: HTTP 404 Not Found\n")
        #expect(missing.stdout.hasSuffix("in 1 file; 1 file could not be read\n"))
    }

    @Test func github() throws {
        let result = try CLI.run(["validate", "--format", "github", Self.endBeforeStart])
        #expect(result.status == 1)
        #expect(result.stdout == "::error file=\(Self.endBeforeStart),line=8,col=1,title=ICS2103::DTEND is before DTSTART\n"
            + "1 error, 0 warnings in 1 file\n")
    }

    @Test func jsonIsOneObjectPerLine() throws {
        let result = try CLI.run(["validate", "--format=json", Self.endBeforeStart])
        #expect(result.status == 1)
        #expect(result.stdout == "{\"file\":\"\(Self.endBeforeStart)\",\"line\":8,\"column\":1,\"severity\":\"error\",\"code\":\"ICS2103\","
            + "\"message\":\"DTEND is before DTSTART\",\"hint\":\"Make DTEND later than DTSTART, or drop it for an event of zero length.\","
            + "\"uid\":\"fixture-1@example.com\",\"property\":\"DTEND\"}\n")
    }

    @Test func warningsPassUnlessStrict() throws {
        let plain = try CLI.run(["validate", "--quiet", "--format", "github", Self.unknownProperty])
        #expect(plain.status == 0)
        #expect(plain.stdout == "::warning file=\(Self.unknownProperty),line=10,col=1,title=ICS2007::unknown property MEETING-ROOM; kept as written\n")
        let strict = try CLI.run(["validate", "--strict", "--quiet", "--format", "github", Self.unknownProperty])
        #expect(strict.status == 1)
        #expect(strict.stdout == plain.stdout)
    }

    @Test func validDirectoryAndStandardInput() throws {
        let directory = try CLI.run(["validate", "--strict", "Fixtures/validation/valid"])
        #expect(directory.status == 0)
        #expect(directory.stdout == "0 errors, 0 warnings in 6 files\n")
        let data = try Data(contentsOf: CLI.root.appendingPathComponent("Fixtures/validation/valid/simple-event.ics"))
        let stdin = try CLI.run(["validate", "-"], input: data)
        #expect(stdin.status == 0)
        #expect(stdin.stdout == "0 errors, 0 warnings in 1 file\n")
    }

    @Test func summaryCountsAcrossFiles() throws {
        let result = try CLI.run(["validate", Self.endBeforeStart, Self.unknownProperty, "Fixtures/validation/invalid/ICS3004-unused-vtimezone.ics"])
        #expect(result.status == 1)
        #expect(result.stdout.hasSuffix("\n1 error, 1 warning, 1 note in 3 files\n"))
    }

    @Test func unreadableFileExitsTwo() throws {
        let result = try CLI.run(["validate", "nonexistent.ics", Self.endBeforeStart])
        #expect(result.status == 2)
        #expect(result.stderr == "Error: nonexistent.ics: cannot open: No such file or directory\n")
        #expect(result.stdout.hasSuffix("1 error, 0 warnings in 1 file; 1 file could not be read\n"))
    }

    @Test(arguments: [
        (["validate"], "Error: missing expected argument '<file>'\n"),
        (["validate", "--stric", "x.ics"], "Error: unknown option '--stric'. Did you mean '--strict'?\n"),
        (["validate", "--format", "xml", "x.ics"], "Error: 'xml' is not a format (text, json, github, junit, sarif or gitlab)\n"),
        (["validate", "--format"], "Error: missing value for '--format'\n"),
        (["validate", "--quiet=yes", "x.ics"], "Error: '--quiet' takes no value\n"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == message + Self.usageTail)
    }

    @Test func help() throws {
        let result = try CLI.run(["validate", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("OVERVIEW: Check iCalendar (.ics) files"))
        #expect(result.stdout.contains("\nUSAGE: icsview validate [--format text|json|github|junit|sarif|gitlab] [--strict] [--quiet] [--ignore <code>] [--warn <code>] <file|dir|url|-> ...\n"))
    }

    @Test func codeTableInMarkdown() throws {
        let result = try CLI.run(["validate", "--list-codes", "--format", "markdown"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first == "| Code | Severity | Check | How to fix |")
        #expect(lines.contains("| ICS2103 | error | DTEND is not after DTSTART | Make DTEND later than DTSTART, or drop it for an event of zero length. |"))
        #expect(lines.count == 2 + 95)   // the header, the rule, and the 95 registered codes
    }

    @Test func docsHoldTheCurrentCodeTable() throws {
        let table = try CLI.run(["validate", "--list-codes", "--format", "markdown"]).stdout
        let page = try String(contentsOf: CLI.root.appendingPathComponent("docs/validation.md"), encoding: .utf8)
        #expect(page.contains(table), "regenerate the table in docs/validation.md with icsview validate --list-codes --format markdown")
    }

    /// Not under the sanitizer: the script checks what `validate` says of every fixture, which
    /// the ordinary run covers; the fuzz targets run `validate` on every fixture under ASan.
    @Test(.disabled(if: SanitizerRun.isOn, "the ordinary run checks the script; icsview-fuzz runs validate on every fixture under ASan"))
    func fixturesScriptPasses() throws {
        let result = try CLI.shell("bash scripts/validate-fixtures.sh")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("validate-fixtures: "))
    }

    /// `validate DIR` with symbolic links: a `*.ics` link to a file is read as
    /// the file; one that dangles or loops is named as unreadable (exit 2) instead of being
    /// skipped; a link to a directory is not followed (the error in the linked directory's
    /// fixture must not show), nor is a `*.ics` link to a directory. Expected output written
    /// by hand from the layout built here and the summary's format.
    @Test func directorySymlinksThatDangleOrLoopAreUnreadable() throws {
        let files = FileManager.default
        let base = NSTemporaryDirectory() + "icsview-validate-links-\(UUID().uuidString)"
        let dir = base + "/cals", outside = base + "/outside"
        try files.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        try files.createDirectory(atPath: outside, withIntermediateDirectories: true)
        defer { try? files.removeItem(atPath: base) }
        let valid = CLI.root.appendingPathComponent("Fixtures/validation/valid/simple-event.ics").path
        try files.copyItem(atPath: valid, toPath: dir + "/good.ics")
        try files.copyItem(atPath: valid, toPath: dir + "/sub/nested.ics")
        try files.copyItem(atPath: CLI.root.appendingPathComponent(Self.endBeforeStart).path, toPath: outside + "/bad.ics")
        try files.createSymbolicLink(atPath: dir + "/alias.ics", withDestinationPath: "good.ics")
        try files.createSymbolicLink(atPath: dir + "/dangling.ics", withDestinationPath: "missing.ics")
        try files.createSymbolicLink(atPath: dir + "/loop.ics", withDestinationPath: "loop.ics")
        try files.createSymbolicLink(atPath: dir + "/ping.ics", withDestinationPath: "pong.ics")
        try files.createSymbolicLink(atPath: dir + "/pong.ics", withDestinationPath: "ping.ics")
        try files.createSymbolicLink(atPath: dir + "/linked", withDestinationPath: outside)
        try files.createSymbolicLink(atPath: dir + "/folder.ics", withDestinationPath: outside)

        let result = try CLI.run(["validate", dir])
        #expect(result.status == 2)
        #expect(result.stdout == "0 errors, 0 warnings in 3 files; 4 files could not be read\n")
        #expect(result.stderr == """
            Error: \(dir)/dangling.ics: cannot read: it is a symbolic link to 'missing.ics', which does not exist
            Error: \(dir)/loop.ics: cannot read: it is a symbolic link that loops (to 'loop.ics')
            Error: \(dir)/ping.ics: cannot read: it is a symbolic link that loops (to 'pong.ics')
            Error: \(dir)/pong.ics: cannot read: it is a symbolic link that loops (to 'ping.ics')

            """)

    }
}
