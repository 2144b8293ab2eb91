import Foundation
import Testing
@testable import ICSKit

/// The selection value and a projection asked about it. Expected days worked out by hand on the
/// March 2024 grid of a Sunday-first calendar: 25 February to 6 April, 42 cells; the available
/// days 10–25 March (16 days).
@Suite("DaySelection")
struct DaySelectionTests {
    typealias S = ProjectionSupport
    static let march = CalendarMonth(year: 2024, month: 3)
    static let available = S.day(2024, 3, 10)...S.day(2024, 3, 25)

    @Test func singleSelectionRefusesDisabledDays() {
        var selection = DaySelection(availableDays: Self.available)
        #expect(selection.isEmpty)
        let refused16 = selection.select(S.day(2024, 3, 5))
        #expect(!refused16)
        #expect(selection.value == .none)
        let accepted19 = selection.select(S.day(2024, 3, 12))
        #expect(accepted19)
        #expect(selection.value == .single(S.day(2024, 3, 12)))
        #expect(selection.contains(S.day(2024, 3, 12)) && !selection.contains(S.day(2024, 3, 13)))
        #expect(!selection.isEnabled(S.day(2024, 3, 26)) && selection.isEnabled(S.day(2024, 3, 25)))
    }

    @Test func toggleMakesAMultipleSelection() {
        var selection = DaySelection(.single(S.day(2024, 3, 12)), availableDays: Self.available)
        let accepted28 = selection.toggle(S.day(2024, 3, 14), calendar: S.newYork)
        #expect(accepted28)
        #expect(selection.value == .multiple([S.day(2024, 3, 12), S.day(2024, 3, 14)]))
        let accepted31 = selection.toggle(S.day(2024, 3, 12), calendar: S.newYork)
        #expect(accepted31)
        #expect(selection.value == .multiple([S.day(2024, 3, 14)]))
        let refused34 = selection.toggle(S.day(2024, 3, 26), calendar: S.newYork)
        #expect(!refused34)
        #expect(selection.days(in: S.newYork) == [S.day(2024, 3, 14)])
        let accepted37 = selection.toggle(S.day(2024, 3, 14), calendar: S.newYork)
        #expect(accepted37)
        #expect(selection.isEmpty)
    }

    @Test func rangeKeepsItsAnchorAndIsClamped() {
        var selection = DaySelection(.multiple([S.day(2024, 3, 20)]), availableDays: Self.available)
        // Not a range yet: the range starts at the focused day.
        let accepted45 = selection.extend(from: S.day(2024, 3, 14), to: S.day(2024, 3, 18))
        #expect(accepted45)
        #expect(selection.value == .range(anchor: S.day(2024, 3, 14), end: S.day(2024, 3, 18)))
        // Extending keeps the anchor, whatever the focus; the end may pass before it.
        let accepted49 = selection.extend(from: S.day(2024, 3, 18), to: S.day(2024, 3, 11))
        #expect(accepted49)
        #expect(selection.rangeDays == S.day(2024, 3, 11)...S.day(2024, 3, 14))
        #expect(selection.days(in: S.newYork) == (11...14).map { S.day(2024, 3, $0) })
        #expect(!selection.contains(S.day(2024, 3, 10)) && selection.contains(S.day(2024, 3, 13)))
        // Past the available days: clamped to the last one (25 March).
        selection.extend(from: S.day(2024, 3, 11), to: S.day(2024, 4, 2))
        #expect(selection.value == .range(anchor: S.day(2024, 3, 14), end: S.day(2024, 3, 25)))
        // Across a month end, counted in the calendar: 30 April to 2 May is three days.
        let spring = DaySelection(.range(anchor: S.day(2024, 5, 2), end: S.day(2024, 4, 30)))
        #expect(spring.days(in: S.newYork) == [S.day(2024, 4, 30), S.day(2024, 5, 1), S.day(2024, 5, 2)])
        // A disabled focus cannot start a range.
        var fresh = DaySelection(availableDays: Self.available)
        let refused62 = fresh.extend(from: S.day(2024, 3, 1), to: S.day(2024, 3, 12))
        #expect(!refused62)
        #expect(fresh.value == .none)
    }

    @Test func toggleInARangeKeepsTheOtherDays() {
        var selection = DaySelection(.range(anchor: S.day(2024, 3, 11), end: S.day(2024, 3, 14)))
        selection.toggle(S.day(2024, 3, 13), calendar: S.newYork)
        #expect(selection.value == .multiple([S.day(2024, 3, 11), S.day(2024, 3, 12), S.day(2024, 3, 14)]))
    }

