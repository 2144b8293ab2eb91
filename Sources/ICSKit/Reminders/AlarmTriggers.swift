import Foundation

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

    /// - Parameters:
    ///   - calendars: the calendars the occurrences come from (in the same order as for the expansion).
    ///   - viewerTimeZone: the zone all-day and floating times are read in.
    public init(calendars: [ICalendar], viewerTimeZone: TimeZone) {
        maker = ReminderMaker(rangeStart: Int.min / 4, rangeEnd: Int.max / 4, viewer: FoundationZone(zone: viewerTimeZone),
                              lookups: calendars.map { OccurrenceExpansion.resolverLookup($0) }, includesAcknowledged: true)
    }

    /// Every trigger of the occurrence's alarms, repetitions included, sorted: relative ones
    /// counted from this occurrence, absolute ones as written; none for a cancelled occurrence.
    ///
    /// The triggers of a series are worked out at its first occurrence (once per series, not per
    /// occurrence, ``AlarmTriggerPlan``); each occurrence adds its start or end to them, in its
    /// zone's wall time for alarms that move by nominal days.
    ///
    /// - Complexity: O(a log a) for a triggers.
    public func instants(for occurrence: Occurrence) -> [Date] {
        plans.plan(for: occurrence, maker: maker).instants(for: occurrence, maker: maker)
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

        fileprivate init(plan: AlarmTriggerPlan, maker: ReminderMaker, box: AnyObject, calendarIndex: Int) {
            self.plan = plan
            self.maker = maker
            self.box = box
            self.calendarIndex = calendarIndex
        }

        /// The same instants as ``AlarmTriggers/instants(for:)``, for an occurrence of the series
        /// this was made for (a caller bug otherwise: a precondition).
        ///
        /// - Complexity: O(a log a) for a triggers.
        public func instants(for occurrence: Occurrence) -> [Date] {
            precondition(occurrence.sharedIncidenceKey === box && occurrence.calendarIndex == calendarIndex,
                         "SeriesTriggers.instants(for:): an occurrence of another series")
            return plan.instants(for: occurrence, maker: maker)
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
                       maker: maker, box: occurrence.sharedIncidenceKey, calendarIndex: occurrence.calendarIndex)
    }
}
