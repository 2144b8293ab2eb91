import Foundation

/// The lazy expansion of alarms into reminders over an interval: which alarms go off when
/// (RFC 5545 3.6.6 and 3.8.6.3, RFC 9074), sorted by trigger time, then UID.
///
/// A relative alarm follows its event or todo through recurrence: one reminder per occurrence
/// (and per repetition, REPEAT/DURATION), relative to the start or, with `RELATED=END`, to the
/// end (a todo's DUE). Day and week parts are nominal in the occurrence's zone, hours exact; an
/// all-day or floating occurrence counts from local midnight (its wall time) in the viewer's zone.
/// An absolute trigger goes off once, however often its series recurs. A reminder belongs to
/// the range when its trigger does, wherever its occurrence lies: the occurrences are expanded
/// over the range shifted back by each alarm offset (``windows(_:rangeStart:rangeEnd:)``: a
/// series seeks there, it is not walked from DTSTART), and their triggers merged through a
/// heap, so the expansion stays lazy and holds only the triggers that may still come before
/// those of occurrences not yet read. One series gives at most ``reminderLimit`` reminders, read
/// from at most ``instanceLimit`` of its occurrences a range.
///
/// Overridden instances take the override's alarms; cancelled instances (STATUS:CANCELLED, or
/// EXDATE) have none. `ACTION:NONE` never goes off. A trigger at or before the alarm's
/// `ACKNOWLEDGED` (or Thunderbird's `X-MOZ-LASTACK`), or replaced by a snooze alarm
/// (`RELATED-TO;RELTYPE=SNOOZE`, or Thunderbird's `X-MOZ-SNOOZE-TIME…`), is acknowledged and left
/// out unless ``includesAcknowledged``. Default alarms (`X-APPLE-DEFAULT-ALARM:TRUE`) are listed,
/// flagged (``Reminder/isDefault``).
///
/// ```swift
/// let reminders = ReminderExpansion(calendars: [calendar], from: now, to: now + 7 * 86_400,
///                                   viewerTimeZone: TimeZone(identifier: "Europe/Berlin")!)
/// for reminder in reminders { print(reminder.trigger, reminder.incidence.summary ?? "") }
/// ```
public struct ReminderExpansion: Sequence, Sendable {
    /// The calendars whose alarms are expanded; ``Reminder/calendarIndex`` is a position in this list.
    public let calendars: [ICalendar]
    /// The start of the range of trigger times (inclusive).
    public let start: Date
    /// The end of the range of trigger times (exclusive).
    public let end: Date
    /// The zone all-day and floating times are read in.
    public let viewerTimeZone: TimeZone
    /// Whether acknowledged triggers are listed too (flagged ``Reminder/isAcknowledged``).
    public let includesAcknowledged: Bool
    /// The most occurrences of one series read for one range of start instants (see
    /// ``windows(_:rangeStart:rangeEnd:)``), those that give no trigger in the range included:
    /// an occurrence counts when it overlaps the range shifted by its alarms, and a series whose
    /// instances last centuries overlaps it with every instance since its DTSTART. Past it, the
    /// series stops with a `recurrenceLimit` warning. The two days of ``slack`` below a range are
    /// counted apart from the rest, so that their occurrences cannot use up the range's share (a
    /// secondly series has 172,800 of them). It is as large as ``reminderLimit`` by default, so
    /// that a frequent series reaches the reminder limit first.
    public let instanceLimit: Int
    /// The most reminders one series (a master and its instances, or an override) gives in one
    /// expansion: alarms times instances (times REPEAT) is bounded here, so that a REPEAT in the
    /// millions on a frequent series cannot fill memory. Past it, a `recurrenceLimit` warning.
    public let reminderLimit: Int
    /// The most triggers the merge holds at once (about 85 MB): it hands a reminder out once no
    /// occurrence still to be read can trigger before it, and where series are read with two days
    /// of slack (``ReminderSlack``) a range shorter than that holds every reminder of those series,
    /// up to ``reminderLimit`` each: 300 floating secondly series were 15 million.
    /// Past it no more occurrences are read; those held are handed out in order, then a
    /// `recurrenceLimit` warning says from when reminders may be missing.
    var heldLimit = 250_000

