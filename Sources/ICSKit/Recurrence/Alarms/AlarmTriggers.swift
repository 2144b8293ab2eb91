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
    /// occurrence); those that move by nominal days are then counted from each occurrence in its zone.
    ///
    /// - Complexity: O(a log a) for a triggers.
    public func instants(for occurrence: Occurrence) -> [Date] {
        plans.plan(for: occurrence, maker: maker).instants(for: occurrence, maker: maker)
    }
}
