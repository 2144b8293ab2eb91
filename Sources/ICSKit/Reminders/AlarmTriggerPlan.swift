import Foundation
import Synchronization

/// The triggers of one series' alarms worked out once, for ``AlarmTriggers``: the relative ones
/// as exact offsets from an occurrence's start or end (repetitions included), the absolute ones
/// as the instants they are. Each occurrence then only adds its start or end to the offsets.
///
/// Relative alarms that move by nominal days (in the TRIGGER, or in a repeated DURATION) read
/// the wall time of the occurrence's zone, which changes offset across the year: those are kept
/// as durations (``moving``) and added per occurrence, in the zone of the occurrence's start or
/// end, found by name once per plan (``anchorZone``) instead of once per occurrence, as
/// ``ReminderMaker/relativeTriggers(_:_:)`` does.
struct AlarmTriggerPlan {
    /// Offsets (seconds) from the occurrence's start, and from its end, of every relative trigger
    /// that moves by exact seconds alone.
    var fromStart: [Int] = []
    var fromEnd: [Int] = []
    /// A relative alarm that moves by nominal days: its TRIGGER, whether it counts from the end,
    /// and its repetitions (REPEAT more, DURATION apart).
    struct Moving {
        var offset: ICSDuration
        var atEnd: Bool
        var repeats: Int
        var step: ICSDuration?
    }
    var moving: [Moving] = []
    /// The zone that an instant of the series names, found by name once (the first occurrence's):
    /// nil when the series' instants name none. `zone` is nil when the name resolves to nothing
    /// (the occurrence's own fixed offset is used then, as ``AlarmClock/anchor(_:viewer:floating:movesDays:lookup:)`` does).
    var anchorZone: AnchorZone?
    /// A zone name and what it resolves to: a class, so that reading it for each occurrence
    /// copies one reference (as a tuple, each read copied the name and the zone: about 600
    /// instructions an occurrence with a moving alarm).
    final class AnchorZone: Sendable {
        let name: String
        let zone: (any ZoneConverting)?

        init(name: String, zone: (any ZoneConverting)?) {
            self.name = name
            self.zone = zone
        }
    }
    /// The absolute triggers (and snoozes), as ``ReminderMaker/absoluteTriggers(of:calendarID:calendarIndex:overridden:emit:)`` gives them.
    var absolute: [Date] = []

    /// How many instants ``instants(for:maker:)`` gives an occurrence.
    /// - Complexity: O(m) for m alarms that move by nominal days (usually none).
    var triggerCount: Int {
        var count = fromStart.count + fromEnd.count + absolute.count
        for alarm in moving { count += 1 + alarm.repeats }
        return count
    }

    /// The plan of an incidence, whose first occurrence (for the zone of its instants) is `first`.
    /// Mirrors ``ReminderMaker/relativeTriggers(_:_:)`` with every trigger kept (acknowledged ones
    /// too, as ``AlarmTriggers`` lists them), over a range that holds every instant.
    init(_ incidence: Incidence, first: Occurrence? = nil, maker: ReminderMaker, calendarID: CalendarID, calendarIndex: Int) {
        precondition(maker.includesAcknowledged, "a plan lists acknowledged triggers too")
        let alarms = incidence.alarms
        var starts: [Int] = [], ends: [Int] = [], moving: [Moving] = []
        maker.firingRelativeAlarms(of: incidence) { index, offset, atEnd, nominal in
            if nominal {
                let repeats = alarms[index].repeatCount ?? 0
                let step = alarms[index].duration
                // ``ReminderMaker/repetitions(of:from:clock:_:)``: REPEAT more, DURATION apart, at most its limit.
                let counted = repeats > 0 && (step?.approximateSeconds ?? 0) > 0 ? min(repeats, ReminderMaker.repetitionLimit) : 0
                moving.append(Moving(offset: offset, atEnd: atEnd, repeats: counted, step: step))
                return
            }
            var offsets = [offset.exactSeconds]
            if let repeats = alarms[index].repeatCount, repeats > 0, let step = alarms[index].duration, step.approximateSeconds > 0 {
                // ``ReminderMaker/repetitions(of:from:clock:_:)``: REPEAT more, DURATION apart, at most its limit.
                for k in 1...min(repeats, ReminderMaker.repetitionLimit) { offsets.append(offset.exactSeconds + k * step.exactSeconds) }
            }
            if atEnd { ends += offsets } else { starts += offsets }
        }
        fromStart = starts
        fromEnd = ends
        self.moving = moving
        if !moving.isEmpty, let first {
            for time in [first.start, first.end] {
                if case .instant(_, _, let name?) = time {
                    anchorZone = AnchorZone(name: name, zone: maker.lookup(calendarIndex)(name))
                    break
                }
            }
        }
        guard !incidence.isCancelled else { return }
        if alarms.contains(where: { if case .absolute? = $0.trigger { return true }; return false }) {
            maker.absoluteTriggers(of: incidence, calendarID: calendarID, calendarIndex: calendarIndex) { absolute.append($0.trigger) }
        }
    }

