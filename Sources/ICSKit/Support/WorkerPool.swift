import Dispatch
import Foundation
import Synchronization

/// Threads kept for a run of parallel maps: ``map(count:_:)`` spreads `0..<count` over the
/// calling thread and `workers - 1` helper threads started once, by ``init(workers:)``, and
/// ended by ``close()``.
///
/// An import parses each batch of blocks with a map; ``parallelMap(count:workers:_:)`` started
/// its helper threads anew for each (about 120 thread starts for a 100,000-event file). Here the
/// helpers wait between maps on a ``BoundedChannel`` of one job each. The items are claimed one
/// at a time from a shared counter, so that a thread that the scheduler holds back (two cores
/// shared with the scanner and the assembly) leaves its items to the others instead of keeping
/// them all waiting; each thread takes one item of its own first, so that all of them take part
/// in a map of at least ``workers`` items.
///
/// ```swift
/// let workers = WorkerPool(workers: 2)
/// defer { workers.close() }
/// for batch in batches { let parsed = workers.map(count: batch.count) { parse(batch[$0]) } }
/// ```
///
/// One thread at a time calls ``map(count:_:)`` (the importer's calling thread).
///
/// Sendable notes: ``map(count:_:)`` hands each helper a job through its channel and returns only
/// after every helper has signalled that job's end, so the results' slots and the transform are
/// used by the helpers only inside a map; each slot is claimed once through the counter.
final class WorkerPool: @unchecked Sendable {
    /// The threads that work in a map, the calling one included (at least 1).
    let workers: Int
    private let jobs: [BoundedChannel<Job>]
    private let jobDone = DispatchSemaphore(value: 0)
    private let helperEnded = DispatchSemaphore(value: 0)
    private var closed = false

    private struct Job: Sendable {
        let run: @Sendable () -> Void
    }

    /// Starts `workers - 1` helper threads; `workers` 0 or less means one per active processor.
    init(workers: Int) {
        self.workers = max(1, workers > 0 ? workers : ActiveProcessors.count)
        jobs = (1..<self.workers).map { _ in BoundedChannel<Job>(capacity: 1) }
        for channel in jobs {
            Thread.detachNewThread { [jobDone, helperEnded] in
                while let job = channel.receive() {
                    job.run()
                    jobDone.signal()
                }
                helperEnded.signal()
            }
        }
    }

    /// `transform` of each of `0..<count`, in the order of the indices, computed on up to
    /// ``workers`` threads (on the calling thread alone with one worker or at most one item).
    ///
    /// - Complexity: O(`count`) calls of `transform`, spread over the workers.
    func map<T: Sendable>(count: Int, _ transform: @escaping @Sendable (Int) -> T) -> [T] {
        precondition(!closed, "map on a closed pool")
        let helpers = min(count, workers) - 1
        if helpers <= 0 { return (0..<count).map(transform) }
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            let slots = ParallelSlots(base: buffer.baseAddress!)
            // Thread `w` takes item `w` first (so every thread of the map takes part), then
            // claims the others, from `helpers + 1` on, one at a time.
            let next = ClaimCounter(first: helpers + 1)
            let work = { @Sendable (first: Int) in
                var i = first
                while i < count {
                    (slots.base + i).initialize(to: transform(i))
                    i = next.claim()
                }
            }
            for (w, channel) in jobs.prefix(helpers).enumerated() { channel.send(Job { work(w + 1) }) }
            work(0)
            for _ in 0..<helpers { jobDone.wait() }
            initialized = count
        }
    }

    /// Ends the helper threads and waits until they have stopped. Call it once, after the last map.
    func close() {
        precondition(!closed, "close called twice")
        closed = true
        for channel in jobs { channel.close() }
        for _ in jobs { helperEnded.wait() }
    }
}

/// Hands out `first, first + 1, …`, each once, to the threads of one map.
private final class ClaimCounter: Sendable {
    private let next: Atomic<Int>

    init(first: Int) {
        next = Atomic(first)
    }

    func claim() -> Int {
        next.wrappingAdd(1, ordering: .relaxed).oldValue
    }
}
