/// The results of a file's blocks (``BlockResult``), in file order, kept as the batches of the
/// scan brought them: one array per batch, read by the block's index in the file.
///
/// One array grown by doubling held its old and its new buffer at once while it grew, and
/// for a file of many small blocks that moment was the validation's peak memory (300,000
/// lone `BEGIN:VEVENT` lines: 128 MB of the 201 MB peak, valgrind massif); batches are never
/// moved.
///
/// A block whose result is one shared by its shape (``EmptyBlocks``) is kept as that result's
/// index and its own line, 8 bytes instead of a result of about 350: it is read as the shared
/// result with its lines moved (300,000 lone `BEGIN:VTIMEZONE` lines kept 300,000 results and
/// as many copies of an empty zone, 204 MB).
struct BlockResults: Sendable {
    /// Where a block's result is: in its batch's ``Batch/whole`` (`shared < 0`, `value` the
    /// position there) or shared (`shared` the index in ``shared``, `value` the block's line).
    struct Slot: Sendable, Equatable {
        var shared: Int32
        var value: Int32

        /// The block's result is `whole[position]` of its batch.
        static func whole(_ position: Int) -> Slot { Slot(shared: -1, value: Int32(position)) }
        /// The block's result is shared result `index`, moved to the block's `line`.
        static func shared(_ index: Int32, line: Int) -> Slot { Slot(shared: index, value: Int32(line)) }
    }

    private struct Batch: Sendable {
        var whole: [BlockResult]
        /// Empty when every result of the batch is in ``whole``, in order.
        var slots: [Slot]
    }

    private var batches: [Batch] = []
    /// The index of each batch's first result.
    private var starts: [Int] = []
    /// The batch of each result, by its index in the file: found in O(1). A binary search over
    /// ``starts`` was a tenth of the time of `validate` of 300,000 blocks of one UID, whose
    /// results the calendar-wide checks read a dozen times each. Four bytes a block.
    private var batchOf: [UInt32] = []
    /// The results shared by blocks of one shape, each as made for the block on its facts' line.
    private var shared: [BlockResult] = []
    /// Per shared result, whether its facts are plain (``BlockFacts/isPlain``).
    private var sharedIsPlain: [Bool] = []
    /// How many results there are in all.
    private(set) var count = 0

    init() {}

    /// The results of a whole file at once (one batch).
    init(_ results: [BlockResult]) {
        append(results)
    }

    /// How many shared results there are (the next ``share(_:)`` gets this index).
    var sharedCount: Int { shared.count }

    /// Keeps a result that blocks of one shape share (its facts plain, or moving with its lines,
    /// as ``EmptyBlocks`` makes sure); slots name it by its index, in the order of the calls.
    mutating func share(_ result: BlockResult) {
        precondition(result.incidence == nil, "a shared result keeps no incidence")
        precondition(result.facts.movesWithItsLines, "a shared result's facts move with its lines")
        shared.append(result)
        sharedIsPlain.append(result.facts.isPlain)
    }

    /// Adds a batch's results after those already kept (an empty batch adds nothing).
    mutating func append(_ batch: consuming [BlockResult]) {
        guard !batch.isEmpty else { return }
        starts.append(count)
        count += batch.count
        batchOf.append(contentsOf: repeatElement(UInt32(batches.count), count: batch.count))
        batches.append(Batch(whole: batch, slots: []))
    }

    /// Adds a batch of one slot per block, in order: a position in `whole` or a shared result.
    mutating func append(whole: consuming [BlockResult], slots: consuming [Slot]) {
        guard !slots.isEmpty else { return }
        starts.append(count)
        count += slots.count
        batchOf.append(contentsOf: repeatElement(UInt32(batches.count), count: slots.count))
        batches.append(Batch(whole: whole, slots: slots))
    }

