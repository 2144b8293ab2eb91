import Foundation
import ICSKit

/// The calendars the browser shows, read whole (the user may go to any month), and the months
/// worked out so far: each month's occurrences (after `--grep`) and its projection, made once and
/// kept, so that moving the selection or coming back to a month costs no expansion.
///
/// The projections are made without a selection: the browser asks them for the state of a day
/// under its own ``DaySelection`` (``MonthProjection/state(of:selection:)``).
final class BrowseData {
    /// One month's expansion and projection.
    struct Month {
        /// The occurrences over the grid's days, after `--grep`, sorted by start.
        var occurrences: [Occurrence]
        /// The grid, without a selection.
        var projection: MonthProjection
    }

    let inputs: [ResolvedInput]
    let options: Options
    let calendar: Calendar
    let now: Date
    /// `--grep` and `--calendar`.
    let filter: SearchFilter
    /// The calendars read, in the order of the inputs (a failed input keeps its last copy).
    private(set) var calendars: [ICalendar] = []
    /// Each input's last copy, by its position in ``inputs`` (nil: never read).
    private var copies: [ICalendar?]
    /// What failed at the last read, one line per input.
    private(set) var failures: [String] = []
    /// Where each input's copy stands after the last read (by position in ``inputs``).
    private var states: [SourceState]
    /// When the inputs were last read.
    private(set) var readAt = Date()
    /// How many diagnostics the expansions reported.
    private(set) var diagnosticCount = 0
    private var months: [CalendarMonth: Month] = [:]
    private var weeks: [CalendarDay: WeekProjection] = [:]

    init(inputs: [ResolvedInput], options: Options, calendar: Calendar, now: Date) {
        self.inputs = inputs
        self.options = options
        self.calendar = calendar
        self.now = now
        self.filter = SearchFilter(options)
        copies = Array(repeating: nil, count: inputs.count)
        states = Array(repeating: .read, count: inputs.count)
    }

    /// The calendars' styles (colours), in the order of ``calendars``.
    var styles: [CalendarStyle] { calendars.map(CalendarStyle.init) }

    /// The calendars' names as the event details name them.
    var names: [String] { calendars.map(SearchFilter.displayName) }

    /// The shown calendars as the status bar lists them: each name, and for a CalDAV calendar
    /// or a feed, where its copy stands (`work (synced 10:42)`, `work (not synced: …; copy of
    /// 09:10)`).
    func statusNames(clock: (Date) -> String) -> [String] {
        shownSources.map { name, state in
            switch state {
            case .read: return name
            case .synced(let date): return "\(name) (synced \(clock(date)))"
            case .stale(let reason, let copyOf):
                return "\(name) (not synced: \(reason)" + (copyOf.map { "; copy of \(clock($0))" } ?? "") + ")"
            }
        }
    }

    /// The shown calendars whose copies could not be brought up to date at the last read.
    var staleNames: [String] {
        shownSources.compactMap { name, state in
            if case .stale = state { return name }
            return nil
        }
    }

    /// The calendars shown (read, and kept by `--calendar`), in input order, with where each copy stands.
    private var shownSources: [(name: String, state: SourceState)] {
        inputs.indices.compactMap { index in
            guard let copy = copies[index], filter.keeps(copy) else { return nil }
            return (SearchFilter.displayName(copy), states[index])
        }
    }

    /// Reads every input again; one that fails keeps its last copy (and says so in ``failures``).
    /// The months worked out are dropped. The warnings met (a CalDAV calendar that could not be
    /// synced, a feed served from its cache) go to the status bar, not to standard error.
    /// - Parameter refresh: sync CalDAV calendars and fetch feeds even when their copies are
    ///   fresh (the `r` key), as `--refresh` does.
    /// - Returns: whether at least one calendar is there to show.
    @discardableResult
    func read(refresh: Bool = false) -> Bool {
        var failures: [String] = []
        var options = self.options
        if refresh && !options.offline { options.refresh = true }
        for (index, input) in inputs.enumerated() {
            do {
                let (loaded, warnings) = try DiagnosticOutput.shared.capturingWarnings { () throws(ICSError) in
                    try InputLoader.load(input, options: options)
                }
                var calendar = loaded
                ConfiguredInputs.apply(input, to: &calendar)
                copies[index] = calendar
                states[index] = SourceState(input, warnings: warnings, options: options)
            } catch {
                let kept = copies[index] == nil ? "" : " (showing the last copy)"
                failures.append(TerminalMessage.part(input.word) + ": " + TerminalMessage.said(error.message) + kept)
            }
        }
        self.failures = failures
        calendars = filter.apply(copies.compactMap { $0 })
        readAt = Date()
        months = [:]
        weeks = [:]
        return !calendars.isEmpty
    }

