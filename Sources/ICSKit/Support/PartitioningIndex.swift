extension Array {
    /// The index of the first element for which `belongsToSecondPart` holds, in an array where
    /// every element for which it holds comes after every element for which it does not (sorted
    /// by the key the predicate compares); `count` when none does. A binary search: the transition
    /// tables and the windowed import's gap lists find instants this way.
    /// - Complexity: O(log n).
    @inline(__always)
    func partitioningIndex(where belongsToSecondPart: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) >> 1
            if belongsToSecondPart(self[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
