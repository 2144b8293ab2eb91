internal import CLibical

/// DURATION text (`P1DT2H`, `-PT15M`) for values libical did not type, through
/// `icaldurationtype_from_string`.
enum DurationText {
    /// The duration, or nil when the text is not one.
    static func parse(_ text: String) -> ICSDuration? {
        let trimmed = String(text.trimmingSpaces)
        guard !trimmed.isEmpty else { return nil }
        let d = icaldurationtype_from_string(trimmed)
        if icaldurationtype_is_bad_duration(d) != 0 { return nil }
        return LibicalValues.duration(d)
    }
}