    // One projection, built with no selection, answers for every selection.
    @Test func projectionAnswersForAnySelection() throws {
        let now = Date(timeIntervalSince1970: TimeInterval(S.utc(2024, 3, 15, 3)))
        let occurrences = [S.timed("a", S.utc(2024, 3, 12, 14), S.utc(2024, 3, 12, 15))]
        let plain = MonthProjection(month: Self.march, occurrences: occurrences, calendar: S.newYork,
                                    options: ProjectionOptions(now: now))
        var selection = DaySelection(.single(S.day(2024, 3, 12)), availableDays: Self.available)
        let twelfth = try #require(plain.state(of: S.day(2024, 3, 12), selection: selection))
        #expect(twelfth.isSelected && twelfth.isEnabled && twelfth.occurrenceCount == 1 && !twelfth.isToday)
        #expect(plain.state(of: S.day(2024, 3, 5), selection: selection)?.isEnabled == false)
        #expect(plain.state(of: S.day(2024, 5, 1), selection: selection) == nil)
        // The same states as a projection built with the selection baked in (the older way).
        selection.toggle(S.day(2024, 3, 20), calendar: S.newYork)
        var options = ProjectionOptions(now: now)
        options.selection = selection
        let baked = MonthProjection(month: Self.march, occurrences: occurrences, calendar: S.newYork, options: options)
        for item in baked.rows.joined() {
            #expect(plain.state(of: item.day, selection: selection) == item.state)
        }
        #expect(baked.rows.joined().filter(\.state.isSelected).map(\.day) == [S.day(2024, 3, 12), S.day(2024, 3, 20)])
    }

    @Test func changedDaysAreTheOnesThatLookDifferent() {
        let plain = MonthProjection(month: Self.march, occurrences: [], calendar: S.newYork,
                                    options: ProjectionOptions(now: Date(timeIntervalSince1970: 0)))
        let twelfth = DaySelection(.single(S.day(2024, 3, 12)))
        #expect(plain.daysWithChangedSelection(from: twelfth, to: DaySelection(.single(S.day(2024, 3, 13))))
                == [S.day(2024, 3, 12), S.day(2024, 3, 13)])
        #expect(plain.daysWithChangedSelection(from: twelfth, to: DaySelection(.range(anchor: S.day(2024, 3, 12), end: S.day(2024, 3, 15))))
                == [S.day(2024, 3, 13), S.day(2024, 3, 14), S.day(2024, 3, 15)])
        #expect(plain.daysWithChangedSelection(from: twelfth, to: twelfth).isEmpty)
        // Limiting the available days disables 42 − 16 = 26 cells.
        var limited = twelfth
        limited.availableDays = Self.available
        #expect(plain.daysWithChangedSelection(from: twelfth, to: limited).count == 26)
        // A day outside the grid changes nothing the grid shows.
        #expect(plain.daysWithChangedSelection(from: twelfth, to: DaySelection(.multiple([S.day(2024, 3, 12), S.day(2024, 6, 1)]))).isEmpty)
    }

    @Test func weekAndMultiMonthAnswerToo() {
        let now = Date(timeIntervalSince1970: 0)
        let week = WeekProjection(containing: S.day(2024, 3, 12), occurrences: [], calendar: S.newYork, options: ProjectionOptions(now: now))
        let selection = DaySelection(.range(anchor: S.day(2024, 3, 9), end: S.day(2024, 3, 11)))
        // The week of 10–16 March: the 10th and 11th of the range lie in it.
        #expect(week.daysWithChangedSelection(from: DaySelection(), to: selection) == [S.day(2024, 3, 10), S.day(2024, 3, 11)])
        #expect(week.state(of: S.day(2024, 3, 10), selection: selection)?.isSelected == true)
        let months = MultiMonthProjection(visibleDays: S.day(2024, 2, 1)...S.day(2024, 3, 31), axis: .vertical, occurrences: [],
                                          calendar: S.newYork, options: ProjectionOptions(now: now))
        // February's last row is 25 February to 2 March: 1 and 2 March show in both grids, counted once.
        let leap = DaySelection(.range(anchor: S.day(2024, 2, 29), end: S.day(2024, 3, 2)))
        #expect(months.daysWithChangedSelection(from: DaySelection(), to: leap)
                == [S.day(2024, 2, 29), S.day(2024, 3, 1), S.day(2024, 3, 2)])
        #expect(months.state(of: S.day(2024, 3, 1), selection: leap)?.isInMonth == true)
    }

    @Test func optionsKeepTheOlderSelectedDays() {
        var options = ProjectionOptions(now: Date(timeIntervalSince1970: 0), selectedDays: [S.day(2024, 3, 1)],
                                        availableDays: Self.available)
        #expect(options.selection == DaySelection(.single(S.day(2024, 3, 1)), availableDays: Self.available))
        options.selectedDays = [S.day(2024, 3, 1), S.day(2024, 3, 2)]
        #expect(options.selection.value == .multiple([S.day(2024, 3, 1), S.day(2024, 3, 2)]))
        #expect(options.availableDays == Self.available)
        options.selection = DaySelection(.range(anchor: S.day(2024, 2, 28), end: S.day(2024, 3, 1)))
        #expect(options.selectedDays == [S.day(2024, 2, 28), S.day(2024, 2, 29), S.day(2024, 3, 1)])
        #expect(options.availableDays == nil)
    }
}
