import Foundation
import Testing
@testable import ICSKit

@Suite("MonthProjection")
struct MonthProjectionTests {
    typealias S = ProjectionSupport
    static let march = CalendarMonth(year: 2024, month: 3)

    // "Now" 2024-03-15 03:00Z is still 2024-03-14 (23:00 EDT) in New York: today is the 14th.
    @Test func dayStates() throws {
        let now = Date(timeIntervalSince1970: TimeInterval(S.utc(2024, 3, 15, 3)))
        let options = ProjectionOptions(now: now, selectedDays: [S.day(2024, 3, 20), S.day(2024, 4, 2)],
                                        availableDays: S.day(2024, 3, 10)...S.day(2024, 3, 25))
        let occurrences = [S.timed("a", S.utc(2024, 3, 12, 14), S.utc(2024, 3, 12, 15))]
        let month = MonthProjection(month: Self.march, occurrences: occurrences, calendar: S.newYork, options: options)
        let items = month.rows.flatMap { $0 }
        #expect(items.count == 42)
        #expect(items.filter(\.state.isToday).map(\.day) == [S.day(2024, 3, 14)])
        #expect(items.filter(\.state.isSelected).map(\.day) == [S.day(2024, 3, 20), S.day(2024, 4, 2)])
        #expect(items.filter(\.state.isEnabled).count == 16)
        #expect(items.filter(\.state.hasOccurrences).map(\.day) == [S.day(2024, 3, 12)])
        // en_US weekend: Saturday and Sunday, columns 6 and 0 of a Sunday-first grid.
        #expect(items.filter(\.state.isWeekend).allSatisfy { $0.column == 0 || $0.column == 6 })
        #expect(items.filter(\.state.isWeekend).count == 12)
        #expect(items.filter { !$0.state.isInMonth }.count == 11) // Feb 25–29, Apr 1–6
        let twelfth = try #require(month.item(for: S.day(2024, 3, 12)))
        #expect(twelfth.row == 2 && twelfth.column == 2 && twelfth.weekday == .tuesday)
        #expect(twelfth.decoration == .default(color: CalendarStyle.palette[0], size: .small, count: 1))
        #expect(month.item(for: S.day(2024, 3, 13))?.decoration == nil)
    }

    // ISO week, Monday first: weekend columns are 5 and 6 (Saturday, Sunday) — from the locale, not the column.
    @Test func weekendFollowsTheWeekdayNotTheColumn() {
        let month = MonthProjection(month: Self.march, occurrences: [], calendar: S.iso(),
                                    options: ProjectionOptions(now: Date(timeIntervalSince1970: 0)))
        #expect(month.rows.allSatisfy { row in row.filter(\.state.isWeekend).map(\.column) == [5, 6] })
    }

    @Test func daysOutsideTheMonthCanBeHidden() throws {
        let occurrences = [S.allDay("a", (2024, 4, 1), (2024, 4, 3))]
        let shown = MonthProjection(month: Self.march, occurrences: occurrences, calendar: S.gregorian(),
                                    options: ProjectionOptions(now: Date(timeIntervalSince1970: 0)))
        #expect(try #require(shown.item(for: S.day(2024, 4, 1))).state.occurrenceCount == 1)
        #expect(shown.dayRanges.segments.count == 1)
        let hidden = MonthProjection(month: Self.march, occurrences: occurrences, calendar: S.gregorian(),
                                     options: ProjectionOptions(now: Date(timeIntervalSince1970: 0), showsDaysOutsideMonth: false))
        #expect(try #require(hidden.item(for: S.day(2024, 4, 1))).state.occurrenceCount == 0)
        #expect(hidden.dayRanges.segments.isEmpty)
        #expect(hidden.dayRanges.laneCounts == [0, 0, 0, 0, 0, 0])
    }

    // Visible Jan 15 … Mar 10: three months; a day after Mar 10 shows nothing, even in March's grid.
    @Test func monthsLayout() throws {
        let occurrences = [S.allDay("a", (2024, 3, 9), (2024, 3, 13)), S.allDay("b", (2024, 1, 1), (2024, 1, 2))]
        let layout = MultiMonthProjection(visibleDays: S.day(2024, 1, 15)...S.day(2024, 3, 10), axis: .horizontal,
                                  occurrences: occurrences, calendar: S.gregorian(),
                                  options: ProjectionOptions(now: Date(timeIntervalSince1970: 0)))
        #expect(layout.axis == .horizontal)
        #expect(layout.months.map(\.grid.month.description) == ["2024-01", "2024-02", "2024-03"])
        let march = layout.months[2]
        #expect(try #require(march.item(for: S.day(2024, 3, 10))).state.occurrenceCount == 1)
        #expect(try #require(march.item(for: S.day(2024, 3, 11))).state.occurrenceCount == 0)
        #expect(try #require(layout.months[0].item(for: S.day(2024, 1, 1))).state.occurrenceCount == 0)
        // The range Mar 9–12 shows as Mar 9 (row 1, col 6) and Mar 10 (row 2, col 0).
        #expect(march.dayRanges.segments.map(\.columns) == [6...6, 0...0])
        #expect(march.dayRanges.segments[1].continuesAfter)
    }

    // options.visibleDays disjoint from the layout's days: the months show, without occurrences.
    @Test func monthsLayoutWithNothingVisible() {
        let occurrences = [S.allDay("a", (2024, 1, 9), (2024, 1, 13))]
        let options = ProjectionOptions(now: Date(timeIntervalSince1970: 0), visibleDays: S.day(2025, 1, 1)...S.day(2025, 1, 31))
        let layout = MultiMonthProjection(visibleDays: S.day(2024, 1, 1)...S.day(2024, 1, 31), axis: .vertical,
                                  occurrences: occurrences, calendar: S.gregorian(), options: options)
        #expect(layout.months.count == 1)
        #expect(layout.months[0].rows.joined().allSatisfy { !$0.state.hasOccurrences })
        #expect(layout.months[0].dayRanges.segments.isEmpty)
    }
}
