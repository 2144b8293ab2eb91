#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TestSupport
import Synchronization
import Testing

/// `icsview remind --watch` with real time: a feed on 127.0.0.1 whose alarms are due a few
/// seconds after the test starts, `--exec` appending to a file. Checked: the order, the
/// timeliness (each command ran within 2 s of its trigger), the variables (worked out by hand
/// from the feed: Europe/Berlin is UTC+1 in the winter), a feed changed while watching (an alarm
/// moved, one removed, one added), a command that hangs (killed) or fails (reported) without
/// stopping the watcher, SIGTERM (exit 0), and a restart that fires nothing again but catches up
/// what went by while it was stopped.
@Suite("remind --watch", .serialized)
struct RemindWatchTests {
    /// A running watcher, its output in files.
    final class Watcher {
        let process = Process()
        let stdout: String, stderr: String

        init(_ arguments: [String], directory: String, name: String, environment: [String: String] = [:]) throws {
            stdout = directory + "/\(name).out"
            stderr = directory + "/\(name).err"
            FileManager.default.createFile(atPath: stdout, contents: nil)
            FileManager.default.createFile(atPath: stderr, contents: nil)
            process.executableURL = CLI.binary
            process.arguments = ["remind", "--watch"] + arguments
            var env = ProcessInfo.processInfo.environment
            env["TZ"] = "UTC"
            env["ICSVIEW_CONFIG"] = ""
            env["XDG_CONFIG_HOME"] = "/nonexistent/icsview-tests"
            env["XDG_STATE_HOME"] = directory + "/state"
            env["XDG_CACHE_HOME"] = directory + "/cache"
            env["DISPLAY"] = ""
            env["WAYLAND_DISPLAY"] = ""
            for (key, value) in environment { env[key] = value }
            process.environment = env
            process.standardOutput = FileHandle(forWritingAtPath: stdout)
            process.standardError = FileHandle(forWritingAtPath: stderr)
            try process.run()
        }

        func output() -> String { (try? String(contentsOfFile: stdout, encoding: .utf8)) ?? "" }
        func errors() -> String { (try? String(contentsOfFile: stderr, encoding: .utf8)) ?? "" }

        /// Sends `signal` and waits (at most 5 s) for the exit; the exit status, or nil when it did not end.
        func stop(_ signal: Int32 = SIGTERM) -> Int32? {
            kill(process.processIdentifier, signal)
            let deadline = Date().addingTimeInterval(5)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            if process.isRunning {
                process.terminate()
                kill(process.processIdentifier, SIGKILL)
                return nil
            }
            return process.terminationStatus
        }
    }

    /// `20261206T014503Z` for an instant.
    static func stamp(_ date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return f.string(from: date)
    }

