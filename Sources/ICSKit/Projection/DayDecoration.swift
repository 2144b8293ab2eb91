/// The size of a day's decoration, as `UICalendarView.DecorationSize` has them.
public enum DecorationSize: String, Sendable, Hashable, Codable, CaseIterable {
    case small, medium, large

    /// The default size for `count` occurrences: 1 → small, 2–3 → medium, 4 or more → large.
    public init(count: Int) {
        switch count {
        case ...1: self = .small
        case 2...3: self = .medium
        default: self = .large
        }
    }
}

/// What is drawn under a day that has occurrences, as `UICalendarView.Decoration` has it.
public enum DayDecoration: Sendable, Hashable, Codable {
    /// A filled dot; `nil` color means the renderer's default (UIKit: `systemFill`).
    /// `count` is how many occurrences the day has, for renderers that show it.
    case `default`(color: RGBColor?, size: DecorationSize, count: Int)
    /// An image named by a symbol (an SF Symbol name, an emoji, …).
    case image(symbol: String, color: RGBColor?, size: DecorationSize)
    /// Something only the renderer knows how to draw, described by a payload.
    case custom(payload: String)
}

/// Chooses a day's decoration from the day and its occurrences (in display order, never empty
/// when called by the projection); `nil` for no decoration.
public typealias DecorationProvider = @Sendable (CalendarDay, [Occurrence]) -> DayDecoration?

extension DayDecoration {
    /// The default provider: a dot colored by the first occurrence's COLOR (a CSS3 name or
    /// `#RRGGBB`), else by its calendar's color, else by its calendar's stable palette color;
    /// sized by the count (``DecorationSize/init(count:)``), with the count.
    ///
    /// - Parameter calendars: the styles of the calendars (each names its calendar by ``CalendarStyle/id``).
    public static func defaultProvider(calendars: [CalendarStyle]) -> DecorationProvider {
        { _, occurrences in
            guard let first = occurrences.first else { return nil }
            return .default(color: color(of: first, calendars: calendars),
                            size: DecorationSize(count: occurrences.count),
                            count: occurrences.count)
        }
    }

    /// The color that shows `occurrence`: its COLOR, else its calendar's color, else the
    /// calendar's stable palette color.
    public static func color(of occurrence: Occurrence, calendars: [CalendarStyle]) -> RGBColor {
        if let text = occurrence.incidence.color, let color = RGBColor(css: text) { return color }
        guard let (style, index) = calendars.style(for: occurrence) else {
            return CalendarStyle(name: nil, color: nil).resolvedColor(index: occurrence.calendarIndex)
        }
        return style.resolvedColor(index: index)
    }
}
