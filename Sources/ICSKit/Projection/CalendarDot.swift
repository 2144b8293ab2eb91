/// One calendar's share of a day: a dot per calendar, as calendar apps draw under a date when
/// several calendars have something that day (``DayItem/calendarDots``). `UICalendarView`'s
/// decoration has one colour a day; an app that wants a dot per calendar draws these in a
/// custom decoration view.
///
/// ```swift
/// for dot in item.calendarDots {        // in the calendars' order
///     drawDot(color: dot.color, label: dot.count > 1 ? "\(dot.count)" : nil)
/// }
/// ```
public struct CalendarDot: Sendable, Hashable, Codable {
    /// The calendar (``Occurrence/calendarID``).
    public var calendar: CalendarID
    /// The calendar's position in the list the occurrences were expanded from.
    public var calendarIndex: Int
    /// The calendar's colour: its style's own, else its stable palette colour (an event's own
    /// COLOR does not change its calendar's dot).
    public var color: RGBColor
    /// How many of the day's listed occurrences are the calendar's.
    public var count: Int

    /// A dot.
    public init(calendar: CalendarID, calendarIndex: Int, color: RGBColor, count: Int) {
        self.calendar = calendar
        self.calendarIndex = calendarIndex
        self.color = color
        self.count = count
    }

    /// The dots of a day's occurrences: one per calendar that has any, in the order of the
    /// calendars' positions, each with its colour (from `calendars`, as
    /// ``DayDecoration/defaultProvider(calendars:)`` takes them) and count.
    ///
    /// ```swift
    /// let dots = CalendarDot.dots(for: item.occurrences, calendars: styles)
    /// ```
    /// - Complexity: O(n · c) for n occurrences of c calendars.
    public static func dots(for occurrences: [Occurrence], calendars: [CalendarStyle]) -> [CalendarDot] {
        var dots: [CalendarDot] = []
        for occurrence in occurrences {
            if let index = dots.firstIndex(where: { $0.calendarIndex == occurrence.calendarIndex && $0.calendar == occurrence.calendarID }) {
                dots[index].count += 1
                continue
            }
            dots.append(CalendarDot(calendar: occurrence.calendarID, calendarIndex: occurrence.calendarIndex,
                                    color: color(of: occurrence, calendars: calendars), count: 1))
        }
        return dots.sorted { ($0.calendarIndex, $0.calendar.rawValue) < ($1.calendarIndex, $1.calendar.rawValue) }
    }

    /// The colour of an occurrence's calendar: its style's colour, else the stable palette colour.
    static func color(of occurrence: Occurrence, calendars: [CalendarStyle]) -> RGBColor {
        guard let (style, index) = calendars.style(for: occurrence) else {
            return CalendarStyle(name: nil, color: nil).resolvedColor(index: occurrence.calendarIndex)
        }
        return style.resolvedColor(index: index)
    }
}
