import Foundation

/// Runs blocking work for an `async` caller on a thread of its own, and resumes the caller
/// with its result once it is done.
///
/// The import blocks: it reads files with `read(2)`, and its parsing side waits on a semaphore
/// for the scanning thread (``BatchQueue``). Done on a thread of Swift's cooperative pool (as
/// many threads as cores), a few concurrent refreshes would hold every thread of the pool and
/// stall every other task of the app until they end, and a read that waits on another task
/// (a pipe that a task fills) would never end. So `async` entry points (``FeedSubscription``'s
/// `refresh`, ``Validator``'s `validateFeed`) hand that work to this thread and suspend.
///
/// ```swift
/// let calendar = try await BlockingWork.run { () throws(ICSError) in try ICalendar(contentsOfFile: path) }
/// ```
enum BlockingWork {
    /// The name of the threads it starts (seen in a debugger, and by the tests).
    static let threadName = "ICSKit import"

    /// Runs `work` on a new thread and returns what it returned, or throws what it threw.
    static func run<T: Sendable>(_ work: @escaping @Sendable () throws(ICSError) -> T) async throws(ICSError) -> T {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, ICSError>, Never>) in
            let thread = Thread {
                continuation.resume(returning: Result { () throws(ICSError) in try work() })
            }
            thread.name = threadName
            thread.start()
        }
        return try result.get()
    }

    /// ``run(_:)`` for work that cannot fail.
    static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { (continuation: CheckedContinuation<T, Never>) in
            let thread = Thread { continuation.resume(returning: work()) }
            thread.name = threadName
            thread.start()
        }
    }
}
