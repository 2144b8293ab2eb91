// A stand-in for HorizonCalendar's public day and month vocabulary (airbnb/HorizonCalendar,
// Sources/Public/Day.swift, DayComponents.swift, Month.swift, DayRange.swift, MonthRange.swift,
// DayOfWeekPosition.swift): the same public type names, written here as plain Foundation values,
// so that a test target can import ICSKit beside a module that exports them and prove that no
// name is ambiguous. Not HorizonCalendar's code: only its names and the shape of its values.
import Foundation

/// HorizonCalendar's month: era, year and month numbers of the calendar view's `Calendar`.
public struct MonthComponents: Hashable {
    public let era: Int
    public let year: Int
    public let month: Int

    public init(era: Int, year: Int, month: Int) {
        self.era = era
        self.year = year
        self.month = month
    }

    /// The `DateComponents` HorizonCalendar builds for a month.
    public var components: DateComponents { DateComponents(era: era, year: year, month: month) }
}

/// HorizonCalendar's day: a month and a day number.
public struct DayComponents: Hashable {
    public let month: MonthComponents
    public let day: Int

    public init(month: MonthComponents, day: Int) {
        self.month = month
        self.day = day
    }

    /// The `DateComponents` HorizonCalendar builds for a day.
    public var components: DateComponents {
        DateComponents(era: month.era, year: month.year, month: month.month, day: day)
    }
}

extension MonthComponents: Comparable {
    public static func < (lhs: MonthComponents, rhs: MonthComponents) -> Bool {
        (lhs.era, lhs.year, lhs.month) < (rhs.era, rhs.year, rhs.month)
    }
}

extension DayComponents: Comparable {
    public static func < (lhs: DayComponents, rhs: DayComponents) -> Bool {
        lhs.month != rhs.month ? lhs.month < rhs.month : lhs.day < rhs.day
    }
}

/// Older releases export `Day` and `Month`; newer ones keep them as aliases.
public typealias Day = DayComponents
public typealias Month = MonthComponents
public typealias DayComponentsRange = ClosedRange<DayComponents>
public typealias DayRange = DayComponentsRange
public typealias MonthComponentsRange = ClosedRange<MonthComponents>
public typealias MonthRange = MonthComponentsRange

/// A column of the week, from the calendar's first weekday.
public enum DayOfWeekPosition: Int, CaseIterable, Hashable {
    case first = 1, second, third, fourth, fifth, sixth, last
}
