import Foundation
import ICSKit

/// `--month --format json`: the projection of one month as one JSON object, whose integers
/// index into its `occurrences` (the same objects as `--agenda --format json`).
enum MonthJSON {
    static func object(_ month: MonthProjection, occurrences: [Occurrence], calendars: [ICalendar], calendar: Calendar) -> JSON {
        // The projection was given `occurrences`: days and ranges name them by the positions it kept.
        // A day lists at most the projection's cap; `eventCount` counts them all. A week's
        // `hiddenRanges` counts, per column, the range segments past the lane cap (not listed).
        let weeks: [JSON] = month.rows.enumerated().map { row, items in
            .object([
                ("weekNumber", .int(month.weekNumbers[row])),
                ("days", .array(items.map { item in
                    .object([
                        ("date", .string(item.day.description)),
                        ("inMonth", .bool(item.state.isInMonth)),
                        ("isToday", .bool(item.state.isToday)),
                        ("isWeekend", .bool(item.state.isWeekend)),
                        ("eventCount", .int(item.state.eventCount)),
                        ("occurrences", .array(item.occurrenceIndices.map(JSON.int))),
                        ("decoration", decoration(item.decoration)),
                    ])
                })),
                ("hiddenRanges", .array(month.dayRanges.hiddenCounts[row].map(JSON.int))),
            ])
        }
        let ranges: [JSON] = Dictionary(grouping: month.dayRanges.segments, by: \.occurrenceIndex)
            .sorted { $0.key < $1.key }
            .map { _, segments in
                let first = segments[0]
                return .object([
                    ("occurrence", .int(first.occurrenceIndex)),
                    ("start", .string(first.range.lowerBound.description)),
                    ("end", .string(first.range.upperBound.description)),
                    ("segments", .array(segments.sorted { $0.row < $1.row }.map { segment in
                        .object([
                            ("week", .int(segment.row)),
                            ("startColumn", .int(segment.columns.lowerBound)),
                            ("endColumn", .int(segment.columns.upperBound)),
                            ("lane", .int(segment.lane)),
                        ])
                    })),
                ])
            }
        let m = month.month
        return .object([
            ("month", .string("\(m.year)-\(m.month < 10 ? "0" : "")\(m.month)")),
            ("firstWeekday", .int(month.firstWeekday.rawValue)),
            ("weekdaySymbols", .array(month.weekdaySymbols.map { .string($0.short) })),
            ("weeks", .array(weeks)),
            ("dayRanges", .array(ranges)),
            ("occurrences", .array(occurrences.map { OccurrenceJSON.object($0, calendars: calendars) })),
        ])
    }

    static func decoration(_ decoration: DayDecoration?) -> JSON {
        switch decoration {
        case nil: return .null
        case .default(let color, let size, let count)?:
            return .object([("kind", .string("default")), ("color", color.map { .string($0.description) } ?? .null),
                            ("size", .string(size.rawValue)), ("count", .int(count))])
        case .image(let symbol, let color, let size)?:
            return .object([("kind", .string("image")), ("symbol", .string(symbol)),
                            ("color", color.map { .string($0.description) } ?? .null), ("size", .string(size.rawValue))])
        case .custom(let payload)?:
            return .object([("kind", .string("custom")), ("payload", .string(payload))])
        }
    }
}
