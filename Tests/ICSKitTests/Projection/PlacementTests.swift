import Foundation
import Testing
@testable import ICSKit

/// Placement of occurrences on days. Expected days hand-worked from the New York offsets:
/// EST is UTC-5, EDT UTC-4; 2024-03-10 02:00 EST jumps to 03:00 EDT (a 23-hour day),
/// 2024-11-03 02:00 EDT falls back to 01:00 EST (a 25-hour day).
@Suite("Placement")
struct PlacementTests {
    typealias S = ProjectionSupport

    static func days(_ occurrence: Occurrence, _ calendar: Calendar = S.newYork) -> ClosedRange<CalendarDay> {
        OccurrencePlacement(occurrence, calendar: calendar).days
    }

    @Test func allDayKeepsItsDatesInEveryZone() {
        let one = S.allDay("a", (2024, 3, 10), (2024, 3, 11))
        #expect(Self.days(one) == S.day(2024, 3, 10)...S.day(2024, 3, 10))
        #expect(Self.days(one, S.gregorian("Asia/Tokyo")) == S.day(2024, 3, 10)...S.day(2024, 3, 10))
        #expect(Self.days(one, S.gregorian("Pacific/Honolulu")) == S.day(2024, 3, 10)...S.day(2024, 3, 10))
        // End exclusive: 9, 10, 11.
        #expect(Self.days(S.allDay("b", (2024, 3, 9), (2024, 3, 12))) == S.day(2024, 3, 9)...S.day(2024, 3, 11))
        // An end not after the start: one day.
        #expect(Self.days(S.allDay("c", (2024, 3, 9), (2024, 3, 9))) == S.day(2024, 3, 9)...S.day(2024, 3, 9))
        #expect(OccurrencePlacement(S.allDay("b", (2024, 3, 9), (2024, 3, 12)), calendar: S.newYork).isMultiDay)
    }

    // 2024-03-09 22:00 EST = 03-10 03:00Z; it ends at 2024-03-10 00:00 EST = 05:00Z: only the 9th.
    @Test func endingAtMidnightDoesNotTouchTheNextDay() {
        let occurrence = S.timed("a", S.utc(2024, 3, 10, 3), S.utc(2024, 3, 10, 5))
        #expect(Self.days(occurrence) == S.day(2024, 3, 9)...S.day(2024, 3, 9))
        // The midnight after the spring-forward day is 04:00Z (EDT): 20:00 → 24:00 on the 10th.
        let sunday = S.timed("b", S.utc(2024, 3, 11, 0), S.utc(2024, 3, 11, 4))
        #expect(Self.days(sunday) == S.day(2024, 3, 10)...S.day(2024, 3, 10))
        // One second later it touches the 11th.
        let over = S.timed("c", S.utc(2024, 3, 11, 0), S.utc(2024, 3, 11, 4, 0, 1))
        #expect(Self.days(over) == S.day(2024, 3, 10)...S.day(2024, 3, 11))
    }

    // 2024-03-09 23:00 EST (04:00Z on the 10th) → 2024-03-10 04:00 EDT (08:00Z): both days.
    @Test func crossingMidnightCountsOnBothDays() {
        let occurrence = S.timed("a", S.utc(2024, 3, 10, 4), S.utc(2024, 3, 10, 8))
        #expect(Self.days(occurrence) == S.day(2024, 3, 9)...S.day(2024, 3, 10))
        // In UTC the same instants lie on the 10th only.
        #expect(Self.days(occurrence, S.gregorian()) == S.day(2024, 3, 10)...S.day(2024, 3, 10))
    }

