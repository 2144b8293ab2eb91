import Foundation
import TestSupport
import Testing

/// Small things a daily user met: `remind` wrapping between words, `diff` of a list saying only
/// what was added and removed, and the completions offering each subcommand's own options
/// (checked in a real bash). Expected values are worked out by hand from the inputs here.
@Suite struct SmallOnesTests {
    static func calendar(_ body: String) -> Data {
        Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\n" + body + "END:VCALENDAR\r\n").utf8)
    }

    /// At 40 columns the line `Mon 10 Jun 09:45  Quarterly planning with the whole
    /// engineering department in 15 min · DISPLAY` breaks between words: the stamp and its two
    /// spaces take 18 cells, so the title and the rest wrap at 22 cells ("engineering department"
    /// is exactly 22), each later line indented by 18.
    @Test func remindWrapsBetweenWords() throws {
        let input = Self.calendar("""
        BEGIN:VEVENT\r
        UID:q-1\r
        DTSTAMP:20240101T000000Z\r
        DTSTART:20240610T100000Z\r
        DTEND:20240610T110000Z\r
        SUMMARY:Quarterly planning with the whole engineering department\r
        BEGIN:VALARM\r
        ACTION:DISPLAY\r
        DESCRIPTION:x\r
        TRIGGER:-PT15M\r
        END:VALARM\r
        END:VEVENT\r

        """)
        let result = try CLI.run(["remind", "--from", "2024-06-10", "--to", "2024-06-10", "--tz", "UTC", "-"], input: input,
                                 environment: ["COLUMNS": "40"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            Mon 10 Jun 09:45  Quarterly planning
                              with the whole
                              engineering department
                              in 15 min · DISPLAY

            """)
        // Wide enough: one line, as before.
        let wide = try CLI.run(["remind", "--from", "2024-06-10", "--to", "2024-06-10", "--tz", "UTC", "-"], input: input,
                               environment: ["COLUMNS": "120"])
        #expect(wide.stdout == "Mon 10 Jun 09:45  Quarterly planning with the whole engineering department in 15 min · DISPLAY\n")
    }

    /// An EXDATE list of five days gets one more and loses one: the line names those two only.
    /// CATEGORIES the same way (one added, one removed, one kept).
    @Test func diffOfAListSaysWhatWasAddedAndRemoved() throws {
        func series(_ exdates: String, _ categories: String, sequence: Int) -> Data {
            Self.calendar("""
            BEGIN:VEVENT\r
            UID:daily-1\r
            DTSTAMP:20240101T000000Z\r
            SEQUENCE:\(sequence)\r
            DTSTART;VALUE=DATE:20240603\r
            RRULE:FREQ=DAILY;COUNT=20\r
            EXDATE;VALUE=DATE:\(exdates)\r
            CATEGORIES:\(categories)\r
            SUMMARY:Gym\r
            END:VEVENT\r

            """)
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("icsview-small-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let old = dir.appendingPathComponent("old.ics"), new = dir.appendingPathComponent("new.ics")
        try series("20240604,20240605,20240606,20240607,20240610", "Health,Morning", sequence: 0).write(to: old)
        try series("20240604,20240606,20240607,20240610,20240611", "Health,Evening", sequence: 1).write(to: new)
        let result = try CLI.run(["diff", "--tz", "UTC", old.path, new.path])
        #expect(result.status == 1)
        #expect(result.stdout == """
            ~ daily-1: "Gym" — EXDATE, SEQUENCE, CATEGORIES (newer)
                EXDATE: added Tue, 11 Jun 2024; removed Wed, 5 Jun 2024
                SEQUENCE: 0 → 1
                CATEGORIES: added "Evening"; removed "Morning"
            0 added, 0 removed, 1 changed, 0 unchanged

            """, "\(result.stdout)")
    }

    /// `diff` with no file: each configured feed's cached copy against what the server (on
    /// 127.0.0.1) serves now. First run: nothing cached, so it is fetched and said so; the file
    /// calendar is skipped. The server then renames the event: the second run shows that change
    /// (SEQUENCE unchanged, so no "(newer)"), exit 1; the third finds nothing new, exit 0.
    @Test func diffWithNoFileComparesEachFeedWithItsCachedCopy() throws {
        func feed(_ summary: String) -> [UInt8] {
            Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VEVENT\r\nUID:s-1\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:20240610T090000Z\r\nDTEND:20240610T091500Z\r\nSUMMARY:\(summary)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
        }
        let served = ServedBody(feed("Standup"))
        let server = try TestHTTPServer { _ in .response(status: 200, headers: [("Content-Type", "text/calendar")], body: served.get()) }
        defer { server.stop() }
        let dir = try ConfigFileTests.folder(["config": "work = \(server.base)/work.ics\nfamily = family.ics\n",
                                              "family.ics": String(decoding: feed("Dinner"), as: UTF8.self)])
        defer { try? FileManager.default.removeItem(at: dir) }
        let environment = ["ICSVIEW_CONFIG": dir.appendingPathComponent("config").path, "XDG_CACHE_HOME": dir.appendingPathComponent("cache").path]
        let first = try CLI.run(["diff", "--tz", "UTC"], environment: environment)
        #expect(first.status == 0)
        #expect(first.stdout == "")
        #expect(first.stderr == "work: no cached copy yet; fetched and cached now\nfamily: not a feed (url); no earlier copy to compare\n")
        served.set(feed("Stand-up"))
        let second = try CLI.run(["diff", "--tz", "UTC", "-q"], environment: environment)
        #expect(second.status == 1, "\(second.stderr)")
        #expect(second.stdout == """
            work:
              ~ s-1: "Stand-up" — SUMMARY
                  SUMMARY: "Standup" → "Stand-up"
              0 added, 0 removed, 1 changed, 0 unchanged

            """)
        let third = try CLI.run(["diff", "--format", "json", "-q"], environment: environment)
        #expect(third.status == 0)
        #expect(third.stdout == "{\"calendar\":\"work\",\"added\":[],\"removed\":[],\"changed\":[],\"unchanged\":1}\n")
    }

    /// What bash offers for `icsview <words> <cur><TAB>`: the generated script sourced in a real
    /// bash, `_icsview` called as readline would.
    static func complete(_ words: [String]) throws -> [String] {
        let script = try CLI.run(["--generate-completion-script", "bash"]).stdout
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("icsview-complete-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("icsview.bash")
        try script.write(to: file, atomically: true, encoding: .utf8)
        let quoted = (["icsview"] + words).map { "'\($0)'" }.joined(separator: " ")
        let command = "bash -c \". '\(file.path)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count); _icsview; printf '%s\\\\n' \\\"\\${COMPREPLY[@]}\\\"\""
        let result = try CLI.shell(command)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesEachSubcommandsOptions() throws {
        #expect(try Self.complete(["remind", "--ne"]) == ["--next"])
        #expect(try Self.complete(["remind", "--inc"]) == ["--include-acknowledged"])
        #expect(try Self.complete(["validate", "--li"]) == ["--list-codes"])
        #expect(try Self.complete(["export", "--bus"]).sorted() == ["--busy", "--busy-as"])
        // The views' options without a subcommand, as before.
        #expect(try Self.complete(["--no-p"]) == ["--no-pager"])
        #expect(try Self.complete(["--mon"]).sorted() == ["--month", "--months"])
    }

    /// Each subcommand's completion words are the options its help lists, and its parser takes
    /// every one of them (none is "unknown"); remind's include --next.
    @Test func subcommandCompletionsMatchTheirParsers() throws {
        let bash = try CLI.run(["--generate-completion-script", "bash"]).stdout
        let fish = try CLI.run(["--generate-completion-script", "fish"]).stdout
        let zsh = try CLI.run(["--generate-completion-script", "zsh"]).stdout
        var checked = 0
        for name in ["browse", "diff", "export", "remind", "search", "validate", "sync"] {
            let help = try CLI.run([name, "--help"]).stdout
            // The names at the start of the help's option rows, read with a pattern here (not the
            // code that makes the completions).
            var listed: [String] = []
            for line in help.components(separatedBy: "\n") where line.hasPrefix("  -") {
                let column = line.dropFirst(2).components(separatedBy: "  ")[0]
                listed += column.matches(of: /(?:^|, )(-{1,2}[a-z][a-z-]*)/).map { String($0.output.1) }
            }
            let line = bash.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("\(name)) words=") }
            let words = line.map { $0.split(separator: "\"")[1].split(separator: " ").map(String.init) } ?? []
            #expect(!listed.isEmpty && Set(words) == Set(listed), "\(name): \(listed) in\n\(help)")
            for option in words {
                let result = try CLI.run([name, option])
                #expect(!result.stderr.contains("unknown option"), "\(name) \(option): \(result.stderr)")
                let flag = option.hasPrefix("--") ? "-l \(option.dropFirst(2))" : "-s \(option.dropFirst())"
                #expect(fish.contains("__fish_seen_subcommand_from \(name)' \(flag)\n"), "fish: \(name) \(option)")
                checked += 1
            }
            #expect(zsh.contains("\(name)) compadd -- \(words.joined(separator: " ")); return ;;"), "zsh: \(name)")
        }
        #expect(checked > 60)
        #expect(bash.contains("remind) words=\"") && bash.split(separator: "\n").contains { $0.contains("remind) words=") && $0.contains(" --next ") })
    }
}

/// The body a test server serves, changed by the test between requests.
final class ServedBody: @unchecked Sendable {
    private let lock = NSLock()
    private var body: [UInt8]

    init(_ body: [UInt8]) { self.body = body }

    func get() -> [UInt8] { lock.withLock { body } }

    func set(_ new: [UInt8]) { lock.withLock { body = new } }
}
