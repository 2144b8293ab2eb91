import Foundation
import Synchronization

/// The triggers of one series' alarms worked out once, for ``AlarmTriggers``: the relative ones
/// as exact offsets from an occurrence's start or end (repetitions included), the absolute ones
/// as the instants they are. Each occurrence then only adds its start or end to the offsets.
///
/// A relative alarm that moves by nominal days (in its TRIGGER, or in a repeated DURATION) is
/// kept as its alarm and offset, and worked out from each occurrence's start or end in that
/// time's own zone, as ``ReminderMaker/relativeTriggers(_:_:)`` does (09:00 the day before stays
/// 09:00 across a change of offset); what does not change between occurrences (which alarms
/// fire, where they count from) is still decided once.
struct AlarmTriggerPlan {
    /// Offsets (seconds) from the occurrence's start, and from its end, of every relative trigger.
    var fromStart: [Int] = []
    var fromEnd: [Int] = []
    /// The absolute triggers (and snoozes), as ``ReminderMaker/absoluteTriggers(of:calendarID:calendarIndex:overridden:emit:)`` gives them.
    var absolute: [Date] = []
    /// The relative alarms that move by nominal days, with their offsets and where they count from.
    var nominal: [(alarm: Alarm, offset: ICSDuration, atEnd: Bool)] = []

    /// The plan of an incidence. Mirrors ``ReminderMaker/relativeTriggers(_:_:)`` with every
    /// trigger kept (acknowledged ones too, as ``AlarmTriggers`` lists them), over a range that
    /// holds every instant.
    init(_ incidence: Incidence, maker: ReminderMaker, calendarID: CalendarID, calendarIndex: Int) {
        precondition(maker.includesAcknowledged, "a plan lists acknowledged triggers too")
        let alarms = incidence.alarms
        var starts: [Int] = [], ends: [Int] = [], nominal: [(alarm: Alarm, offset: ICSDuration, atEnd: Bool)] = []
        maker.firingRelativeAlarms(of: incidence) { index, offset, atEnd, movesDays in
            if movesDays {
                nominal.append((alarms[index], offset, atEnd))
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
        self.nominal = nominal
        guard !incidence.isCancelled else { return }
        if alarms.contains(where: { if case .absolute? = $0.trigger { return true }; return false }) {
            maker.absoluteTriggers(of: incidence, calendarID: calendarID, calendarIndex: calendarIndex) { absolute.append($0.trigger) }
        }
    }

    /// The triggers of an occurrence of the series, sorted; the maker's viewer reads all-day and
    /// floating starts and ends (``AlarmClock/anchor(_:viewer:floating:movesDays:lookup:)``), its
    /// zone lookups the zones whose nominal days the ``nominal`` alarms move in.
    func instants(for occurrence: Occurrence, maker: ReminderMaker) -> [Date] {
        let viewer = maker.viewer
        var found: [Date] = []
        found.reserveCapacity(fromStart.count + fromEnd.count + absolute.count + nominal.count)
        if !nominal.isEmpty {
            // ``ReminderMaker/relativeTriggers(_:_:)``'s own steps for an alarm that moves days.
            let lookup = maker.lookup(occurrence.calendarIndex)
            for (alarm, offset, atEnd) in nominal {
                let anchor = AlarmClock.anchor(atEnd ? occurrence.end : occurrence.start, viewer: viewer, floating: viewer,
                                               movesDays: true, lookup: lookup)
                let first = anchor.clock.add(offset, to: anchor.utc)
                maker.repetitions(of: alarm, from: first, clock: anchor.clock) { utc, _ in
                    found.append(Date(timeIntervalSince1970: TimeInterval(utc)))
                }
            }
        }
        if !fromStart.isEmpty {
            let anchor = Self.anchor(occurrence.start, viewer: viewer)
            for offset in fromStart { found.append(Date(timeIntervalSince1970: TimeInterval(anchor + offset))) }
        }
        if !fromEnd.isEmpty {
            let anchor = Self.anchor(occurrence.end, viewer: viewer)
            for offset in fromEnd { found.append(Date(timeIntervalSince1970: TimeInterval(anchor + offset))) }
        }
        found += absolute
        if found.count > 1 { found.sort() }
        return found
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
        let plan = AlarmTriggerPlan(occurrence.shared.value, maker: maker, calendarID: occurrence.calendarID,
                                    calendarIndex: occurrence.calendarIndex)
        let entry = Entry(box: box, calendarIndex: occurrence.calendarIndex, calendarID: occurrence.calendarID, plan: plan)
        entries.withLock { $0[key] = entry }
        return plan
    }
}
