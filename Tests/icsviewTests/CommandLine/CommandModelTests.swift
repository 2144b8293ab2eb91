import Foundation
import Testing

/// The list of subcommands drives dispatch, `--help`, the manual page's SYNOPSIS and the
/// completions: every subcommand the binary dispatches must show in each, and answer its own
/// `--help`. The names are read from `--help`'s SUBCOMMANDS section and checked against the
/// known list below, so a subcommand added to one place only fails here.
@Suite struct CommandModelTests {
    /// The subcommands as a user meets them; a new one is added here as well as in the list.
    static let expected = ["browse", "config", "diff", "export", "search", "remind", "sync", "validate"]

    /// The first word of each row under `SUBCOMMANDS:` in `icsview --help`.
    static func helpSubcommands() throws -> [String] {
        let help = try CLI.run(["--help"]).stdout
        let section = try #require(help.components(separatedBy: "\nSUBCOMMANDS:\n").dropFirst().first)
        return section.components(separatedBy: "\n\n")[0].split(separator: "\n").compactMap { line in
            // A row starts two spaces in; continuation lines start in the description column.
            guard line.hasPrefix("  "), !line.hasPrefix("   "),
                  let word = line.dropFirst(2).split(separator: " ").first,
                  word.allSatisfy({ $0.isLowercase }) else { return nil }
            return String(word)
        }
    }

    @Test func helpListsEverySubcommand() throws {
        #expect(try Self.helpSubcommands() == Self.expected)
    }

    @Test(arguments: expected) func eachSubcommandHasItsOwnHelp(_ name: String) throws {
        let result = try CLI.run([name, "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: icsview \(name) "), "\(result.stdout.prefix(200))")
        #expect(result.stderr.isEmpty)
    }

    /// A command after an option (`icsview --cache-dir D sync`) was read as a file named `sync`
    /// that could not be opened, and the rest shown as a view: now a usage error that says where
    /// the command goes, before anything is read or fetched.
    @Test(arguments: expected) func aCommandAfterAnOptionIsAUsageError(_ name: String) throws {
        let result = try CLI.run(["--cache-dir", NSTemporaryDirectory(), name, "work"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: '\(name)' is a command, and a command comes first: icsview \(name) [options]\n"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: expected) func manPageSynopsisNamesEachSubcommand(_ name: String) throws {
        let man = try CLI.run(["--generate-man-page"]).stdout
        let synopsis = try #require(man.components(separatedBy: ".SH SYNOPSIS\n").dropFirst().first?
            .components(separatedBy: "\n.SH ").first)
        #expect(synopsis.contains(".B icsview \(name)\n"), "\(synopsis)")
        #expect(man.contains("\\fBicsview \(name) \\-\\-help\\fR"))
    }

    @Test(arguments: ["bash", "zsh", "fish"]) func completionsOfferEverySubcommand(_ shell: String) throws {
        let script = try CLI.run(["--generate-completion-script", shell]).stdout
        for name in Self.expected {
            #expect(script.contains(name), "\(shell) completion lacks '\(name)'")
        }
    }

    @Test(arguments: expected) func noCalendarMayTakeASubcommandsName(_ name: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("icsview-names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("config")
        try "[calendar \(name)]\nfile = Fixtures/views/family.ics\n".write(to: config, atomically: true, encoding: .utf8)
        let result = try CLI.run(["--config", config.path, "config", "check"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("'\(name)' cannot name a calendar: it is a subcommand"), "\(result.stderr)")
    }

    @Test func usageErrorsOfSubcommandsPointToTheirHelp() throws {
        let result = try CLI.run(["validate", "--no-such-option"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: "))
        #expect(result.stderr.hasSuffix("\n  See 'icsview validate --help' for more information.\n"), "\(result.stderr)")
    }
}
