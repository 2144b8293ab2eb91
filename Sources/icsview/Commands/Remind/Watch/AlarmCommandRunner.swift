#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization

/// Runs the programs an alarm sets off (`/bin/sh -c CMD`, or `notify-send`) without ever
/// holding up the watcher: each batch of alarms runs on a thread of its own, its commands one
/// after the other (so that alarms due together act in their order), each in a process group
/// of its own that is sent SIGTERM after the timeout and SIGKILL two seconds later. A command
/// that fails, hangs or cannot start is reported on standard error; nothing it does stops the watcher.
final class AlarmCommandRunner: Sendable {
    /// One program to run: its arguments (the first is the path) and extra environment variables.
    struct Job: Sendable {
        var arguments: [String]
        var environment: [String: String]
        /// How the report names it: `'Stand-up' (--exec)`.
        var label: String
    }

    /// Seconds a command may run before it is killed.
    let timeout: TimeInterval
    /// Where reports go (standard error by default; tests collect them).
    let report: @Sendable (String) -> Void

    init(timeout: TimeInterval, report: @escaping @Sendable (String) -> Void) {
        self.timeout = timeout
        self.report = report
    }

    /// Starts `jobs` in order on a new thread and returns at once.
    func start(_ jobs: [Job]) {
        guard !jobs.isEmpty else { return }
        Thread.detachNewThread { [self] in
            for job in jobs { run(job) }
        }
    }

    /// Runs one job to its end (or its timeout) on the calling thread.
    func run(_ job: Job) {
        guard let pid = spawn(job) else { return }
        let state = Mutex(false)  // finished
        let group = pid
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [report] in
            guard !state.withLock({ $0 }) else { return }
            report("\(job.label) ran longer than \(Self.seconds(self.timeout)): killed")
            kill(-group, SIGTERM)
            DispatchQueue.global().asyncAfter(deadline: .now() + 2) {
                if !state.withLock({ $0 }) { kill(-group, SIGKILL) }
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        state.withLock { $0 = true }
        // WIFEXITED / WEXITSTATUS / WIFSIGNALED, spelled out (Glibc's macros are not imported).
        let signal = status & 0x7F, code = (status >> 8) & 0xFF
        if signal == 0 {
            if code != 0 { report("\(job.label) failed with exit status \(code)") }
        } else if signal != 0x7F {
            report("\(job.label) ended by signal \(signal)")
        }
    }

    /// Starts the job in a new process group, standard input from /dev/null; nil (reported) when it cannot start.
    private func spawn(_ job: Job) -> pid_t? {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t(), empty = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE] { sigaddset(&defaults, signal) }
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)

        var environment = ProcessInfo.processInfo.environment
        for (key, value) in job.environment { environment[key] = value }
        let envStrings = environment.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let result = withCStrings(job.arguments) { argv in
            withCStrings(envStrings) { envp in
                posix_spawn(&pid, job.arguments[0], &actions, &attributes, argv, envp)
            }
        }
        guard result == 0 else {
            report("\(job.label) could not be started: \(String(cString: strerror(result)))")
            return nil
        }
        return pid
    }

    /// `60 s`, `1.5 s`.
    static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}

/// Calls `body` with a NULL-terminated array of C strings made from `strings` (freed after).
private func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return body(pointers)
}
