import Synchronization
import Testing
@testable import ICSKit

/// `parallelMap` keeps the order of its indices whatever the number of workers, and calls the
/// transform exactly once per index.
@Suite struct ParallelMapTests {
    @Test(arguments: [(0, 2), (1, 2), (7, 1), (7, 3), (1000, 2), (1000, 16), (5, 0), (5, -1)])
    func keepsOrder(_ count: Int, _ workers: Int) {
        let calls = Atomic<Int>(0)
        let squares = parallelMap(count: count, workers: workers) { i in
            calls.add(1, ordering: .relaxed)
            return i * i
        }
        #expect(squares == (0..<count).map { $0 * $0 })
        #expect(calls.load(ordering: .relaxed) == count)
    }

    @Test func resultsWithReferencesAreEachInitializedOnce() {
        // Strings past the small-string size live on the heap: a slot written twice or never
        // would show as a wrong value (or a crash under the address sanitizer).
        let words = parallelMap(count: 500, workers: 4) { String(repeating: "w", count: 20) + String($0) }
        #expect(words == (0..<500).map { String(repeating: "w", count: 20) + String($0) })
    }
}
