/// A reader of one block's raw bytes that the ``ContentLineReader`` can hand its buffer to, so
/// that a block judged without its content lines is passed over without building them (the
/// windowed import's ``BlockSkim`` is the one conformer). Declared here, implemented by the
/// window, so that scanning knows nothing of what a window is.
protocol BlockSkimming {
    /// Begins a block whose BEGIN line is content line `beginLine`.
    mutating func start(beginLine: Int)
    /// Reads on from `raw`, the bytes after those already read.
    mutating func advance(_ raw: UnsafeBufferPointer<UInt8>) -> SkimOutcome
    /// The physical lines the block took, its BEGIN line's excluded.
    var physicalLines: Int { get }
    /// The CRLF line ends among them.
    var crlfCount: Int { get }
    /// The bare LF line ends among them.
    var bareLFCount: Int { get }
    /// The first physical line (counted from the block's) that ended in a bare LF, if any.
    var firstBareLF: Int? { get }
}

/// What one call of ``BlockSkimming/advance(_:)`` found.
enum SkimOutcome: Equatable {
    /// The bytes ran out before the block's end was proved: call again with more.
    case needMore
    /// The block cannot be skimmed: read it the ordinary way.
    case fallback
    /// The block's `END:VEVENT` line ends just before this offset (the start of the next
    /// physical line, which is not a fold); every check passed.
    case closed(end: Int)
}
