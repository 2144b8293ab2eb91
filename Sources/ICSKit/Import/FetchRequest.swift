import Dispatch
import Foundation

/// Fetches a remote source once: the bridge from ``FetchSession``'s callback to
/// `async` callers and to blocking callers (command-line tools).
enum FetchRequest {
    /// Fetches `url`, sending `validators` for a conditional request.
    static func fetch(_ url: URL, source: FeedSource, options: FetchOptions,
                      validators: FetchValidators) async throws(ICSError) -> FetchResponse {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<FetchResponse, ICSError>, Never>) in
            FetchSession(url: url, source: source, options: options, validators: validators).start { result in
                continuation.resume(returning: result)
            }
        }
        return try result.get()
    }

    /// The same, blocking the calling thread until the transfer ends.
    static func fetchBlocking(_ url: URL, source: FeedSource, options: FetchOptions,
                              validators: FetchValidators) throws(ICSError) -> FetchResponse {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox()
        FetchSession(url: url, source: source, options: options, validators: validators).start { result in
            box.set(result)
            done.signal()
        }
        done.wait()
        return try box.get()
    }
}

/// Sendable notes: written once by the completion, read after the semaphore says so; the lock orders both.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<FetchResponse, ICSError>?

    func set(_ value: Result<FetchResponse, ICSError>) { lock.withLock { result = value } }

    func get() throws(ICSError) -> FetchResponse {
        let value = lock.withLock { result }
        guard let value else { throw ICSError(.network, "the transfer ended without a result") }
        return try value.get()
    }
}
