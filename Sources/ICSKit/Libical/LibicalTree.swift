internal import CLibical

/// The one owner of a libical component tree: parsed from text, freed exactly once in `deinit`.
///
/// Children reached from ``root`` are borrowed and valid only while this object lives;
/// nothing from the tree outlives the conversion into Swift values.
final class LibicalTree {
    /// The root component (`icalcomponent *`), owned.
    let root: OpaquePointer

    /// Parses a block's lines for libical, one by one, with `icalparser_add_line`: the lines are
    /// already unfolded, so libical's own line reader (`icalparser_get_line`, which re-reads the
    /// text a character at a time and is quadratic in a line's length) is not used.
    ///
    /// Returns nil when libical builds no component at all.
    init?(_ input: LibicalInput) {
        LibicalTree.configure
        // icalparser.h, icalparser_new: "All icalparser objects created with this function need to
        // be freed using the icalparser_free() function." Components it still holds go with it.
        guard let parser = icalparser_new() else { return nil }
        defer { icalparser_free(parser) }
        var root: OpaquePointer?
        input.text.withUnsafeBufferPointer { text in
            let base = UnsafeMutableRawPointer(mutating: text.baseAddress!).assumingMemoryBound(to: CChar.self)
            for line in input.lines {
                // icalparser.h, icalparser_add_line: "Ownership of the @a str is transferred to libical
                // upon calling this method. The returned icalcomponent is owned by the caller and needs
                // to be `free()`d with the appropriate method after it's no longer needed."
                // libical 3.0.16 (`pkg-config --modversion libical`) does not take the line: its
                // icalparser_add_line only reads it (copying the pieces it keeps, `make_segment`), and
                // its own caller, icalparser_parse, frees each line after the call
                // ("icalmemory_free_buffer(line);"). So the line stays ours: a NUL-terminated slice of
                // `input.text`, alive for this loop and freed with it, never by libical. (A libical
                // that did take ownership would free memory it never allocated: the ASan run of
                // BoundarySpellingTests and SimpleLineEquivalenceTests covers this call.)
                if let component = icalparser_add_line(parser, base + line.offset) {
                    // A second top-level component (never made by the scanner) replaces the first,
                    // which is ours and freed here, once.
                    if let earlier = root { icalcomponent_free(earlier) }
                    root = component
                }
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
    /// so taking the result as ours freed the tree twice (a double free that `BEGIN :X` in a VEVENT once caused). We
    /// therefore copy it (`icalcomponent_new_clone`: a new tree, owned by the caller) and leave
    /// the original to the parser, which frees it exactly once in `icalparser_free`.
    private static func takeUnfinished(from parser: OpaquePointer) -> OpaquePointer? {
        guard let held = icalparser_clean(parser) else { return nil }
        // A component with a parent is part of a tree the parser still holds (or one already
        // returned): never ours to copy or free.
        guard icalcomponent_get_parent(held) == nil else { return nil }
        // icalcomponent.h declares icalcomponent_new_clone a constructor: the copy is a new tree of
        // its own, ours, freed once in deinit.
        return icalcomponent_new_clone(held)
    }

    /// Malformed data is never fatal (as `icalparser_parse_string` sets it around each parse),
    /// set once for the process so that parallel parses do not race on libical's global state.
    private static let configure: Void = {
        icalerror_set_error_state(ICAL_MALFORMEDDATA_ERROR, ICAL_ERROR_NONFATAL)
    }()

    deinit {
        // icalcomponent.h: "Destructor" -- frees the component with all its properties and
        // children; the root is ours (returned by icalparser_add_line or cloned) and freed once.
        icalcomponent_free(root)
    }
}

@available(*, unavailable)
extension LibicalTree: Sendable {}
