import Foundation
import Synchronization

/// The trigger instants of one occurrence's alarms, for a list of occurrences (the agenda's
/// `alarms`): the same rules as ``ReminderExpansion``, without a range, acknowledged ones included.
///
/// ```swift
/// let triggers = AlarmTriggers(calendars: [calendar], viewerTimeZone: zone)
/// for occurrence in calendar.occurrences(from: a, to: b, viewerTimeZone: zone) {
///     print(occurrence.incidence.summary ?? "", triggers.instants(for: occurrence))
/// }
/// ```
public struct AlarmTriggers: Sendable {
    private let maker: ReminderMaker
    /// Each series' triggers, worked out at its first occurrence.
    private let plans = AlarmTriggerPlans()
    /// What each series with many triggers an occurrence has listed so far.
    private let budgets: AlarmTriggerBudgets
    /// The most triggers one series lists in all (alarms × repetitions × instances), counted
    /// for series with more than ``AlarmTriggerBudgets/lightPlan`` triggers an occurrence:
    /// past it, its occurrences list no more, and ``diagnostics`` says so.
    public var seriesLimit: Int { budgets.limit }

    /// - Parameters:
    ///   - calendars: the calendars the occurrences come from (in the same order as for the expansion).
    ///   - viewerTimeZone: the zone all-day and floating times are read in.
    ///   - seriesLimit: the most triggers one series lists (default 50,000, as ``ReminderExpansion/reminderLimit``).
    public init(calendars: [ICalendar], viewerTimeZone: TimeZone, seriesLimit: Int = 50_000) {
        maker = ReminderMaker(rangeStart: Int.min / 4, rangeEnd: Int.max / 4, viewer: FoundationZone(zone: viewerTimeZone),
                              lookups: calendars.map { OccurrenceExpansion.resolverLookup($0) }, includesAcknowledged: true)
        budgets = AlarmTriggerBudgets(limit: seriesLimit, sources: calendars.map(\.source))
    }

    /// A `recurrenceLimit` warning for each series whose triggers stopped at ``seriesLimit`` so far.
    public var diagnostics: [Diagnostic] { budgets.diagnostics }

    /// Every trigger of the occurrence's alarms, repetitions included, sorted: relative ones
    /// counted from this occurrence, absolute ones as written; none for a cancelled occurrence.
    ///
    /// The triggers of a series are worked out at its first occurrence (once per series, not per
    /// occurrence, ``AlarmTriggerPlan``); each occurrence adds its start or end to them, in its
    /// zone's wall time for alarms that move by nominal days.
    ///
    /// - Complexity: O(a log a) for a triggers.
    public func instants(for occurrence: Occurrence) -> [Date] {
        budgets.listed(plans.plan(for: occurrence, maker: maker), for: occurrence, maker: maker)
    }
}

// MARK: One series' triggers, held by the caller
// (icsview's agenda JSON holds them beside the series' cached bytes: no shared table per occurrence.)

extension AlarmTriggers {
    /// The triggers of one series' alarms, worked out once (``AlarmTriggers/series(of:)``), for a
    /// caller that keeps something per series anyway: each occurrence of the series then asks it
    /// directly, without the locked table of plans that ``AlarmTriggers/instants(for:)`` looks in.
    ///
    /// A class, so that a holder's every read of it is one reference: as a struct, each read
    /// from a class property copied the plan's arrays, the maker and the box, and destroyed the
    /// copy after (13M instructions of the 10,000-event benchmark's one-year agenda). Its
    /// properties are constants: it is never changed once made.
    public final class SeriesTriggers {
        private let plan: AlarmTriggerPlan
        private let maker: ReminderMaker
        /// The component box the series' occurrences share (kept alive, compared by identity).
        private let box: AnyObject
        private let calendarIndex: Int
        private let budgets: AlarmTriggerBudgets

        fileprivate init(plan: AlarmTriggerPlan, maker: ReminderMaker, box: AnyObject, calendarIndex: Int, budgets: AlarmTriggerBudgets) {
            self.plan = plan
            self.maker = maker
            self.box = box
            self.calendarIndex = calendarIndex
            self.budgets = budgets
        }

