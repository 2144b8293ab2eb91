import Foundation
import Testing

/// A real terminal for `icsview browse`: a detached tmux session of a fixed size on a socket of
/// the test run's own, driven with `send-keys` and read with `capture-pane -p` (tmux is installed
/// by scripts/setup.sh).
///
/// The session runs a small shell script: it prints a marker on the main screen, saves `stty -g`,
/// runs the browser, then saves its exit status and `stty -g` again and waits. So a test can
/// compare the terminal's settings before and after, and see the main screen come back.
final class TmuxTerminal {
    static let socket = "icsview-tests-\(getpid())"
    nonisolated(unsafe) private static var counter = 0
    private static let lock = NSLock()

    let name: String
    let directory: URL

    /// Starts `icsview browse arguments` in a `columns`×`rows` terminal (TERM as tmux sets it);
    /// `subcommand` nil runs `icsview arguments` (a view), `unset` names variables to remove.
    ///
    /// `jobControl` runs the script in bash with job control on (`set -m`), as an interactive
    /// shell runs a command: Ctrl-Z stops the browser and gives the terminal back to the script,
    /// which saves the status (`stopped`) and `stty -g` (`suspended`), prints
    /// `STOPPED-MARKER`, waits for a line, and then brings the browser back with `fg`.
    init(_ arguments: [String], columns: Int = 80, rows: Int = 24, environment: [String: String] = [:],
         subcommand: String? = "browse", unset: [String] = [], jobControl: Bool = false) throws {
        Self.lock.lock()
        Self.counter += 1
        name = "browse\(Self.counter)"
        Self.lock.unlock()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("icsview-\(Self.socket)-\(name)")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var env = ["NO_COLOR": "1", "TZ": "UTC", "LANG": "C.UTF-8", "LC_ALL": "", "LC_TIME": "", "ICSVIEW_CONFIG": "",
                   "XDG_CONFIG_HOME": "/nonexistent/icsview-tests", "COLUMNS": "", "LINES": ""]
        for (key, value) in environment { env[key] = value }
        let exports = (env.sorted { $0.key < $1.key }.map { "export \($0.key)=\(Self.quote($0.value))" } + unset.map { "unset \($0)" })
            .joined(separator: "; ")
        let command = ([CLI.binary.path] + (subcommand.map { [$0] } ?? []) + arguments).map(Self.quote).joined(separator: " ")
        let dir = Self.quote(directory.path)
        let script = jobControl ? """
        set -m; cd \(Self.quote(CLI.root.path)); \(exports); printf 'MAIN-SCREEN-MARKER\\n'; stty -g > \(dir)/before; \
        \(command) 2> \(dir)/stderr; echo $? > \(dir)/stopped; stty -g > \(dir)/suspended; \
        printf 'STOPPED-MARKER\\n'; read -r line; fg; echo $? > \(dir)/status; stty -g > \(dir)/after; exec sleep 600
        """ : """
        cd \(Self.quote(CLI.root.path)); \(exports); printf 'MAIN-SCREEN-MARKER\\n'; stty -g > \(dir)/before; \
        \(command) 2> \(dir)/stderr; echo $? > \(dir)/status; stty -g > \(dir)/after; exec sleep 600
        """
        let shell = jobControl ? "/bin/bash -c " : "/bin/sh -c "
        // A session that ended the tests' tmux server before (the last one killed) may leave it
        // still exiting while this one connects: tried again until the session is there.
        for _ in 0..<20 {
            try Self.tmux(["new-session", "-d", "-s", name, "-x", String(columns), "-y", String(rows), shell + Self.quote(script)])
            if try Self.tmuxStatus(["has-session", "-t", name]) == 0 { return }
            usleep(50_000)
        }
        Issue.record("tmux did not start the session \(name)")
    }

    deinit {
        _ = try? Self.tmux(["kill-session", "-t", name])
        try? FileManager.default.removeItem(at: directory)
    }

