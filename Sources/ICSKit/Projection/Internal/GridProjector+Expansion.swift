import Foundation

extension GridProjector {
    /// The instants that the day serials `serials` cover in the calendar's zone: from the start of
    /// the first day to the start of the day after the last (23 or 25 hours on a DST day).
    func dateInterval(ofSerials serials: ClosedRange<Int>) -> DateInterval {
        DateInterval(start: arithmetic.startDate(ofSerial: serials.lowerBound),
                     end: arithmetic.startDate(ofSerial: serials.upperBound + 1))
    }

    /// Expands `calendars` over exactly the days `serials` (nil: none) in the calendar's zone, which
    /// is also the zone floating and all-day times are read in.
    ///
    /// - Complexity: that of ``OccurrenceExpansion/collect()`` over the shown days.
    func expand(_ calendars: [ICalendar], on serials: ClosedRange<Int>?) -> (occurrences: [Occurrence], diagnostics: [Diagnostic]) {
        guard let serials, !calendars.isEmpty else { return ([], []) }
        let interval = dateInterval(ofSerials: serials)
        return OccurrenceExpansion(calendars: calendars, from: interval.start, to: interval.end,
                                   viewerTimeZone: calendar.timeZone).collect()
    }
}
