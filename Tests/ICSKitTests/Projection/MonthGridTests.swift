import Foundation
import Testing
@testable import ICSKit

@Suite("MonthGrid")
struct MonthGridTests {
    typealias S = ProjectionSupport

    /// Every month from 1900 to 2100 with this first weekday, against Foundation (an independent
    /// implementation): the first cell is the start of Foundation's week of the 1st, the last cell
    /// the last day of the week of the month's last day, and the row count is the number of
    /// Foundation's weeks of the month (`minimumDaysInFirstWeek` 1, so that no week is numbered 0).
    @Test(arguments: 1...7)
    func coversEveryMonthLikeFoundation(firstWeekday: Int) {
        let cal = S.gregorian("America/New_York", firstWeekday: firstWeekday)
        for year in 1900...2100 {
            for monthNumber in 1...12 {
                let month = CalendarMonth(year: year, month: monthNumber)
                let grid = MonthGrid(month: month, calendar: cal)
                let firstOfMonth = month.firstDay.startDate(in: cal) + 43_200
                let lastOfMonth = month.lastDay(in: cal).startDate(in: cal) + 43_200
                let firstWeek = cal.dateInterval(of: .weekOfMonth, for: firstOfMonth)!
                let lastWeek = cal.dateInterval(of: .weekOfMonth, for: lastOfMonth)!
                #expect(grid.firstDay == CalendarDay(containing: firstWeek.start, in: cal))
                #expect(grid.lastDay == CalendarDay(containing: lastWeek.end - 1, in: cal))
                #expect(grid.weeks.count == cal.range(of: .weekOfMonth, in: .month, for: firstOfMonth)!.count)
                #expect(grid.weeks.allSatisfy { $0.cells.count == 7 })
                #expect(grid.weeks[0].cells[0].weekday.rawValue == firstWeekday)
            }
        }
    }

    /// ISO week numbers from the integer rule agree with Foundation's `weekOfYear` for an ISO
    /// calendar, on every row of every month from 1900 to 2100.
    @Test func isoWeekNumbersAgreeWithFoundation() {
        let cal = S.iso()
        for year in 1900...2100 {
            for monthNumber in 1...12 {
                let grid = MonthGrid(month: CalendarMonth(year: year, month: monthNumber), calendar: cal)
                for week in grid.weeks {
                    let thursday = week.cells[3].day.startDate(in: cal) + 43_200
                    #expect(week.weekNumber == cal.component(.weekOfYear, from: thursday))
                }
            }
        }
    }

    // Hand-worked (ISO 8601: a week belongs to the year of its Thursday): 2020 began on a
    // Wednesday, so its week 1 began 2019-12-30 and 2020-12-28 … 2021-01-03 is week 53;
    // 2021-01-04 is the first Monday of week 1 of 2021.
    @Test func isoWeeksAtTheYearBoundary() {
        let cal = S.iso()
        let december = MonthGrid(month: CalendarMonth(year: 2020, month: 12), calendar: cal)
        #expect(december.firstDay == S.day(2020, 11, 30))
        #expect(december.weeks.map(\.weekNumber) == [49, 50, 51, 52, 53])
        let january = MonthGrid(month: CalendarMonth(year: 2021, month: 1), calendar: cal)
        #expect(january.weeks.map(\.weekNumber) == [53, 1, 2, 3, 4])
        #expect(january.weeks[0].cells.map(\.day).contains(S.day(2020, 12, 31)))
        #expect(january.weeks[0].cells[6].day == S.day(2021, 1, 3))
        #expect(january.weeks[1].cells[0].day == S.day(2021, 1, 4))
    }

