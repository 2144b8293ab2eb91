import Foundation
import Testing
@testable import ICSKit

/// Day ranges in March 2024, US calendar (Sunday first, UTC). 2024-03-01 is a Friday, so the
/// grid rows start Feb 25, Mar 3, 10, 17, 24, 31 (six rows). Lanes hand-worked below.
@Suite("DayRangeLayout")
struct DayRangeLayoutTests {
    typealias S = ProjectionSupport
    static let march = CalendarMonth(year: 2024, month: 3)

    static func layout(_ occurrences: [Occurrence], calendar: Calendar = S.gregorian(),
                       options: ProjectionOptions? = nil) -> DayRangeLayout {
        MonthProjection(month: march, occurrences: occurrences, calendar: calendar,
                        options: options ?? ProjectionOptions(now: Date(timeIntervalSince1970: 0))).dayRanges
    }

    // A: Mar 4–6 (row 1, cols 1–3), D: the same days (UID "d" after "a"),
    // B: Mar 5–12 (row 1 cols 2–6, row 2 cols 0–2), C: Mar 7–8 (row 1 cols 4–5), single: Mar 5.
    // Order: A, D (same start and length, by UID), B (later start), C.
    // Row 1: A → lane 0; D overlaps A → lane 1; B overlaps A and D → lane 2; C starts after A ends → lane 0.
    // Row 2: B alone → lane 0.
    @Test func overlappingRangesStack() throws {
        let a = S.allDay("a", (2024, 3, 4), (2024, 3, 7))
        let b = S.allDay("b", (2024, 3, 5), (2024, 3, 13))
        let c = S.allDay("c", (2024, 3, 7), (2024, 3, 9))
        let d = S.allDay("d", (2024, 3, 4), (2024, 3, 7))
        let single = S.allDay("s", (2024, 3, 5), (2024, 3, 6))
        let layout = Self.layout([c, single, d, b, a])
        #expect(layout.laneCounts == [0, 3, 1, 0, 0, 0])
        let row1 = layout.segments(inRow: 1)
        #expect(row1.map(\.occurrence.incidence.uid) == ["a", "c", "d", "b"])
        #expect(row1.map(\.lane) == [0, 0, 1, 2])
        #expect(row1.map(\.columns) == [1...3, 4...5, 1...3, 2...6])
        #expect(row1.map(\.continuesAfter) == [false, false, false, true])
        let row2 = layout.segments(inRow: 2)
        #expect(row2.count == 1)
        let tail = try #require(row2.first)
        #expect(tail.occurrence.incidence.uid == "b")
        #expect(tail.lane == 0)
        #expect(tail.continuesBefore && !tail.continuesAfter)
        #expect(tail.days == S.day(2024, 3, 10)...S.day(2024, 3, 12))
        #expect(tail.range == S.day(2024, 3, 5)...S.day(2024, 3, 12))
        #expect(tail.positions == [
            .init(day: S.day(2024, 3, 10), row: 2, column: 0),
            .init(day: S.day(2024, 3, 11), row: 2, column: 1),
            .init(day: S.day(2024, 3, 12), row: 2, column: 2),
        ])
        #expect(tail.occurrenceIndex == 3)
        #expect(!layout.segments.contains { $0.occurrence.incidence.uid == "s" })
    }

    // Longer first: two ranges starting Mar 4, "z" (4 days) before "a" (2 days) despite its UID.
    @Test func longerFirstOnTheSameStart() {
        let short = S.allDay("a", (2024, 3, 4), (2024, 3, 6))
        let long = S.allDay("z", (2024, 3, 4), (2024, 3, 8))
        let row1 = Self.layout([short, long]).segments(inRow: 1)
        #expect(row1.map(\.occurrence.incidence.uid) == ["z", "a"])
        #expect(row1.map(\.lane) == [0, 1])
    }

    // Feb 20 → Apr 10: clipped to the grid (Feb 25 … Apr 6), one full segment in each of the six rows.
    @Test func clippedToTheVisibleDaysAndCutPerRow() {
        let long = S.allDay("long", (2024, 2, 20), (2024, 4, 11))
        let layout = Self.layout([long])
        #expect(layout.segments.count == 6)
        #expect(layout.segments.allSatisfy { $0.columns == 0...6 && $0.lane == 0 && $0.continuesBefore && $0.continuesAfter })
        #expect(layout.segments.first?.days.lowerBound == S.day(2024, 2, 25))
        #expect(layout.segments.last?.days.upperBound == S.day(2024, 4, 6))
        // Without the days outside the month: Mar 1 (row 0, col 5) … Mar 31 (row 5, col 0).
        let inMonth = Self.layout([long], options: ProjectionOptions(now: Date(timeIntervalSince1970: 0), showsDaysOutsideMonth: false))
        #expect(inMonth.segments.first?.columns == 5...6)
        #expect(inMonth.segments.last?.columns == 0...0)
        #expect(inMonth.segments.last?.days == S.day(2024, 3, 31)...S.day(2024, 3, 31))
    }

    // 2024-03-09 23:00 EST → 2024-03-10 04:00 EDT covers Sat 9 (row 1, col 6) and Sun 10 (row 2, col 0):
    // two one-day segments.
    @Test func timedRangeAcrossMidnightAndRows() {
        let night = S.timed("n", S.utc(2024, 3, 10, 4), S.utc(2024, 3, 10, 8))
        let layout = Self.layout([night], calendar: S.newYork)
        #expect(layout.segments.map(\.row) == [1, 2])
        #expect(layout.segments.map(\.columns) == [6...6, 0...0])
        #expect(layout.segments[0].continuesAfter && layout.segments[1].continuesBefore)
        // The same instants in UTC lie on one day: no range.
        #expect(Self.layout([night]).segments.isEmpty)
    }

    // Five ranges over the same row: five lanes; a sixth after them all reuses lane 0.
    @Test func lanesAreReused() {
        let stacked = (0..<5).map { S.allDay("r\($0)", (2024, 3, 10), (2024, 3, 13)) }
        let later = S.allDay("later", (2024, 3, 14), (2024, 3, 16))
        let row2 = Self.layout(stacked + [later]).segments(inRow: 2)
        #expect(row2.map(\.lane) == [0, 0, 1, 2, 3, 4])
        #expect(row2.first { $0.occurrence.incidence.uid == "later" }?.lane == 0)
    }
}
