// FeedMonth: import a feed, take one month, and print what a UICalendarView (a decoration
// per day) and a HorizonCalendar view (day ranges with lanes) would be given.
//
//   swift run FeedMonth                                  # the bundled sample, June 2024
//   swift run FeedMonth webcal://example.org/team.ics 2024-09
//   swift run FeedMonth team.ics holidays.ics 2024-12   # several calendars overlaid
import Foundation
import ICSKit

var arguments = Array(CommandLine.arguments.dropFirst())
var month = CalendarMonth(year: 2024, month: 6)
if let last = arguments.last, last.count == 7, last.dropFirst(4).first == "-",
   let year = Int(last.prefix(4)), let number = Int(last.suffix(2)), (1...12).contains(number) {
    month = CalendarMonth(year: year, month: number)
    arguments.removeLast()
}

// 1. Import: every argument is a path or a URL, read through the feed cache; no argument: the sample.
var calendars: [ICalendar] = []
do {
    if arguments.isEmpty {
        calendars.append(try ICalendar(parsing: SampleFeed.text, source: "sample"))
    }
    for argument in arguments {
        let update = try await FeedSubscription(argument).refresh()
        if let notice = update.notice() { print("note: \(update.calendar.source ?? argument): \(notice)") }
        if let interval = update.suggestedRefreshInterval { print("refresh \(update.calendar.source ?? argument) every \(interval)") }
        calendars.append(update.calendar)
    }
} catch {
    FileHandle.standardError.write(Data("FeedMonth: \(error)\n".utf8))
    exit(1)
}

// 2. Expand: the occurrences of every calendar over the days the month's grid shows
//    (RRULE, RDATE, EXDATE and overrides included), in a Gregorian calendar in UTC with weeks
//    from Monday; "today" is the 1st of the month at noon, so that the output is reproducible.
let gregorian: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    calendar.firstWeekday = 2
    return calendar
}()
let grid = MonthGrid(month: month, calendar: gregorian)
let gridStart = gregorian.date(from: DateComponents(year: grid.firstDay.year, month: grid.firstDay.month, day: grid.firstDay.day))!
let gridEnd = gregorian.date(byAdding: .day, value: grid.weeks.count * 7, to: gridStart)!
let (occurrences, diagnostics) = OccurrenceExpansion(calendars: calendars, from: gridStart, to: gridEnd,
                                                     viewerTimeZone: gregorian.timeZone).collect()
for diagnostic in diagnostics { print("note: \(diagnostic)") }

// 3. Project the month.
let now = gregorian.date(from: DateComponents(year: month.year, month: month.month, day: 1, hour: 12))!
let styles = calendars.map(CalendarStyle.init)
let projection = MonthProjection(month: month, occurrences: occurrences, calendar: gregorian,
                                 options: ProjectionOptions(now: now, calendars: styles))

print("\(month) — \(calendars.map { $0.name ?? $0.source ?? "?" }.joined(separator: " + "))")
for (index, style) in styles.enumerated() {
    print("  calendar \(index): \(style.name ?? "(unnamed)") \(style.resolvedColor(index: index))")
}

// UICalendarView: calendarView(_:decorationFor:) returns one decoration per day.
print("\nUICalendarView decorations (calendarView(_:decorationFor:)):")
for item in projection.rows.joined() where item.state.isInMonth {
    guard let decoration = item.decoration else { continue }
    let titles = item.occurrences.map { $0.incidence.summary ?? "?" }.joined(separator: ", ")
    switch decoration {
    case .default(let color, let size, let count):
        print("  \(item.day): .default(color: \(color.map { "\($0)" } ?? "nil"), size: .\(size)) ×\(count)  \(titles)")
    case .image(let symbol, _, let size):
        print("  \(item.day): .image(\"\(symbol)\", size: .\(size))  \(titles)")
    case .custom(let payload):
        print("  \(item.day): .customView(\(payload))  \(titles)")
    }
}

// HorizonCalendar: dayRangeItemProvider(for:) gets each range, cut per week row, with its lane.
print("\nHorizonCalendar day ranges (dayRangeItemProvider):")
for segment in projection.dayRanges.segments {
    let open = (segment.continuesBefore ? "…" : "[") + "\(segment.days.lowerBound)–\(segment.days.upperBound)" + (segment.continuesAfter ? "…" : "]")
    print("  row \(segment.row) lane \(segment.lane) columns \(segment.columns.lowerBound)–\(segment.columns.upperBound) \(open)  \(segment.occurrence.incidence.summary ?? "?")")
}
