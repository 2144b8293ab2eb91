/// The results of a file's blocks (``BlockResult``), in file order, kept as the batches of the
/// scan brought them: one array per batch, read by the block's index in the file.
///
/// One array grown by doubling held its old and its new buffer at once while it grew, and
/// for a file of many small blocks that moment was the validation's peak memory (300,000
/// lone `BEGIN:VEVENT` lines: 128 MB of the 201 MB peak, valgrind massif); batches are never
/// moved.
struct BlockResults: Sendable {
    private var batches: [[BlockResult]] = []
    /// The index of each batch's first result.
    private var starts: [Int] = []
    /// How many results there are in all.
    private(set) var count = 0

    init() {}

    /// The results of a whole file at once (one batch).
    init(_ results: [BlockResult]) {
        append(results)
    }

    /// Adds a batch's results after those already kept (an empty batch adds nothing).
    mutating func append(_ batch: consuming [BlockResult]) {
        guard !batch.isEmpty else { return }
        starts.append(count)
        count += batch.count
        batches.append(batch)
    }

    /// The indices of the results, `0..<count`.
    var indices: Range<Int> { 0..<count }

    /// The result of the block at `index` in the file (borrowed, not copied).
    /// - Complexity: O(log b) in the number of batches.
    subscript(index: Int) -> BlockResult {
        _read {
            precondition(index >= 0 && index < count, "block result index out of range")
            // The last batch whose start is at most `index`.
            var low = 0, high = starts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if starts[middle] <= index { low = middle } else { high = middle - 1 }
            }
            yield batches[low][index - starts[low]]
        }
    }
}
