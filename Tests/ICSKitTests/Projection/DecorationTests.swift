import Foundation
import Testing
@testable import ICSKit

@Suite("Decorations")
struct DecorationTests {
    typealias S = ProjectionSupport

    // Expected values: the CSS Color Module Level 3 table (turquoise #40E0D0, grey #808080, red #FF0000).
    @Test(arguments: [
        ("turquoise", 0x40E0D0), ("Turquoise", 0x40E0D0), (" red ", 0xFF0000), ("grey", 0x808080),
        ("gray", 0x808080), ("#40e0d0", 0x40E0D0), ("#FFF", 0xFFFFFF), ("#0a1", 0x00AA11),
        ("#FF2968FF", 0xFF2968), ("lightgoldenrodyellow", 0xFAFAD2), ("aqua", 0x00FFFF), ("cyan", 0x00FFFF),
    ] as [(String, UInt32)])
    func parsesCSSColors(_ text: String, _ rgb: UInt32) {
        #expect(RGBColor(css: text)?.rgb == rgb)
    }

    @Test(arguments: ["", "#", "#12345", "#GGGGGG", "notacolor", "rebeccapurple", "#1234567", "rgb(1,2,3)"])
    func rejectsOtherText(_ text: String) {
        #expect(RGBColor(css: text) == nil)
    }

    @Test func tableAndDescription() {
        #expect(CSSColorNames.table.count == 147)
        #expect(Set(CSSColorNames.table.values).count == 138)
        #expect(RGBColor(rgb: 0x0A0B0C).description == "#0A0B0C")
        #expect(RGBColor(red: 255, green: 41, blue: 104).description == "#FF2968")
    }

    @Test(arguments: [(1, DecorationSize.small), (2, .medium), (3, .medium), (4, .large), (50, .large)])
    func sizeGrowsWithTheCount(_ count: Int, _ size: DecorationSize) {
        #expect(DecorationSize(count: count) == size)
    }

    // FNV-1a 64 test vectors from the FNV reference ("" → cbf29ce484222325, "a" → af63dc4c8601ec8c,
    // "foobar" → 85944171f73967e8); "Home" → 6abb1cd87fe0114e, 6 modulo 8 (computed independently in Python).
    @Test func stablePaletteColor() {
        #expect(CalendarStyle.fnv1a64("") == 0xcbf2_9ce4_8422_2325)
        #expect(CalendarStyle.fnv1a64("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(CalendarStyle.fnv1a64("foobar") == 0x8594_4171_f739_67e8)
        #expect(CalendarStyle.stableColor(forName: "Home", index: 0) == CalendarStyle.palette[6])
        #expect(CalendarStyle.stableColor(forName: "Home", index: 3) == CalendarStyle.palette[6])
        #expect(CalendarStyle.stableColor(forName: nil, index: 3) == CalendarStyle.palette[3])
        #expect(CalendarStyle.stableColor(forName: nil, index: 11) == CalendarStyle.palette[3])
    }

    @Test func calendarStyleFromAnImportedCalendar() {
        var calendar = ICalendar()
        calendar.name = "Work"
        calendar.color = "#FF2968FF"
        #expect(CalendarStyle(calendar) == CalendarStyle(id: calendar.id, name: "Work", color: RGBColor(rgb: 0xFF2968)))
        calendar.color = "not a color"
        #expect(CalendarStyle(calendar).color == nil)
    }

    // Event COLOR first, then the calendar's color, then the calendar's stable palette color.
    @Test func defaultProviderColorsAndSizes() {
        let styles = [CalendarStyle(name: "Work", color: RGBColor(rgb: 0xFF2968)), CalendarStyle(name: "Home", color: nil)]
        let provider = DayDecoration.defaultProvider(calendars: styles)
        let day = S.day(2024, 3, 5)
        let colored = S.allDay("a", (2024, 3, 5), (2024, 3, 6), calendarIndex: 0, color: "turquoise")
        let work = S.allDay("b", (2024, 3, 5), (2024, 3, 6), calendarIndex: 0)
        let home = S.allDay("c", (2024, 3, 5), (2024, 3, 6), calendarIndex: 1)
        let unknown = S.allDay("d", (2024, 3, 5), (2024, 3, 6), calendarIndex: 7, color: "no such color")

        #expect(provider(day, [colored]) == .default(color: RGBColor(rgb: 0x40E0D0), size: .small, count: 1))
        #expect(provider(day, [work, colored]) == .default(color: RGBColor(rgb: 0xFF2968), size: .medium, count: 2))
        #expect(provider(day, [home, work, colored]) == .default(color: CalendarStyle.palette[6], size: .medium, count: 3))
        #expect(provider(day, [unknown, home, work, colored]) == .default(color: CalendarStyle.palette[7], size: .large, count: 4))
        #expect(provider(day, []) == nil)
    }

