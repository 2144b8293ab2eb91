import Foundation

/// Works out the triggers of alarms (RFC 5545 3.8.6.3, RFC 9074) for the reminder expansion:
/// those of relative alarms per occurrence, those of absolute alarms and Thunderbird's snoozes
/// once per component. Only triggers inside `rangeStart..<rangeEnd` are kept.
struct ReminderMaker {
    let rangeStart: Int
    let rangeEnd: Int
    let viewer: any ZoneConverting
    let lookups: [ZoneLookup]
    let includesAcknowledged: Bool
    /// The most repetitions worked out for one trigger (REPEAT is an integer from the file).
    static let repetitionLimit = 10_000

    /// The zone lookup of a calendar.
    func lookup(_ calendarIndex: Int) -> (String) -> (any ZoneConverting)? {
        let lookup = lookups.indices.contains(calendarIndex) ? lookups[calendarIndex] : { _ in nil }
        return { lookup($0) }
    }

    // MARK: Relative triggers, per occurrence

    /// The reminders of the relative alarms of one occurrence (none for a cancelled one).
    func relative(_ occurrence: Occurrence, emit: (Reminder) -> Void) {
        relativeTriggers(occurrence) { index, utc, anchor, k, done in
            emit(RelativeTrigger(occurrence: occurrence, alarm: index, utc: utc, anchor: anchor, repetition: k, acknowledged: done).reminder)
        }
    }

    /// One trigger of a relative alarm of an occurrence, as ``relativeTriggers(_:_:)`` gives it:
    /// what its ``Reminder`` is made from, narrower than the reminder (which copies the incidence
    /// and the alarm), for the expansion's heap to hold until it hands the reminder out.
    struct RelativeTrigger: Sendable {
        let occurrence: Occurrence
        let alarm: Int
        let utc: Int
        let anchor: Int
        let repetition: Int
        let acknowledged: Bool

        /// The reminder.
        var reminder: Reminder {
            let incidence = occurrence.incidence
            let alarm = incidence.alarms[self.alarm]
            return Reminder(alarm: alarm, incidence: incidence, calendarID: occurrence.calendarID,
                            calendarIndex: occurrence.calendarIndex, occurrence: occurrence,
                            recurrenceID: occurrence.recurrenceIDTime, trigger: ReminderMaker.date(utc), anchor: ReminderMaker.date(anchor),
                            repetition: repetition, isAcknowledged: acknowledged, isSnooze: alarm.snoozedAlarmUID != nil)
        }
    }

    /// The triggers of the relative alarms of one occurrence, without building reminders: for each,
    /// the alarm's index, the trigger and its anchor (seconds since 1970), the repetition, and whether
    /// it is acknowledged (those only when ``includesAcknowledged``).
    func relativeTriggers(_ occurrence: Occurrence, _ body: (_ alarm: Int, _ utc: Int, _ anchor: Int, _ repetition: Int, _ acknowledged: Bool) -> Void) {
        // The incidence is borrowed from the box the series' occurrences share, not copied per occurrence.
        guard !occurrence.shared.value.alarms.isEmpty else { return }
        relativeTriggers(occurrence, alarms: ComponentAlarms(occurrence.shared.value), body)
    }

    /// ``relativeTriggers(_:_:)`` with the alarms of the occurrence's incidence read before (once
    /// for the occurrences that share it: ``ReminderExpansion`` keeps them per series).
    func relativeTriggers(_ occurrence: Occurrence, alarms: ComponentAlarms,
                          _ body: (_ alarm: Int, _ utc: Int, _ anchor: Int, _ repetition: Int, _ acknowledged: Bool) -> Void) {
        relativeTriggers(occurrence, of: occurrence.shared.value, alarms: alarms, body)
    }

    private func relativeTriggers(_ occurrence: Occurrence, of incidence: Incidence, alarms: ComponentAlarms,
                                  _ body: (_ alarm: Int, _ utc: Int, _ anchor: Int, _ repetition: Int, _ acknowledged: Bool) -> Void) {
        guard !alarms.alarms.isEmpty else { return }
        firingRelativeAlarms(of: incidence, alarms) { index, offset, fromEnd, movesDays in
            // Triggers that cannot reach the range are not worked out, nor their zone looked up:
            // an occurrence that only reaches into the range shifted by the alarms (it started long
            // before and lasts long) costs no more than its reading.
            let time = fromEnd ? occurrence.end : occurrence.start
            guard reaches(from: AlarmClock.roughInstant(time), offset: offset, alarm: alarms.alarms[index]) else { return }
            let anchor = AlarmClock.anchor(time, viewer: viewer, floating: viewer,
                                           movesDays: movesDays, lookup: lookup(occurrence.calendarIndex))
            let first = anchor.clock.add(offset, to: anchor.utc)
            let acknowledged = alarms.acknowledgement(at: index)
            repetitions(of: alarms.alarms[index], from: first, clock: anchor.clock) { utc, k in
                let done = acknowledged.map { utc <= $0 } ?? false
                if done && !includesAcknowledged { return }
                body(index, utc, anchor.utc, k, done)
            }
        }
    }

