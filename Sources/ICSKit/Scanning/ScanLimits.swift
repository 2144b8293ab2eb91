/// The bounds that keep an import finite on hostile input. Each one, when hit, gives a
/// diagnostic naming the line; none of them is hit by any real calendar we know of.
public struct ScanLimits: Sendable, Hashable {
    /// A content line (after unfolding) longer than this is skipped with an error, streamed
    /// past without being held in memory. Default 16 MiB.
    public var maxContentLineBytes: Int
    /// A content line longer than this is not handed to libical (whose line reader is
    /// quadratic in the line's length) but kept whole as an unparsed ``Property``, with a
    /// warning. Default 256 KiB.
    public var maxParsedLineBytes: Int
    /// Components nested deeper than this (VCALENDAR › VEVENT › VALARM is 3) are skipped. Default 16.
    public var maxDepth: Int
    /// A top-level component larger than this is skipped with an error. Default 64 MiB.
    public var maxComponentBytes: Int
    /// At most this many diagnostics of one code are kept per source; the rest are counted
    /// in a final note. Default 100.
    public var maxDiagnosticsPerCode: Int

    /// Limits; the defaults are ``standard``.
    public init(maxContentLineBytes: Int = 16 << 20, maxParsedLineBytes: Int = 256 << 10, maxDepth: Int = 16,
                maxComponentBytes: Int = 64 << 20, maxDiagnosticsPerCode: Int = 100) {
        self.maxContentLineBytes = maxContentLineBytes
        self.maxParsedLineBytes = maxParsedLineBytes
        self.maxDepth = maxDepth
        self.maxComponentBytes = maxComponentBytes
        self.maxDiagnosticsPerCode = maxDiagnosticsPerCode
    }

    /// The defaults.
    public static let standard = ScanLimits()
}
