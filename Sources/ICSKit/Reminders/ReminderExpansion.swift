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
/// over the range widened by the largest offsets before and after, and their triggers merged
/// through a heap, so the expansion stays lazy and holds only the triggers that may still come
/// before those of occurrences not yet read.
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
    /// The most occurrences one series may produce (see ``OccurrenceExpansion/instanceLimit``).
    public let instanceLimit: Int

    /// Slack added to the widened range and to the merge's bound: nominal days across DST, and
    /// the difference between an occurrence's sort key and the instant its alarms count from.
    static let slack = 2 * 86_400

    /// Prepares the expansion of the alarms of `calendars` whose triggers fall in `start..<end`.
    ///
    /// - Parameters:
    ///   - calendars: the calendars; each reminder names its own by ``Reminder/calendarID``.
    ///   - start: the start of the range (inclusive).
    ///   - end: the end of the range (exclusive); must not be before `start`.
    ///   - viewerTimeZone: the zone of the viewer, for floating and all-day times.
    ///   - includesAcknowledged: list acknowledged and snoozed-over triggers too (default false).
    ///   - instanceLimit: the most occurrences of one series (default 10,000).
    public init(calendars: [ICalendar], from start: Date, to end: Date, viewerTimeZone: TimeZone,
                includesAcknowledged: Bool = false, instanceLimit: Int = 10_000) {
        precondition(start <= end, "the range ends before it starts")
        self.calendars = calendars
        self.start = start
        self.end = end
        self.viewerTimeZone = viewerTimeZone
        self.includesAcknowledged = includesAcknowledged
        self.instanceLimit = instanceLimit
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

    /// The smallest and largest offset (in seconds, a day as 86,400) of a relative trigger from
    /// its anchor, repetitions included; nil when no alarm is relative.
    static func shifts(_ calendars: [ICalendar]) -> (min: Int, max: Int)? {
        var low = Int.max, high = Int.min
        for calendar in calendars {
            for list in [calendar.events, calendar.todos] {
                for incidence in list {
                    for alarm in incidence.alarms {
                        guard case .relative(let offset, _)? = alarm.trigger, !alarm.isNone else { continue }
                        let first = offset.approximateSeconds
                        var last = first
                        if let repeats = alarm.repeatCount, repeats > 0, let step = alarm.duration, step.approximateSeconds > 0 {
                            last += Swift.min(repeats, ReminderMaker.repetitionLimit) * step.approximateSeconds
                        }
                        low = Swift.min(low, first)
                        high = Swift.max(high, last)
                    }
                }
            }
        }
        return low <= high ? (low, high) : nil
    }

    /// Hands out the reminders one by one, in trigger order.
    public struct Iterator: IteratorProtocol {
        private let maker: ReminderMaker
        private var occurrences: OccurrenceExpansion.Iterator?
        private var heap = ReminderHeap()
        private var absolutes: [ReminderHeap.Entry]
        private var absoluteIndex = 0
        /// No trigger of an occurrence not yet read comes before this instant.
        private var bound = Int.min
        private var minShift = 0
        private var sequence = 0

        /// The occurrence expansion's diagnostics (unknown zones, instance limits) so far.
        public var diagnostics: [Diagnostic] { occurrences?.diagnostics ?? finalDiagnostics }
        private var finalDiagnostics: [Diagnostic] = []

        init(_ expansion: ReminderExpansion) {
            let rangeStart = Int(expansion.start.timeIntervalSince1970.rounded(.down))
            let rangeEnd = Int(expansion.end.timeIntervalSince1970.rounded(.up))
            let lookups = expansion.calendars.map { OccurrenceExpansion.resolverLookup($0) }
            maker = ReminderMaker(rangeStart: rangeStart, rangeEnd: rangeEnd, viewer: FoundationZone(zone: expansion.viewerTimeZone),
                                  lookups: lookups, includesAcknowledged: expansion.includesAcknowledged)
            absolutes = maker.absolute(expansion.calendars)
            if let shifts = ReminderExpansion.shifts(expansion.calendars) {
                minShift = shifts.min
                let from = rangeStart - Swift.max(shifts.max, 0) - ReminderExpansion.slack
                let to = rangeEnd - Swift.min(shifts.min, 0) + ReminderExpansion.slack
                occurrences = OccurrenceExpansion(calendars: expansion.calendars, from: Date(timeIntervalSince1970: TimeInterval(from)),
                                                  to: Date(timeIntervalSince1970: TimeInterval(Swift.max(from, to))),
                                                  viewerTimeZone: expansion.viewerTimeZone,
                                                  instanceLimit: expansion.instanceLimit).makeIterator()
            }
        }

        public mutating func next() -> Reminder? {
            // Read occurrences until the heap's first trigger cannot be beaten by a later occurrence's.
            while var source = occurrences, heap.top.map({ $0.trigger >= bound }) ?? true {
                let next = source.next()
                occurrences = source
                guard let occurrence = next else {
                    finalDiagnostics = source.diagnostics
                    occurrences = nil
                    break
                }
                let anchor = AlarmClock.anchor(occurrence.start, viewer: maker.viewer, floating: maker.viewer,
                                               movesDays: false, lookup: maker.lookup(occurrence.calendarIndex))
                bound = anchor.utc + minShift - ReminderExpansion.slack
                maker.relative(occurrence) { reminder in
                    heap.push(ReminderHeap.Entry(trigger: Int(reminder.trigger.timeIntervalSince1970),
                                                 uid: reminder.incidence.uid ?? "", sequence: sequence, reminder: reminder))
                    sequence += 1
                }
            }
            let absolute = absoluteIndex < absolutes.count ? absolutes[absoluteIndex] : nil
            // On a tie of trigger and UID, the absolute trigger (of the component) comes before its occurrences'.
            if let absolute, heap.top.map({ ($0.trigger, $0.uid) >= (absolute.trigger, absolute.uid) }) ?? true {
                absoluteIndex += 1
                return absolute.reminder
            }
            return heap.pop()?.reminder
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
