import Foundation
import Testing

/// The configuration file (`~/.config/icsview/config`), through `icsview config check` and the
/// commands: every key, comments, blank lines, errors by line, and what the file path was.
/// The expected texts are written by hand from the files below (README "Configuration").
@Suite struct ConfigFileTests {
    /// A fresh folder holding `files` (name → text); removed by the caller's `defer`.
    static func folder(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("icsview-config-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files {
            let file = url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return url
    }

    static let everyKey = """
        \u{FEFF}# icsview configuration: comments and blank lines are skipped

        ; a semicolon starts a comment too
        [defaults]
          timezone = Europe/Berlin
        first-weekday=mon
        time-format = 12h
        color = never
        view = agenda

        [calendar work]
        url = webcal://calendar.example.com/work.ics#team
        name = "Work (team)"
        color = #3366cc

        [calendar home]
        file = ~/calendars/home.ics
        color = teal

        [calendars]
        holidays = holidays.ics
        """

    @Test func checkPrintsEveryCalendarAndDefaultWithItsLine() throws {
        let dir = try Self.folder(["config": Self.everyKey])
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("config").path
        let result = try CLI.run(["config", "check"], environment: ["ICSVIEW_CONFIG": path, "HOME": "/home/ann"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        // The URL keeps its '#' (comments are whole lines); '~/' is $HOME; a relative file is
        // next to the configuration file.
        #expect(result.stdout == """
            Configuration: \(path)
            Defaults:
              timezone = Europe/Berlin (line 5)
              first-weekday = mon (line 6)
              time-format = 12h (line 7)
              color = never (line 8)
              view = agenda (line 9)
            Calendars:
              work: webcal://calendar.example.com/work.ics#team, name "Work (team)", color #3366cc (line 11)
              home: /home/ann/calendars/home.ics, color teal (line 16)
              holidays: \(dir.path)/holidays.ics (line 21)

            """)
        // --config wins over ICSVIEW_CONFIG; XDG_CONFIG_HOME is used when neither is set.
        let other = try Self.folder(["icsview/config": "[calendars]\nx = /x.ics\n"])
        defer { try? FileManager.default.removeItem(at: other) }
        let byOption = try CLI.run(["--config", path, "config", "check"], environment: ["ICSVIEW_CONFIG": other.path + "/icsview/config"])
        #expect(byOption.stdout.hasPrefix("Configuration: \(path)\n"))
        let byXDG = try CLI.run(["config", "check"], environment: ["XDG_CONFIG_HOME": other.path])
        #expect(byXDG.stdout == "Configuration: \(other.path)/icsview/config\nDefaults: none (the built-in ones apply)\nCalendars:\n  x: /x.ics (line 2)\n")
    }

    @Test func errorsNameTheFileAndLineAndExit64() throws {
        let text = """
            [defaults]
            timezone = Mars/Olympus_Mons
            first-weekday = someday
            time-format = 25h
            color = sometimes
            view = grid
            timezone = UTC
            [calendar work]
            colour = red
            url = a.ics
            file = b.ics
            color = #12345
            stray line
            [calendar validate]
            url = c.ics
            [calendars]
            -x = d.ics
            holidays =
            holidays = e.ics
            holidays = f.ics
            [weird]
            zone = 1
            [calendar nourl]
            name = N
            [defaults]
            """
        let dir = try Self.folder(["config": text])
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("config").path
        let expected = """
            \(path):2: error: unknown time zone 'Mars/Olympus_Mons' (use an IANA name such as Europe/Berlin)
            \(path):3: error: 'someday' is not a weekday (mon, tue, wed, thu, fri, sat or sun)
            \(path):4: error: '25h' is not a time format (24h or 12h)
            \(path):5: error: 'sometimes' is not a color mode (auto, always or never)
            \(path):6: error: 'grid' is not a view (agenda, month, summary, todos, week, year)
            \(path):9: error: unknown key 'colour' in [calendar work] (use url, file, caldav, vdir, name, color, username, auth, password-command, header)
            \(path):11: error: [calendar work] has both 'url' and 'file'
            \(path):12: error: '#12345' is not a colour (#RRGGBB, #RGB or a CSS name such as teal)
            \(path):13: error: expected 'key = value' or a [section]
            \(path):14: error: 'validate' cannot name a calendar: it is a subcommand
            \(path):17: error: '-x' cannot name a calendar: it must start with a letter, a digit or '_'
            \(path):18: error: 'holidays' has no value
            \(path):20: error: calendar 'holidays' is already defined on line 19
            \(path):21: error: unknown section '[weird]' (use [defaults], [calendars] or [calendar NAME])
            \(path):23: error: [calendar nourl] has no 'url', 'file', 'caldav' or 'vdir'
            \(path):25: error: [defaults] is already on line 1

            """
        let check = try CLI.run(["--config", path, "config", "check"])
        #expect(check.status == 64)
        #expect(check.stdout == "")
        #expect(check.stderr == expected)
        // Line 7 sets timezone again after a bad value: a repeated key is an error only once it was read.
        // Every other command stops with the same errors, even with an explicit file ...
        let view = try CLI.run(["--config", path, "Fixtures/import/holidays.ics"])
        #expect(view.status == 64)
        #expect(view.stderr == expected)
        #expect(view.stdout == "")
        // ... but help still works.
        let help = try CLI.run(["--config", path, "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("OVERVIEW: "))
    }

    /// `config names` lists the configured calendars for the completions, which offer them
    /// where a file can stand (bash run here, as InstallTests runs it).
    @Test func namesAndTheirCompletion() throws {
        let dir = try Self.folder(["config": "[calendar work]\nurl = /w.ics\n[calendars]\nwebinars = /x.ics\nhome = /h.ics\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("config").path
        let names = try CLI.run(["config", "names"], environment: ["ICSVIEW_CONFIG": path])
        #expect(names.stdout == "work\nwebinars\nhome\n")
        let complete = try CLI.shell("""
            cd \(dir.path) && export ICSVIEW_CONFIG=\(path) PATH="$(dirname $ICSVIEW):$PATH"
            $ICSVIEW --generate-completion-script bash | bash -c 'eval "$(cat)"
            COMP_WORDS=(icsview --month w); COMP_CWORD=2; _icsview; echo "${COMPREPLY[*]}"'
            """)
        #expect(complete.stdout == "work webinars\n", "\(complete.stderr)")
    }

    @Test func aRepeatedKeyIsAnError() throws {
        let dir = try Self.folder(["config": "[defaults]\nview = month\n\nview = week\n[calendar a]\nurl = /a.ics\nurl = /b.ics\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("config").path
        let check = try CLI.run(["config", "check", "--config=\(path)"])
        #expect(check.status == 64)
        #expect(check.stderr == "\(path):4: error: 'view' is already set on line 2\n\(path):7: error: 'url' is already set on line 6\n")
    }

    @Test func noConfigurationFileIsTodaysBehaviour() throws {
        let dir = try Self.folder([:])
        defer { try? FileManager.default.removeItem(at: dir) }
        let environment = ["XDG_CONFIG_HOME": dir.path]
        let check = try CLI.run(["config", "check"], environment: environment)
        #expect(check.status == 0)
        #expect(check.stdout == "No configuration file (\(dir.path)/icsview/config does not exist): the built-in defaults apply.\n")
        let bare = try CLI.run([], environment: environment)
        #expect(bare.status == 64)
        #expect(bare.stderr.hasPrefix("Error: missing expected argument '<file>'\n"))
        // A file named by --config or ICSVIEW_CONFIG must exist.
        let missing = try CLI.run(["Fixtures/import/holidays.ics"], environment: ["ICSVIEW_CONFIG": dir.path + "/nope"])
        #expect(missing.status == 64)
        #expect(missing.stderr == "\(dir.path)/nope: error: cannot open: no such file\n")
        let usage = try CLI.run(["config"])
        #expect(usage.status == 64)
        #expect(usage.stderr.hasPrefix("Error: missing subcommand 'check' or 'names'\n"))
        // With no file, no names (for the completions).
        let names = try CLI.run(["config", "names"], environment: environment)
        #expect(names.status == 0)
        #expect(names.stdout == "")
        let noValue = try CLI.run(["Fixtures/import/holidays.ics", "--config"])
        #expect(noValue.status == 64)
        #expect(noValue.stderr.hasPrefix("Error: missing value for '--config'\n"))
    }
}

extension ConfigFileTests {
    /// The example in docs/cli.md is a configuration `config check` reads without an error, with
    /// each of its keys on the line the example puts it (counted by hand: `agenda` on 13,
    /// `pager` on 15), so that what the manual shows stays what the parser takes.
    @Test func theManualsExampleIsAValidConfiguration() throws {
        let manual = try String(contentsOf: CLI.root.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        let section = try #require(manual.range(of: "## Configuration"))
        let start = try #require(manual.range(of: "```ini\n", range: section.upperBound..<manual.endIndex))
        let end = try #require(manual.range(of: "```", range: start.upperBound..<manual.endIndex))
        let folder = try Self.folder(["config": String(manual[start.upperBound..<end.lowerBound])])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["config", "check", "--config", folder.appendingPathComponent("config").path],
                                 environment: ["HOME": folder.path])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        for line in ["  timezone = Europe/Berlin (line 3)", "  view = month (line 11)", "  agenda = on (line 13)",
                     "  pager = on (line 15)", "  holidays: https://example.org/holidays.ics (line 29)"] {
            #expect(result.stdout.contains(line + "\n"), "\(result.stdout)")
        }
    }

    /// A line over 8 KiB is an error that gives its length, not its text (a 900 KB key was quoted
    /// whole); the lines around it are read as ever (expected messages written out by hand).
    @Test func aLineOverEightKilobytesIsNotQuoted() throws {
        let key = String(repeating: "k", count: 900_000)
        let text = "[calendar x]\n\(key) = 1\nfile = a.ics\ncolour = red\n"
        let dir = try Self.folder(["config": text])
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("config").path
        let check = try CLI.run(["--config", path, "config", "check"])
        #expect(check.status == 64)
        #expect(check.stderr == """
            \(path):2: error: the line is 900004 bytes long (at most 8192)
            \(path):4: error: unknown key 'colour' in [calendar x] (use url, file, caldav, vdir, name, color, username, auth, password-command, header)

            """)
    }
}
