import Foundation

/// How the HTML and SVG calendar pages are drawn: the words, the calendars' legend, how many
/// entries a cell lists and whether the agenda follows the grid.
///
/// ```swift
/// var options = PageRenderOptions(calendars: calendars.map(CalendarStyle.init))
/// options.calendarNames = ["Family", "Work"]
/// let html = HTMLMonthRenderer.page(march, calendar: calendar, options: options)
/// ```
public struct PageRenderOptions: Sendable {
    /// The words a page writes, in the reader's language.
    public struct Labels: Sendable, Hashable {
        /// "all day".
        public var allDay: String
        /// "+%d more": the entries of a cell that did not fit (`%d`: how many).
        public var more: String
        /// "Wk": the heading of the week-number column.
        public var weekShort: String
        /// "Week": before the week number in a week page's title.
        public var week: String
        /// "No events".
        public var noEvents: String
        /// "Calendars": the legend's accessible name.
        public var calendars: String
        /// "Agenda": the agenda's heading.
        public var agenda: String

        /// Labels in the page's language (the defaults are English).
        public init(allDay: String = "all day", more: String = "+%d more", weekShort: String = "Wk", week: String = "Week",
                    noEvents: String = "No events", calendars: String = "Calendars", agenda: String = "Agenda") {
            self.allDay = allDay
            self.more = more
            self.weekShort = weekShort
            self.week = week
            self.noEvents = noEvents
            self.calendars = calendars
            self.agenda = agenda
        }

        /// `more` with its `%d` replaced by `count`.
        func more(_ count: Int) -> String {
            more.replacingOccurrences(of: "%d", with: String(count))
        }
    }

    /// The calendars' styles, each naming its calendar (``CalendarStyle/id``) (for colours).
    public var calendars: [CalendarStyle]
    /// The calendars' names for the legend, indexed like `calendars` (empty: no legend).
    public var calendarNames: [String]
    /// The words the page uses.
    public var labels: Labels
    /// The page's title (`nil`: the month's or the week's name).
    public var title: String?
    /// How many single-day entries a cell lists before `+N more`.
    public var maxEntries: Int
    /// How many lanes of bars a week row draws; ranges in further lanes count in `+N more`.
    public var maxLanes: Int
    /// Whether the agenda of the shown days follows the grids.
    public var showsAgenda: Bool
    /// The days the agenda lists (`nil`: every shown day of the months, or of the week).
    public var agendaDays: ClosedRange<CalendarDay>?
    /// 12-hour times (`nil`: as the calendar's locale writes them).
    public var hour12: Bool?
    /// Right to left (`nil`: from the calendar's locale: Arabic, Hebrew, Persian, Urdu, …).
    public var rightToLeft: Bool?

    /// Options for a page: calendar styles and names, labels, and what to show.
    public init(calendars: [CalendarStyle] = [], calendarNames: [String] = [], labels: Labels = Labels(), title: String? = nil,
                maxEntries: Int = 3, maxLanes: Int = 3, showsAgenda: Bool = true, hour12: Bool? = nil, rightToLeft: Bool? = nil) {
        self.calendars = calendars
        self.calendarNames = calendarNames
        self.labels = labels
        self.title = title
        self.maxEntries = maxEntries
        self.maxLanes = maxLanes
        self.showsAgenda = showsAgenda
        self.hour12 = hour12
        self.rightToLeft = rightToLeft
    }

    /// The languages written right to left.
    static let rightToLeftLanguages: Set<String> = ["ar", "he", "iw", "fa", "ur", "yi", "ps", "sd", "ug", "ckb", "dv"]

    /// The BCP 47 tag of `calendar`'s locale (`de_DE` → `de-DE`), `en` when it has none.
    static func languageTag(_ calendar: Calendar) -> String {
        let identifier = (calendar.locale ?? Locale(identifier: "en")).identifier
        let tag = identifier.split(separator: "@").first.map(String.init)?.replacingOccurrences(of: "_", with: "-") ?? ""
        return tag.isEmpty ? "en" : tag
    }

    /// Whether the page is drawn right to left for `calendar`.
    func isRightToLeft(_ calendar: Calendar) -> Bool {
        if let rightToLeft { return rightToLeft }
        let tag = Self.languageTag(calendar)
        return Self.rightToLeftLanguages.contains(String(tag.prefix { $0 != "-" }).lowercased())
    }
}
