import Foundation
import Testing
@testable import ICSKit

@Suite("CalendarDay")
struct CalendarDayTests {
    typealias S = ProjectionSupport

    @Test func ordersByYearMonthDay() {
        #expect(S.day(2023, 12, 31) < S.day(2024, 1, 1))
        #expect(S.day(2024, 1, 31) < S.day(2024, 2, 1))
        #expect(CalendarMonth(year: 2023, month: 12) < CalendarMonth(year: 2024, month: 1))
        #expect(S.day(2024, 3, 10).description == "2024-03-10")
        #expect(S.day(2024, 3, 10).calendarMonth == CalendarMonth(year: 2024, month: 3))
    }

    @Test func codableRoundTrip() throws {
        let day = S.day(2024, 2, 29)
        let data = try JSONEncoder().encode(day)
        #expect(try JSONDecoder().decode(CalendarDay.self, from: data) == day)
    }

    // Hand-worked: 1970-01-01T00:00Z is 1969-12-31 19:00 in New York (EST, -5 h).
    @Test func containingDateUsesTheCalendarZone() {
        #expect(CalendarDay(containing: Date(timeIntervalSince1970: 0), in: S.newYork) == S.day(1969, 12, 31))
        #expect(CalendarDay(containing: Date(timeIntervalSince1970: 0), in: S.gregorian()) == S.day(1970, 1, 1))
        // 0.5 s before the epoch is still 1969-12-31 in UTC.
        #expect(CalendarDay(containing: Date(timeIntervalSince1970: -0.5), in: S.gregorian()) == S.day(1969, 12, 31))
    }

    // Hand-worked: New York midnight is 05:00Z in winter, 04:00Z in summer.
    @Test func startDateIsMidnightInTheZone() {
        #expect(S.day(2024, 3, 10).startDate(in: S.newYork) == Date(timeIntervalSince1970: TimeInterval(S.utc(2024, 3, 10, 5))))
        #expect(S.day(2024, 3, 11).startDate(in: S.newYork) == Date(timeIntervalSince1970: TimeInterval(S.utc(2024, 3, 11, 4))))
    }

    // São Paulo skipped 2018-11-04 00:00 (clocks went to 01:00 -02): the day starts at 01:00 = 03:00Z.
    // Checked against Foundation's startOfDay.
    @Test func startDateWhenMidnightIsSkipped() {
        let saoPaulo = S.gregorian("America/Sao_Paulo")
        let start = S.day(2018, 11, 4).startDate(in: saoPaulo)
        #expect(start == Date(timeIntervalSince1970: TimeInterval(S.utc(2018, 11, 4, 3))))
        #expect(start == saoPaulo.startOfDay(for: start + 3600))
    }

    @Test func arithmetic() {
        let cal = S.gregorian()
        #expect(S.day(2024, 2, 28).adding(days: 2, in: cal) == S.day(2024, 3, 1))
        #expect(S.day(2024, 1, 1).adding(days: -1, in: cal) == S.day(2023, 12, 31))
        #expect(S.day(2024, 1, 1).distance(to: S.day(2025, 1, 1), in: cal) == 366)
        #expect(S.day(2024, 3, 10).weekday(in: cal) == .sunday)
        #expect(CalendarDay.days(in: S.day(2024, 2, 28)...S.day(2024, 3, 1), calendar: cal)
            == [S.day(2024, 2, 28), S.day(2024, 2, 29), S.day(2024, 3, 1)])
        #expect(CalendarMonth(year: 2024, month: 11).adding(months: 3, in: cal) == CalendarMonth(year: 2025, month: 2))
        #expect(CalendarMonth(year: 2024, month: 1).adding(months: -13, in: cal) == CalendarMonth(year: 2022, month: 12))
        #expect(CalendarMonth(year: 2024, month: 2).numberOfDays(in: cal) == 29)
        #expect(CalendarMonth(year: 1900, month: 2).numberOfDays(in: cal) == 28)
        #expect(CalendarMonth.months(covering: S.day(2023, 11, 20)...S.day(2024, 2, 1), calendar: cal).map(\.description)
            == ["2023-11", "2023-12", "2024-01", "2024-02"])
    }

    /// Every 7th day from 1900 to 2100, at 3 hours past the day's start in New York: the integer
    /// conversion agrees with Foundation's `dateComponents` (independent implementation).
    @Test func agreesWithFoundationOverTwoCenturies() {
        let cal = S.newYork
        var day = S.day(1900, 1, 1)
        while day.year <= 2100 {
            let date = day.startDate(in: cal) + 3 * 3600
            let parts = cal.dateComponents([.year, .month, .day], from: date)
            #expect(CalendarDay(year: parts.year!, month: parts.month!, day: parts.day!) == day)
            #expect(CalendarDay(containing: date, in: cal) == day)
            #expect(cal.startOfDay(for: date) == day.startDate(in: cal))
            day = day.adding(days: 7, in: cal)
        }
    }

    /// Other calendars go through Foundation: consecutive days agree with Foundation's own stepping.
    @Test(arguments: [Calendar.Identifier.hebrew, .islamicCivil, .persian, .buddhist])
    func otherCalendarsStepLikeFoundation(_ identifier: Calendar.Identifier) {
        var cal = Calendar(identifier: identifier)
        cal.timeZone = TimeZone(identifier: "Europe/Berlin")!
        cal.locale = Locale(identifier: "en_US")
        let start = Date(timeIntervalSince1970: TimeInterval(S.utc(2024, 3, 1, 12)))
        var day = CalendarDay(containing: start, in: cal)
        for offset in 0..<400 {
            let date = cal.date(byAdding: .day, value: offset, to: start)!
            let parts = cal.dateComponents([.era, .year, .month, .day], from: date)
            #expect(day == CalendarDay(era: parts.era!, year: parts.year!, month: parts.month!, day: parts.day!))
            day = day.adding(days: 1, in: cal)
        }
    }

    // Foundation's Gregorian calendar is Julian before 1582-10-15; the day after 1582-10-04 is 1582-10-15.
    @Test func julianCutoverGoesThroughFoundation() {
        let cal = S.gregorian()
        #expect(S.day(1582, 10, 4).adding(days: 1, in: cal) == S.day(1582, 10, 15))
    }
}
