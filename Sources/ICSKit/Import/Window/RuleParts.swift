/// The parts of an RRULE content line that the window filter reads (``WallTime/until(_:)``,
/// ``YearlyBound/isPlainYearly(_:)``, ``CountBound/bound(_:start:)``), found in one pass over the
/// line's value (``ContentLineSyntax/eachRulePart(_:_:)``): each known part's value as a range of
/// the line, and what else the rule has (a part of another name, a part named twice, a part
/// without `=`), which each reader judges for itself.
struct RuleParts {
    /// The parts read here, by name (any case).
    enum Name: Int, CaseIterable {
        case freq, interval, count, until, wkst, byDay, byMonthDay, rscale

        /// The bit of this name in ``RuleParts/seen`` and the other masks.
        var bit: UInt16 { 1 << UInt16(rawValue) }
    }

    private static let spellings: [[UInt8]] = ["FREQ", "INTERVAL", "COUNT", "UNTIL", "WKST", "BYDAY", "BYMONTHDAY", "RSCALE"]
        .map { Array($0.utf8) }

    /// The line's bytes.
    private(set) var bytes: UnsafeBufferPointer<UInt8>
    /// Whether the line has a value (a `:` outside quotes).
    private(set) var hasValue = false
    /// The names read, named twice, and named without `=` (one bit each, ``Name/bit``).
    private(set) var seen: UInt16 = 0
    private(set) var repeated: UInt16 = 0
    private(set) var valueless: UInt16 = 0
    /// Whether a part has a name other than those read here.
    private(set) var hasOther = false
    /// The value of each name's first part, as a range of ``bytes`` (by ``Name/rawValue``).
    private var ranges: (Range<Int>?, Range<Int>?, Range<Int>?, Range<Int>?, Range<Int>?, Range<Int>?, Range<Int>?, Range<Int>?)
        = (nil, nil, nil, nil, nil, nil, nil, nil)

    /// Reads the RRULE content line `text[line]`.
    init(_ line: Range<Int>, text: UnsafeBufferPointer<UInt8>) {
        bytes = UnsafeBufferPointer(rebasing: text[line])
        let bytes = bytes
        var parts = self
        parts.hasValue = ContentLineSyntax.eachRulePart(bytes) { name, value in
            parts.add(Self.name(UnsafeBufferPointer(rebasing: bytes[name])), value)
            return true
        }
        self = parts
    }

    /// Whether the rule has only parts among `allowed`, each once and with a value.
    func hasOnly(_ allowed: [Name]) -> Bool {
        let mask = allowed.reduce(UInt16(0)) { $0 | $1.bit }
        return hasValue && !hasOther && repeated == 0 && valueless == 0 && seen & ~mask == 0
    }

    /// Whether the rule names `name`.
    func has(_ name: Name) -> Bool { seen & name.bit != 0 }

    /// The value of the first part named `name`, if it has one.
    func value(_ name: Name) -> UnsafeBufferPointer<UInt8>? {
        let range: Range<Int>?
        switch name {
        case .freq: range = ranges.0
        case .interval: range = ranges.1
        case .count: range = ranges.2
        case .until: range = ranges.3
        case .wkst: range = ranges.4
        case .byDay: range = ranges.5
        case .byMonthDay: range = ranges.6
        case .rscale: range = ranges.7
        }
        return range.map { UnsafeBufferPointer(rebasing: bytes[$0]) }
    }

    private mutating func add(_ name: Name?, _ value: Range<Int>?) {
        guard let name else {
            hasOther = true
            return
        }
        if seen & name.bit != 0 {
            repeated |= name.bit
            return
        }
        seen |= name.bit
        guard let value else {
            valueless |= name.bit
            return
        }
        switch name {
        case .freq: ranges.0 = value
        case .interval: ranges.1 = value
        case .count: ranges.2 = value
        case .until: ranges.3 = value
        case .wkst: ranges.4 = value
        case .byDay: ranges.5 = value
        case .byMonthDay: ranges.6 = value
        case .rscale: ranges.7 = value
        }
    }

    /// The known name spelled by `bytes` (any case), if any.
    private static func name(_ bytes: UnsafeBufferPointer<UInt8>) -> Name? {
        for name in Name.allCases where ContentLineSyntax.equalsIgnoringCase(bytes, spellings[name.rawValue]) { return name }
        return nil
    }
}
