import Foundation
import ICSKit

/// `--month --format json`: the projection of one month as one JSON object, whose integers
/// index into its `occurrences` (the same objects as `--agenda --format json`).
enum MonthJSON {
    /// Writes the object piece by piece through `emit` (which may flush each piece to stdout):
    /// the grid, then each occurrence's object as it is made, then `limits`. Memory holds one
    /// occurrence's text at a time, not the month's: a long title on a frequent series is
    /// written 10,000 times, never held 10,000 times. The bytes are those of one object.
    /// - Parameter limits: the series that stopped at the instance limit: listed under `limits`
    ///   (present only then) with those whose alarm triggers stopped at theirs, as text lists them on stderr.
    static func write(_ month: MonthProjection, occurrences: [Occurrence], limits: [Diagnostic] = [],
                      context: OccurrenceJSON.Context, cache: inout SeriesJSONCache,
                      emit: ((inout JSONBytes) -> Void) -> Void) {
        // The projection was given `occurrences`: days and ranges name them by the positions it kept.
        // A day lists at most the projection's cap; `eventCount` counts them all. A week's
        // `hiddenRanges` counts, per column, the range segments past the lane cap (not listed).
        let weeks: [JSON] = month.rows.enumerated().map { row, items in
            .object([
                ("weekNumber", .int(month.grid.weeks[row].weekNumber)),
                ("days", .array(items.map { day($0, index: { $0 }, names: context.names) })),
                ("hiddenRanges", .array(month.dayRanges.hiddenCounts[row].map(JSON.int))),
            ])
        }
        let m = month.grid.month
        let grid = JSON.object([
            ("month", .string("\(m.year)-\(m.month < 10 ? "0" : "")\(m.month)")),
            ("firstWeekday", .int(month.grid.firstWeekday.rawValue)),
            ("weekdaySymbols", .array(month.grid.weekdaySymbols.map { .string($0.short) })),
            ("weeks", .array(weeks)),
            ("dayRanges", dayRanges(month.dayRanges, index: { $0 })),
        ])
        emit { out in
            // `{…the grid…` without its closing brace, then the occurrences.
            var head = JSONBytes()
            grid.write(to: &head)
            out.append(Array(head.bytes.dropLast()))
            out.literal(#","occurrences":["#)
        }
        var scratch = JSONBytes(capacity: 4096)
        for index in occurrences.indices {
            emit { out in
                if index > 0 { out.byte(UInt8(ascii: ",")) }
                OccurrenceJSON.write(occurrences[index], context: context, cache: &cache, scratch: &scratch, to: &out)
            }
        }
        // After the occurrences: their alarms may stop at the series' trigger limit, said under `limits` too.
        let cut = limits + context.triggers.diagnostics
        emit { out in
            out.byte(UInt8(ascii: "]"))
            if !cut.isEmpty {
                out.literal(#","limits":"#)
                JSON.array(cut.map(SummaryRenderer.diagnosticJSON)).write(to: &out)
            }
            out.byte(UInt8(ascii: "}"))
        }
    }

    /// The object of one day of a month or a week; `index` maps the projection's occurrence
    /// positions to the positions in the object's `occurrences`; `names` are the calendars'
    /// `calendar` values (by position), for the day's `calendars`: a dot per calendar, each
    /// with the calendar's colour and how many of the day's occurrences are its.
    static func day(_ item: DayItem, index: (Int) -> Int, names: [String?]) -> JSON {
        .object([
            ("date", .string(item.day.description)),
            ("weekday", .int(item.weekday.rawValue)),
            ("inMonth", .bool(item.state.isInMonth)),
            ("isToday", .bool(item.state.isToday)),
            ("isSelected", .bool(item.state.isSelected)),
            ("isEnabled", .bool(item.state.isEnabled)),
            ("isWeekend", .bool(item.state.isWeekend)),
            ("occurrenceCount", .int(item.state.occurrenceCount)),
            ("occurrences", .array(item.occurrenceIndices.map { .int(index($0)) })),
            ("decoration", decoration(item.decoration)),
            ("calendars", .array(item.calendarDots.map { dot in
                let name = names.indices.contains(dot.calendarIndex) ? names[dot.calendarIndex] : nil
                return .object([("calendar", name.map(JSON.string) ?? .null), ("color", .string(dot.color.description)),
                                ("count", .int(dot.count))])
            })),
        ])
    }

    /// The multi-day ranges: per occurrence its clipped days and one segment per week row.
    static func dayRanges(_ layout: DayRangeLayout, index: (Int) -> Int) -> JSON {
        .array(Dictionary(grouping: layout.segments, by: \.occurrenceIndex)
            .sorted { $0.key < $1.key }
            .map { _, segments in
                let first = segments[0]
                return .object([
                    ("occurrence", .int(index(first.occurrenceIndex))),
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
            })
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
