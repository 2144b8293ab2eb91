/// A copy of `text` in storage of its own (unless it is short enough to be stored inline,
/// with no storage at all).
///
/// Every occurrence holds its calendar's identity and its zone's name; when all of them share
/// one string's storage, the two threads of an expansion (``SeriesStream``) retain and release
/// that one reference count hundreds of thousands of times, and the cache line holding it moves
/// between the cores at each turn. A series that holds copies of its own keeps those counts
/// apart: a reference count is then shared only by the occurrences of one series.
///
/// - Complexity: O(n) for n bytes, once per series.
func unsharedCopy(_ text: String) -> String {
    guard text.utf8.count > 15 else { return text }
    return String(decoding: Array(text.utf8), as: UTF8.self)
}
