extension ICalendar {
    /// The version of libical that parses calendars in this build (libical's `ICAL_VERSION`,
    /// e.g. `3.0.16`), for an about box or a `--version` line.
    ///
    /// ```swift
    /// print("ICSKit, libical \(ICalendar.libicalVersion)")
    /// ```
    public static var libicalVersion: String { LibicalInfo.version }
}