    // Hand-worked (US: Sunday first, week 1 holds January 1): 2020's week 1 began 2019-12-29;
    // 2020-11-29 is 336 days = 48 weeks later, week 49; the row of 2020-12-27 holds 2021-01-01, week 1.
    @Test func usWeeksAtTheYearBoundary() {
        let cal = S.gregorian()
        let december = MonthGrid(month: CalendarMonth(year: 2020, month: 12), calendar: cal)
        #expect(december.firstDay == S.day(2020, 11, 29))
        #expect(december.weeks.map(\.weekNumber) == [49, 50, 51, 52, 1])
        #expect(december.lastDay == S.day(2021, 1, 2))
    }

    // Hand-worked: 2024-03-01 is a Friday; Monday first, the grid starts 2024-02-26 and
    // ends 2024-03-31 (a Sunday): five rows, four leading days outside the month.
    @Test func marksDaysOutsideTheMonth() {
        let grid = MonthGrid(month: CalendarMonth(year: 2024, month: 3), calendar: S.iso())
        #expect(grid.weeks.count == 5)
        #expect(grid.firstDay == S.day(2024, 2, 26))
        #expect(grid.lastDay == S.day(2024, 3, 31))
        #expect(grid.weeks[0].cells.map(\.isInMonth) == [false, false, false, false, true, true, true])
        #expect(grid.weeks[4].cells.allSatisfy { $0.isInMonth })
        #expect(grid.cell(for: S.day(2024, 3, 14))?.row == 2)
        #expect(grid.cell(for: S.day(2024, 3, 14))?.column == 3)
        #expect(grid.cell(for: S.day(2024, 4, 1)) == nil)
        // Sunday first: 2024-02-25 … 2024-04-06, six rows.
        let us = MonthGrid(month: CalendarMonth(year: 2024, month: 3), calendar: S.gregorian())
        #expect(us.weeks.count == 6)
        #expect(us.firstDay == S.day(2024, 2, 25))
        #expect(us.lastDay == S.day(2024, 4, 6))
        // February 2015 began on a Sunday and has 28 days: exactly four rows.
        #expect(MonthGrid(month: CalendarMonth(year: 2015, month: 2), calendar: S.gregorian()).weeks.count == 4)
    }

    // Expected symbols: CLDR's English stand-alone abbreviated and narrow weekday names.
    @Test func weekdaySymbolsStartAtFirstWeekday() {
        let us = MonthGrid(month: CalendarMonth(year: 2024, month: 3), calendar: S.gregorian())
        #expect(us.weekdaySymbols.map(\.short) == ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"])
        #expect(us.weekdaySymbols.map(\.weekday) == [.sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday])
        let iso = MonthGrid(month: CalendarMonth(year: 2024, month: 3), calendar: S.iso())
        #expect(iso.weekdaySymbols.map(\.short) == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
        #expect(iso.weekdaySymbols.map(\.veryShort) == ["M", "T", "W", "T", "F", "S", "S"])
        let saturday = MonthGrid(month: CalendarMonth(year: 2024, month: 3), calendar: S.gregorian(firstWeekday: 7))
        #expect(saturday.weekdaySymbols.map(\.weekday.rawValue) == [7, 1, 2, 3, 4, 5, 6])
        #expect(saturday.weeks[0].cells[0].day == S.day(2024, 2, 24))
    }

    /// A Hebrew month laid out through Foundation: its days, in order, fill the in-month cells.
    @Test func hebrewMonth() {
        var cal = Calendar(identifier: .hebrew)
        cal.timeZone = TimeZone(identifier: "Asia/Jerusalem")!
        cal.locale = Locale(identifier: "en_US")
        let month = CalendarMonth(containing: Date(timeIntervalSince1970: TimeInterval(S.utc(2024, 3, 20, 12))), in: cal)
        let grid = MonthGrid(month: month, calendar: cal)
        let inMonth = grid.weeks.flatMap(\.cells).filter(\.isInMonth).map(\.day)
        #expect(inMonth == CalendarDay.days(in: month.days(in: cal), calendar: cal))
        #expect(inMonth.count == month.numberOfDays(in: cal))
        #expect(grid.weeks[0].cells[0].weekday.rawValue == cal.firstWeekday)
    }
}
