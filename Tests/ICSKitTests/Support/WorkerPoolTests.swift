import Foundation
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import ICSKit

/// `WorkerPool` keeps its threads for every map until `close()`: results keep the order of their
/// indices, each index is transformed once, every map runs on the same `workers` threads (Linux
/// thread ids, which are not reused soon, unlike `pthread_t`), and `close()` ends the helpers.
// The limit catches a hang. It counts from when the test is started, which on two cores can be
// minutes before its body gets one of the two threads of the pool (a whole suite on a loaded
// machine waited 6.6 minutes): 10 minutes, not 1.
@Suite(.timeLimit(.minutes(10))) struct WorkerPoolTests {
    static func threadID() -> Int32 { linuxThreadID() }

    @Test(arguments: [1, 2, 3, 0])
    func everyMapKeepsOrderOnTheSameThreads(_ workers: Int) {
        let pool = WorkerPool(workers: workers)
        let expectedThreads = workers > 0 ? workers : ProcessInfo.processInfo.activeProcessorCount
        #expect(pool.workers == expectedThreads)
        let seen = Mutex<Set<Int32>>([])
        for count in [0, 1, 2, 7, 500, 3, 1_000] {
            let calls = Atomic<Int>(0)
            let squares = pool.map(count: count) { i in
                calls.add(1, ordering: .relaxed)
                seen.withLock { _ = $0.insert(Self.threadID()) }
                return i * i
            }
            #expect(squares == (0..<count).map { $0 * $0 })
            #expect(calls.load(ordering: .relaxed) == count)
        }
        pool.close()
        // Seven maps (two of 500 or more items): still the same threads, the calling one among them.
        let threads = seen.withLock { $0 }
        #expect(threads.count == expectedThreads)
        #expect(threads.contains(Self.threadID()))
    }

    @Test func closeEndsTheHelperThreads() throws {
        let pool = WorkerPool(workers: 3)
        let seen = Mutex<Set<Int32>>([])
        _ = pool.map(count: 300) { i in seen.withLock { _ = $0.insert(Self.threadID()) }; return i }
        pool.close()
        let helpers = seen.withLock { $0 }.subtracting([Self.threadID()])
        #expect(helpers.count == 2)
        // A helper signals its end just before its thread returns: give the kernel a moment.
        let alive = { helpers.filter { access("/proc/self/task/\($0)", F_OK) == 0 } }
        var waited = 0
        while !alive().isEmpty && waited < 200 {
            usleep(5_000)
            waited += 1
        }
        #expect(alive().isEmpty)
    }

    @Test func resultsWithReferencesAreEachInitializedOnce() {
        // Strings past the small-string size live on the heap: a slot written twice or never
        // would show as a wrong value (or a crash under the address sanitizer).
        let pool = WorkerPool(workers: 4)
        defer { pool.close() }
        for _ in 0..<3 {
            let words = pool.map(count: 500) { String(repeating: "w", count: 20) + String($0) }
            #expect(words == (0..<500).map { String(repeating: "w", count: 20) + String($0) })
        }
    }
}
