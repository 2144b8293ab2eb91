internal import CLibical

/// The one owner of a libical component tree: parsed from text, freed exactly once in `deinit`.
///
/// Children reached from ``root`` are borrowed and valid only while this object lives;
/// nothing from the tree outlives the conversion into Swift values.
final class LibicalTree {
    /// The root component (`icalcomponent *`), owned.
    let root: OpaquePointer

    /// Parses `text` (a NUL-terminated UTF-8 buffer) with `icalparser_parse_string`.
    /// Returns nil when libical finds no component at all.
    init?(parsing text: UnsafePointer<CChar>) {
        // icalparser_parse_string: the caller owns the returned tree (icalcomponent_free).
        guard let root = icalparser_parse_string(text) else { return nil }
        self.root = root
    }

    deinit {
        icalcomponent_free(root)
    }
}

@available(*, unavailable)
extension LibicalTree: Sendable {}
