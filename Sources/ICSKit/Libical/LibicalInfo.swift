internal import CLibical

/// Facts about the libical this build uses.
enum LibicalInfo {
    /// libical's version (`ICAL_VERSION`), e.g. `3.0.16`.
    static var version: String { ICAL_VERSION }
}
