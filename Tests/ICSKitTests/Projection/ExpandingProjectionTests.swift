import Foundation
import Testing
@testable import ICSKit

private typealias S = ProjectionSupport

/// Projections that expand their own interval. Expected counts are worked out
/// by hand in the comments from the feed, the grid and Berlin's offsets (CEST = UTC+2 from
/// 2024-03-31 01:00Z; CET = UTC+1 before).
@Suite("Projections that expand what they show")
struct ExpandingProjectionTests {
    /// A daily event at 00:30 Berlin time from 1 May to 31 July 2024: one occurrence on every day.
    static let feed = try! ICalendar(parsing: """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//ICSKit tests//EN\r
    BEGIN:VEVENT\r
    UID:night@example.org\r
    DTSTART;TZID=Europe/Berlin:20240501T003000\r
    DURATION:PT30M\r
    RRULE:FREQ=DAILY;UNTIL=20240731T223000Z\r
    SUMMARY:Night shift handover\r
    END:VEVENT\r
    END:VCALENDAR\r

    """, source: "night.ics")

    /// June 2024 in a Sunday-first Berlin grid: 1 June is a Saturday, so six days of May lead
    /// (Sun 26 – Fri 31) and 6 + 30 = 36 cells need six rows, 26 May – Sat 6 July (42 cells).
    static let berlin = S.gregorian("Europe/Berlin")
    static let june = CalendarMonth(year: 2024, month: 6)
    static let options = ProjectionOptions(now: Date(timeIntervalSince1970: TimeInterval(S.utc(2024, 6, 15, 12))),
                                           calendars: [CalendarStyle(feed)])

    /// The README's old recipe expanded June in UTC (1 June 00:00Z – 1 July 00:00Z) for the Berlin
    /// grid. 00:30 CEST is 22:30Z the day before, so that window holds the handovers of 2 June
    /// (1 June 22:30Z) to 1 July (30 June 22:30Z): 30 days. Missed: 1 June (31 May 22:30Z, the
    /// first hours of the month), the six leading days 26–31 May and the trailing 2–6 July: 12 of 42.
    @Test func theOldRecipeMissesTheNeighboursAndTheFirstHours() {
        let start = Date(timeIntervalSince1970: TimeInterval(S.utc(2024, 6, 1)))
        let end = Date(timeIntervalSince1970: TimeInterval(S.utc(2024, 7, 1)))
        let (occurrences, _) = OccurrenceExpansion(calendars: [Self.feed], from: start, to: end,
                                                   viewerTimeZone: Self.berlin.timeZone).collect()
        let old = MonthProjection(month: Self.june, occurrences: occurrences, calendar: Self.berlin, options: Self.options)
        let shown = old.rows.joined().filter(\.state.hasOccurrences).map(\.day)
        #expect(shown.count == 30)
        #expect(shown.first == S.day(2024, 6, 2) && shown.last == S.day(2024, 7, 1))
        #expect(old.item(for: S.day(2024, 6, 1))?.state.hasOccurrences == false)
    }

