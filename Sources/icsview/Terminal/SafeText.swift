/// Feed text made safe to write to a terminal: the one function every string read from a
/// calendar (a title, a location, a calendar's name, a file name quoted in a message) passes
/// through before it reaches standard output or standard error in a text format.
///
/// What a terminal would act on is removed, so that text cannot clear the screen, set the
/// window title (OSC 0), write the clipboard (OSC 52), disguise a link (OSC 8), hide or recolour
/// what follows (`ESC[8m`), or reorder a line (U+202E):
/// - escape sequences, whole: `ESC [ … final` (CSI), `ESC ] … BEL|ST` (OSC), `ESC P`, `ESC X`,
///   `ESC ^`, `ESC _` strings (DCS, SOS, PM, APC) up to their terminator, their 8-bit C1 forms
///   (U+009B, U+009D, U+0090, U+0098, U+009E, U+009F), and the short `ESC` + intermediates + final
///   forms; an unterminated string swallows the rest of the text, as a terminal would;
/// - every other C0 control (U+0000–U+001F), DEL and C1 control (U+0080–U+009F);
/// - bidirectional overrides, embeddings, isolates and marks (U+202A–U+202E, U+2066–U+2069,
///   U+200E, U+200F, U+061C) and other invisible format characters (U+200B, U+2060–U+2064,
///   U+206A–U+206F, U+FEFF, U+FFF9–U+FFFB, U+00AD, U+180E, U+E0001). The joiners U+200C and
///   U+200D stay: scripts and emoji sequences need them;
/// - combining marks past the 30th in a row (the stream-safe limit of UAX #15): no script needs
///   more, and a character of 80,000 marks was read whole by every cut.
///
/// Line breaks (CR, LF, CR LF, VT, FF, NEL, U+2028, U+2029) become `lineBreak` (a space, or
/// ` ⏎ ` where a layout shows text over several lines) and a tab a space. The result holds no
/// byte 0x1B, no C0 or C1 control and no bidi control, so nothing in it can start a sequence.
///
/// `validate` writes its messages through it too; JSON, HTML and SVG escape text their own way
/// and do not use it.
extension TerminalText {
    /// `text` with escape sequences, controls and invisible format characters removed, and
    /// line breaks written as `lineBreak`.
    ///
    /// - Parameters:
    ///   - text: feed text, as read.
    ///   - lineBreak: what a line break becomes (`" "`, or `" ⏎ "`).
    ///   - limit: the most scalars to read (removed ones count) and so to write; the scan stops
    ///     there (for text about to be cut).
    /// - Returns: `text` itself when nothing in it needs changing (checked on its bytes).
    /// - Complexity: O(n) in the length of `text`, or O(`limit`) scalars read (an escape
    ///   sequence's payload is read whole).
    static func safe(_ text: some StringProtocol, lineBreak: String = " ", limit: Int = .max) -> String {
        made(text, lineBreak: lineBreak, limit: limit, sequencesWhole: true)
    }

    /// A whole message line made safe, keeping every word of it: an escape sequence's
    /// introducer (`ESC [`, `ESC ]`, U+009B, U+009D …) is removed with the other controls, but
    /// what follows it stays as text instead of being read as the sequence's payload.
    ///
    /// For the lines icsview writes on standard error and in `validate`'s text, after each
    /// feed string or path quoted in them was made safe on its own (``safe(_:lineBreak:limit:)``,
    /// ``TerminalMessage``): a message ICSKit built may still quote a value raw (`STATUS:X is not
    /// allowed in VEVENT`), and a U+009B or an unterminated `ESC ]` at the end of that value
    /// would otherwise take the rest of the line (`is not allowed in VEVENT`) with it.
    /// - Returns: `line` itself when nothing in it needs changing.
    /// - Complexity: O(n) in the length of `line`.
    static func safeLine(_ line: some StringProtocol) -> String {
        made(line, lineBreak: " ", limit: .max, sequencesWhole: false)
    }