    /// Whether an alarm `offset` from the instant `anchor` (rough: ``AlarmClock/roughInstant(_:)``),
    /// with its repetitions, can have a trigger in the range: days counted as 86,400 seconds, off
    /// by less than the ``ReminderExpansion/slack`` allowed on each side.
    func reaches(from anchor: Int, offset: ICSDuration, alarm: Alarm) -> Bool {
        let span = Self.triggerSpan(offset: offset, alarm: alarm)
        return anchor.saturatingAdding(span.last) >= rangeStart.saturatingSubtracting(ReminderExpansion.slack)
            && anchor.saturatingAdding(span.first) < rangeEnd.saturatingAdding(ReminderExpansion.slack)
    }

    /// How far from its anchor (seconds, a day as 86,400) the first and the last trigger of a
    /// relative alarm `offset` lie, its repetitions included (at most ``repetitionLimit``): what
    /// ``reaches(from:offset:alarm:)`` tests and what ``ReminderExpansion`` widens its ranges by.
    /// Saturating: a duration built in code has parts up to ±2,147,483,647 (a file's, nine digits),
    /// so a step of 2,147,483,647 weeks times the repetition limit (about 1.3 × 10^19 s) is past
    /// 64 bits; such a span stays at `Int.max`, out of every range, instead of trapping.
    static func triggerSpan(offset: ICSDuration, alarm: Alarm) -> (first: Int, last: Int) {
        let first = offset.approximateSeconds
        guard let repeats = alarm.repeatCount, repeats > 0, let step = alarm.duration, step.approximateSeconds > 0 else { return (first, first) }
        let repeated = Swift.min(repeats, repetitionLimit).saturatingMultiplied(by: step.approximateSeconds)
        return (first, first.saturatingAdding(repeated))
    }

    /// The relative alarms of `incidence` that fire (none when it is cancelled), in order: each
    /// with its position, its offset, whether it counts from the occurrence's end, and whether it
    /// moves by nominal days (its TRIGGER, or the DURATION between repetitions).
    func firingRelativeAlarms(of incidence: Incidence, _ known: ComponentAlarms? = nil,
                              _ body: (_ index: Int, _ offset: ICSDuration, _ fromEnd: Bool, _ movesDays: Bool) -> Void) {
        guard !incidence.isCancelled else { return }
        let facts = known ?? ComponentAlarms(incidence)
        let alarms = facts.alarms
        for index in alarms.indices {
            guard case .relative(let offset, let toEnd)? = alarms[index].trigger, facts.fires(at: index) else { continue }
            // RFC 5545 3.8.6.3: relative to START needs DTSTART; to END needs an end (DTEND, DUE or DURATION).
            if toEnd {
                if incidence.kind == .todo && incidence.due == nil && incidence.duration == nil { continue }
            } else if incidence.start == nil {
                continue
            }
            // A todo's end is its DUE; without DTSTART the expansion puts the occurrence at DUE.
            let dueAtStart = incidence.kind == .todo && incidence.start == nil
            let step = alarms[index].duration
            let movesDays = offset.nominalDays != 0 || (alarms[index].repeatCount ?? 0 > 0 && step?.nominalDays ?? 0 != 0)
            body(index, offset, toEnd && !dueAtStart, movesDays)
        }
    }

    // MARK: Absolute triggers and snoozes, per component

