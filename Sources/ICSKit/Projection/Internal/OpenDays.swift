/// The days that can still take an item, as a union–find over day serials: a day that is
/// closed (full) points past itself, so that a walk over a range of days skips every full
/// day in near-constant time.
///
/// Used to fill per-day lists up to a cap: each placement visits only the days of its range
/// that are not full yet, so thousands of occurrences over the same days cost what is listed,
/// not what overlaps.
struct OpenDays {
    /// Closed day → a later day that is open or closer to one (path-compressed).
    private var next: [Int: Int] = [:]

    /// The first open day at or after `serial`.
    ///
    /// - Complexity: amortised O(α(n)).
    mutating func firstOpen(from serial: Int) -> Int {
        var root = serial
        while let later = next[root] { root = later }
        var node = serial
        while let later = next[node], later != root {
            next[node] = root
            node = later
        }
        return root
    }

    /// Marks `serial` as full.
    mutating func close(_ serial: Int) {
        next[serial] = serial + 1
    }
}
