@testable import ICSKit

/// A windowed scan read block by block, for tests that look at each block's fate: the importer
/// reads it in batches (``BlockScanner/nextWindowed(into:)``).
extension BlockScanner {
    /// What a windowed scan gives for each top-level block, in file order.
    enum WindowedItem {
        /// A block to parse.
        case block(ComponentBlock)
        /// A block the filter skipped (kept in ``takeKept()``'s store at the next number), with
        /// the filter's judgement of it.
        case skip(WindowFilter.Judgement)
    }

    /// The next top-level block of a windowed scan (``windowed(by:)``), or `nil` at the end of the input.
    mutating func nextWindowed() throws(ICSError) -> WindowedItem? {
        var batch = WindowedBatch()
        guard try nextWindowed(into: &batch) != nil else { return nil }
        if let mark = batch.skips.first { return .skip(mark.judgement) }
        return .block(batch.blocks[0])
    }
}
