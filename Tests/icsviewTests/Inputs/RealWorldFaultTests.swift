import Foundation
import Testing

/// What real producers publish, through the built `icsview` (`Fixtures/real-world/`): an event
/// that cannot be read is said on stderr in every output format and fails `--strict`; classic Mac
/// (lone CR) and CR CR LF line ends are line ends; X-LIC-ERROR lines a libical-based program left
/// are not new errors. Expected occurrences worked out by hand from the files (RFC 5545 3.3.5:
/// `DTSTART:20240610T090000Z` is 10 June 09:00 UTC; DURATION PT1H, 3.3.6).
@Suite("Real-world faults (icsview)")
struct RealWorldFaultTests {
    static let directory = "Fixtures/real-world"
    static let unreadable = "\(directory)/unreadable-event.ics"
    static let summaryLine = "1 problem in \(unreadable); run 'icsview validate \(unreadable)' for details"

    static func uids(_ jsonLines: String) throws -> [String] {
        try jsonLines.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require(object["uid"] as? String)
        }
    }

    /// The agenda and the month in text and JSON, the week in HTML: the two readable events shown,
    /// and one line on stderr saying that the file has a problem (before: nothing at all in JSON).
    @Test(arguments: [
        ["--agenda", "--from", "2024-06-01", "--to", "2024-06-30"],
        ["--agenda", "--from", "2024-06-01", "--to", "2024-06-30", "--format", "json"],
        ["--month", "2024-06"],
        ["--month", "2024-06", "--format", "json"],
        ["--week", "2024-06-10", "--format", "html"],
    ])
    func unreadableEventIsReportedInEveryFormat(_ arguments: [String]) throws {
        let result = try CLI.run([Self.unreadable, "--today", "2024-06-01"] + arguments)
        #expect(result.status == 0)
        #expect(result.stderr == Self.summaryLine + "\n")
        if arguments.last == "json", arguments.first == "--agenda" {
            #expect(try Self.uids(result.stdout) == ["first", "third"])
        }
        // --strict: the user asked that a file with something unreadable fail.
        let strict = try CLI.run([Self.unreadable, "--today", "2024-06-01", "--strict"] + arguments)
        #expect(strict.status == 1)
        #expect(strict.stdout == result.stdout)
    }

    @Test func verboseNamesTheLine() throws {
        let result = try CLI.run([Self.unreadable, "--agenda", "--from", "2024-06-01", "--to", "2024-06-30", "--format", "json", "--verbose"])
        #expect(result.stderr.contains("\(Self.unreadable):14: error:"), "\(result.stderr)")
        #expect(result.stderr.contains("[ICS2003]"))
    }

    @Test func strictPassesAFileWithoutErrors() throws {
        let result = try CLI.run(["\(Self.directory)/classic-mac.ics", "--agenda", "--from", "2024-06-01", "--to", "2024-06-30",
                                  "--format", "json", "--strict"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
    }

    /// Both files hold "Team sync" on 10 June 09:00Z and "Review" on 11 June 14:00Z, one hour each.
    @Test(arguments: ["classic-mac.ics", "cr-cr-lf.ics"])
    func unusualLineEndsAreLineEnds(_ file: String) throws {
        let result = try CLI.run(["\(Self.directory)/\(file)", "--agenda", "--from", "2024-06-01", "--to", "2024-06-30", "--format", "json"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.contains("\"summary\":\"Team sync\"") == true && lines.first?.contains("\"start\":\"2024-06-10T09:00:00Z\"") == true)
        #expect(lines.last?.contains("\"summary\":\"Review\"") == true && lines.last?.contains("\"end\":\"2024-06-11T15:00:00Z\"") == true)
        // A note, not a problem: nothing on stderr by default; validate says it once.
        #expect(result.stderr.isEmpty)
        let validate = try CLI.run(["validate", "\(Self.directory)/\(file)"])
        #expect(validate.status == 0)
        #expect(validate.stdout.components(separatedBy: "[ICS1023]").count == 2, "\(validate.stdout)")
        #expect(validate.stdout.hasSuffix("0 errors, 0 warnings, 1 note in 1 file\n"))
    }

    @Test func xlicErrorLinesAreNotReportedAgain() throws {
        let file = "\(Self.directory)/libical-x-lic-error.ics"
        let validate = try CLI.run(["validate", "--strict", file])
        #expect(validate.status == 0, "\(validate.stdout)")
        let view = try CLI.run([file, "--agenda", "--from", "2024-06-01", "--to", "2024-06-30", "--format", "json", "--verbose"])
        #expect(view.stderr.isEmpty)
        #expect(try Self.uids(view.stdout) == ["first"])
    }
}
