// Compiling this file is the test that no public name clashes with HorizonCalendar's: it imports ICSKit and a module that exports
// HorizonCalendar's public names, and uses names of both unqualified. A clash (ICSKit exporting
// `DayComponents`, `MonthComponents`, `MonthsLayout`, `DayRange`, …) makes it fail to build.
import Foundation
import HorizonCalendar
import ICSKit
import Testing

@Suite struct NamesBesideHorizonCalendarTests {
    static func berlin() -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        calendar.firstWeekday = 2
        calendar.locale = Locale(identifier: "en_US")
        return calendar
    }

    /// Each side's names mean its own types: HorizonCalendar's day holds a month with an era; ours
    /// holds numbers and an era of its own; both read as the same `DateComponents`.
    @Test func bothVocabulariesSideBySide() {
        let horizonMonth: MonthComponents = MonthComponents(era: 1, year: 2024, month: 3)
        let horizonDay: DayComponents = DayComponents(month: horizonMonth, day: 31)
        let ours: CalendarDay = CalendarDay(era: 1, year: 2024, month: 3, day: 31)
        let ourMonth: CalendarMonth = ours.calendarMonth
        #expect(horizonDay.month.era == ourMonth.era)
        #expect((horizonDay.month.year, horizonDay.month.month, horizonDay.day) == (ours.year, ours.month, ours.day))
        let range: DayRange = horizonDay...horizonDay
        #expect(range.lowerBound == horizonDay)
        let axis: MonthsLayout = .vertical
        let ourAxis: MultiMonthProjection.Axis = .vertical
        #expect(axis == MonthsLayout.vertical(options: VerticalMonthsLayoutOptions()))
        #expect(ourAxis.rawValue == "vertical")
        let position: DayOfWeekPosition = .first
        let weekday: Weekday = ours.weekday(in: Self.berlin())
        #expect(position.rawValue == 1)
        #expect(weekday == .sunday) // 2024-03-31 was a Sunday (the day Berlin springs forward)
    }

    /// A month projected by ICSKit, handed to the stand-in's `CalendarViewContent` as HorizonCalendar
    /// takes it: the visible dates as a `ClosedRange<Date>` and a day item per HorizonCalendar day.
    @Test func projectionFeedsACalendarViewContent() {
        let calendar = Self.berlin()
        let march = MonthProjection(month: CalendarMonth(year: 2024, month: 3), occurrences: [], calendar: calendar,
                                    options: ProjectionOptions(now: Date(timeIntervalSince1970: 1_710_000_000)))
        let first = march.firstDay.startDate(in: calendar), last = march.lastDay.startDate(in: calendar)
        let content = CalendarViewContent(calendar: calendar, visibleDateRange: first...last, monthsLayout: .vertical)
            .dayItemProvider { day in
                let ours = CalendarDay(era: day.month.era, year: day.month.year, month: day.month.month, day: day.day)
                return march.rows.joined().first { $0.day == ours }.map { AnyCalendarItemModel(label: "\($0.day)") }
            }
        // Monday-first March 2024: 1 March is a Friday, so four days of February lead (26–29) and
        // 4 + 31 = 35 cells fill exactly five rows, Monday 26 February to Sunday 31 March.
        #expect(march.rows.count == 5)
        #expect(content.visibleDateRange.lowerBound == Date(timeIntervalSince1970: 1_708_902_000)) // 2024-02-26 00:00 CET
        let item = content.dayItemProvider(DayComponents(month: MonthComponents(era: 1, year: 2024, month: 3), day: 31))
        #expect(item?.label == "2024-03-31")
        #expect(content.dayItemProvider(DayComponents(month: MonthComponents(era: 1, year: 2024, month: 4), day: 1)) == nil)
    }
}
