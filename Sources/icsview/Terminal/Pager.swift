#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Long output to a terminal through a pager, as git does: `$PAGER` (run by `/bin/sh -c`), else
/// `less -FRX` when `less` is on the `PATH`; never when standard output is not a terminal, when
/// `PAGER` is empty or `cat`, or with `--no-pager` (`pager = off` in the configuration).
///
/// `less -F` quits at once when the output fits on one screen, `-R` passes the colours through
/// and `-X` leaves the text on the screen afterwards; when `PAGER` names another command and `LESS`
/// is not set, `LESS=FRX` is set for it (git's default too). Once started, standard output (file
/// descriptor 1) is the pager's input until the process exits; at exit the output is flushed,
/// the pipe closed and the pager waited for, so the shell's prompt comes back after it.
enum Pager {
    /// The pager's process, while one runs (read at exit).
    nonisolated(unsafe) private static var child: pid_t = 0

    /// The command line to run, or nil for none (see the type's rules); `isTerminal` is whether
    /// standard output is a terminal.
    static func command(environment: [String: String], isTerminal: Bool) -> String? {
        guard isTerminal else { return nil }
        if let pager = environment["PAGER"] {
            let trimmed = pager.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty || trimmed == "cat" ? nil : trimmed
        }
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        let found = path.split(separator: ":").contains { access(String($0) + "/less", X_OK) == 0 }
        return found ? "less -FRX" : nil
    }

    /// Starts the pager when ``command(environment:isTerminal:)`` names one and makes it
    /// standard output; returns whether it did (a pager that cannot be started: output goes to
    /// the terminal as before).
    @discardableResult
    static func start(environment: [String: String]) -> Bool {
        guard child == 0, let command = command(environment: environment, isTerminal: isatty(1) != 0) else { return false }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return false }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[0], 0)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])
        var env = environment
        if env["LESS"] == nil { env["LESS"] = "FRX" }
        let arguments = ["sh", "-c", command]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, envp)
        close(fds[0])
        guard status == 0 else {
            close(fds[1])
            return false
        }
        fflush(nil)
        dup2(fds[1], 1)
        close(fds[1])
        child = pid
        atexit {
            fflush(nil)
            Pager.finish()
        }
        // Interrupted (Ctrl-C reaches both): the pager is waited for before this process goes, so
        // that the shell does not take the terminal back from it (only async-signal-safe calls).
        for caught in [SIGINT, SIGTERM, SIGHUP] {
            _ = signal(caught) { number in
                Pager.finish()
                _exit(128 + number)
            }
        }
        return true
    }

    /// Closes the pager's input and waits for it to end.
    private static func finish() {
        close(1)
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
    }
}
