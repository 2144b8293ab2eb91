import Foundation
import Testing
@testable import ICSKit

private typealias S = ProjectionSupport

/// The bridges to Foundation, UIKit and HorizonCalendar. Expected values are
/// worked out by hand from Berlin's offsets (CET = UTC+1; CEST = UTC+2 from 2024-03-31 01:00Z to
/// 2024-10-27 01:00Z) and from Foundation's reading of eras (Gregorian: 1 = AD, 0 = BC).
@Suite("Bridges to DateComponents, DateInterval and date ranges")
struct BridgeTests {
    static let berlin = S.gregorian("Europe/Berlin", firstWeekday: 2)

    static func date(_ seconds: Int) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }

    /// UIKit's `calendarView(_:decorationFor:)` hands calendar, era, year, month and day; an app's
    /// own components often lack the era. Both name the same day; 30 February names none.
    @Test func dayFromDateComponents() {
        var uikit = DateComponents(calendar: Self.berlin, era: 1, year: 2024, month: 3, day: 31)
        #expect(CalendarDay(uikit, calendar: Self.berlin) == CalendarDay(era: 1, year: 2024, month: 3, day: 31))
        let withoutEra = DateComponents(year: 2024, month: 3, day: 31)
        #expect(CalendarDay(withoutEra, calendar: Self.berlin)?.era == 1)
        #expect(CalendarDay(DateComponents(year: 2024, month: 2, day: 30), calendar: Self.berlin) == nil)
        #expect(CalendarDay(DateComponents(year: 2024, month: 2), calendar: Self.berlin) == nil)
        uikit.era = 0 // 31 March 2024 BC: a different day, ordered before AD 1
        let bc = CalendarDay(uikit, calendar: Self.berlin)
        #expect(bc?.era == 0 && bc?.year == 2024)
        #expect(bc! < CalendarDay(year: 1, month: 1, day: 1))
        // 31 December 2025 BC comes a year before 31 March 2024 BC: years count down in era 0.
        #expect(CalendarDay(DateComponents(era: 0, year: 2025, month: 12, day: 31), calendar: Self.berlin)! < bc!)
    }

    /// Back to UIKit (`reloadDecorations(forDateComponents:)`): calendar, era, year, month, day.
    @Test func dayToDateComponents() {
        let components = S.day(2024, 10, 27).dateComponents(in: Self.berlin)
        #expect(components.calendar == Self.berlin)
        #expect((components.era, components.year, components.month, components.day) == (1, 2024, 10, 27))
        #expect(components.hour == nil)
        #expect(CalendarMonth(year: 2024, month: 10).dateComponents == DateComponents(era: 1, year: 2024, month: 10))
        #expect(CalendarMonth(DateComponents(calendar: Self.berlin, era: 1, year: 2024, month: 10), calendar: Self.berlin)
            == CalendarMonth(year: 2024, month: 10))
    }

    /// The Japanese calendar numbers years per era: 2019 is Heisei 31 until 30 April, Reiwa 1 from 1 May.
    @Test func japaneseEraComesFromTheCalendar() {
        var japanese = Calendar(identifier: .japanese)
        japanese.timeZone = TimeZone(identifier: "Asia/Tokyo")!
        let mayFirst = CalendarDay(containing: Self.date(S.utc(2019, 5, 1, 3)), in: japanese)
        let aprilLast = CalendarDay(containing: Self.date(S.utc(2019, 4, 30, 3)), in: japanese)
        #expect(mayFirst.year == 1 && aprilLast.year == 31)
        #expect(mayFirst.era == aprilLast.era + 1)
        #expect(aprilLast < mayFirst)
        #expect(aprilLast.adding(days: 1, in: japanese) == mayFirst)
    }

    /// Days ↔ DateInterval across Berlin's DST days: 31 March 2024 is 23 hours, 27 October 25.
    @Test func daysAndDateIntervals() {
        let spring = S.day(2024, 3, 31)...S.day(2024, 3, 31)
        #expect(spring.dateInterval(in: Self.berlin) == DateInterval(start: Self.date(S.utc(2024, 3, 30, 23)), duration: 23 * 3_600))
        let autumn = S.day(2024, 10, 27)...S.day(2024, 10, 27)
        #expect(autumn.dateInterval(in: Self.berlin).duration == 25 * 3_600)
        // An interval ending at midnight does not touch the next day; one a second later does.
        let week = DateInterval(start: Self.date(S.utc(2024, 3, 24, 23)), end: Self.date(S.utc(2024, 3, 31, 22)))
        #expect(ClosedRange<CalendarDay>(week, in: Self.berlin) == S.day(2024, 3, 25)...S.day(2024, 3, 31))
        let longer = DateInterval(start: week.start, end: week.end + 1)
        #expect(ClosedRange<CalendarDay>(longer, in: Self.berlin).upperBound == S.day(2024, 4, 1))
        #expect(ClosedRange<CalendarDay>(DateInterval(start: week.start, duration: 0), in: Self.berlin) == S.day(2024, 3, 25)...S.day(2024, 3, 25))
        // And back: the days of an interval cover it.
        #expect(ClosedRange<CalendarDay>(week, in: Self.berlin).dateInterval(in: Self.berlin) == week)
    }

    /// A range across a month boundary, as HorizonCalendar's day-range provider takes it, and its
    /// segments: 29 March – 2 April 2024 in a Sunday-first grid of March (25 February – 6 April;
    /// row 4 is 24–30 March, row 5 is 31 March – 6 April): Fri–Sat of row 4 and Sun–Tue of row 5.
    @Test func dateRangesForHorizonCalendar() throws {
        let sundayFirst = S.gregorian("Europe/Berlin")
        let trip = S.event("trip")
        let occurrence = Occurrence(incidence: trip, start: .date(CivilDate(year: 2024, month: 3, day: 29)),
                                    end: .date(CivilDate(year: 2024, month: 4, day: 3)))
        let same = Occurrence(incidence: S.event("twin"), start: occurrence.start, end: occurrence.end)
        let march = MonthProjection(month: CalendarMonth(year: 2024, month: 3), occurrences: [occurrence, same],
                                    calendar: sundayFirst, options: ProjectionOptions(now: Self.date(0)))
        let ranges = march.dayRanges.dateRanges(in: sundayFirst)
        // 29 March 00:00 CET = 28 March 23:00Z; 2 April 00:00 CEST = 1 April 22:00Z. One range for both.
        #expect(ranges == [Self.date(S.utc(2024, 3, 28, 23))...Self.date(S.utc(2024, 4, 1, 22))])
        let range = try #require(ranges.first)
        #expect(ClosedRange<CalendarDay>(range, in: sundayFirst) == S.day(2024, 3, 29)...S.day(2024, 4, 2))
        let segments = march.dayRanges.segments(for: range, in: sundayFirst)
        #expect(segments.count == 4) // two occurrences, each cut at the end of the row
        #expect(segments.filter { $0.occurrence.incidence.uid == "trip" }.map(\.columns) == [5...6, 0...2])
        #expect(Set(segments.map(\.row)) == [4, 5])
    }

    /// The item of a day, and the days whose decoration a refresh changed.
    @Test func lookupAndDecorationChanges() throws {
        let one = Occurrence(incidence: S.event("a"), start: S.instant(S.utc(2024, 3, 12, 9)), end: S.instant(S.utc(2024, 3, 12, 10)))
        let moved = Occurrence(incidence: S.event("a"), start: S.instant(S.utc(2024, 3, 14, 9)), end: S.instant(S.utc(2024, 3, 14, 10)))
        let other = Occurrence(incidence: S.event("b"), start: S.instant(S.utc(2024, 3, 20, 9)), end: S.instant(S.utc(2024, 3, 20, 10)))
        let options = ProjectionOptions(now: Self.date(0))
        let month = CalendarMonth(year: 2024, month: 3)
        let before = MonthProjection(month: month, occurrences: [one, other], calendar: Self.berlin, options: options)
        let after = MonthProjection(month: month, occurrences: [moved, other], calendar: Self.berlin, options: options)
        #expect(try #require(after.item(for: S.day(2024, 3, 14))).state.occurrenceCount == 1)
        #expect(after.item(for: S.day(2024, 4, 8)) == nil) // the grid ends on Sunday 31 March
        #expect(after.daysWithChangedDecorations(since: before) == [S.day(2024, 3, 12), S.day(2024, 3, 14)])
        #expect(after.daysWithChangedDecorations(since: after).isEmpty)
    }
}
