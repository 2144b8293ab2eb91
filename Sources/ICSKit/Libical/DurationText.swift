internal import CLibical

/// DURATION text (`P1DT2H`, `-PT15M`) for values libical did not type, through
/// `icaldurationtype_from_string`.
enum DurationText {
    /// The duration, or nil when the text is not one.
    static func parse(_ text: String) -> ICSDuration? {
        let trimmed = String(text.trimmingSpaces)
        guard !trimmed.isEmpty else { return nil }
        // libical reads each number into a C int with no check: more than nine digits is refused
        // here, and reported where the value is read (``ComponentConverter/hasOverlongNumber(_:into:)``).
        var run = 0
        for byte in trimmed.utf8 {
            run = byte >= 0x30 && byte <= 0x39 ? run + 1 : 0
            if run > 9 { return nil }
        }
        let d = icaldurationtype_from_string(trimmed)
        if icaldurationtype_is_bad_duration(d) != 0 { return nil }
        return LibicalValues.duration(d)
    }
}