    /// A dot per calendar, worked out by hand: Work (#FF2968, position 0) has two occurrences on
    /// 5 March 2024 (one with its own COLOR, which recolours the default decoration but not its
    /// calendar's dot), Home (no colour: palette[6], the entry of "Home" in stablePaletteColor)
    /// one all-day occurrence over 5 and 6 March; 7 March has none.
    @Test func aDotPerCalendar() throws {
        let work = RGBColor(rgb: 0xFF2968), home = CalendarStyle.palette[6]
        let styles = [CalendarStyle(name: "Work", color: work), CalendarStyle(name: "Home", color: nil)]
        let occurrences = [
            S.timed("w1", S.utc(2024, 3, 5, 9), S.utc(2024, 3, 5, 10), calendarIndex: 0, color: "turquoise"),
            S.timed("w2", S.utc(2024, 3, 5, 11), S.utc(2024, 3, 5, 12), calendarIndex: 0),
            S.allDay("h1", (2024, 3, 5), (2024, 3, 7), calendarIndex: 1),
        ]
        let month = MonthProjection(month: CalendarMonth(year: 2024, month: 3), occurrences: occurrences,
                                    calendar: S.gregorian(), options: ProjectionOptions(now: Date(timeIntervalSince1970: 0), calendars: styles))
        let fifth = try #require(month.item(for: S.day(2024, 3, 5)))
        #expect(fifth.calendarDots == [CalendarDot(calendar: .unspecified, calendarIndex: 0, color: work, count: 2),
                                       CalendarDot(calendar: .unspecified, calendarIndex: 1, color: home, count: 1)])
        #expect(try #require(month.item(for: S.day(2024, 3, 6))).calendarDots
                    == [CalendarDot(calendar: .unspecified, calendarIndex: 1, color: home, count: 1)])
        #expect(try #require(month.item(for: S.day(2024, 3, 7))).calendarDots.isEmpty)
        // Called directly, in any order: the calendars' order.
        #expect(CalendarDot.dots(for: occurrences.reversed(), calendars: styles) == fifth.calendarDots)
    }

    /// Past the cap a day's dots count the listed occurrences; the hidden ones are in `hiddenCount`.
    /// 9:00 Work, 10:00 Home, 11:00 Work with a cap of 2: Work 1, Home 1, one hidden.
    @Test func dotsCountTheListedOccurrences() throws {
        let styles = [CalendarStyle(name: "Work", color: RGBColor(rgb: 0x112233)), CalendarStyle(name: "Home", color: RGBColor(rgb: 0x445566))]
        let occurrences = [9, 10, 11].enumerated().map { i, hour in
            S.timed("t\(hour)", S.utc(2024, 3, 5, hour), S.utc(2024, 3, 5, hour, 30), calendarIndex: i % 2)
        }
        let options = ProjectionOptions(now: Date(timeIntervalSince1970: 0), calendars: styles, maxOccurrencesPerDay: 2)
        let week = WeekProjection(containing: S.day(2024, 3, 5), occurrences: occurrences, calendar: S.gregorian(), options: options)
        let fifth = try #require(week.days.first { $0.day == S.day(2024, 3, 5) })
        #expect(fifth.calendarDots.map(\.count) == [1, 1])
        #expect(fifth.calendarDots.map(\.color) == [RGBColor(rgb: 0x112233), RGBColor(rgb: 0x445566)])
        #expect(fifth.hiddenCount == 1 && fifth.state.occurrenceCount == 3)
    }

    /// An occurrence that moves to another calendar with the same COLOR leaves the default
    /// decoration as it was (the event's COLOR, one, small) but not the dots: the day is reloaded.
    @Test func aDayWhoseDotsChangedIsReloaded() {
        let styles = [CalendarStyle(name: "Work", color: RGBColor(rgb: 0x112233)), CalendarStyle(name: "Home", color: RGBColor(rgb: 0x445566))]
        let options = ProjectionOptions(now: Date(timeIntervalSince1970: 0), calendars: styles)
        func month(_ calendarIndex: Int) -> MonthProjection {
            MonthProjection(month: CalendarMonth(year: 2024, month: 3),
                            occurrences: [S.allDay("a", (2024, 3, 5), (2024, 3, 6), calendarIndex: calendarIndex, color: "teal")],
                            calendar: S.gregorian(), options: options)
        }
        let before = month(0), after = month(1)
        #expect(before.item(for: S.day(2024, 3, 5))?.decoration == after.item(for: S.day(2024, 3, 5))?.decoration)
        #expect(after.daysWithChangedDecorations(since: before) == [S.day(2024, 3, 5)])
        #expect(before.daysWithChangedDecorations(since: before).isEmpty)
    }

    @Test func customProviderInAProjection() throws {
        let options = ProjectionOptions(now: Date(timeIntervalSince1970: 0), decorationProvider: { day, occurrences in
            day.day == 5 ? .image(symbol: "star.fill", color: nil, size: .large) : .custom(payload: "\(occurrences.count)")
        })
        let occurrences = [S.allDay("a", (2024, 3, 5), (2024, 3, 7))]
        let month = MonthProjection(month: CalendarMonth(year: 2024, month: 3), occurrences: occurrences,
                                    calendar: S.gregorian(), options: options)
        #expect(try #require(month.item(for: S.day(2024, 3, 5))).decoration == .image(symbol: "star.fill", color: nil, size: .large))
        #expect(try #require(month.item(for: S.day(2024, 3, 6))).decoration == .custom(payload: "1"))
        #expect(try #require(month.item(for: S.day(2024, 3, 7))).decoration == nil)
    }
}