    /// The reminders that belong to components rather than occurrences: absolute triggers (once,
    /// not per instance) and Thunderbird's snoozes, sorted as the expansion hands them out.
    func absolute(_ calendars: [ICalendar]) -> [ReminderHeap.Entry] {
        var entries: [ReminderHeap.Entry] = []
        var seen = Set<String>()
        for (index, calendar) in calendars.enumerated() {
            let components = calendar.events + calendar.todos
            guard components.contains(where: { !$0.alarms.isEmpty }) else { continue }
            let calendarID = calendar.id
            // Alarm UIDs that an override redefines: the master's alarm of that UID gives way (RFC 9074 section 4).
            var overridden = Set<String>()
            for component in components where component.recurrenceID != nil {
                for alarm in component.alarms { if let uid = alarm.uid { overridden.insert((component.uid ?? "") + "\u{0}" + uid) } }
            }
            // A component another of its UID and RECURRENCE-ID replaces (an edit written beside the
            // original) is not shown, so neither does its alarm go off.
            let replaced = CalDAVLeftovers.replaced(in: calendar.events)
                .union(CalDAVLeftovers.replaced(in: calendar.todos).map { calendar.events.count + $0 })
            for (position, component) in components.enumerated() where !component.isCancelled && !replaced.contains(position) {
                absolute(component, calendarID: calendarID, calendarIndex: index, overridden: overridden) { reminder in
                    // The same alarm copied into overrides fires once.
                    let key = [component.uid ?? "", String(Int(reminder.trigger.timeIntervalSince1970)), String(reminder.repetition),
                               reminder.action.rawValue, reminder.alarm.notes ?? "", reminder.alarm.summary ?? "",
                               reminder.isSnooze ? "s" : ""].joined(separator: "\u{0}")
                    guard seen.insert(key).inserted else { return }
                    entries.append(ReminderHeap.Entry(trigger: Int(reminder.trigger.timeIntervalSince1970), uid: component.uid ?? "",
                                                      sequence: entries.count, reminder: reminder))
                }
            }
        }
        entries.sort(by: <)
        return entries
    }

    private func absolute(_ component: Incidence, calendarID: CalendarID, calendarIndex: Int, overridden: Set<String>, emit: (Reminder) -> Void) {
        guard !component.alarms.isEmpty else { return }
        absoluteTriggers(of: component, calendarID: calendarID, calendarIndex: calendarIndex, overridden: overridden, emit: emit)
        mozillaSnoozes(of: component, calendarID: calendarID, calendarIndex: calendarIndex, emit: emit)
    }

    /// The reminders of a component's absolute alarms (but those whose UID is in `overridden`).
    func absoluteTriggers(of component: Incidence, calendarID: CalendarID, calendarIndex: Int, overridden: Set<String> = [], emit: (Reminder) -> Void) {
        let facts = ComponentAlarms(component)
        let lookup = lookup(calendarIndex)
        let recurrenceID = component.recurrenceID.map { shown($0, lookup: lookup) }
        for (index, alarm) in facts.alarms.enumerated() {
            guard case .absolute(let value)? = alarm.trigger, facts.fires(at: index) else { continue }
            if component.recurrenceID == nil, let uid = alarm.uid, overridden.contains((component.uid ?? "") + "\u{0}" + uid) { continue }
            let first = instant(of: value, lookup: lookup)
            let acknowledged = facts.acknowledgement(at: index)
            repetitions(of: alarm, from: first, clock: AlarmClock(zone: UTCZone())) { utc, k in
                let done = acknowledged.map { utc <= $0 } ?? false
                if done && !includesAcknowledged { return }
                emit(Reminder(alarm: alarm, incidence: component, calendarID: calendarID, calendarIndex: calendarIndex,
                              recurrenceID: recurrenceID,
                              trigger: Self.date(utc), repetition: k, isAcknowledged: done, isSnooze: alarm.snoozedAlarmUID != nil))
            }
        }
    }

    /// Thunderbird: the snoozed alarm rings again at X-MOZ-SNOOZE-TIME(-<instance>); it snoozes the first alarm.
    private func mozillaSnoozes(of component: Incidence, calendarID: CalendarID, calendarIndex: Int, emit: (Reminder) -> Void) {
        let alarms = component.alarms
        let moz = MozillaAlarmState(component)
        let lookup = lookup(calendarIndex)
        let recurrenceID = component.recurrenceID.map { shown($0, lookup: lookup) }
        guard !moz.isEmpty, let alarm = alarms.first(where: { !$0.isNone && $0.trigger != nil }) else { return }
        var snoozes: [(until: Date, recurrenceID: OccurrenceTime?)] = []
        if let until = moz.snooze { snoozes.append((until, recurrenceID)) }
        for (micro, until) in moz.instanceSnoozes {
            let seconds = micro >= 0 ? micro / 1_000_000 : -((-micro + 999_999) / 1_000_000)
            snoozes.append((until, shown(instant: seconds, like: component.start, lookup: lookup)))
        }
        for snooze in snoozes {
            let utc = Int(snooze.until.timeIntervalSince1970)
            guard utc >= rangeStart && utc < rangeEnd else { continue }
            let done = moz.lastAcknowledged.map { snooze.until <= $0 } ?? false
            if done && !includesAcknowledged { continue }
            emit(Reminder(alarm: alarm, incidence: component, calendarID: calendarID, calendarIndex: calendarIndex, recurrenceID: snooze.recurrenceID,
                          trigger: snooze.until, repetition: 0, isAcknowledged: done, isSnooze: true))
        }
    }

    // MARK: Shared rules

