import Foundation
import Synchronization

/// Refreshes of one feed that run at the same time share one fetch: the first starts it, the
/// others wait for its result (an app that refreshes a feed from eight views at once sends one
/// request, and writes the cache once).
///
/// Refreshes are the same when everything that shapes their result is: the source (with its
/// credentials), the cache directory, the fetch options (headers included) and the import
/// options. Only refreshes in flight together are joined: one that starts after another ended
/// makes its own request (freshness between runs is the caller's refresh interval).
///
/// Sendable notes: the tables are only touched under their `Mutex`.
enum RefreshCoalescing {
    struct Key: Hashable, Sendable {
        /// Its equality compares the credentials too.
        var source: FeedSource
        var cache: URL?
        var fetch: FetchOptions
        var options: ImportOptions
    }

    static func key(_ subscription: FeedSubscription) -> Key {
        Key(source: subscription.source, cache: subscription.cache?.directory, fetch: subscription.fetchOptions, options: subscription.importOptions)
    }

    // MARK: async

    private static let tasks = Mutex<[Key: Task<FeedUpdate, any Error>]>([:])

    /// Runs `work`, or joins the run of the same key in flight.
    static func run(_ key: Key, _ work: @escaping @Sendable () async throws(ICSError) -> FeedUpdate) async throws(ICSError) -> FeedUpdate {
        let task = tasks.withLock { table -> Task<FeedUpdate, any Error> in
            if let running = table[key] { return running }
            let task = Task<FeedUpdate, any Error> {
                defer { _ = tasks.withLock { $0.removeValue(forKey: key) } }
                return try await work()
            }
            table[key] = task
            return task
        }
        do {
            return try await task.value
        } catch let error as ICSError {
            throw error
        } catch {
            throw ICSError(.network, "the refresh failed: \(error)")
        }
    }

    // MARK: Blocking

    /// One blocking refresh in flight, and the result its joiners wait for.
    private final class Flight: @unchecked Sendable {
        let condition = NSCondition()
        var result: Result<FeedUpdate, ICSError>?
    }

    private static let flights = Mutex<[Key: Flight]>([:])

    /// Runs `work` on the calling thread, or waits for the run of the same key in flight.
    static func runBlocking(_ key: Key, _ work: () throws(ICSError) -> FeedUpdate) throws(ICSError) -> FeedUpdate {
        let (flight, leads) = flights.withLock { table -> (Flight, Bool) in
            if let running = table[key] { return (running, false) }
            let flight = Flight()
            table[key] = flight
            return (flight, true)
        }
        if leads {
            let result = Result { () throws(ICSError) in try work() }
            flights.withLock { _ = $0.removeValue(forKey: key) }
            flight.condition.lock()
            flight.result = result
            flight.condition.broadcast()
            flight.condition.unlock()
            return try result.get()
        }
        flight.condition.lock()
        while flight.result == nil { flight.condition.wait() }
        let result = flight.result!
        flight.condition.unlock()
        return try result.get()
    }
}