    /// ``safe(_:lineBreak:limit:)`` and ``safeLine(_:)``: with `sequencesWhole`, an escape
    /// sequence is removed with its payload; without, only its introducer is.
    private static func made(_ text: some StringProtocol, lineBreak: String, limit: Int, sequencesWhole: Bool) -> String {
        // Printable ASCII needs no change: only the part that can be shown is looked at.
        if limit < text.utf8.count {
            let head = text.utf8.prefix(limit)
            if isPlain(head) { return String(decoding: head, as: UTF8.self) }
        } else if isPlain(text.utf8) {
            return String(text)
        }
        var out = String.UnicodeScalarView()
        var written = 0
        var nonStarters = 0
        var reader = SafeTextReader(scalars: text.unicodeScalars.makeIterator())
        func write(_ s: String) {
            for scalar in s.unicodeScalars { out.append(scalar); written += 1 }
        }
        // Every scalar read counts toward the limit, removed ones too (50,000 zero-width
        // characters are not read 10,000 times to draw nothing).
        while written < limit, reader.read < limit, let scalar = reader.next() {
            let v = scalar.value
            switch v {
            case 0x0D:
                // CR LF is one break.
                if let following = reader.next(), following.value != 0x0A { reader.pending = following }
                write(lineBreak)
            case 0x0A, 0x0B, 0x0C, 0x85, 0x2028, 0x2029:
                write(lineBreak)
            case 0x09:
                write(" ")
            case 0x1B where !sequencesWhole:
                // The introducer goes; what follows it is read as text.
                if let introducer = reader.next(), ![0x5B, 0x5D, 0x50, 0x58, 0x5E, 0x5F].contains(introducer.value) {
                    reader.pending = introducer
                }
            case 0x1B:
                guard let introducer = reader.next() else { break }
                switch introducer.value {
                case 0x5B: reader.skipControlSequence()  // CSI
                case 0x5D, 0x50, 0x58, 0x5E, 0x5F: reader.skipString()  // OSC, DCS, SOS, PM, APC
                case 0x20...0x2F:
                    // nF: intermediates, then one final byte.
                    while let s = reader.next() {
                        if (0x20...0x2F).contains(s.value) { continue }
                        if !(0x30...0x7E).contains(s.value) { reader.pending = s }
                        break
                    }
                case 0x30...0x7E: break  // Fp, Fe, Fs: ESC and one byte
                default: reader.pending = introducer  // ESC before something else: that is read on its own
                }
            case 0x9B: if sequencesWhole { reader.skipControlSequence() }
            case 0x9D, 0x90, 0x98, 0x9E, 0x9F: if sequencesWhole { reader.skipString() }
            case 0x00...0x1F, 0x7F...0x9F: break
            default:
                if isInvisibleFormat(v) { break }
                // Stream-safe text (UAX #15, 13): at most 30 non-starters (combining marks) in a
                // row. "e" and 80,000 acute accents is one grapheme cluster, drawn in one cell, but
                // every cut and every width read hundreds of marks again (the month wrote 10.6 MB).
                if v >= 0x300 && scalar.properties.canonicalCombiningClass != .notReordered {
                    nonStarters += 1
                    if nonStarters > 30 { break }
                } else {
                    nonStarters = 0
                }
                out.append(scalar)
                written += 1
            }
        }
        return String(out)
    }

    /// Feed text for a place `cells` wide: made safe (reading no more of it than the cut needs)
    /// and cut, ending with `ellipsis` when cut.
    /// - Complexity: O(`cells`), whatever the length of `text`.
    static func safe(_ text: String, toWidth cells: Int, ellipsis: String = "…") -> String {
        truncate(safe(text, limit: scanLimit(cells) + 1), toWidth: cells, ellipsis: ellipsis)
    }

    /// Whether every byte is printable ASCII (U+0020–U+007E): the text needs no change, and
    /// each of its characters is one byte and one cell.
    static func isPlain(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// Whether a scalar is a bidi control or another invisible format character removed above:
    /// also what `remind --watch --exec` removes from the variables it gives a command
    /// (`AlarmEnvironment.clean`), which keeps line breaks and tabs but not these.
    static func isInvisibleFormat(_ v: UInt32) -> Bool {
        switch v {
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
        case 0x200B, 0x2060...0x2064, 0x206A...0x206F, 0xFEFF, 0xFFF9...0xFFFB, 0x00AD, 0x180E, 0xE0001: return true
        default: return false
        }
    }

    /// The scalars of the text, with one read back.
    private struct SafeTextReader<Scalars: IteratorProtocol<Unicode.Scalar>> {
        var scalars: Scalars
        var pending: Unicode.Scalar? = nil

        /// How many scalars were read so far.
        var read = 0

        mutating func next() -> Unicode.Scalar? {
            if let p = pending {
                pending = nil
                return p
            }
            read += 1
            return scalars.next()
        }

        /// A control sequence's parameter and intermediate bytes (U+0020–U+003F) and its final
        /// byte (U+0040–U+007E); anything else ends it and is read again on its own.
        mutating func skipControlSequence() {
            while let s = next() {
                if (0x20...0x3F).contains(s.value) { continue }
                if !(0x40...0x7E).contains(s.value) { pending = s }
                return
            }
        }

        /// A control string's payload up to its terminator: BEL, `ESC \`, or the C1 ST (U+009C).
        /// An ESC followed by anything else also ends it (xterm does the same), as does the end
        /// of the text.
        mutating func skipString() {
            while let s = next() {
                switch s.value {
                case 0x07, 0x9C: return
                case 0x1B:
                    _ = next()
                    return
                default: continue
                }
            }
        }
    }
}
