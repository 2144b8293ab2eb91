internal import CLibical

/// The one owner of a libical component tree: parsed from text, freed exactly once in `deinit`.
///
/// Children reached from ``root`` are borrowed and valid only while this object lives;
/// nothing from the tree outlives the conversion into Swift values.
final class LibicalTree {
    /// The root component (`icalcomponent *`), owned.
    let root: OpaquePointer

    /// Parses a block's content lines, one by one, with `icalparser_add_line`: the lines are
    /// already unfolded, so libical's own line reader (`icalparser_get_line`, which re-reads the
    /// text a character at a time and is quadratic in a line's length) is not used.
    ///
    /// - Parameters:
    ///   - text: the block's text, every line NUL-terminated.
    ///   - offsets: where each line starts in `text`, in order.
    /// Returns nil when libical builds no component at all.
    init?(lines text: UnsafeBufferPointer<UInt8>, offsets: some Sequence<Int>) {
        LibicalTree.configure
        // icalparser_new / icalparser_free: the parser is ours; components it still holds are freed with it.
        guard let parser = icalparser_new() else { return nil }
        defer { icalparser_free(parser) }
        var root: OpaquePointer?
        let base = UnsafeMutableRawPointer(mutating: text.baseAddress!).assumingMemoryBound(to: CChar.self)
        for offset in offsets {
            // icalparser_add_line only reads the line (libical's own icalparser_parse frees each
            // line after the call): it stays ours. A finished top-level component is returned once.
            if let component = icalparser_add_line(parser, base + offset) {
                if let earlier = root { icalcomponent_free(earlier) }
                root = component
            }
        }
        if root == nil { root = LibicalTree.takeUnfinished(from: parser) }
        guard let root else { return nil }
        self.root = root
    }

    /// What the parser still holds open, as a tree of our own (nil when nothing was begun).
    ///
    /// The scanner closes every component it passes on, so this runs only if libical and the
    /// scanner ever disagree on a BEGIN/END again. libical 3.0.16's header says of
    /// `icalparser_clean`: "The returned icalcomponent is property of the caller and needs to be
    /// free'd with icalcomponent_free() after use." Its source does otherwise: it returns
    /// `parser->root_component` without clearing it, and `icalparser_free` then frees
    /// `parser->root_component` ("if (parser->root_component != 0) icalcomponent_free(...)"),
    /// so taking the result as ours freed the tree twice (the double free of issue 10). We
    /// therefore copy it (`icalcomponent_new_clone`: a new tree, owned by the caller) and leave
    /// the original to the parser, which frees it exactly once in `icalparser_free`.
    private static func takeUnfinished(from parser: OpaquePointer) -> OpaquePointer? {
        guard let held = icalparser_clean(parser) else { return nil }
        // A component with a parent is part of a tree the parser still holds (or one already
        // returned): never ours to copy or free.
        guard icalcomponent_get_parent(held) == nil else { return nil }
        return icalcomponent_new_clone(held)
    }

    /// Malformed data is never fatal (as `icalparser_parse_string` sets it around each parse),
    /// set once for the process so that parallel parses do not race on libical's global state.
    private static let configure: Void = {
        icalerror_set_error_state(ICAL_MALFORMEDDATA_ERROR, ICAL_ERROR_NONFATAL)
    }()

    deinit {
        icalcomponent_free(root)
    }
}

@available(*, unavailable)
extension LibicalTree: Sendable {}
