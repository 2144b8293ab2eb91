/// The blocks a windowed import skipped, packed: most as the raw bytes after their `BEGIN:VEVENT`
/// line, left where the scan read them (``BlockSkim`` judged them without making a block), with
/// the line number of their BEGIN; the few skipped after an ordinary scan as the blocks they are.
/// Most skipped blocks are never parsed: this costs their raw bytes and 32 bytes each (no
/// allocation per block).
///
/// The raw bytes are not copied: the store keeps the reader's chunk that holds them (a read from
/// a file makes a new array per chunk, so keeping one costs no copy), and each block's range in
/// it. A chunk the store keeps little of (under half of its bytes, when the next chunk comes)
/// is packed into an array of just those blocks' bytes, so that the store never holds more
/// than twice the bytes of its blocks plus one chunk (what the one array grown by doubling held
/// at most; with a quarter, a month of the zoned-count benchmark, which skips about half of
/// many chunks, peaked 32 MB higher). Copying every skipped block
/// (111 MB for a month of the long-descriptions benchmark) and growing the array that held them
/// was a fifth of that month's time, in page faults and copies.
///
/// A block is taken back (``block(_:)``) by scanning its bytes again with an ordinary
/// ``BlockScanner`` whose lines are numbered from its BEGIN line and which is inside a VCALENDAR:
/// that gives the `ComponentBlock` the scan of the whole file gives (the skim proved that it reads
/// the block with no diagnostic, and a block's scan depends on nothing before it but that).
///
/// - Complexity: appending amortised O(1) for a block in the chunk of the one before, else
///   O(size of the blocks packed); ``block(_:)`` O(size of the block).
struct KeptBlockStore {
    /// Where one block's bytes lie: a range of ``segments`` entry `segment` (an empty range
    /// for one of ``blocks``).
    private struct Entry {
        var line: Int
        var segment: Int
        var bytes: Range<Int>
    }

    /// The reader's chunks that hold skimmed blocks (or those blocks' bytes alone, packed).
    private var segments: [[UInt8]] = []
    /// The last segment's first byte, while it is a reader's chunk as given (it tells whether
    /// the next block lies in it too: a kept array's storage does not move).
    private var lastChunkStart: UnsafeRawPointer?
    /// How many of the last segment's bytes belong to blocks, and its first entry.
    private var lastUsed = 0
    private var lastFirstEntry = 0
    private var entries: [Entry] = []
    /// The blocks stored whole, by entry.
    private var blocks: [Int: ComponentBlock] = [:]
    /// What the blocks are read back with.
    private let source: String?
    private let limits: ScanLimits

    /// An empty store whose raw blocks are read back as the scan of `source` with `limits` read them.
    init(source: String? = nil, limits: ScanLimits = .standard) {
        self.source = source
        self.limits = limits
    }

    /// The number of blocks stored.
    var count: Int { entries.count }

    /// The bytes the store holds for its skimmed blocks: the chunks it keeps and the packed bytes.
    var heldBytes: Int { segments.reduce(0) { $0 + $1.count } }

    /// Stores a block as the scanner made it; returns its number.
    @discardableResult
    mutating func append(_ block: ComponentBlock) -> Int {
        entries.append(Entry(line: block.line, segment: 0, bytes: 0..<0))
        blocks[entries.count - 1] = block
        return entries.count - 1
    }

    /// Stores a skimmed VEVENT: `chunk[range]`, its raw bytes after its `BEGIN:VEVENT` line (one
    /// physical line, number `line`), to the line break of its `END:VEVENT`; returns its number.
    /// `chunk` is kept, not copied, unless the store keeps too little of it (see the type).
    @discardableResult
    mutating func appendSkimmed(_ chunk: [UInt8], _ range: Range<Int>, line: Int) -> Int {
        let start = chunk.withUnsafeBytes { UnsafeRawPointer($0.baseAddress) }
        if start == nil || start != lastChunkStart {
            packLastIfSparse()
            segments.append(chunk)
            lastChunkStart = start
            lastUsed = 0
            lastFirstEntry = entries.count
        }
        entries.append(Entry(line: line, segment: segments.count - 1, bytes: range))
        lastUsed += range.count
        return entries.count - 1
    }

    /// Replaces the last segment, when under half of it is blocks' bytes, by those bytes alone.
    private mutating func packLastIfSparse() {
        guard let last = segments.indices.last, lastUsed * 2 < segments[last].count else { return }
        var packed: [UInt8] = []
        packed.reserveCapacity(lastUsed)
        for i in lastFirstEntry..<entries.count where entries[i].segment == last {
            let from = packed.count
            packed.append(contentsOf: segments[last][entries[i].bytes])
            entries[i].bytes = from..<packed.count
        }
        segments[last] = packed
        lastChunkStart = nil
    }

    /// Whether block `index` was stored as its raw bytes (skimmed), not as a block.
    func wasSkimmed(_ index: Int) -> Bool { blocks[index] == nil }

    private static let beginEvent = Array("BEGIN:VEVENT\n".utf8)

    /// The block stored as number `index`, as the scanner made it.
    func block(_ index: Int) -> ComponentBlock {
        if let block = blocks[index] { return block }
        let entry = entries[index]
        var raw = KeptBlockStore.beginEvent
        raw.append(contentsOf: segments[entry.segment][entry.bytes])
        var scanner = BlockScanner(blockBytes: ByteStream(bytes: raw, chunkSize: max(raw.count, 1)), source: source, limits: limits,
                                   firstLine: entry.line)
        // The skim proved that these bytes scan as one VEVENT with no diagnostic; a read of bytes
        // in memory cannot fail.
        guard let block = try? scanner.next(), block.name == "VEVENT" else {
            preconditionFailure("a skimmed block reads back as its VEVENT")
        }
        return block
    }
}
