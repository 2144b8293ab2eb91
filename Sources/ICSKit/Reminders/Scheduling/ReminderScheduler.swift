import Foundation

/// Keeps the alarms of a set of calendars in trigger order and hands out each one once, when it
/// is due: the shared core of a reminder daemon (`icsview remind --watch`) and of apps.
///
/// It reads the time from a ``SchedulerClock`` (``SystemClock``, or a ``ManualClock`` in tests)
/// and the reminders from a ``ReminderExpansion``, which already applies RFC 5545 and RFC 9074:
/// acknowledged triggers (ACKNOWLEDGED, Thunderbird's X-MOZ-LASTACK) and those a snooze alarm
/// replaces are left out, snoozes go off at their own triggers.
///
/// The rules, at each ``advance()``:
/// - every reminder whose trigger lies after the ``FiredReminders/watermark`` (the instant up to
///   which the timeline has been dealt with) and at or before now comes out once, in trigger
///   order (then UID): as **due** when it is no later than the tolerated lateness, else as
///   **missed**; either way it is recorded in ``fired`` and never comes out again;
/// - the tolerated lateness is ``Policy/catchUp`` on the first advance (alarms that went by while
///   nothing was watching) and after a forward wall-clock jump (the machine slept, or its clock
///   was set ahead); between two advances of a running watcher it is also ``Policy/lateness``
///   (a late wake-up is not a missed alarm);
/// - with no watermark (a first start), only the last ``Policy/catchUp`` is looked back over:
///   nothing older is reported missed; with one, at most ``Policy/missedLookback``;
/// - a wall-clock jump is noticed as a disagreement between the wall clock and the monotonic
///   clock of more than ``Policy/jumpTolerance`` (``Batch/clockJump``); after a backward jump
///   the triggers passed again are not fired again (their keys are in ``fired``);
/// - ``replaceCalendars(_:)`` takes refreshed calendars: a new alarm is scheduled, a moved one
///   (its event or TRIGGER changed) goes off at its new time, a removed or newly acknowledged one
///   is dropped. Triggers at or before the watermark that a refresh brings in do not fire.
///
/// ```swift
/// var scheduler = ReminderScheduler(calendars: [calendar], viewerTimeZone: zone,
///                                   fired: try FiredReminders.load(from: statePath))
/// while true {
///     let batch = scheduler.advance()
///     for reminder in batch.due { notify(reminder) }
///     try scheduler.fired.write(to: statePath)
///     sleep(until: scheduler.nextWake)
/// }
/// ```
public struct ReminderScheduler: Sendable {
    /// How late, how far back and how far ahead the scheduler looks.
    public struct Policy: Sendable, Equatable {
        /// Alarms that went by while nothing was watching (or while the machine slept) still go
        /// off when they are no older than this (seconds); older ones are missed. Default 0.
        public var catchUp: TimeInterval
        /// How late a running watcher may wake and still fire an alarm as due (seconds). Default 60.
        public var lateness: TimeInterval
        /// How far back missed alarms are looked for after a stop (seconds). Default 7 days.
        public var missedLookback: TimeInterval
        /// How far ahead reminders are worked out at once (seconds). Default 1 day.
        public var horizon: TimeInterval
        /// The disagreement between the wall clock and the monotonic clock that counts as a jump
        /// (seconds). Default 5.
        public var jumpTolerance: TimeInterval
        /// The most reminders of one series worked out at once, and the most of its occurrences
        /// read for them (``ReminderExpansion/reminderLimit``, ``ReminderExpansion/instanceLimit``).
        /// Default 50,000; lower it where memory is scarce or a look-ahead must stay short.
        public var seriesLimit: Int

        /// A policy; every span in seconds.
        public init(catchUp: TimeInterval = 0, lateness: TimeInterval = 60, missedLookback: TimeInterval = 7 * 86_400,
                    horizon: TimeInterval = 86_400, jumpTolerance: TimeInterval = 5, seriesLimit: Int = 50_000) {
            precondition(catchUp >= 0 && lateness >= 0 && missedLookback >= 0 && horizon > 0 && jumpTolerance >= 0,
                         "a policy's spans are positive")
            precondition(seriesLimit > 0, "the series limit must be positive")
            self.catchUp = catchUp
            self.lateness = lateness
            self.missedLookback = missedLookback
            self.horizon = horizon
            self.jumpTolerance = jumpTolerance
            self.seriesLimit = seriesLimit
        }
    }

    /// What one ``advance()`` found.
    public struct Batch: Sendable {
        /// The wall-clock time of the advance.
        public var now: Date
        /// The reminders to act on now, in trigger order.
        public var due: [Reminder]
        /// The reminders that went by too long ago (beyond the tolerated lateness), in trigger order.
        public var missed: [Reminder]
        /// How far the wall clock moved beyond the monotonic clock since the last advance
        /// (positive: forward, the machine slept or the clock was set ahead); nil when it did not jump.
        public var clockJump: TimeInterval?
    }

    /// The calendars whose alarms are scheduled.
    public private(set) var calendars: [ICalendar]
    /// The zone all-day and floating times are read in.
    public let viewerTimeZone: TimeZone
    /// The spans of catch-up, lateness, look-back and look-ahead.
    public var policy: Policy
    /// What has gone off (or was reported missed), and the watermark: save it to survive a restart.
    public private(set) var fired: FiredReminders
    /// The expansion's diagnostics of the last look-ahead (unknown zones, instance limits).
    public private(set) var diagnostics: [Diagnostic] = []

