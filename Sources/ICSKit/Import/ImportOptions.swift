import Foundation

/// How an import reads its input.
public struct ImportOptions: Sendable, Hashable {
    /// The bounds on lines, nesting and components.
    public var limits: ScanLimits
    /// How many threads parse blocks at once; 0 means one per active processor.
    public var parallelism: Int

    /// Whether recurring series written in UTC, in a calendar with X-WR-TIMEZONE, recur at the
    /// wall time of that zone (Google Calendar's exports, read as the `x-wr-timezone` tool reads
    /// them: a weekly 08:00Z meeting in `Europe/Berlin` stays at 09:00 Berlin in summer). `false`
    /// reads them as RFC 5545 says, at a constant instant. Single events keep their instant either way.
    public var readsUTCSeriesInCalendarZone: Bool

    /// The range a view will show, or `nil` (the default) to import everything.
    ///
    /// With a window, VEVENTs whose own lines prove that they cannot have an occurrence that
    /// overlaps it are skipped before libical parses them: a single event that starts and ends
    /// more than 26 hours before the window's start, or starts more than 26 hours after its end
    /// (the margin covers any zone offset and floating times); a series whose UNTIL, plus one
    /// instance's length and the margin, lies before the window, or whose DTSTART lies after it;
    /// a series with COUNT whose rule has an instance in every period (daily, weekly, monthly on
    /// days every month has, yearly) and a start off any zone's clock, by COUNT periods.
    /// What cannot be decided cheaply (overrides, RDATE, other COUNT rules, values in unusual forms, VTODO,
    /// VJOURNAL) is imported as without a window. Components that share a UID with one that is
    /// imported are imported too, so that the rules comparing the components of one UID (the
    /// highest SEQUENCE wins, overrides and their master) see them, except an override that can
    /// change nothing in the window: its own times and the instance it names lie far from it, its
    /// master is imported, and no imported override names an instance near its own. Time zones
    /// and the calendar's own properties always are imported.
    ///
    /// Expanded over any range inside the window, a windowed import gives the occurrences of a
    /// full import. It is for views, not validators: the skipped components are missing from
    /// ``ICalendar/events``, and their diagnostics are not produced. Use no window for
    /// validation, diffs, counts, or a "next occurrence" search.
    ///
    /// ```swift
    /// // The days a month grid of June 2025 shows, in the viewer's zone:
    /// let window = DateInterval(start: gridStart, end: gridEnd)
    /// let calendar = try ICalendar(contentsOfFile: "feed.ics", options: ImportOptions(window: window))
    /// let occurrences = OccurrenceExpansion(calendars: [calendar], from: gridStart, to: gridEnd,
    ///                                       viewerTimeZone: zone).collect().occurrences
    /// ```
    public var window: DateInterval?

    /// With a ``window``: whether the masters without a start (no DTSTART, for a to-do no DUE
    /// either, no RECURRENCE-ID) that cannot win their UID's choice of master are left out of
    /// ``ICalendar/events`` and ``ICalendar/todos`` (true, the default). Only the last of the
    /// highest SEQUENCE among them can win; the first of each UID is kept too, so that the UID
    /// stays where the file puts it. The expansion gives what a full import gives (its warning
    /// about a UID's many masters still counts them all). Set it to false when the components
    /// are filtered by their text before the expansion: a filter that keeps a UID's components
    /// when any of its masters matches must see them all.
    public var leavesOutLosingMasters: Bool = true

    /// Options for an import; the defaults suit any calendar (see ``ScanLimits/standard``).
    public init(limits: ScanLimits = .standard, parallelism: Int = 0, readsUTCSeriesInCalendarZone: Bool = true,
                window: DateInterval? = nil) {
        self.limits = limits
        self.parallelism = parallelism
        self.readsUTCSeriesInCalendarZone = readsUTCSeriesInCalendarZone
        self.window = window
    }
}
