import Synchronization

/// A thread-safe memo with a fixed most number of entries: when full, storing a new key evicts
/// the oldest one stored (first in, first out). For caches keyed by text from the input (zone
/// names), so that a file or feed with a million distinct TZIDs cannot grow them without end.
///
/// Sendable notes: the entries live behind a `Mutex`; keys and values are `Sendable`.
final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct State {
        var values: [Key: Value] = [:]
        /// The keys in the order they were stored: a ring of `capacity` slots.
        var order: [Key] = []
        var oldest = 0
    }

    /// The most entries kept.
    let capacity: Int
    private let state = Mutex(State())

    /// A cache of at most `capacity` entries (at least 1).
    init(capacity: Int) {
        precondition(capacity >= 1, "a cache must hold at least one entry")
        self.capacity = capacity
    }

    /// The value stored for `key`, if it is still there.
    func value(for key: Key) -> Value? {
        state.withLock { $0.values[key] }
    }

    /// Stores `value` for `key`, evicting the oldest entry when the cache is full.
    ///
    /// - Complexity: O(1) amortised.
    func set(_ value: Value, for key: Key) {
        state.withLock { state in
            if state.values.updateValue(value, forKey: key) != nil { return }
            if state.order.count < capacity {
                state.order.append(key)
            } else {
                state.values[state.order[state.oldest]] = nil
                state.order[state.oldest] = key
                state.oldest = (state.oldest + 1) % capacity
            }
        }
    }

    /// The value for `key`: the stored one, else `make()`'s, stored. `make` runs outside the
    /// lock (it may be slow or ask other caches); two threads that race both get a right value.
    func value(for key: Key, orMake make: () -> Value) -> Value {
        if let known = value(for: key) { return known }
        let made = make()
        set(made, for: key)
        return made
    }

    /// How many entries are stored (at most ``capacity``).
    var count: Int {
        state.withLock { $0.values.count }
    }
}
