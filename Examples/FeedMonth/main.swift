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

// 2. Expand and project: the month's grid expands the calendars over exactly the days it shows
//    (RRULE, RDATE, EXDATE and overrides included, neighbouring days too), in a Gregorian calendar
//    in UTC with weeks from Monday; "today" is the 1st of the month at noon, so that the output is
//    reproducible.
let gregorian: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    calendar.firstWeekday = 2
    return calendar
}()
let now = month.firstDay.startDate(in: gregorian) + 12 * 3_600
let styles = calendars.map(CalendarStyle.init)
let projection = MonthProjection(month: month, calendars: calendars, calendar: gregorian,
                                 options: ProjectionOptions(now: now, calendars: styles))
for diagnostic in projection.diagnostics { print("note: \(diagnostic)") }
print("expanded \(projection.dateInterval.start) ..< \(projection.dateInterval.end)")

print("\(month) — \(calendars.map { $0.name ?? $0.source ?? "?" }.joined(separator: " + "))")
for (index, style) in styles.enumerated() {
    print("  calendar \(index): \(style.name ?? "(unnamed)") \(style.resolvedColor(index: index))")
}

// UICalendarView: calendarView(_:decorationFor:) asks with DateComponents (era, year, month, day).
print("\nUICalendarView decorations (calendarView(_:decorationFor:)):")
for item in projection.rows.joined() where item.state.isInMonth {
    let asked = item.day.dateComponents(in: gregorian)              // what UIKit would pass
    guard let day = CalendarDay(asked, calendar: gregorian),
          let decoration = projection.item(for: day)?.decoration else { continue }
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

// HorizonCalendar: dayRangeItemProvider(for: dateRanges) calls back once per range; each range's
// segments (one per week row) carry their lanes.
print("\nHorizonCalendar day ranges (dayRangeItemProvider(for:)):")
let dateRanges = projection.dayRanges.dateRanges(in: gregorian)
let segments = dateRanges.sorted { $0.lowerBound < $1.lowerBound }
    .flatMap { projection.dayRanges.segments(for: $0, in: gregorian) }
    .sorted { ($0.row, $0.lane) < ($1.row, $1.lane) }
for segment in segments {
    let open = (segment.continuesBefore ? "…" : "[") + "\(segment.days.lowerBound)–\(segment.days.upperBound)" + (segment.continuesAfter ? "…" : "]")
    print("  row \(segment.row) lane \(segment.lane) columns \(segment.columns.lowerBound)–\(segment.columns.upperBound) \(open)  \(segment.occurrence.incidence.summary ?? "?")")
}
