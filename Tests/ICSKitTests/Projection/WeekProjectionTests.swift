import Foundation
import Testing
@testable import ICSKit

@Suite("WeekProjection")
struct WeekProjectionTests {
    typealias S = ProjectionSupport

    // Hand-worked: 2021-01-03 is a Sunday; Monday first, its week is 2020-12-28 … 2021-01-03, ISO week 53.
    // Sunday first (US), it starts a week that holds no January 1: week 2 of 2021.
    @Test func weekBoundsAndNumbers() {
        let options = ProjectionOptions(now: Date(timeIntervalSince1970: 0))
        let iso = WeekProjection(containing: S.day(2021, 1, 3), occurrences: [], calendar: S.iso(), options: options)
        #expect(iso.firstDay == S.day(2020, 12, 28))
        #expect(iso.lastDay == S.day(2021, 1, 3))
        #expect(iso.weekNumber == 53)
        #expect(iso.weekdaySymbols.first?.short == "Mon")
        let us = WeekProjection(containing: S.day(2021, 1, 3), occurrences: [], calendar: S.gregorian(), options: options)
        #expect(us.firstDay == S.day(2021, 1, 3))
        #expect(us.weekNumber == 2)
        #expect(us.days.allSatisfy { $0.state.isInMonth })
    }

    // The DST week in New York: Sun 2024-03-10 … Sat 03-16; an event that began on Fri 03-08 shows on the first days.
    @Test func occurrencesAndRanges() {
        let options = ProjectionOptions(now: Date(timeIntervalSince1970: TimeInterval(S.utc(2024, 3, 12, 15))))
        let began = S.timed("began", S.utc(2024, 3, 8, 15), S.utc(2024, 3, 11, 15)) // Fri 10:00 EST → Mon 11:00 EDT
        let single = S.timed("one", S.utc(2024, 3, 13, 14), S.utc(2024, 3, 13, 15))
        let week = WeekProjection(containing: S.day(2024, 3, 13), occurrences: [single, began], calendar: S.newYork, options: options)
        #expect(week.firstDay == S.day(2024, 3, 10))
        #expect(week.days.map(\.state.occurrenceCount) == [1, 1, 0, 1, 0, 0, 0])
        #expect(week.days.filter(\.state.isToday).map(\.day) == [S.day(2024, 3, 12)])
        #expect(week.dayRanges.segments.count == 1)
        #expect(week.dayRanges.segments[0].columns == 0...1)
        #expect(week.dayRanges.segments[0].continuesBefore)
    }
}