    /// Of a block whose result is shared and plain, which one (for ``subscript(shared:)``) and the
    /// block's line; nil for a block kept whole, or whose shared result's facts are not plain (a
    /// repeated block with a UID: read through ``subscript(_:)``, as a moved copy). The
    /// calendar-wide checks read a plain shared result this way, without making the block's own
    /// copy: its facts hold only the name, kind and sequence.
    func plain(_ index: Int) -> (shared: Int, line: Int)? {
        guard case .shared(let shared, let line) = place(index), sharedIsPlain[shared] else { return nil }
        return (shared, line)
    }

    /// Shared result `index`, as made for the block on its facts' line.
    subscript(shared index: Int) -> BlockResult {
        _read { yield shared[index] }
    }

    /// The batch of the block at `index` in the file, and its position there.
    private func locate(_ index: Int) -> (batch: Int, position: Int) {
        precondition(index >= 0 && index < count, "block result index out of range")
        let batch = Int(batchOf[index])
        return (batch, index - starts[batch])
    }

    /// Where the result of a block is kept.
    private enum Place {
        /// `batches[batch].whole[position]`.
        case whole(batch: Int, position: Int)
        /// `shared[index]`, for the block on `line`.
        case shared(Int, line: Int)
    }

    /// Where the result of the block at `index` in the file is kept.
    private func place(_ index: Int) -> Place {
        let (batch, position) = locate(index)
        guard !batches[batch].slots.isEmpty else { return .whole(batch: batch, position: position) }
        let slot = batches[batch].slots[position]
        return slot.shared < 0 ? .whole(batch: batch, position: Int(slot.value)) : .shared(Int(slot.shared), line: Int(slot.value))
    }

    /// The facts of the block at `index` as kept, borrowed and never copied: a result of its own,
    /// or the shared result's facts as made for the block on their line. Only what does not depend
    /// on where the block stands may be read from them as the block's (its name, kind, UID and its
    /// hash, SEQUENCE, RECURRENCE-ID, series, whether it has EXDATEs, its TZID uses, whether a
    /// property line is there): their lines are the block's once ``placeDelta(_:)`` is added.
    /// The calendar-wide checks read a block's facts a dozen times, and each moved copy of a
    /// shared result's (``subscript(facts:)``) retained and released all its parts.
    subscript(placeless index: Int) -> BlockFacts {
        _read {
            switch place(index) {
            case .whole(let batch, let position): yield batches[batch].whole[position].facts
            case .shared(let shared, _): yield self.shared[shared].facts
            }
        }
    }

    /// What to add to a line of ``subscript(placeless:)``'s facts to have the block's at `index`:
    /// 0 for a result of its own.
    func placeDelta(_ index: Int) -> Int {
        guard case .shared(let shared, let line) = place(index) else { return 0 }
        return line - self.shared[shared].facts.line
    }

    /// The line of the block at `index` (its facts' ``BlockFacts/line``), without a copy of its facts.
    func line(_ index: Int) -> Int {
        self[placeless: index].line + placeDelta(index)
    }

    /// The facts of the block at `index` in the file (borrowed, not copied, unless shared: then
    /// the shared result's facts with their lines moved, without a copy of the rest of it).
    subscript(facts index: Int) -> BlockFacts {
        _read {
            switch place(index) {
            case .whole(let batch, let position):
                yield batches[batch].whole[position].facts
            case .shared(let shared, let line) where sharedIsPlain[shared]:
                yield self.shared[shared].plainMoved(to: line).facts
            case .shared(let shared, let line):
                var facts = self.shared[shared].facts
                facts.moveLines(by: line - facts.line)
                yield facts
            }
        }
    }

    /// The indices of the results, `0..<count`.
    var indices: Range<Int> { 0..<count }

    /// The result of the block at `index` in the file (borrowed, not copied, unless shared: then a
    /// copy of the shared result with its lines moved).
    subscript(index: Int) -> BlockResult {
        _read {
            switch place(index) {
            case .whole(let batch, let position):
                yield batches[batch].whole[position]
            case .shared(let shared, let line) where sharedIsPlain[shared]:
                yield self.shared[shared].plainMoved(to: line)
            case .shared(let shared, let line):
                var result = self.shared[shared]
                result.moveLines(by: line - result.facts.line)
                yield result
            }
        }
    }
}
