/// A content line that opens or closes a component, classified the way libical 3.0.16 reads it,
/// so that the scanner's blocks and libical's tree never disagree on where a component starts
/// or ends.
///
/// libical's `icalparser_add_line` takes the name as the bytes before the first `;` or `:`
/// (`parser_get_prop_name`), strips trailing white space from it (`make_segment`: `iswspace`),
/// and compares it with `BEGIN` and `END` by `strcasecmp`. So `BEGIN :X`, `begin:x` and
/// `BEGIN;X=1:VEVENT` all open a component there; `END` pops the innermost open component
/// whatever name follows; a line with neither `;` nor `:` has no name and is no boundary.
/// `BEGINX:…` is a property.
///
/// The scanner never hands libical the line as written: a boundary it accepts goes to libical
/// as ``canonicalBytes`` (`BEGIN:NAME`), and a ``Kind/malformed`` one is dropped with a
/// diagnostic, so a spelling libical reads differently (a blank before the colon, parameters,
/// no name at all) cannot open or close a component the blocks do not know of.
struct BoundaryLine: Equatable {
    enum Kind: Equatable { case begin, end, malformed }

    var kind: Kind
    /// The component name, upper-cased (ASCII); empty when ``kind`` is ``Kind/malformed``.
    var name: String
    /// Whether the line was spelled with blanks around the name or after `BEGIN`/`END`
    /// (`BEGIN :X`, `BEGIN: VEVENT`, `BEGIN:VEVENT `), which libical and the scanner accept.
    var hasStrayBlanks: Bool

    /// `BEGIN:NAME` or `END:NAME`, the spelling libical is given.
    var canonicalBytes: [UInt8] { Array(((kind == .begin ? "BEGIN:" : "END:") + name).utf8) }

    /// The line's role, or nil when it is a property line (for libical as for the scanner).
    ///
    /// A line named BEGIN or END (any case, blanks before the delimiter ignored) is a boundary
    /// when the delimiter is `:` and the value, blanks around it aside, is not empty; any other
    /// such line (parameters, no `:`, no name) is ``Kind/malformed``. A name that is not an
    /// iana-token or x-name (`X-TEAM BOARD`) is kept as written, upper-cased, for the validator
    /// to report.
    /// - Complexity: O(n) in the line's length.
    static func classify(_ bytes: UnsafeBufferPointer<UInt8>) -> BoundaryLine? {
        guard let first = bytes.first, first | 0x20 == 0x62 || first | 0x20 == 0x65 else { return nil }  // b, e
        var delimiter = 0
        while delimiter < bytes.count, bytes[delimiter] != 0x3B, bytes[delimiter] != 0x3A { delimiter += 1 }
        var nameEnd = delimiter
        while nameEnd > 0, isCSpace(bytes[nameEnd - 1]) { nameEnd -= 1 }
        let word = UnsafeBufferPointer(rebasing: bytes[0..<nameEnd])
        let kind: Kind
        if ContentLineSyntax.equalsIgnoringCase(word, beginBytes) {
            kind = .begin
        } else if ContentLineSyntax.equalsIgnoringCase(word, endBytes) {
            kind = .end
        } else {
            return nil
        }
        // No `:` (libical finds no name: not a boundary there) or parameters: dropped, in step either way.
        guard delimiter < bytes.count, bytes[delimiter] == 0x3A else { return malformed }
        var start = delimiter + 1, end = bytes.count
        while start < end, isCSpace(bytes[start]) { start += 1 }
        while end > start, isCSpace(bytes[end - 1]) { end -= 1 }
        // libical takes any non-empty value (a malformed name gives an X-LIC-INVALID component, in
        // step with the block; the validator reports the name); an empty one it reads as NULL.
        guard start < end else { return malformed }
        let blanks = nameEnd != delimiter || start != delimiter + 1 || end != bytes.count
        return BoundaryLine(kind: kind, name: ContentLineSyntax.upperASCII(UnsafeBufferPointer(rebasing: bytes[start..<end])),
                            hasStrayBlanks: blanks)
    }

    private static let malformed = BoundaryLine(kind: .malformed, name: "", hasStrayBlanks: false)
    private static let beginBytes = Array("BEGIN".utf8)
    private static let endBytes = Array("END".utf8)

    /// C's `isspace` in the "C" locale (what `iswspace` is for these bytes): space, tab, LF, VT, FF, CR.
    @inline(__always) private static func isCSpace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }
}