    /// Which alarms repeat an earlier one of the same component (nil: none does): neither has a
    /// UID, and the action, trigger, repetitions, summary and description are the same. Feeds
    /// that copy their alarms write such pairs; they would be one notification twice at the same
    /// moment, and their ``ReminderKey`` is one key (the watcher fires it once), so they are
    /// listed once.
    /// - Complexity: O(n) for n alarms (hashed: a component of thousands of copied alarms,
    ///   asked once per occurrence, stays linear).
    static func copies(among alarms: [Alarm]) -> [Bool]? {
        guard alarms.count > 1 else { return nil }
        var flags = [Bool](repeating: false, count: alarms.count)
        var seen = Set<AlarmContent>()
        for index in alarms.indices where alarms[index].uid == nil {
            if !seen.insert(AlarmContent(alarms[index])).inserted { flags[index] = true }
        }
        return flags.contains(true) ? flags : nil
    }

    /// What two copies of one alarm have in common (``copies(among:)``).
    private struct AlarmContent: Hashable {
        let action: AlarmAction?
        let trigger: Alarm.Trigger?
        let repeatCount: Int?
        let duration: ICSDuration?
        let summary: String?
        let notes: String?

        init(_ alarm: Alarm) {
            action = alarm.action
            trigger = alarm.trigger
            repeatCount = alarm.repeatCount
            duration = alarm.duration
            summary = alarm.summary
            notes = alarm.notes
        }
    }

    /// Calls `body` with each trigger (the first, then REPEAT more DURATION apart) that lies in the range.
    func repetitions(of alarm: Alarm, from first: Int, clock: AlarmClock, _ body: (Int, Int) -> Void) {
        var count = 0
        if let repeats = alarm.repeatCount, repeats > 0, let step = alarm.duration, step.approximateSeconds > 0 {
            count = min(repeats, Self.repetitionLimit)
            // Skip what lies before the range without walking it (exact steps only; nominal days are walked).
            var k = 0
            if step.nominalDays == 0, first < rangeStart {
                k = min(count, max(0, (rangeStart - first) / step.exactSeconds - 1))
            }
            while k <= count {
                let utc = k == 0 ? first : clock.add(step, times: k, to: first)
                if utc >= rangeEnd { break }
                if utc >= rangeStart { body(utc, k) }
                k += 1
            }
            return
        }
        if first >= rangeStart && first < rangeEnd { body(first, 0) }
    }

    /// The instant of a TRIGGER;VALUE=DATE-TIME (UTC as RFC 5545 requires; other forms read as the rest of the file is).
    func instant(of value: TimeValue, lookup: (String) -> (any ZoneConverting)?) -> Int {
        switch value {
        case .utc(let t): return t.secondsSinceEpoch
        case .date(let d): return viewer.resolve(CivilDateTime(date: d)).utcSeconds
        case .floating(let t): return viewer.resolve(t).utcSeconds
        case .zoned(let t, let tzid): return (lookup(tzid) ?? viewer).resolve(t).utcSeconds
        }
    }

    /// A RECURRENCE-ID in the form the agenda shows it: a date, a floating time, or an instant
    /// with the offset of its own zone.
    func shown(_ value: TimeValue, lookup: (String) -> (any ZoneConverting)?) -> OccurrenceTime {
        switch value {
        case .date(let d): return .date(d)
        case .floating(let t): return .floating(t)
        case .utc(let t): return .instant(secondsSinceEpoch: t.secondsSinceEpoch, utcOffset: 0, zone: nil)
        case .zoned(let t, let tzid):
            guard let zone = lookup(tzid) else { return .floating(t) }
            let utc = zone.resolve(t).utcSeconds
            return .instant(secondsSinceEpoch: utc, utcOffset: zone.offset(atUTC: utc), zone: zone.identifier)
        }
    }

    /// An instant (Thunderbird's instance id) in the form of the series' DTSTART: a date, a
    /// floating time (both as Thunderbird writes them, at UTC), or an instant in DTSTART's zone.
    func shown(instant seconds: Int, like start: TimeValue?, lookup: (String) -> (any ZoneConverting)?) -> OccurrenceTime {
        switch start {
        case .date?: return .date(CivilDate(daysSinceEpoch: Int((Double(seconds) / 86_400).rounded(.down))))
        case .floating?: return .floating(CivilDateTime(secondsSinceEpoch: seconds))
        case .zoned(_, let tzid)?:
            if let zone = lookup(tzid) {
                return .instant(secondsSinceEpoch: seconds, utcOffset: zone.offset(atUTC: seconds), zone: zone.identifier)
            }
            return .instant(secondsSinceEpoch: seconds, utcOffset: 0, zone: nil)
        default: return .instant(secondsSinceEpoch: seconds, utcOffset: 0, zone: nil)
        }
    }

    static func date(_ utc: Int) -> Date { Date(timeIntervalSince1970: TimeInterval(utc)) }
}
