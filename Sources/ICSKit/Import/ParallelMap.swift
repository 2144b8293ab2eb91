import Dispatch
import Foundation

/// Maps `0..<count` on up to `workers` threads (the calling one among them); the results
/// keep the order of their indices.
///
/// Items are dealt round-robin (item `i` to worker `i % workers`), so that neighbouring items,
/// often of similar size, land on different threads.
///
/// ```swift
/// let parsed = parallelMap(count: blocks.count, workers: 2) { ComponentConverter.parse(blocks[$0], source: file) }
/// ```
/// - Parameters:
///   - workers: the most threads to use; 0 or less means one per active processor.
/// - Complexity: O(`count`) calls of `transform`, spread over the workers.
func parallelMap<T: Sendable>(count: Int, workers: Int, _ transform: @Sendable (Int) -> T) -> [T] {
    let workers = min(count, workers > 0 ? workers : ProcessInfo.processInfo.activeProcessorCount)
    if workers <= 1 { return (0..<count).map(transform) }
    return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
        let slots = ParallelSlots(base: buffer.baseAddress!)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var i = worker
            while i < count {
                (slots.base + i).initialize(to: transform(i))
                i += workers
            }
        }
        initialized = count
    }
}

/// Sendable notes: each worker initializes only the slots `i ≡ worker (mod workers)`, each
/// once, and the array is handed out only after `concurrentPerform` has returned.
private struct ParallelSlots<T>: @unchecked Sendable {
    let base: UnsafeMutablePointer<T>
}