    /// The new entry point expands the grid's own interval in Berlin: 26 May 00:00 CEST (25 May
    /// 22:00Z) to 7 July 00:00 CEST (6 July 22:00Z), and every one of the 42 cells has its handover.
    @Test func theMonthEntryPointExpandsEveryShownDay() {
        let month = MonthProjection(month: Self.june, calendars: [Self.feed], calendar: Self.berlin, options: Self.options)
        #expect(month.dateInterval == DateInterval(start: Date(timeIntervalSince1970: TimeInterval(S.utc(2024, 5, 25, 22))),
                                                   end: Date(timeIntervalSince1970: TimeInterval(S.utc(2024, 7, 6, 22)))))
        #expect(month.grid.dateInterval == month.dateInterval)
        let items = Array(month.rows.joined())
        #expect(items.count == 42)
        #expect(items.allSatisfy { $0.state.occurrenceCount == 1 })
        #expect(items.first?.day == S.day(2024, 5, 26) && items.last?.day == S.day(2024, 7, 6))
        #expect(month.diagnostics.isEmpty)
        // Occurrences name their calendar by its identity, which the style carries too.
        #expect(items[0].occurrences[0].calendarID == CalendarID(rawValue: "source:night.ics"))
        #expect(items[0].decoration == .default(color: CalendarStyle(Self.feed).resolvedColor(index: 0), size: .small, count: 1))
    }

    /// Neighbours that do not show occurrences are not expanded: only 1–30 June (30 days).
    @Test func hiddenNeighboursAreNotExpanded() {
        var options = Self.options
        options.showsDaysOutsideMonth = false
        let month = MonthProjection(month: Self.june, calendars: [Self.feed], calendar: Self.berlin, options: options)
        #expect(month.rows.joined().filter(\.state.hasOccurrences).count == 30)
    }

    /// The week of Sunday 31 March 2024 (Monday first): Mon 25 – Sun 31 March, from 25 March 00:00 CET
    /// (24 March 23:00Z) to 1 April 00:00 CEST (31 March 22:00Z): 6 days and 23 hours, as the clocks
    /// go forward on the 31st. The feed starts on 1 May: none; a feed of that week: seven.
    @Test func theWeekEntryPointExpandsItsSevenDaysAcrossTheDSTChange() throws {
        let week = WeekProjection(containing: S.day(2024, 3, 31), calendars: [Self.feed], calendar: S.gregorian("Europe/Berlin", firstWeekday: 2),
                                  options: Self.options)
        #expect(week.dateInterval.start == Date(timeIntervalSince1970: TimeInterval(S.utc(2024, 3, 24, 23))))
        #expect(week.dateInterval.duration == 6 * 86_400 + 23 * 3_600)
        #expect(week.days.allSatisfy { $0.state.occurrenceCount == 0 })
        var march = try ICalendar(parsing: Self.feedText(start: "20240301T003000"), source: "march.ics")
        march.name = "March"
        let full = WeekProjection(containing: S.day(2024, 3, 31), calendars: [march], calendar: S.gregorian("Europe/Berlin", firstWeekday: 2),
                                  options: Self.options)
        #expect(full.days.map(\.state.occurrenceCount) == [1, 1, 1, 1, 1, 1, 1])
    }

    /// Several months: the visible days 10 June – 5 July, so 21 + 5 = 26 handovers in all, each on its
    /// day in whichever month's grid shows it, and none on the grid cells outside the visible days.
    @Test func theMultiMonthEntryPointExpandsTheVisibleDays() {
        let months = MultiMonthProjection(visibleDays: S.day(2024, 6, 10)...S.day(2024, 7, 5), axis: .vertical,
                                          calendars: [Self.feed], calendar: Self.berlin, options: Self.options)
        #expect(months.months.map(\.month) == [CalendarMonth(year: 2024, month: 6), CalendarMonth(year: 2024, month: 7)])
        let days = Set(months.months.flatMap { $0.rows.joined().filter(\.state.hasOccurrences).map(\.day) })
        #expect(days.count == 26)
        #expect(days.min() == S.day(2024, 6, 10) && days.max() == S.day(2024, 7, 5))
        // July 2024, Sunday first: 1 July is a Monday; its grid runs 30 June – 3 August (5 rows).
        #expect(months.dateInterval.start == Date(timeIntervalSince1970: TimeInterval(S.utc(2024, 5, 25, 22))))
        #expect(months.dateInterval.end == Date(timeIntervalSince1970: TimeInterval(S.utc(2024, 8, 3, 22))))
    }

    static func feedText(start: String) -> String {
        """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//ICSKit tests//EN\r
        BEGIN:VEVENT\r
        UID:night@example.org\r
        DTSTART;TZID=Europe/Berlin:\(start)\r
        DURATION:PT30M\r
        RRULE:FREQ=DAILY;COUNT=60\r
        SUMMARY:Night shift handover\r
        END:VEVENT\r
        END:VCALENDAR\r

        """
    }
}
