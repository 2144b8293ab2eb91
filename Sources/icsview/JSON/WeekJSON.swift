import Foundation
import ICSKit

/// `--week --format json`: the projection of one week as one JSON object, shaped like the
/// month's (``MonthJSON``): its seven day objects and its day ranges index into its own
/// `occurrences`, which are the occurrences shown on the week's days, by start.
enum WeekJSON {
    /// - Parameter occurrences: the list the projection was given (its positions are remapped).
    /// - Parameter limits: the series that stopped at the instance limit: listed under `limits`
    ///   (present only then), as text lists them on stderr.
    static func object(_ week: WeekProjection, occurrences: [Occurrence], limits: [Diagnostic] = [],
                       context: OccurrenceJSON.Context) -> JSON {
        // The projection names occurrences by their position in `occurrences`; the object lists
        // only the week's (`occurrenceIndices`, increasing), so positions are renumbered.
        var renumbered: [Int: Int] = [:]
        for (new, old) in week.occurrenceIndices.enumerated() { renumbered[old] = new }
        let index = { (old: Int) in renumbered[old] ?? -1 }
        // The occurrences first: their alarms may stop at the series' trigger limit, said under `limits` too.
        let objects = week.occurrenceIndices.map { OccurrenceJSON.object(occurrences[$0], context: context) }
        let cut = limits + context.triggers.diagnostics
        var limitsMember: [(String, JSON)] = []
        if !cut.isEmpty { limitsMember.append(("limits", .array(cut.map(SummaryRenderer.diagnosticJSON)))) }
        return .object([
            ("firstDay", .string(week.firstDay.description)),
            ("lastDay", .string(week.lastDay.description)),
            ("weekNumber", .int(week.weekNumber)),
            ("firstWeekday", .int(week.days[0].weekday.rawValue)),
            ("weekdaySymbols", .array(week.weekdaySymbols.map { .string($0.short) })),
            ("days", .array(week.days.map { MonthJSON.day($0, index: index, names: context.names) })),
            ("hiddenRanges", .array((week.dayRanges.hiddenCounts.first ?? []).map(JSON.int))),
            ("dayRanges", MonthJSON.dayRanges(week.dayRanges, index: index)),
            ("occurrences", .array(objects)),
        ] + limitsMember)
    }
}
