import Foundation

// MARK: Public: days and months as the DateComponents UIKit and HorizonCalendar speak

extension CalendarDay {
    /// The day that `components` name in `calendar`: what `UICalendarView` hands to
    /// `calendarView(_:decorationFor:)` and its date selections (calendar, era, year, month, day),
    /// or what an app builds itself (year, month, day without an era).
    ///
    /// A missing era is the one in which `calendar` places those numbers (Gregorian: AD; Japanese:
    /// the current era, as Foundation reads an era-less year). The components' own `calendar`, when
    /// set, wins over `calendar`. Hours and smaller are ignored.
    ///
    /// ```swift
    /// // In calendarView(_:decorationFor:) (UIKit gives era 1, year 2024, month 3, day 31):
    /// let day = CalendarDay(dateComponents, calendar: gregorian)  // 2024-03-31, era 1
    /// ```
    /// - Returns: `nil` when year, month or day is missing, or they name no day of the calendar
    ///   (30 February).
    public init?(_ components: DateComponents, calendar: Calendar) {
        var calendar = components.calendar ?? calendar
        if let zone = components.timeZone { calendar.timeZone = zone }
        guard let year = components.year, let month = components.month, let day = components.day else { return nil }
        var noon = DateComponents(era: components.era, year: year, month: month, day: day, hour: 12)
        noon.calendar = calendar
        guard let date = calendar.date(from: noon) else { return nil }
        let found = calendar.dateComponents([.era, .year, .month, .day], from: date)
        // Foundation rolls 30 February over to 1 March: such numbers name no day.
        guard found.year == year, found.month == month, found.day == day,
              components.era == nil || found.era == components.era, let era = found.era else { return nil }
        let gregorian = calendar.identifier == .gregorian || calendar.identifier == .iso8601
        self.init(era: era, year: year, month: month, day: day, yearsCountDown: gregorian && era == 0)
    }

    /// The day as UIKit takes it back (`reloadDecorations(forDateComponents:animated:)`, a
    /// selection's `setSelected`): `calendar`, era, year, month and day.
    public func dateComponents(in calendar: Calendar) -> DateComponents {
        var components = dateComponents
        components.calendar = calendar
        return components
    }

    /// Era, year, month and day, without a calendar (HorizonCalendar's `DayComponents.components`).
    public var dateComponents: DateComponents {
        DateComponents(era: era, year: year, month: month, day: day)
    }
}

extension CalendarMonth {
    /// The month that `components` name in `calendar` (era, year and month; a missing era as in
    /// ``CalendarDay/init(_:calendar:)``); `nil` when year or month is missing or invalid.
    public init?(_ components: DateComponents, calendar: Calendar) {
        var first = components
        first.day = 1
        guard let day = CalendarDay(first, calendar: calendar) else { return nil }
        self = day.calendarMonth
    }

    /// Era, year and month, without a calendar (HorizonCalendar's `MonthComponents.components`).
    public var dateComponents: DateComponents {
        DateComponents(era: era, year: year, month: month)
    }
}
