import Foundation

/// Fetches a remote source once: ``FetchSession`` for `async` callers (on a thread of its own)
/// and for blocking callers (command-line tools).
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
        try FetchSession(url: url, source: source, options: options, validators: validators).run().get()
    }
}