    /// Slack added to the widened range and to the merge's bound: nominal days across DST, and
    /// the difference between an occurrence's sort key and the instant its alarms count from
    /// (only for the series that have either: ``ReminderSlack``).
    static let slack = 2 * 86_400

    /// Prepares the expansion of the alarms of `calendars` whose triggers fall in `start..<end`.
    ///
    /// - Parameters:
    ///   - calendars: the calendars; each reminder names its own by ``Reminder/calendarID``.
    ///   - start: the start of the range (inclusive).
    ///   - end: the end of the range (exclusive); must not be before `start`.
    ///   - viewerTimeZone: the zone of the viewer, for floating and all-day times.
    ///   - includesAcknowledged: list acknowledged and snoozed-over triggers too (default false).
    ///   - instanceLimit: the most occurrences of one series read for one range (default 50,000).
    ///   - reminderLimit: the most reminders of one series (default 50,000).
    public init(calendars: [ICalendar], from start: Date, to end: Date, viewerTimeZone: TimeZone,
                includesAcknowledged: Bool = false, instanceLimit: Int = 50_000, reminderLimit: Int = 50_000) {
        precondition(reminderLimit > 0, "the reminder limit must be positive")
        precondition(instanceLimit > 0, "the instance limit must be positive")
        precondition(start <= end, "the range ends before it starts")
        self.calendars = calendars
        self.start = start
        self.end = end
        self.viewerTimeZone = viewerTimeZone
        self.includesAcknowledged = includesAcknowledged
        self.instanceLimit = instanceLimit
        self.reminderLimit = reminderLimit
    }

    public func makeIterator() -> Iterator { Iterator(self) }

    /// Runs the whole expansion: every reminder, in order, and the occurrence expansion's diagnostics.
    ///
    /// - Complexity: O((n + r) log r) for n occurrences and r reminders.
    public func collect() -> (reminders: [Reminder], diagnostics: [Diagnostic]) {
        var iterator = makeIterator()
        var all: [Reminder] = []
        while let next = iterator.next() { all.append(next) }
        return (all, iterator.diagnostics)
    }

    /// The smallest and largest offset (in seconds, a day as 86,400) from its anchor of each
    /// relative alarm's triggers, repetitions included; one pair per distinct offset.
    static func shifts(_ calendars: [ICalendar]) -> [(min: Int, max: Int)] {
        var found = Set<[Int]>()
        for calendar in calendars {
            for list in [calendar.events, calendar.todos] {
                for incidence in list {
                    for alarm in incidence.alarms {
                        guard case .relative(let offset, _)? = alarm.trigger, !alarm.isNone else { continue }
                        let span = ReminderMaker.triggerSpan(offset: offset, alarm: alarm)
                        found.insert([span.first, span.last])
                    }
                }
            }
        }
        return found.map { (min: $0[0], max: $0[1]) }
    }