        /// The same instants as ``AlarmTriggers/instants(for:)``, for an occurrence of the series
        /// this was made for (a caller bug otherwise: a precondition).
        ///
        /// - Complexity: O(a log a) for a triggers.
        public func instants(for occurrence: Occurrence) -> [Date] {
            precondition(occurrence.sharedIncidenceKey === box && occurrence.calendarIndex == calendarIndex,
                         "SeriesTriggers.instants(for:): an occurrence of another series")
            return budgets.listed(plan, for: occurrence, maker: maker)
        }
    }

    /// The triggers of the series that `occurrence` is an instance of (of the component its
    /// instances share: an override is a series of its own), worked out now and not kept.
    ///
    /// ```swift
    /// let series = triggers.series(of: first)
    /// for occurrence in instancesOfTheSameSeries { print(series.instants(for: occurrence)) }
    /// ```
    /// - Complexity: O(a) for a alarms.
    public func series(of occurrence: Occurrence) -> SeriesTriggers {
        SeriesTriggers(plan: AlarmTriggerPlan(occurrence.shared.value, first: occurrence, maker: maker, calendarID: occurrence.calendarID,
                                              calendarIndex: occurrence.calendarIndex),
                       maker: maker, box: occurrence.sharedIncidenceKey, calendarIndex: occurrence.calendarIndex, budgets: budgets)
    }
}

/// The triggers listed so far by each series with many triggers an occurrence, for
/// ``AlarmTriggers/seriesLimit``: a REPEAT in the millions (at most
/// ``ReminderMaker/repetitionLimit`` worked out) on a minutely series would otherwise list ten
/// thousand instants for each of its instances. Series with few triggers an occurrence (the
/// usual one to three) never reach the table.
///
/// Sendable notes: the table lives behind a `Mutex`; the boxes are only kept alive and compared by identity.
final class AlarmTriggerBudgets: @unchecked Sendable {
    /// Up to this many triggers an occurrence, a series is not counted.
    static let lightPlan = 16

    let limit: Int
    private let sources: [String?]
    private struct State: @unchecked Sendable {
        // Sendable notes: the boxes are never read, only kept alive (their identities are the keys).
        var given: [ObjectIdentifier: (box: AnyObject, count: Int)] = [:]
        var diagnostics: [Diagnostic] = []
        /// The series already reported.
        var cut: Set<ObjectIdentifier> = []
    }
    private let state = Mutex(State())

    init(limit: Int, sources: [String?]) {
        precondition(limit > 0, "the trigger limit must be positive")
        self.limit = limit
        self.sources = sources
    }

    var diagnostics: [Diagnostic] { state.withLock { $0.diagnostics } }

    /// The plan's instants for `occurrence`, at most what its series has left of the limit.
    func listed(_ plan: AlarmTriggerPlan, for occurrence: Occurrence, maker: ReminderMaker) -> [Date] {
        guard plan.triggerCount > Self.lightPlan else { return plan.instants(for: occurrence, maker: maker) }
        let box = occurrence.sharedIncidenceKey
        let key = ObjectIdentifier(box)
        let allowed = state.withLock { state -> Int in
            let given = state.given[key]?.count ?? 0
            let allowed = min(plan.triggerCount, limit - given)
            state.given[key] = (box, given + allowed)
            if allowed < plan.triggerCount && state.cut.insert(key).inserted {
                let incidence = occurrence.incidence
                let index = occurrence.calendarIndex
                state.diagnostics.append(Diagnostic(.recurrenceLimit,
                    "stopped listing the alarm triggers of the series after \(limit) (the cap of one series' triggers in one view)",
                    source: sources.indices.contains(index) ? sources[index] : nil, line: incidence.line, uid: incidence.uid,
                    property: "VALARM"))
            }
            return allowed
        }
        guard allowed > 0 else { return [] }
        let all = plan.instants(for: occurrence, maker: maker)
        return allowed >= all.count ? all : Array(all.prefix(allowed))
    }
}
