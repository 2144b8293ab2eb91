import Dispatch
import Foundation

/// Maps `0..<count` on up to `workers` threads (the calling one among them, the others started
/// for the call); the results keep the order of their indices.
///
/// Items are dealt round-robin (item `i` to worker `i % workers`), so that neighbouring items,
/// often of similar size, land on different threads. With `workers` 1 (or one item) everything
/// runs on the calling thread. The threads are started for the call rather than borrowed from
/// Dispatch's pool, so that `workers` threads really run, even when the pool is busy.
///
/// ```swift
/// let parsed = parallelMap(count: blocks.count, workers: 2) { ComponentConverter.parse(blocks[$0], source: file) }
/// ```
/// - Parameters:
///   - workers: the most threads to use; 0 or less means one per active processor.
/// - Complexity: O(`count`) calls of `transform`, spread over the workers.
func parallelMap<T: Sendable>(count: Int, workers: Int, _ transform: @escaping @Sendable (Int) -> T) -> [T] {
    let workers = count <= 1 ? count : min(count, workers > 0 ? workers : ActiveProcessors.count)
    if workers <= 1 { return (0..<count).map(transform) }
    return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
        let slots = ParallelSlots(base: buffer.baseAddress!)
        let work = { @Sendable (worker: Int) in
            var i = worker
            while i < count {
                (slots.base + i).initialize(to: transform(i))
                i += workers
            }
        }
        let finished = DispatchSemaphore(value: 0)
        for worker in 1..<workers {
            Thread.detachNewThread {
                work(worker)
                finished.signal()
            }
        }
        work(0)
        for _ in 1..<workers { finished.wait() }
        initialized = count
    }
}

/// Sendable notes: each worker initializes only the slots `i ≡ worker (mod workers)`, each
/// once, and the array is handed out only after every worker has signalled its end.
struct ParallelSlots<T>: @unchecked Sendable {
    let base: UnsafeMutablePointer<T>
}

/// Carries a value that is not Sendable to another thread once.
///
/// Sendable notes: whoever makes a handoff stops touching the value (and everything it shares
/// by reference) until the receiving thread is done with it; the value is used by one thread at a time.
struct Handoff<Value>: @unchecked Sendable {
    var value: Value
}
