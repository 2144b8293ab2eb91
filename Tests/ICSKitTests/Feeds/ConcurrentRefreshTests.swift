#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TestSupport
import Synchronization
import Testing
@testable import ICSKit

/// The `async` entry points never hold a thread of Swift's cooperative pool while they read or
/// parse: many run at once and all finish, and a read that can only end when other tasks run
/// (a named pipe that tasks fill) ends.
@Suite("Concurrent refreshes")
struct ConcurrentRefreshTests {
    /// Many more refreshes than the pool has threads, each of its own feed on a server on
    /// 127.0.0.1, each with its own cache; every one downloads and parses its feed.
    @Test func manyRefreshesAtOnceAllComplete() async throws {
        let server = try TestHTTPServer { request in
            // Each feed's calendar is named after its path, so that a mix-up would show.
            FeedSamples.ok(FeedSamples.team.replacingOccurrences(of: "NAME:Team", with: "NAME:\(request.path)"))
        }
        let caches = (0..<24).map { _ in TemporaryCache() }
        // Generous limits: the point is that all finish, on a machine that runs other tests too.
        let patient = FetchOptions(connectTimeout: 20, totalTimeout: 60, maximumBytes: 256 << 10, maximumRedirects: 3)
        defer { server.stop(); caches.forEach { $0.cleanUp() } }
        let names = try await withThrowingTaskGroup(of: (Int, String?, Int).self) { group in
            for i in caches.indices {
                let feed = try FeedSubscription(server.base + "/feed-\(i).ics", cache: caches[i].cache, fetchOptions: patient)
                group.addTask {
                    let update = try await feed.refresh(now: feedTestNow)
                    return (i, update.calendar.name, update.calendar.events.count)
                }
            }
            var names = [Int: String]()
            for try await (i, name, count) in group {
                #expect(count == 2)
                names[i] = name
            }
            return names
        }
        #expect(names.count == caches.count)
        for i in caches.indices { #expect(names[i] == "/feed-\(i).ics") }
        #expect(server.requests.count == caches.count)
    }

    enum Entry: String, CaseIterable, Sendable {
        case refresh, validateFeed
    }

    /// Named pipes as files: opening one for reading waits until a writer opens it, and reading
    /// waits until the writer writes. A writer thread opens each pipe once its reader is there,
    /// and writes only when every reader is there at once: four times as many readers as the pool
    /// has threads (the tasks run on a pool of their own, ``SmallPool``), so that reads done on the
    /// pool's threads could never all be waiting together.
    /// After 60 s the writer gives up waiting, feeds what it can, and the test fails.
    @Test(arguments: Entry.allCases)
    func readsThatWaitTogetherAreNotOnThePool(_ entry: Entry) async throws {
        let count = max(4, ProcessInfo.processInfo.activeProcessorCount * 4)
        let directory = NSTemporaryDirectory() + "icskit-fifo-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let paths = (0..<count).map { "\(directory)/feed-\($0).ics" }
        for path in paths { #expect(mkfifo(path, 0o600) == 0) }
        let body = Array(FeedSamples.team.utf8)
        let gaveUp = AtomicFlag()
        let writer = Thread {
            var open = [Int32?](repeating: nil, count: count)
            let deadline = Date().addingTimeInterval(60)
            // Opens each pipe as its reader arrives (a non-blocking open fails with ENXIO before).
            while open.contains(nil) && Date() < deadline {
                for i in paths.indices where open[i] == nil {
                    let fd = Glibc.open(paths[i], O_WRONLY | O_NONBLOCK)
                    if fd >= 0 { open[i] = fd }
                }
                usleep(5_000)
            }
            if open.contains(nil) { gaveUp.set() }
            var fed = 0
            while fed < count {
                for i in paths.indices {
                    if open[i] == nil {
                        let fd = Glibc.open(paths[i], O_WRONLY | O_NONBLOCK)
                        if fd >= 0 { open[i] = fd } else { continue }
                    }
                    guard let fd = open[i], fd >= 0 else { continue }
                    Self.write(body, to: fd)
                    close(fd)
                    open[i] = -1
                    fed += 1
                }
                usleep(5_000)
            }
        }
        writer.start()

        // The tasks run on a pool of their own, as wide as the machine's, so that other tests
        // holding the global pool cannot delay them.
        let pool = SmallPool(threads: max(2, ProcessInfo.processInfo.activeProcessorCount))
        defer { pool.stop() }
        let results = await withTaskGroup(of: Int.self) { group in
            for path in paths {
                group.addTask(executorPreference: pool) {
                    let source = FeedSource(file: URL(fileURLWithPath: path))
                    switch entry {
                    case .refresh:
                        return (try? await FeedSubscription(source, cache: nil).refresh(now: feedTestNow))?.calendar.events.count ?? -1
                    case .validateFeed:
                        let report = await Validator().validateFeed(source)
                        return report.failures.isEmpty ? report.files.count : -1
                    }
                }
            }
            var results: [Int] = []
            for await value in group { results.append(value) }
            return results
        }
        #expect(!gaveUp.load(), "fewer than \(count) reads waited at once: they held the pool's threads")
        #expect(results.count == count)
        // Two events per calendar for a refresh; one file per report for a validation.
        #expect(results.allSatisfy { $0 == (entry == .refresh ? 2 : 1) })
    }

    /// Writes all of `body` to `fd` (made blocking first).
    static func write(_ body: [UInt8], to fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var written = 0
        while written < body.count {
            let n = body[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            written += n
        }
    }

    /// A task executor with a fixed number of threads, standing in for the cooperative pool.
    ///
    /// Sendable notes: `jobs` and `stopped` are only touched under `condition`.
    final class SmallPool: TaskExecutor, @unchecked Sendable {
        private let condition = NSCondition()
        private var jobs: [UnownedJob] = []
        private var stopped = false

        init(threads: Int) {
            for _ in 0..<threads { Thread { [self] in run() }.start() }
        }

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            condition.withLock { jobs.append(job) }
            condition.signal()
        }

        func stop() {
            condition.withLock { stopped = true }
            condition.broadcast()
        }

        private func run() {
            while true {
                condition.lock()
                while jobs.isEmpty && !stopped { condition.wait() }
                if jobs.isEmpty { condition.unlock(); return }
                let job = jobs.removeFirst()
                condition.unlock()
                job.runSynchronously(on: asUnownedTaskExecutor())
            }
        }
    }

    final class AtomicFlag: Sendable {
        private let value = Mutex(false)
        func load() -> Bool { value.withLock { $0 } }
        func set() { value.withLock { $0 = true } }
    }

}
