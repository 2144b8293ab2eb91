extension SimpleLineReader {
    /// One `NAME=value` part of a line's head, as ``forEachPlainPart(_:colon:_:)`` hands it out.
    struct PlainParameterPart {
        /// The name's bytes, as written (name bytes only: letters, digits and `-`).
        var name: UnsafeBufferPointer<UInt8>
        /// The value's bytes: not empty, no blank at either end.
        var value: UnsafeBufferPointer<UInt8>
        /// The name's ``KnownNames/id(_:)`` (0 for a name not known).
        var id: UInt8
        /// Whether the name begins with `X-` (in any case).
        var isExtension: Bool
    }

    /// Calls `body` on each parameter of a line whose head (the bytes before `colon`) is plain
    /// enough to be read in Swift: no quote, comma, colon, backslash, caret (RFC 6868's escapes are
    /// decoded on the other way, ``CaretDecoding``) or control byte, and each
    /// part between `;`s a name of name bytes, `=`, and a value with no blank at either end.
    /// The one reading of those rules for ``plainParameters(_:colon:allowed:)`` and
    /// ``timeForm(_:colon:)``: what each keeps of a part is up to its `body`.
    /// - Returns: false when the head is not plain (libical must read the line) or `body`
    ///   returned false; true when every part was handed out, or there is none (no `;`).
    /// - Complexity: O(n) in the head's length; no allocation.
    @inline(__always)
    static func forEachPlainPart(_ bytes: UnsafeBufferPointer<UInt8>, colon: Int,
                                 _ body: (PlainParameterPart) -> Bool) -> Bool {
        let head = UnsafeBufferPointer(rebasing: bytes[..<colon])
        // No `;` before the value: the head is the name alone, which the caller found among the
        // known names (letters, digits and `-`), so there are no parameters and nothing to check.
        guard let firstSemicolon = head.firstIndex(of: 0x3B) else { return true }
        guard !head.contains(where: { $0 == 0x22 || $0 == 0x2C || $0 == 0x3A || $0 == 0x5C || $0 == 0x5E || $0 < 0x20 }) else { return false }
        // With no quote in the head, the parameters are the parts between `;`s, the name skipped.
        var start = firstSemicolon + 1
        while true {
            var end = start
            while end < colon, bytes[end] != 0x3B { end += 1 }
            var equals = start
            while equals < end, bytes[equals] != 0x3D { equals += 1 }
            // A value (not empty, no blank at either end) and a name of name bytes.
            guard equals + 1 < end, bytes[equals + 1] != 0x20, bytes[end - 1] != 0x20 else { return false }
            let name = UnsafeBufferPointer(rebasing: bytes[start..<equals])
            guard name.allSatisfy(ContentLineSyntax.isNameByte) else { return false }
            let part = PlainParameterPart(name: name, value: UnsafeBufferPointer(rebasing: bytes[(equals + 1)..<end]),
                                          id: KnownNames.id(name),
                                          isExtension: name.count >= 2 && name[0] | 0x20 == 0x78 && name[1] == 0x2D)  // X-
            guard body(part) else { return false }
            if end == colon { return true }
            start = end + 1
        }
    }
}