    // Fall back: 2024-11-03 starts 04:00Z (EDT) and ends 2024-11-04 05:00Z (EST).
    @Test func fallBackDay() {
        // 23:30 EST on the 3rd (04:30Z on the 4th) → 00:30 EST on the 4th (05:30Z): both days.
        #expect(Self.days(S.timed("a", S.utc(2024, 11, 4, 4, 30), S.utc(2024, 11, 4, 5, 30)))
            == S.day(2024, 11, 3)...S.day(2024, 11, 4))
        // 04:30Z → 05:00Z on the 4th is 23:30 → 24:00 EST on the 3rd: the 3rd only
        // (a zone-blind implementation using EDT would say the 4th).
        #expect(Self.days(S.timed("b", S.utc(2024, 11, 4, 4, 30), S.utc(2024, 11, 4, 5)))
            == S.day(2024, 11, 3)...S.day(2024, 11, 3))
        // The whole 25-hour day, 04:00Z → 05:00Z next day: the 3rd only.
        #expect(Self.days(S.timed("c", S.utc(2024, 11, 3, 4), S.utc(2024, 11, 4, 5)))
            == S.day(2024, 11, 3)...S.day(2024, 11, 3))
        // A zero-length one at 01:30 EST (the second 01:30, 06:30Z).
        #expect(Self.days(S.timed("d", S.utc(2024, 11, 3, 6, 30), S.utc(2024, 11, 3, 6, 30)))
            == S.day(2024, 11, 3)...S.day(2024, 11, 3))
    }

    @Test func zeroLengthCountsOnItsStartDay() {
        // Exactly at the midnight that starts 2024-03-11 (04:00Z): the 11th.
        let atMidnight = S.timed("a", S.utc(2024, 3, 11, 4), S.utc(2024, 3, 11, 4))
        #expect(Self.days(atMidnight) == S.day(2024, 3, 11)...S.day(2024, 3, 11))
        #expect(!OccurrencePlacement(atMidnight, calendar: S.newYork).isMultiDay)
        // An end before the start is read as zero length.
        let backwards = S.timed("b", S.utc(2024, 3, 11, 12), S.utc(2024, 3, 11, 10))
        #expect(Self.days(backwards) == S.day(2024, 3, 11)...S.day(2024, 3, 11))
    }

    // A floating 02:30 on 2024-03-10 does not exist in New York; it reads as 03:30 EDT, still the 10th.
    // A floating 23:00 → 01:00 crosses midnight in every zone.
    @Test func floatingTimesAreWallTimesOfTheDisplayZone() {
        let gap = Occurrence(incidence: S.event("a"),
                             start: .floating(CivilDateTime(year: 2024, month: 3, day: 10, hour: 2, minute: 30)),
                             end: .floating(CivilDateTime(year: 2024, month: 3, day: 10, hour: 3, minute: 30)))
        #expect(Self.days(gap) == S.day(2024, 3, 10)...S.day(2024, 3, 10))
        let late = Occurrence(incidence: S.event("b"),
                              start: .floating(CivilDateTime(year: 2024, month: 3, day: 9, hour: 23)),
                              end: .floating(CivilDateTime(year: 2024, month: 3, day: 10, hour: 1)))
        #expect(Self.days(late, S.gregorian("Asia/Tokyo")) == S.day(2024, 3, 9)...S.day(2024, 3, 10))
        #expect(Self.days(late) == S.day(2024, 3, 9)...S.day(2024, 3, 10))
    }

    @Test func beganBeforeTheVisibleRange() {
        // 2024-02-27 15:00Z → 2024-03-02 15:00Z (10:00 EST both): Feb 27 … Mar 2.
        let long = S.timed("long", S.utc(2024, 2, 27, 15), S.utc(2024, 3, 2, 15))
        let outside = S.timed("out", S.utc(2024, 2, 20, 15), S.utc(2024, 2, 20, 16))
        let index = DayOccurrences([outside, long], visibleDays: S.day(2024, 3, 1)...S.day(2024, 3, 31), calendar: S.newYork)
        #expect(index.placements.map(\.occurrence.incidence.uid) == ["long"])
        #expect(index[S.day(2024, 3, 1)].map(\.incidence.uid) == ["long"])
        #expect(index[S.day(2024, 3, 2)].map(\.incidence.uid) == ["long"])
        #expect(index[S.day(2024, 3, 3)].isEmpty)
        #expect(index[S.day(2024, 2, 28)].isEmpty) // not visible
        #expect(index.placements[0].days == S.day(2024, 2, 27)...S.day(2024, 3, 2))
        #expect(index.placements[0].index == 1)
    }

    @Test func dayOrderAndCancelled() {
        let morning = S.timed("m", S.utc(2024, 3, 5, 14), S.utc(2024, 3, 5, 15))
        let early = S.timed("e", S.utc(2024, 3, 5, 13), S.utc(2024, 3, 5, 14))
        let allDay = S.allDay("d", (2024, 3, 5), (2024, 3, 6))
        let cancelled = S.timed("x", S.utc(2024, 3, 5, 13), S.utc(2024, 3, 5, 14), status: .cancelled)
        let days = S.day(2024, 3, 1)...S.day(2024, 3, 31)
        let index = DayOccurrences([morning, early, allDay, cancelled], visibleDays: days, calendar: S.newYork)
        #expect(index[S.day(2024, 3, 5)].map(\.incidence.uid) == ["d", "e", "m"])
        let all = DayOccurrences([morning, early, allDay, cancelled], visibleDays: days, calendar: S.newYork, includesCancelled: true)
        #expect(all[S.day(2024, 3, 5)].map(\.incidence.uid) == ["d", "e", "x", "m"])
    }
}
