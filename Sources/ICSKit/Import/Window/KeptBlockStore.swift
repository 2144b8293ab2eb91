/// The blocks a windowed import skipped, packed: most as the raw bytes after their `BEGIN:VEVENT`
/// line, all in one byte array (``BlockSkim`` judged them without making a block), with the line
/// number of their BEGIN; the few skipped after an ordinary scan as the blocks they are.
/// Most skipped blocks are never parsed: this costs their raw bytes and 24 bytes each (no
/// allocation per block).
///
/// A block is taken back (``block(_:)``) by scanning its bytes again with an ordinary
/// ``BlockScanner`` whose lines are numbered from its BEGIN line and which is inside a VCALENDAR:
/// that gives the `ComponentBlock` the scan of the whole file gives (the skim proved that it reads
/// the block with no diagnostic, and a block's scan depends on nothing before it but that).
///
/// - Complexity: appending amortised O(size of the block); ``block(_:)`` O(size of the block).
struct KeptBlockStore {
    /// Where one block's bytes lie in ``bytes`` (an empty range for one of ``blocks``).
    private struct Entry {
        var line: Int
        var bytes: Range<Int>
    }

    private var bytes: [UInt8] = []
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

    /// Stores a block as the scanner made it; returns its number.
    @discardableResult
    mutating func append(_ block: ComponentBlock) -> Int {
        entries.append(Entry(line: block.line, bytes: bytes.count..<bytes.count))
        blocks[entries.count - 1] = block
        return entries.count - 1
    }

    /// Stores a skimmed VEVENT: `rest`, its raw bytes after its `BEGIN:VEVENT` line (one physical
    /// line, number `line`), to the line break of its `END:VEVENT`; returns its number.
    @discardableResult
    mutating func appendSkimmed(_ rest: UnsafeBufferPointer<UInt8>, line: Int) -> Int {
        let start = bytes.count
        bytes.append(contentsOf: rest)
        entries.append(Entry(line: line, bytes: start..<bytes.count))
        return entries.count - 1
    }

    /// Whether block `index` was stored as its raw bytes (skimmed), not as a block.
    func wasSkimmed(_ index: Int) -> Bool { blocks[index] == nil }

    private static let beginEvent = Array("BEGIN:VEVENT\n".utf8)

    /// The block stored as number `index`, as the scanner made it.
    func block(_ index: Int) -> ComponentBlock {
        if let block = blocks[index] { return block }
        let entry = entries[index]
        var raw = KeptBlockStore.beginEvent
        raw.append(contentsOf: bytes[entry.bytes])
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
