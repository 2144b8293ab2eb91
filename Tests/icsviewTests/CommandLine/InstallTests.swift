import Foundation
import Testing

/// The manual page and the completions are rendered from the option table `--help` is
/// rendered from: every option `--help` lists must be in each of them, and the committed
/// `docs/icsview.1` must be what the binary generates.
@Suite struct InstallTests {
    /// Every option name in `--help`: words at the start of an option row (`  --month`,
    /// `  -h, --help`), read off the help text itself.
    static func helpOptions() throws -> [String] {
        let help = try CLI.run(["--help"]).stdout
        var names: [String] = []
        for line in help.split(separator: "\n") where line.hasPrefix("  -") {
            let column = line.dropFirst(2).components(separatedBy: "  ")[0]
            for part in column.components(separatedBy: ", ") {
                names.append(String(part.split(separator: " ")[0]))
            }
        }
        return names
    }

    @Test func helpListsTheOptionsTheParserKnows() throws {
        let names = try Self.helpOptions()
        #expect(names.count >= 30)
        for name in ["--month", "--week", "-3", "--year", "-y", "--from", "--tz", "--cache-dir", "-h", "--help",
                     "--generate-completion-script", "--generate-man-page"] {
            #expect(names.contains(name), "\(name)")
        }
        // Each is accepted by the parser (an unknown one would be exit 64 "unknown option").
        for name in names {
            let result = try CLI.run([name, "--help"])
            #expect(!result.stderr.contains("unknown option"), "\(name): \(result.stderr)")
        }
    }

    @Test func everyHelpOptionIsInTheManPageAndTheCompletions() throws {
        let man = try CLI.run(["--generate-man-page"])
        #expect(man.status == 0)
        let bash = try CLI.run(["--generate-completion-script", "bash"]).stdout
        let zsh = try CLI.run(["--generate-completion-script", "zsh"]).stdout
        let fish = try CLI.run(["--generate-completion-script", "fish"]).stdout
        for name in try Self.helpOptions() {
            // roff writes - as \-.
            #expect(man.stdout.contains("\\fB" + name.replacingOccurrences(of: "-", with: "\\-")), "man: \(name)")
            // The word list after `compgen -W` for a word starting with `-`.
            let words = bash.split(separator: "\n").first { $0.contains("local words=\"--") }?
                .split(separator: "\"")[1].split(separator: " ").map(String.init) ?? []
            #expect(words.contains(name), "bash: \(name)")
            #expect(zsh.contains("'\(name)[") || zsh.contains(")\(name)["), "zsh: \(name)")
            let fishName = name.hasPrefix("--") ? " -l \(name.dropFirst(2)) " : " -s \(name.dropFirst()) "
            #expect(fish.contains(fishName), "fish: \(name)")
        }
    }

    @Test func theCommittedManPageIsTheGeneratedOne() throws {
        let committed = try String(contentsOf: CLI.root.appendingPathComponent("docs/icsview.1"), encoding: .utf8)
        #expect(try CLI.run(["--generate-man-page"]).stdout == committed,
                "regenerate: .build/debug/icsview --generate-man-page > docs/icsview.1")
    }

    @Test func completionScriptsParseAndUnknownShellsAreUsageErrors() throws {
        let bash = try CLI.shell("$ICSVIEW --generate-completion-script bash | bash -c 'script=$(cat); bash -n <<<\"$script\" && eval \"$script\" && complete -p icsview'")
        #expect(bash.status == 0, "\(bash.stderr)")
        #expect(bash.stdout == "complete -o filenames -F _icsview icsview\n")
        // The script completes: option names, and the fixed values of --color.
        let complete = try CLI.shell("""
            $ICSVIEW --generate-completion-script bash | bash -c 'eval "$(cat)"
            COMP_WORDS=(icsview --form); COMP_CWORD=1; _icsview; echo "${COMPREPLY[*]}"
            COMP_WORDS=(icsview --color a); COMP_CWORD=2; _icsview; echo "${COMPREPLY[*]}"'
            """)
        #expect(complete.stdout == "--format\nauto always\n", "\(complete.stderr)")
        let bad = try CLI.run(["--generate-completion-script", "tcsh"])
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("Error: 'tcsh' is not a shell (bash, zsh or fish)\n"))
    }

    @Test func installPutsTheBinaryManPageAndCompletionsUnderDestdir() throws {
        let destdir = FileManager.default.temporaryDirectory.appendingPathComponent("icsview-install-\(getpid())")
        defer { try? FileManager.default.removeItem(at: destdir) }
        let result = try CLI.shell("DESTDIR=\(destdir.path) ICSVIEW_BINARY=$ICSVIEW sh scripts/install.sh /opt/ics")
        #expect(result.status == 0, "\(result.stderr)")
        let root = destdir.path + "/opt/ics"
        for path in ["bin/icsview", "share/man/man1/icsview.1", "share/bash-completion/completions/icsview",
                     "share/zsh/site-functions/_icsview", "share/fish/vendor_completions.d/icsview.fish"] {
            #expect(FileManager.default.fileExists(atPath: root + "/" + path), "\(path)")
        }
        #expect(FileManager.default.isExecutableFile(atPath: root + "/bin/icsview"))
        let committed = try String(contentsOf: CLI.root.appendingPathComponent("docs/icsview.1"), encoding: .utf8)
        #expect(try String(contentsOfFile: root + "/share/man/man1/icsview.1", encoding: .utf8) == committed)
    }
}