    /// `2026-12-06T02:45:03+01:00`: an instant in Europe/Berlin in the winter (UTC+1; the test's dates are within a year of now,
    /// so the offset is read from the zone, not assumed).
    static func berlin(_ date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "Europe/Berlin")
        f.dateFormat = "yyyy-MM-dd'T'HH:mm:ssxxx"
        return f.string(from: date)
    }

    /// An event `uid` with an absolute alarm at `trigger`.
    static func absolute(_ uid: String, at trigger: Date) -> String {
        """
        BEGIN:VEVENT\r
        UID:\(uid)\r
        DTSTAMP:20240101T000000Z\r
        DTSTART:\(stamp(trigger.addingTimeInterval(3600)))\r
        SUMMARY:\(uid)\r
        BEGIN:VALARM\r
        ACTION:DISPLAY\r
        DESCRIPTION:\(uid)\r
        TRIGGER;VALUE=DATE-TIME:\(stamp(trigger))\r
        END:VALARM\r
        END:VEVENT\r

        """
    }

    static func feed(_ events: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nX-WR-CALNAME:Team\r\n" + events + "END:VCALENDAR\r\n"
    }

    /// Waits until `condition` holds or `seconds` pass.
    static func wait(_ seconds: Double, until condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() && Date() < deadline { usleep(50_000) }
    }

    /// The (time the command ran, summary) lines of the log.
    static func runs(_ log: String) -> [(Double, String)] {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "|", maxSplits: 1)
            guard parts.count == 2, let time = Double(parts[0]) else { return nil }
            return (time, String(parts[1]))
        }
    }

    @Test func firesOnTimeAcrossAChangedFeedAndARestart() throws {
        let directory = NSTemporaryDirectory() + "icsview-watch-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let base = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 4).rounded(.up))
        func at(_ seconds: Double) -> Date { base.addingTimeInterval(seconds) }
        // A: a relative alarm (TRIGGER:-PT5M before a start 5 min after base+1), with the fields the variables read.
        let start = at(1 + 300)
        let a = """
        BEGIN:VEVENT\r
        UID:a@example.com\r
        DTSTAMP:20240101T000000Z\r
        DTSTART:\(Self.stamp(start))\r
        DTEND:\(Self.stamp(start.addingTimeInterval(1800)))\r
        SUMMARY:Stand-up\r
        LOCATION:Room 4\r
        DESCRIPTION:Agenda\\, then https://acme.zoom.us/j/123456?pwd=x\r
        URL:https://example.com/standup\r
        BEGIN:VALARM\r
        ACTION:DISPLAY\r
        DESCRIPTION:Stand-up\r
        TRIGGER:-PT5M\r
        END:VALARM\r
        END:VEVENT\r

        """
        let first = Self.feed(Self.absolute("Hang", at: at(0)) + a + Self.absolute("B", at: at(2)) + Self.absolute("C", at: at(3)))
        // The change: B moved to +4, C removed, Fail added at +3; F (+5, after the first watcher stops) and E (+8) for the restart.
        let changed = Self.feed(Self.absolute("Hang", at: at(0)) + a + Self.absolute("B", at: at(4)) + Self.absolute("Fail", at: at(3))
            + Self.absolute("F", at: at(5)) + Self.absolute("E", at: at(8)))
        let body = Mutex(first)
        let server = try TestHTTPServer { _ in
            .response(status: 200, headers: [("Content-Type", "text/calendar")], body: Array(body.withLock { $0 }.utf8))
        }
        let log = directory + "/runs.log"
        let command = #"printf '%s|%s\n' "$(date +%s.%N)" "$ICSVIEW_SUMMARY" >> "$LOG"; "#
            + #"printf '%s\n' "$ICSVIEW_SUMMARY" "$ICSVIEW_START" "$ICSVIEW_END" "$ICSVIEW_LOCATION" "$ICSVIEW_DESCRIPTION" "#
            + #""$ICSVIEW_URL" "$ICSVIEW_MEETING_URL" "$ICSVIEW_CALENDAR" "$ICSVIEW_UID" "$ICSVIEW_TRIGGER" "$ICSVIEW_ACTION" > "$LOG.$ICSVIEW_UID"; "#
            + #"case "$ICSVIEW_SUMMARY" in Hang) exec sleep 30;; Fail) exit 3;; esac"#
        let arguments = ["--exec", command, "--exec-timeout", "1", "--refresh-interval", "1", "--tz", "Europe/Berlin",
                         "http://127.0.0.1:\(server.port)/team.ics"]
        let watcher = try Watcher(arguments, directory: directory, name: "first", environment: ["LOG": log])
        Self.wait(3) { watcher.errors().contains("watching 1 calendar") }
        #expect(watcher.errors().contains("watching 1 calendar; next alarm \(Self.berlin(at(0))): Hang"))
        body.withLock { $0 = changed }
        Self.wait(at(4.5).timeIntervalSinceNow) { false }
        #expect(watcher.stop() == 0, "SIGTERM: exit 0")
        let runs = Self.runs(log)
        #expect(runs.map(\.1) == ["Hang", "Stand-up", "Fail", "B"], "C removed, B moved after Fail, F not yet due")
        for ((time, summary), due) in zip(runs, [at(0), at(1), at(3), at(4)]) {
            #expect(abs(time - due.timeIntervalSince1970) <= 2, "\(summary) ran \(time - due.timeIntervalSince1970) s after its trigger")
        }
        let variables = try String(contentsOfFile: log + ".a@example.com", encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(variables.prefix(11).map(String.init) == [
            "Stand-up", Self.berlin(start), Self.berlin(start.addingTimeInterval(1800)), "Room 4", "Agenda, then https://acme.zoom.us/j/123456?pwd=x",
            "https://example.com/standup", "https://acme.zoom.us/j/123456?pwd=x", "Team", "a@example.com", Self.berlin(at(1)), "DISPLAY",
        ])
        let errors = watcher.errors()
        #expect(errors.contains("icsview: --exec for 'Hang' ran longer than 1 s: killed"))
        #expect(errors.contains("icsview: --exec for 'Fail' failed with exit status 3"))
        #expect(FileManager.default.fileExists(atPath: directory + "/state/icsview"), "the state under $XDG_STATE_HOME/icsview")

        // A restart with --catch-up: F (due while stopped) fires at once; nothing fired before fires again; E on time.
        let again = try Watcher(arguments + ["--catch-up", "1m"], directory: directory, name: "second", environment: ["LOG": log])
        Self.wait(max(0, at(8.6).timeIntervalSinceNow)) { false }
        #expect(again.stop(SIGINT) == 0, "SIGINT: exit 0")
        let more = Self.runs(log).dropFirst(runs.count)
        #expect(more.map(\.1) == ["F", "E"])
        if let e = more.last { #expect(abs(e.0 - at(8).timeIntervalSince1970) <= 2) }
        #expect(!again.errors().contains("missed"), "caught up, not missed: \(again.errors())")
    }

    /// Without --exec or a display: JSON lines on standard output, a missed alarm (the saved
    /// watermark is 10 min old) reported as such, and SIGHUP reading a changed file at once.
    @Test func jsonLinesMissedAlarmsAndSIGHUP() throws {
        let directory = NSTemporaryDirectory() + "icsview-watch-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let now = Date().timeIntervalSince1970.rounded(.down)
        let file = directory + "/cal.ics"
        // Old: an all-day event (its start and end are dates, the end exclusive) with an absolute alarm 5 min ago.
        let old = Self.absolute("Old", at: Date(timeIntervalSince1970: now - 300))
            .replacingOccurrences(of: #"DTSTART:\d{8}T\d{6}Z"#, with: "DTSTART;VALUE=DATE:20240603\r\nDTEND;VALUE=DATE:20240604",
                                  options: .regularExpression)
        try Self.feed(old).write(toFile: file, atomically: true, encoding: .utf8)
        let state = directory + "/fired"
        try "icsview-fired 1\nwatermark \(now - 600)\n".write(toFile: state, atomically: true, encoding: .utf8)
        let watcher = try Watcher(["--format", "json", "--state-file", state, file], directory: directory, name: "json")
        Self.wait(3) { watcher.output().contains("\n") }
        // SIGHUP: the file (checked only every minute otherwise) is read again.
        let soon = Date(timeIntervalSince1970: now + 4)
        try Self.feed(old + Self.absolute("New\u{1B}[31m", at: soon))
            .write(toFile: file, atomically: true, encoding: .utf8)
        kill(watcher.process.processIdentifier, SIGHUP)
        Self.wait(max(0, soon.timeIntervalSinceNow) + 2) { watcher.output().split(separator: "\n").count >= 2 }
        #expect(watcher.stop() == 0)
        let lines = watcher.output().split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        let objects = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects.first?["missed"] as? Bool == true)
        #expect(objects.first?["summary"] as? String == "Old")
        #expect(objects.first?["trigger"] as? String == AlarmTimeTextUTC.iso(now - 300))
        #expect(objects.first?["start"] as? String == "2024-06-03")
        #expect(objects.first?["end"] as? String == "2024-06-04")
        #expect(objects.last?["missed"] as? Bool == false)
        #expect(objects.last?["summary"] as? String == "New[31m", "the escape character removed")
        #expect(objects.last?["meetingUrl"] is NSNull)
        #expect(try String(contentsOfFile: state, encoding: .utf8).split(separator: "\n").count == 4, "header, watermark, two alarms")
    }

    @Test func usage() throws {
        let help = try CLI.run(["remind", "--watch", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: icsview remind --watch [--exec <command>]"))
        let bad = try CLI.run(["remind", "--watch", "--catch-up", "soon", "x.ics"])
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("Error: 'soon' given to --catch-up is not a length such as 90s, 15m, 2h or 1d\n"))
        #expect(try CLI.run(["remind", "--watch", "-"]).status == 64)
        // The configuration's refresh-interval is checked like its other defaults.
        let config = NSTemporaryDirectory() + "icsview-watch-config-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: config) }
        try "[defaults]\nrefresh-interval = soon\n".write(toFile: config, atomically: true, encoding: .utf8)
        let broken = try CLI.run(["--config", config, "remind", "--watch", "x.ics"])
        #expect(broken.status == 64)
        #expect(broken.stderr.contains(":2: error: 'soon' is not a refresh interval (seconds, or 90s, 15m, 2h, 1d)"))
    }
}

/// `2026-12-06T01:45:03+00:00` (TZ=UTC in the watcher's environment).
enum AlarmTimeTextUTC {
    static func iso(_ seconds: Double) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyy-MM-dd'T'HH:mm:ss'+00:00'"
        return f.string(from: Date(timeIntervalSince1970: seconds))
    }
}
