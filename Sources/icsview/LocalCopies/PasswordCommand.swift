import Synchronization
import Foundation
import ICSKit

/// `password-command = …`: the command is run through `/bin/sh -c` (standard input and
/// standard error stay the terminal's, so a `pass` or `gpg` prompt works) and the first line
/// of its output is the password, as vdirsyncer's `fetch = ["command", …]` takes it.
///
/// The password lives only in memory: it is never printed, logged or written to a cache
/// file, and no error message holds the command's output. It is asked for once per run
/// and calendar section (a CalDAV account's calendars share it), and only when a request
/// needs it (a fresh local copy, or `--offline`, runs no command).
enum PasswordCommand {
    /// The largest output read from the command.
    static let maximumOutput = 64 * 1024

    private static let memo = Mutex<[String: String]>([:])

    /// The credentials of a configured calendar, sent as its `auth = …` says (Basic unless it
    /// says otherwise): nil when it has no `username`.
    /// - Throws: ``ICSError`` when the command fails or prints nothing.
    static func credentials(for entry: Configuration.CalendarEntry) throws(ICSError) -> HTTPCredentials? {
        guard let user = entry.username else { return nil }
        let scheme = entry.auth ?? .basic
        guard let command = entry.passwordCommand else { return HTTPCredentials(user: user, password: "", scheme: scheme) }
        let memoKey = entry.key + "\u{0}" + command
        if let known = memo.withLock({ $0[memoKey] }) { return HTTPCredentials(user: user, password: known, scheme: scheme) }
        let password = try run(command, calendar: entry.key)
        memo.withLock { $0[memoKey] = password }
        return HTTPCredentials(user: user, password: password, scheme: scheme)
    }

    /// Runs `command`; its first line of output.
    static func run(_ command: String, calendar: String) throws(ICSError) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch {
            throw ICSError(.unreadable, "[calendar \(calendar)]: the password-command cannot be started")
        }
        // Read everything (a command blocked on a full pipe would never exit), keep the start.
        var output = Data()
        while true {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            if output.count < maximumOutput { output.append(chunk.prefix(maximumOutput - output.count)) }
        }
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let how = process.terminationReason == .exit ? "exited with status \(process.terminationStatus)" : "was killed by signal \(process.terminationStatus)"
            throw ICSError(.unreadable, "[calendar \(calendar)]: the password-command \(how)")
        }
        let text = String(decoding: output, as: UTF8.self)
        let first = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let password = first.hasSuffix("\r") ? String(first.dropLast()) : first
        guard !password.isEmpty else {
            throw ICSError(.unreadable, "[calendar \(calendar)]: the password-command printed no password (its first line is empty)")
        }
        return password
    }
}
