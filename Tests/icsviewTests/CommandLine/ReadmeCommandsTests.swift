import Foundation
import Testing

/// Every command line of the README's command-line quick start runs as written (with the
/// bundled calendars for its file names, in a temporary folder): none is a usage error, none
/// fails, and what it writes is what its comment says it is. `browse` needs a terminal and is
/// run in one by BrowseTerminalTests; here it must only say so.
struct ReadmeCommandsTests {
    /// The `icsview …` lines of the first `sh` block that names `team.ics`, comments removed.
    static let lines: [String] = {
        guard let text = try? String(contentsOf: CLI.root.appendingPathComponent("README.md"), encoding: .utf8),
              let start = text.range(of: "## Quick start: the command line") else { return [] }
        let blocks = text[start.upperBound...].components(separatedBy: "```sh\n").dropFirst()
        guard let block = blocks.first(where: { $0.contains("team.ics") })?.components(separatedBy: "```").first else { return [] }
        return block.split(separator: "\n").map { line in
            String(line.split(separator: "#", maxSplits: 1).first ?? "").trimmingCharacters(in: .whitespaces)
        }.filter { $0.hasPrefix("icsview ") }
    }()

    @Test func theQuickStartHasItsCommands() {
        #expect(Self.lines.count >= 10, "\(Self.lines)")
    }

    @Test(arguments: lines)
    func runsAsWritten(_ line: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, fixture) in [("team.ics", "Fixtures/browse/team.ics"), ("old.ics", "Fixtures/diff/old.ics"), ("new.ics", "Fixtures/diff/new.ics")] {
            try FileManager.default.copyItem(at: CLI.root.appendingPathComponent(fixture), to: dir.appendingPathComponent(name))
        }
        let arguments = line.dropFirst("icsview ".count)
        // A pinned day and zone, so that "this month" and "the next day" have the fixture's events
        // (diff compares two copies: it has no today).
        let pinned = arguments.hasPrefix("diff") ? "--tz Europe/Berlin" : "--today 2024-10-10 --tz Europe/Berlin"
        let result = try CLI.shell("cd '\(dir.path)' && \"$ICSVIEW\" \(arguments) \(pinned) < /dev/null")
        if arguments.hasPrefix("browse") {
            #expect(result.status == 64 && result.stderr.contains("terminal"), "\(result.stderr)")
            return
        }
        // diff: 1 when the copies differ; search: 1 when nothing matches (the fixture has a dentist).
        let expected: Int32 = arguments.hasPrefix("diff") ? 1 : 0
        #expect(result.status == expected, "\(line): \(result.stderr)")
        #expect(!result.stderr.contains("Error"), "\(line): \(result.stderr)")
        if line.contains("-o q4.ics") {
            let written = try String(contentsOf: dir.appendingPathComponent("q4.ics"), encoding: .utf8)
            #expect(written.hasPrefix("BEGIN:VCALENDAR\r\n") && written.contains("BEGIN:VEVENT"))
        } else {
            #expect(!result.stdout.isEmpty, "\(line) printed nothing")
        }
        if line.contains("--format json") {
            for object in result.stdout.split(separator: "\n") {
                #expect(try JSONSerialization.jsonObject(with: Data(object.utf8)) is [String: Any])
            }
        }
    }
}