    /// The ranges of start instants whose occurrences may have a relative trigger in
    /// `rangeStart..<rangeEnd`: for each alarm offset the range shifted back by it (and widened
    /// by ``slack``), those that meet (or come within ``slack``) merged, in order. A series is
    /// then expanded over each range (it seeks there, rules without COUNT in one step) rather
    /// than over everything between the earliest and the latest: an alarm a century before its
    /// event does not make every event of that century be walked.
    static func windows(_ shifts: [(min: Int, max: Int)], rangeStart: Int, rangeEnd: Int, slack: Int = slack) -> [ClosedRange<Int>] {
        // Saturating: a span of `Int.max` (``ReminderMaker/triggerSpan(offset:alarm:)``) wrapped
        // round to a range whose lower bound passed its upper one.
        let ranges = shifts.map { shift in
            rangeStart.saturatingSubtracting(shift.max).saturatingSubtracting(slack)...rangeEnd.saturatingSubtracting(shift.min).saturatingAdding(slack)
        }.sorted { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<Int>] = []
        for range in ranges {
            if let last = merged.last, range.lowerBound <= last.upperBound.saturatingAdding(slack) {
                merged[merged.count - 1] = last.lowerBound...Swift.max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    /// Hands out the reminders one by one, in trigger order.
    public struct Iterator: IteratorProtocol {
        private let maker: ReminderMaker
        /// One expansion per range of ``ReminderExpansion/windows(_:rangeStart:rangeEnd:)``; an
        /// occurrence is read from the one whose share of start instants (`starts`) holds its
        /// start, so that one that overlaps two ranges counts once.
        private struct Window {
            var occurrences: OccurrenceExpansion.Iterator?
            let starts: Range<Int>
            /// The slack its series are read with (``ReminderSlack``): its bound lies that far
            /// below the last start read plus the smallest shift.
            let slack: Int
            /// No trigger of an occurrence not yet read from this window comes before this instant.
            var bound = Int.min
        }
        private var windows: [Window] = []
        private var heap = ReminderHeap()
        private var absolutes: [ReminderHeap.Entry]
        private var absoluteIndex = 0
        private var minShift = 0
        private let heldLimit: Int
        /// The most triggers the merge held at once (for the tests of its bound).
        private(set) var heldMost = 0
        private var sequence = 0
        private let reminderLimit: Int
        private let sources: [String?]
        /// The reminders each series gave so far, by the box its occurrences share (kept alive,
        /// so that its identity cannot be reused).
        private var perSeries: [ObjectIdentifier: (box: AnyObject, count: Int, alarms: ComponentAlarms)] = [:]
        private var limitDiagnostics: [Diagnostic] = []
        private var finalDiagnostics: [Diagnostic] = []

        /// The occurrence expansions' diagnostics (unknown zones, instance limits) so far, and a
        /// `recurrenceLimit` warning for each series whose reminders stopped at the limit.
        public var diagnostics: [Diagnostic] {
            var all = finalDiagnostics
            for window in windows { if let occurrences = window.occurrences { all += occurrences.diagnostics } }
            var unique: [Diagnostic] = []
            for diagnostic in all where !unique.contains(diagnostic) { unique.append(diagnostic) }
            return unique + limitDiagnostics
        }

        init(_ expansion: ReminderExpansion) {
            let rangeStart = Int(expansion.start.timeIntervalSince1970.rounded(.down))
            let rangeEnd = Int(expansion.end.timeIntervalSince1970.rounded(.up))
            let lookups = expansion.calendars.map { OccurrenceExpansion.resolverLookup($0) }
            maker = ReminderMaker(rangeStart: rangeStart, rangeEnd: rangeEnd, viewer: FoundationZone(zone: expansion.viewerTimeZone),
                                  lookups: lookups, includesAcknowledged: expansion.includesAcknowledged)
            reminderLimit = expansion.reminderLimit
            heldLimit = expansion.heldLimit
            sources = expansion.calendars.map(\.source)
            absolutes = maker.absolute(expansion.calendars)
            let shifts = ReminderExpansion.shifts(expansion.calendars)
            minShift = shifts.map(\.min).min() ?? 0
            // The series without nominal days or times read apart are read with no slack: the
            // ranges are the range shifted by the alarms exactly (the two days below it were
            // 172,800 occurrences of a secondly series read for nothing, and the merge's bound two
            // days behind held every reminder). The others, in windows of their own, with it.
            let split = ReminderSlack.split(expansion.calendars, lookups: lookups)
            if split.anyExact {
                let includes = split.anySlack ? split.marks.map { $0.map { !$0 } } : nil
                addWindows(expansion, includes: includes, shifts: shifts, rangeStart: rangeStart, rangeEnd: rangeEnd, slack: 0)
            }
            if split.anySlack {
                addWindows(expansion, includes: split.anyExact ? split.marks : nil, shifts: shifts,
                           rangeStart: rangeStart, rangeEnd: rangeEnd, slack: ReminderExpansion.slack)
            }
        }

        /// The windows of the series `includes` marks (``OccurrenceExpansion/includes``: those of
        /// one slack): one a range of ``ReminderExpansion/windows(_:rangeStart:rangeEnd:slack:)``,
        /// two with a slack.
        private mutating func addWindows(_ expansion: ReminderExpansion, includes: [[Bool]]?, shifts: [(min: Int, max: Int)],
                                         rangeStart: Int, rangeEnd: Int, slack: Int) {
            let ranges = ReminderExpansion.windows(shifts, rangeStart: rangeStart, rangeEnd: rangeEnd, slack: slack)
            for (index, range) in ranges.enumerated() {
                let to = index + 1 < ranges.count ? range.upperBound : Int.max
                let from = index == 0 ? Int.min : ranges[index - 1].upperBound
                guard slack > 0 else {
                    windows.append(Window(occurrences: Self.occurrences(expansion, includes, from: range.lowerBound, to: range.upperBound, slack: 0),
                                          starts: from..<to, slack: 0))
                    continue
                }
                // Two expansions a range: the slack below it (where an occurrence triggers in the
                // range only through a nominal day that a DST change lengthens) and the rest. The
                // instance limit counts from an expansion's start, so that with one expansion the
                // slack's occurrences counted too: a secondly series with an alarm has 172,800 of
                // them, past the limit before the range began, and gave no reminder at all.
                let core = range.lowerBound.saturatingAdding(slack)
                windows.append(Window(occurrences: Self.occurrences(expansion, includes, from: range.lowerBound, to: core, slack: slack),
                                      starts: from..<core, slack: slack))
                windows.append(Window(occurrences: Self.occurrences(expansion, includes, from: core, to: range.upperBound, slack: slack),
                                      starts: core..<to, slack: slack))
            }
        }

        /// The occurrences of the series `includes` marks in a window whose share of start
        /// instants is `from..<to`. The expansion reaches `slack` past its share
        /// (``ReminderExpansion/slack`` for the series that need it), for starts that the
        /// expansion and the alarm anchor read a little apart (floating and all-day times).
        /// Capped: the occurrences a series gives a window are bounded by the instance limit, not
        /// by how many of its instances reach into the window.
        private static func occurrences(_ expansion: ReminderExpansion, _ includes: [[Bool]]?, from: Int, to: Int,
                                        slack: Int) -> OccurrenceExpansion.Iterator {
            var occurrences = OccurrenceExpansion(calendars: expansion.calendars, from: date(from), to: date(to.saturatingAdding(slack)),
                                                  viewerTimeZone: expansion.viewerTimeZone, instanceLimit: expansion.instanceLimit)
            occurrences.includes = includes
            return OccurrenceExpansion.Iterator(occurrences, capped: true)
        }

        private static func date(_ seconds: Int) -> Date {
            // Clamped far outside any calendar (years 0001-9999), so that the Date stays finite.
            Date(timeIntervalSince1970: TimeInterval(Swift.min(Swift.max(seconds, -70_000_000_000), 260_000_000_000)))
        }

        public mutating func next() -> Reminder? {
            // Read occurrences (from the window that lags most) until the heap's first trigger
            // cannot be beaten by a later occurrence's.
            while let index = lagging(), heap.top.map({ $0.trigger >= windows[index].bound }) ?? true {
                guard heap.count < heldLimit else {
                    stopReading()
                    break
                }
                read(from: index)
            }
            let absolute = absoluteIndex < absolutes.count ? absolutes[absoluteIndex] : nil
            // On a tie of trigger and UID, the absolute trigger (of the component) comes before its occurrences'.
            if let absolute, heap.top.map({ ($0.trigger, $0.uid) >= (absolute.trigger, absolute.uid) }) ?? true {
                absoluteIndex += 1
                return absolute.reminder
            }
            return heap.pop()?.reminder
        }

        /// Closes every window at ``heldLimit``: what is held is handed out in order; a reminder
        /// of an occurrence not read could come at or after the lowest bound, named in the warning.
        private mutating func stopReading() {
            let from = windows.filter { $0.occurrences != nil }.map(\.bound).min() ?? Int.min
            for index in windows.indices where windows[index].occurrences != nil {
                finalDiagnostics += windows[index].occurrences!.diagnostics
                windows[index].occurrences = nil
            }
            let instant = ISO8601DateFormatter().string(from: Self.date(from))
            limitDiagnostics.append(Diagnostic(.recurrenceLimit, "held \(heldLimit) reminders at once (the cap of those not yet in order) and read no further: reminders from \(instant) on may be missing",
                                               source: sources.count == 1 ? sources[0] : nil))
        }

        /// The window still open with the lowest bound.
        private func lagging() -> Int? {
            var best: Int?
            for index in windows.indices where windows[index].occurrences != nil {
                if best.map({ windows[index].bound < windows[$0].bound }) ?? true { best = index }
            }
            return best
        }

        /// Reads one occurrence of window `index` and pushes its reminders (those of a series
        /// past ``ReminderExpansion/reminderLimit`` are left out, with a warning).
        private mutating func read(from index: Int) {
            guard let occurrence = windows[index].occurrences!.next() else {
                finalDiagnostics += windows[index].occurrences!.diagnostics
                windows[index].occurrences = nil
                return
            }
            let anchor = AlarmClock.anchor(occurrence.start, viewer: maker.viewer, floating: maker.viewer,
                                           movesDays: false, lookup: maker.lookup(occurrence.calendarIndex))
            windows[index].bound = anchor.utc.saturatingAdding(minShift).saturatingSubtracting(windows[index].slack)
            // Read in the box the series' occurrences share: `occurrence.incidence` copied it.
            guard windows[index].starts.contains(anchor.utc), !occurrence.shared.value.alarms.isEmpty else { return }
            let key = ObjectIdentifier(occurrence.sharedIncidenceKey)
            // The alarms read once for the occurrences that share an incidence (they were read per
            // occurrence: a fifth of `remind` on a secondly series).
            let seen = perSeries[key]
            var given = seen?.count ?? 0
            guard given < reminderLimit else { return }
            let alarms = seen?.alarms ?? ComponentAlarms(occurrence.shared.value)
            let limit = reminderLimit
            let uid = occurrence.shared.value.uid ?? ""
            // Pushed as triggers; each reminder is made when it is handed out (``ReminderHeap/Entry``).
            maker.relativeTriggers(occurrence, alarms: alarms) { index, utc, anchor, k, done in
                guard given < limit else { return }
                heap.push(ReminderHeap.Entry(uid: uid, sequence: sequence, relative: ReminderMaker.RelativeTrigger(
                    occurrence: occurrence, alarm: index, utc: utc, anchor: anchor, repetition: k, acknowledged: done)))
                sequence += 1
                given += 1
            }
            perSeries[key] = (occurrence.sharedIncidenceKey, given, alarms)
            heldMost = Swift.max(heldMost, heap.count)
            if given >= limit {
                let incidence = occurrence.incidence
                limitDiagnostics.append(Diagnostic(.recurrenceLimit, "stopped listing the reminders of the series after \(limit) (the cap of one series' reminders in one range)",
                                                   source: sources.indices.contains(occurrence.calendarIndex) ? sources[occurrence.calendarIndex] : nil,
                                                   line: incidence.line, uid: incidence.uid, property: "VALARM"))
            }
        }
    }
}

extension ICalendar {
    /// The reminders of this calendar's alarms whose triggers fall in `start..<end`, lazily,
    /// in trigger order (see ``ReminderExpansion``).
    public func reminders(from start: Date, to end: Date, viewerTimeZone: TimeZone) -> ReminderExpansion {
        ReminderExpansion(calendars: [self], from: start, to: end, viewerTimeZone: viewerTimeZone)
    }
}
