import Foundation
import ICSKit

/// The range a view shows, for a windowed import (``ImportOptions/window``): what is outside it
/// cannot change the view, so the import may skip what provably lies outside.
extension Views {
    /// The instants of the days the view shows in the display zone, with a day more on either
    /// side; `nil` for the summary and the to-dos, which need every component.
    var importWindow: DateInterval? {
        let days: ClosedRange<CivilDate>
        switch options.view {
        case .month:
            let months = shownMonths
            days = civil(MonthGrid(month: months[0], calendar: context.calendar).firstDay)
                ... civil(MonthGrid(month: months[months.count - 1], calendar: context.calendar).lastDay)
        case .year:
            let year = options.year ?? context.today.year
            days = civil(MonthGrid(month: CalendarMonth(year: year, month: 1), calendar: context.calendar).firstDay)
                ... civil(MonthGrid(month: CalendarMonth(year: year, month: 12), calendar: context.calendar).lastDay)
        case .week:
            let day = options.weekDate ?? context.today
            days = day.adding(days: -7)...day.adding(days: 7)
        case .agenda:
            let (from, to) = agendaDays
            guard from <= to else { return nil }
            days = from...to
        case .summary, .todos:
            return nil
        }
        return DateInterval(start: context.start(of: days.lowerBound.adding(days: -1)),
                            end: context.start(of: days.upperBound.adding(days: 2)))
    }

    /// The window of the view `options` asks for, or `nil` (no view, or options the view will reject).
    static func importWindow(options: Options) -> DateInterval? {
        guard let context = try? ViewContext(options: options) else { return nil }
        return Views(calendars: [], options: options, context: context).importWindow
    }
}
