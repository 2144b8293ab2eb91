#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing

/// `icsview URL` and `icsview validate URL` against hostile servers on 127.0.0.1: a gzip bomb
/// ends with the size-limit error, and the child's peak memory (its own `ru_maxrss`, from
/// `wait4`, so other tests' processes do not count) stays under 100 MB.
@Suite("icsview feed limits")
struct FeedLimitCommandTests {
    struct Run {
        var status: Int32
        var stderr: String
        /// Peak resident memory of the child, in bytes.
        var maxRSS: Int
    }

    /// Runs icsview with posix_spawn and reaps it with wait4, which reports that child's own rusage.
    static func run(_ arguments: [String]) throws -> Run {
        let errPath = NSTemporaryDirectory() + "icsview-limit-\(UUID().uuidString).err"
        defer { unlink(errPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let cacheHome = NSTemporaryDirectory() + "icsview-limit-cache-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: cacheHome) }
        let argv = ([CLI.binary.path] + arguments).map { strdup($0) } + [nil]
        let environment: [String] = ["XDG_CACHE_HOME=\(cacheHome)", "LANG=C.UTF-8", "TZ=UTC", "NO_COLOR=1"]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, CLI.binary.path, &actions, nil, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let stderr = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        // Linux getrusage(2): "ru_maxrss ... in kilobytes".
        return Run(status: (status >> 8) & 0xFF, stderr: stderr, maxRSS: usage.ru_maxrss * 1024)
    }

    static func bombServer() throws -> TestHTTPServer {
        try TestHTTPServer { _ in
            .streamed(headers: [("Content-Type", "text/calendar"), ("Content-Encoding", "gzip")],
                      head: DeflateBomb.gzipHeader + DeflateBomb.head, block: DeflateBomb.block, count: nil, tail: [])
        }
    }

    @Test(arguments: [
        ([String](), "50 MB"),
        (["--max-size", "1"], "1 MB"),
    ])
    func aGzipBombStopsAtTheLimitInBoundedMemory(_ extra: [String], _ limit: String) throws {
        let server = try Self.bombServer()
        defer { server.stop() }
        let url = "\(server.base)/bomb.ics"
        let result = try Self.run([url, "--timeout", "15"] + extra)
        #expect(result.status == 1)
        #expect(result.stderr == "Error: \(url): the body decodes to more than the \(limit) limit; transfer stopped\n")
        #expect(result.maxRSS < 100 << 20, "peak RSS \(result.maxRSS >> 20) MB")
        print("icsview \(extra) on a gzip bomb: peak RSS \(result.maxRSS >> 20) MB")
    }

    @Test func validateStopsABombTheSameWay() throws {
        let server = try Self.bombServer()
        defer { server.stop() }
        let url = "\(server.base)/bomb.ics"
        let result = try Self.run(["validate", url, "--max-size", "1"])
        #expect(result.status == 2)     // validate: "2 a file could not be read (or a URL fetched)"
        #expect(result.stderr.contains("the body decodes to more than the 1 MB limit; transfer stopped"), "\(result.stderr)")
        #expect(result.maxRSS < 100 << 20, "peak RSS \(result.maxRSS >> 20) MB")
    }
}
