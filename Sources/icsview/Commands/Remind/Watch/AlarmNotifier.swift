#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ICSKit

/// What the watcher does when alarms go off: `--exec CMD` through `/bin/sh -c` with the
/// ``AlarmEnvironment`` variables; else `notify-send` when it is installed and a display is
/// there (`DISPLAY` or `WAYLAND_DISPLAY`); else a line on standard output (text, or `--format
/// json`). Missed alarms are reported (standard error, or a JSON line with `"missed": true`), not acted on.
struct AlarmNotifier {
    enum Mode: Equatable {
        case exec(String)
        case notifySend(String)
        case print(json: Bool)
    }

    let mode: Mode
    let zone: TimeZone
    let runner: AlarmCommandRunner

    /// The mode for these options and this environment.
    static func mode(_ options: WatchOptions, environment: [String: String]) -> Mode {
        if let command = options.command { return .exec(command) }
        let json = options.base.format == .json
        let display = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        if !json, !options.noNotify, display, let path = executable("notify-send", path: environment["PATH"]) { return .notifySend(path) }
        return .print(json: json)
    }

    /// The first executable `name` on `path` (colon-separated).
    static func executable(_ name: String, path: String?) -> String? {
        for directory in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Acts on the alarms of one wake, in order.
    func fire(_ reminders: [Reminder], names: [String]) {
        let items = reminders.map { ($0, AlarmEnvironment($0, calendarName: names[safe: $0.calendarIndex], zone: zone)) }
        switch mode {
        case .exec(let command):
            runner.start(items.map { reminder, environment in
                AlarmCommandRunner.Job(arguments: ["/bin/sh", "-c", command], environment: environment.variables,
                                       label: "--exec for '\(WatchText.line(environment["SUMMARY"]))'")
            })
        case .notifySend(let path):
            runner.start(items.map { reminder, environment in
                AlarmCommandRunner.Job(arguments: [path, "--app-name=icsview", "--", Self.title(environment), Self.body(reminder, environment)],
                                       environment: [:], label: "notify-send for '\(WatchText.line(environment["SUMMARY"]))'")
            })
        case .print(let json):
            var output = StandardOutput()
            for (reminder, environment) in items {
                output.write { out in
                    if json { Self.json(environment, missed: false, to: &out) } else { out.append(Array(Self.text(reminder, environment).utf8)) }
                    out.byte(0x0A)
                }
            }
            output.flush()
        }
    }

    /// Reports alarms that went by unseen: a JSON line each with `--format json`, else a line each on standard error.
    func reportMissed(_ reminders: [Reminder], names: [String]) {
        guard !reminders.isEmpty else { return }
        if mode == .print(json: true) {
            var output = StandardOutput()
            for reminder in reminders {
                let environment = AlarmEnvironment(reminder, calendarName: names[safe: reminder.calendarIndex], zone: zone)
                output.write { out in
                    Self.json(environment, missed: true, to: &out)
                    out.byte(0x0A)
                }
            }
            output.flush()
            return
        }
        for reminder in reminders {
            let environment = AlarmEnvironment(reminder, calendarName: names[safe: reminder.calendarIndex], zone: zone)
            printError(TerminalMessage(verbatim: "icsview: missed: " + Self.text(reminder, environment) + "\n"))
        }
    }

    // MARK: Forms

    /// `2024-06-03T09:45:00+02:00  Stand-up in 15 min · DISPLAY · Room 4 · https://meet.google.com/abc-defg-hij`
    static func text(_ reminder: Reminder, _ environment: AlarmEnvironment) -> String {
        var line = environment["TRIGGER"] + "  " + WatchText.line(environment["SUMMARY"].isEmpty ? "(no title)" : environment["SUMMARY"])
        if let phrase = RemindRenderer.phrase(reminder) { line += " " + phrase }
        line += " · " + WatchText.line(environment["ACTION"])
        if !environment["LOCATION"].isEmpty { line += " · " + WatchText.line(environment["LOCATION"]) }
        if !environment["MEETING_URL"].isEmpty && !environment["LOCATION"].contains(environment["MEETING_URL"]) {
            line += " · " + WatchText.line(environment["MEETING_URL"])
        }
        return line
    }

    static func title(_ environment: AlarmEnvironment) -> String {
        environment["SUMMARY"].isEmpty ? "Reminder" : WatchText.line(environment["SUMMARY"])
    }

    /// notify-send's body: when, where, the meeting link (markup characters escaped: servers read the body as markup).
    static func body(_ reminder: Reminder, _ environment: AlarmEnvironment) -> String {
        var parts: [String] = []
        if let phrase = RemindRenderer.phrase(reminder) { parts.append(phrase) }
        if !environment["START"].isEmpty { parts.append(environment["START"]) }
        if !environment["LOCATION"].isEmpty { parts.append(WatchText.line(environment["LOCATION"])) }
        if !environment["MEETING_URL"].isEmpty { parts.append(environment["MEETING_URL"]) }
        return parts.joined(separator: "\n").replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    static let jsonKeys: [StaticString] = ["summary", "start", "end", "location", "description", "url", "meetingUrl", "calendar", "uid",
                                           "trigger", "action"]

    /// `{"missed":false,"summary":…,"start":…,…,"action":"DISPLAY"}`: the variables' values, empty ones as null.
    static func json(_ environment: AlarmEnvironment, missed: Bool, to out: inout JSONBytes) {
        out.byte(UInt8(ascii: "{"))
        out.key("missed", first: true)
        out.literal(missed ? "true" : "false")
        for (key, field) in zip(jsonKeys, environment.fields) {
            out.key(key)
            out.string(field.1.isEmpty ? nil : field.1)
        }
        out.byte(UInt8(ascii: "}"))
    }
}

/// Feed text on one line for a terminal or a log: line breaks and tabs become spaces, other
/// control characters (escape sequences with them) are dropped.
enum WatchText {
    /// Feed text on one line, through the one safe-text function (``TerminalText/safe(_:lineBreak:limit:)``):
    /// escape sequences with their payloads, controls and bidi characters removed, line breaks as spaces.
    static func line(_ text: String) -> String {
        TerminalText.safe(text)
    }
}
