/// A block's lines as libical's parser needs them: each a NUL-terminated C string for
/// `icalparser_add_line`, a list longer than libical keeps of one line cut into runs, and
/// for each line where it came from.
///
/// The scanner's blocks are parser-neutral; what libical needs is known only here.
struct LibicalInput {
    /// One line handed to libical.
    struct Line {
        /// Index of the content line in ``ComponentBlock/lines`` (the runs of a long list share it).
        var blockLine: Int
        /// Byte offset of the line's C string in ``LibicalInput/text``.
        var offset: Int
        /// Its length in bytes, without the NUL.
        var length: Int
        /// How many properties libical makes of it (the values of EXDATE, RDATE, CATEGORIES,
        /// RESOURCES, FREEBUSY and X- lists; 1 for every other line).
        var valueCount: Int
    }

    /// The lines, each ended by a NUL byte.
    private(set) var text: [UInt8] = []
    private(set) var lines: [Line] = []

    /// Properties whose comma-separated values libical 3.0 splits into one property each
    /// (its `icalparser_add_line`): these, and every X- property but X-APPLE-STRUCTURED-LOCATION.
    static let splitProperties: Set<String> = ["EXDATE", "RDATE", "CATEGORIES", "RESOURCES", "FREEBUSY"]

    /// The most values libical 3.0.16 keeps of one line of a property it splits: the rest are
    /// dropped without an X-LIC-ERROR (measured: a line of 1,200 CATEGORIES, EXDATE, RDATE or
    /// RESOURCES values gives 500 properties). Longer lists go to libical in lines of at most
    /// this many values (``ContentLineSyntax/valueChunks(_:maxValues:)``), all with the same
    /// name, parameters and physical line.
    static let maxValuesPerLine = 500

    /// Whether libical splits the values of property `name` at unescaped commas.
    static func splitsValues(of name: String) -> Bool {
        splitProperties.contains(name) || (name.hasPrefix("X-") && name != "X-APPLE-STRUCTURED-LOCATION")
    }

    init(capacity: Int) {
        text.reserveCapacity(capacity)
    }

    /// Appends content line `index` of `block` (one line, or several runs of a long list).
    /// - Returns: the range of ``lines`` it became.
    @discardableResult
    mutating func append(_ index: Int, of block: ComponentBlock) -> Range<Int> {
        let first = lines.count
        let line = block.lines[index]
        block.text.withUnsafeBufferPointer { all in
            let bytes = UnsafeBufferPointer(rebasing: all[Int(line.offset)..<(Int(line.offset) + Int(line.length))])
            let values = line.kind == .property && LibicalInput.splitsValues(of: line.name) ? ContentLineSyntax.valueCount(bytes) : 1
            guard values > LibicalInput.maxValuesPerLine, !line.name.hasPrefix("X-") else {
                lines.append(Line(blockLine: index, offset: text.count, length: bytes.count, valueCount: values))
                text.append(contentsOf: bytes)
                text.append(0)
                return
            }
            let (valueStart, runs) = ContentLineSyntax.valueChunks(bytes, maxValues: LibicalInput.maxValuesPerLine)
            let head = UnsafeBufferPointer(rebasing: bytes[0..<valueStart])
            for run in runs {
                let offset = text.count
                text.append(contentsOf: head)
                text.append(contentsOf: bytes[run])
                let piece = text.withUnsafeBufferPointer { ContentLineSyntax.valueCount(UnsafeBufferPointer(rebasing: $0[offset...])) }
                lines.append(Line(blockLine: index, offset: offset, length: text.count - offset, valueCount: piece))
                text.append(0)
            }
        }
        return first..<lines.count
    }

    /// The bytes of a line, without its NUL.
    func withBytes<R>(of line: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let l = lines[line]
        return text.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[l.offset..<(l.offset + l.length)])) }
    }
}