    private let clock: any SchedulerClock
    /// The reminders with triggers in the window, sorted; those up to the last advance removed.
    private var pending: [Reminder] = []
    private var window: (start: Date, end: Date)?
    private var lastReading: (wall: Date, uptime: TimeInterval)?
    private var hasAdvanced = false

    /// A scheduler of the alarms of `calendars`.
    ///
    /// - Parameters:
    ///   - calendars: the calendars (each reminder names its own, ``Reminder/calendarID``).
    ///   - viewerTimeZone: the zone of the viewer, for all-day and floating times.
    ///   - clock: where the time is read (default: the machine's).
    ///   - policy: catch-up, lateness, look-back and look-ahead.
    ///   - fired: what went off before (a saved set, ``FiredReminders/load(from:)``), default none.
    public init(calendars: [ICalendar], viewerTimeZone: TimeZone, clock: any SchedulerClock = SystemClock(),
                policy: Policy = Policy(), fired: FiredReminders = FiredReminders()) {
        self.calendars = calendars
        self.viewerTimeZone = viewerTimeZone
        self.clock = clock
        self.policy = policy
        self.fired = fired
    }

    /// Takes the time from the clock and hands out what became due since the last advance (see
    /// the rules in the type's description), recording it in ``fired``.
    ///
    /// - Complexity: O(r log r) for the r reminders of the window when it must be worked out
    ///   again (at the first advance, past the window's end, after a refresh or a backward jump),
    ///   else O(d) for the d reminders handed out.
    public mutating func advance() -> Batch {
        let now = clock.now(), uptime = clock.uptime()
        var jump: TimeInterval?
        if let last = lastReading {
            let drift = now.timeIntervalSince(last.wall) - (uptime - last.uptime)
            if abs(drift) > policy.jumpTolerance { jump = drift }
        }
        lastReading = (now, uptime)
        let tolerated = !hasAdvanced || (jump ?? 0) > 0 ? policy.catchUp : max(policy.catchUp, policy.lateness)
        hasAdvanced = true

        let start: Date
        if let watermark = fired.watermark {
            start = max(min(watermark, now), now.addingTimeInterval(-max(policy.missedLookback, policy.catchUp)))
        } else {
            start = now.addingTimeInterval(-policy.catchUp)
        }
        if window.map({ start < $0.start || now >= $0.end }) ?? true {
            lookAhead(from: start, through: now)
        }
        let passed = pending.prefix { $0.trigger <= now }.count
        var batch = Batch(now: now, due: [], missed: [], clockJump: jump)
        for reminder in pending[..<passed] where reminder.trigger >= start {
            guard fired.insert(reminder) else { continue }
            if now.timeIntervalSince(reminder.trigger) <= tolerated {
                batch.due.append(reminder)
            } else {
                batch.missed.append(reminder)
            }
        }
        pending.removeFirst(passed)
        if let end = window?.end { window = (now, end) }
        fired.watermark = now
        fired.prune(before: now.addingTimeInterval(-max(policy.missedLookback, policy.catchUp) - 86_400))
        return batch
    }

    /// When ``advance()`` should next be called: the trigger of the next reminder not yet
    /// fired, else the end of the window looked ahead over (where the next window is worked
    /// out); nil before the first advance.
    ///
    /// - Complexity: O(k) for the k pending reminders that already fired (none but after a
    ///   backward clock jump).
    public var nextWake: Date? {
        guard let window else { return nil }
        return pending.first { !fired.contains($0) }?.trigger ?? window.end
    }

    /// The next reminders after `instant` (exclusive) that have not fired, in trigger order:
    /// at most `limit`, within `within` seconds (default a year).
    ///
    /// - Complexity: the expansion's, lazily: O((n + r) log r) for what is read.
    public func upcoming(after instant: Date, limit: Int, within: TimeInterval = 366 * 86_400) -> [Reminder] {
        precondition(limit >= 0, "a negative limit")
        var found: [Reminder] = []
        guard limit > 0 else { return found }
        var iterator = expansion(from: instant, to: instant.addingTimeInterval(within)).makeIterator()
        while let reminder = iterator.next() {
            guard reminder.trigger > instant, !fired.contains(reminder) else { continue }
            found.append(reminder)
            if found.count == limit { break }
        }
        return found
    }

    /// Takes refreshed calendars: the reminders after the watermark are worked out again, so
    /// that added alarms are scheduled, moved ones move and removed ones are dropped.
    ///
    /// - Complexity: O((n + r) log r), the expansion of the window.
    public mutating func replaceCalendars(_ calendars: [ICalendar]) {
        self.calendars = calendars
        guard let window else { return }
        let from = fired.watermark.map { min($0, window.start) } ?? window.start
        lookAhead(from: from, through: from)
    }

    /// Works out the reminders from `start` to `through` and a horizon beyond.
    private mutating func lookAhead(from start: Date, through: Date) {
        let end = max(start, through).addingTimeInterval(policy.horizon)
        let (reminders, diagnostics) = expansion(from: start, to: end).collect()
        pending = reminders
        self.diagnostics = diagnostics
        window = (start, end)
    }

    /// The reminders of the calendars from `start` to `end`, within the policy's series limit.
    private func expansion(from start: Date, to end: Date) -> ReminderExpansion {
        ReminderExpansion(calendars: calendars, from: start, to: end, viewerTimeZone: viewerTimeZone,
                          instanceLimit: policy.seriesLimit, reminderLimit: policy.seriesLimit)
    }
}