    /// The month, expanded and projected on first use.
    func month(_ month: CalendarMonth) -> Month {
        if let known = months[month] { return known }
        let grid = MonthGrid(month: month, calendar: calendar)
        let found = occurrences(from: grid.firstDay, through: grid.lastDay)
        let projection = MonthProjection(month: month, occurrences: found, calendar: calendar,
                                         options: ProjectionOptions(now: now, calendars: styles, includesCancelled: options.showCancelled))
        let made = Month(occurrences: found, projection: projection)
        // A browse session visits a few dozen months: keep them all, but not without bound.
        if months.count >= 240 { months = [:] }
        months[month] = made
        return made
    }

    /// Whether `month` is worked out already.
    func hasMonth(_ month: CalendarMonth) -> Bool { months[month] != nil }

    /// The week of `day`, projected on first use (from the expansion of the days around it).
    func week(containing day: CalendarDay) -> WeekProjection {
        let options = ProjectionOptions(now: now, calendars: styles, includesCancelled: self.options.showCancelled)
        let probe = WeekProjection(containing: day, occurrences: [], calendar: calendar, options: options)
        if let known = weeks[probe.firstDay] { return known }
        let found = occurrences(from: probe.firstDay, through: probe.lastDay)
        let week = WeekProjection(containing: day, occurrences: found, calendar: calendar, options: options)
        if weeks.count >= 240 { weeks = [:] }
        weeks[probe.firstDay] = week
        return week
    }

    /// The occurrences on `day`, from its month's projection (no new expansion, and no pass over
    /// the month's other occurrences): at most ``ProjectionOptions/maxOccurrencesPerDay``, and how
    /// many more there are.
    func occurrences(on day: CalendarDay) -> (listed: [Occurrence], hidden: Int) {
        guard let item = month(day.calendarMonth).projection.item(for: day) else { return ([], 0) }
        return (item.occurrences, item.hiddenCount)
    }

    /// Every occurrence (after `--grep`) that overlaps the days `first` through `last`, in the display zone.
    func occurrences(from first: CalendarDay, through last: CalendarDay) -> [Occurrence] {
        let start = first.startDate(in: calendar), end = last.adding(days: 1, in: calendar).startDate(in: calendar)
        let (found, diagnostics) = OccurrenceExpansion(calendars: calendars, from: start, to: end,
                                                       viewerTimeZone: calendar.timeZone).collect()
        diagnosticCount += diagnostics.count
        return filter.needle == nil ? found : found.filter(filter.matches)
    }
}

/// Where an input's copy stands after a read, for the browser's status bar.
enum SourceState: Equatable {
    /// Read as it is now (a file, a vdir, a fresh feed).
    case read
    /// A CalDAV calendar's local copy, synced at that time (now, or within its refresh interval).
    case synced(Date)
    /// A copy that could not be brought up to date (the server did not answer, a feed served
    /// from its cache): why, and when a CalDAV copy was last synced.
    case stale(reason: String, copyOf: Date?)

    init(_ input: ResolvedInput, warnings: [String], options: Options) {
        let synced = LocalCopies.lastSynced(input, options: options)
        if var reason = warnings.first {
            // "work: cannot sync (REASON); showing the copy synced …" or "URL: REASON; using the
            // copy cached …": the name is in the status bar already, and so is the copy's time.
            for prefix in [input.word + ": ", input.source + ": "] where reason.hasPrefix(prefix) {
                reason.removeFirst(prefix.count)
            }
            if reason.hasPrefix("cannot sync ("), let end = reason.range(of: "); showing", options: .backwards) {
                reason = String(reason[reason.index(reason.startIndex, offsetBy: 13)..<end.lowerBound])
            }
            self = .stale(reason: TerminalText.safe(reason), copyOf: synced)
        } else if let synced {
            self = .synced(synced)
        } else {
            self = .read
        }
    }
}