    /// The screen as text, one line per row (trailing spaces cut).
    func screen() throws -> String {
        try Self.tmux(["capture-pane", "-p", "-t", name])
    }

    /// Types keys (tmux key names: `Right`, `S-Right`, `NPage`, `Enter`, `Escape`, `Space`, `C-c`, or text with `-l`).
    func send(_ keys: String...) throws {
        try Self.tmux(["send-keys", "-t", name] + keys)
    }

    /// Types `text` literally.
    func type(_ text: String) throws {
        try Self.tmux(["send-keys", "-t", name, "-l", text])
    }

    /// Writes `bytes` to the program as the terminal would (`send-keys -H`): a mouse report, say.
    func sendBytes(_ bytes: String) throws {
        try Self.tmux(["send-keys", "-t", name, "-H"] + bytes.utf8.map { String($0, radix: 16) })
    }

    /// Resizes the terminal (the browser gets SIGWINCH).
    func resize(columns: Int, rows: Int) throws {
        try Self.tmux(["resize-window", "-t", name, "-x", String(columns), "-y", String(rows)])
    }

    /// A tmux format of the pane (`#{alternate_on}`, `#{cursor_flag}`, `#{pane_width}`).
    func format(_ format: String) throws -> String {
        try Self.tmux(["display-message", "-p", "-t", name, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A file the script wrote (`before`, `after`, `status`, `stderr`), once it exists.
    func file(_ name: String, timeout: Double = 10) throws -> String? {
        let url = directory.appendingPathComponent(name)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let text = try? String(contentsOf: url, encoding: .utf8), !text.isEmpty { return text }
            usleep(20_000)
        }
        return nil
    }

    /// Polls the screen until `condition` holds (every 20 ms, at most `timeout` seconds); returns the last screen.
    @discardableResult
    func waitFor(_ what: String = "", timeout: Double = 10, _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if condition(last) { return last }
            usleep(20_000)
        }
        Issue.record("timed out waiting for \(what); screen:\n\(last)")
        return last
    }

    /// Polls until the screen contains every one of `texts`.
    @discardableResult
    func waitFor(_ texts: String..., timeout: Double = 10) throws -> String {
        try waitFor(texts.joined(separator: ", "), timeout: timeout) { screen in texts.allSatisfy(screen.contains) }
    }

    /// The process id of the browser (a child of the session's shell).
    func browserPID() throws -> Int32? {
        let shell = try format("#{pane_pid}")
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
            if let pid = children.split(separator: " ").first.flatMap({ Int32($0) }) { return pid }
            usleep(20_000)
        }
        return nil
    }

    /// Runs tmux on the tests' socket and returns what it printed.
    ///
    /// Spawned and waited for directly (`posix_spawn`, `waitpid`), its output through a file: the
    /// first command starts the tmux server, which keeps the descriptors it inherited open (a pipe
    /// would never reach its end), and Foundation's `Process` was seen to leave that first client
    /// unreaped, its `waitUntilExit()` never returning.
    @discardableResult
    static func tmux(_ arguments: [String]) throws -> String {
        try run(arguments).output
    }

    /// The exit status of a tmux command.
    static func tmuxStatus(_ arguments: [String]) throws -> Int32 {
        try run(arguments).status
    }

    private static func run(_ arguments: [String]) throws -> (output: String, status: Int32) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("icsview-tmux-\(getpid())-\(UUID().uuidString)").path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { unlink(path) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fd, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, fd)
        let argv = ["/usr/bin/env", "tmux", "-L", socket, "-f", "/dev/null"] + arguments
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/usr/bin/env", &actions, nil, &cArguments, environ)
        close(fd)
        guard spawned == 0 else { throw CocoaError(.executableLoad) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "", exit)
    }

    /// Whether tmux can be run.
    static var isInstalled: Bool {
        (try? tmux(["-V"]))?.hasPrefix("tmux") == true
    }

    static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