    /// The triggers of an occurrence of the series, sorted; `maker`'s viewer reads all-day and
    /// floating starts and ends (``AlarmClock/anchor(_:viewer:floating:movesDays:lookup:)``).
    func instants(for occurrence: Occurrence, maker: ReminderMaker) -> [Date] {
        // `maker.viewer` is read where it is used, not bound first: a binding copies the existential.
        var found: [Date] = []
        found.reserveCapacity(fromStart.count + fromEnd.count + moving.count + absolute.count)
        if !fromStart.isEmpty {
            let anchor = Self.anchor(occurrence.start, viewer: maker.viewer)
            for offset in fromStart { found.append(Date(timeIntervalSince1970: TimeInterval(anchor + offset))) }
        }
        if !fromEnd.isEmpty {
            let anchor = Self.anchor(occurrence.end, viewer: maker.viewer)
            for offset in fromEnd { found.append(Date(timeIntervalSince1970: TimeInterval(anchor + offset))) }
        }
        for alarm in moving {
            let anchor = movingAnchor(alarm.atEnd ? occurrence.end : occurrence.start, occurrence: occurrence, maker: maker)
            let first = anchor.clock.add(alarm.offset, to: anchor.utc)
            found.append(Date(timeIntervalSince1970: TimeInterval(first)))
            if alarm.repeats > 0, let step = alarm.step {
                for k in 1...alarm.repeats {
                    found.append(Date(timeIntervalSince1970: TimeInterval(anchor.clock.add(step, times: k, to: first))))
                }
            }
        }
        found += absolute
        if found.count > 1 { found.sort() }
        return found
    }

    /// ``AlarmClock/anchor(_:viewer:floating:movesDays:lookup:)`` with nominal days, the zone of
    /// the plan's name taken from the plan.
    private func movingAnchor(_ time: OccurrenceTime, occurrence: Occurrence, maker: ReminderMaker) -> (utc: Int, clock: AlarmClock) {
        if case .instant(let seconds, let offset, let name?) = time, let anchorZone, anchorZone.name == name {
            return (seconds, AlarmClock(zone: anchorZone.zone ?? FixedOffsetZone(offset: offset)))
        }
        return AlarmClock.anchor(time, viewer: maker.viewer, floating: maker.viewer, movesDays: true,
                                 lookup: maker.lookup(occurrence.calendarIndex))
    }

    /// The instant a start or end denotes: an instant as it is, a date at its midnight and a floating time in `viewer`.
    static func anchor(_ time: OccurrenceTime, viewer: any ZoneConverting) -> Int {
        switch time {
        case .instant(let seconds, _, _): return seconds
        case .date(let d): return viewer.resolve(CivilDateTime(date: d)).utcSeconds
        case .floating(let t): return viewer.resolve(t).utcSeconds
        }
    }
}

/// The plans of the series seen so far, by the box their occurrences share
/// (``Occurrence/sharedIncidenceKey``), which each entry holds: a box kept alive cannot be
/// freed and its identity reused, nor written in place (see ``Occurrence/sharedIncidenceKey``).
/// One entry per series of the expansion: no more than the calendars hold.
///
/// Sendable notes: the entries live behind a `Mutex`; the boxes are only compared by identity.
final class AlarmTriggerPlans: Sendable {
    private struct Entry: @unchecked Sendable {
        // Sendable notes: `box` is never read, only kept alive (its identity is the key).
        let box: AnyObject
        let calendarIndex: Int
        let calendarID: CalendarID
        let plan: AlarmTriggerPlan
    }

    private let entries = Mutex<[ObjectIdentifier: Entry]>([:])

    /// The plan of the occurrence's series (made at its first occurrence).
    func plan(for occurrence: Occurrence, maker: ReminderMaker) -> AlarmTriggerPlan {
        let box = occurrence.sharedIncidenceKey
        let key = ObjectIdentifier(box)
        if let entry = entries.withLock({ $0[key] }),
           entry.calendarIndex == occurrence.calendarIndex, entry.calendarID == occurrence.calendarID {
            return entry.plan
        }
        let plan = AlarmTriggerPlan(occurrence.shared.value, first: occurrence, maker: maker, calendarID: occurrence.calendarID,
                                    calendarIndex: occurrence.calendarIndex)
        let entry = Entry(box: box, calendarIndex: occurrence.calendarIndex, calendarID: occurrence.calendarID, plan: plan)
        entries.withLock { $0[key] = entry }
        return plan
    }
}
