// The stand-in's layout and content names (HorizonCalendar's MonthsLayout.swift,
// CalendarViewContent.swift, CalendarView.swift, DayRangeLayoutContext.swift,
// MonthLayoutContext.swift, OverlayLayoutContext.swift, CalendarItemModel.swift and the item
// views): the public names only, as plain values without UIKit.
import Foundation

/// How months follow each other in a calendar view: HorizonCalendar's axis setting.
public enum MonthsLayout: Hashable {
    case vertical(options: VerticalMonthsLayoutOptions)
    case horizontal(options: HorizontalMonthsLayoutOptions)

    public static var vertical: MonthsLayout { .vertical(options: VerticalMonthsLayoutOptions()) }
    public static var horizontal: MonthsLayout { .horizontal(options: HorizontalMonthsLayoutOptions()) }
}

public struct VerticalMonthsLayoutOptions: Hashable {
    public var pinDaysOfWeekToTop: Bool
    public init(pinDaysOfWeekToTop: Bool = false) { self.pinDaysOfWeekToTop = pinDaysOfWeekToTop }
}

public struct HorizontalMonthsLayoutOptions: Hashable {
    public var maximumFullyVisibleMonths: Double
    public init(maximumFullyVisibleMonths: Double = 1) { self.maximumFullyVisibleMonths = maximumFullyVisibleMonths }
}

/// What an item provider returns (a view model in HorizonCalendar; a label here).
public struct AnyCalendarItemModel: Hashable {
    public var label: String
    public init(label: String) { self.label = label }
}

public struct CalendarItemModel: Hashable {
    public var label: String
    public init(label: String) { self.label = label }
}

/// Where the days of one range sit, as HorizonCalendar hands it to a day-range item provider.
public struct DayRangeLayoutContext: Hashable {
    public var dayRange: DayComponentsRange
    public var daysAndFrames: [DayComponents]
    public init(dayRange: DayComponentsRange, daysAndFrames: [DayComponents]) {
        self.dayRange = dayRange
        self.daysAndFrames = daysAndFrames
    }
}

public struct MonthLayoutContext: Hashable {
    public var month: MonthComponents
    public init(month: MonthComponents) { self.month = month }
}

public struct OverlayLayoutContext: Hashable {
    public init() {}
}

public enum OverlaidItemLocation: Hashable {
    case day(containingDate: Date)
    case monthHeader(monthContainingDate: Date)
}

/// The content of a calendar view: the calendar, the visible dates, the layout and the providers.
public struct CalendarViewContent {
    public let calendar: Calendar
    public let visibleDateRange: ClosedRange<Date>
    public let monthsLayout: MonthsLayout
    public private(set) var dayItemProvider: (DayComponents) -> AnyCalendarItemModel? = { _ in nil }
    public private(set) var dayRanges: Set<ClosedRange<Date>> = []
    public private(set) var dayRangeItemProvider: (DayRangeLayoutContext) -> AnyCalendarItemModel? = { _ in nil }

    public init(calendar: Calendar = Calendar.current, visibleDateRange: ClosedRange<Date>, monthsLayout: MonthsLayout) {
        self.calendar = calendar
        self.visibleDateRange = visibleDateRange
        self.monthsLayout = monthsLayout
    }

    public func dayItemProvider(_ provider: @escaping (DayComponents) -> AnyCalendarItemModel?) -> CalendarViewContent {
        var copy = self
        copy.dayItemProvider = provider
        return copy
    }

    public func dayRangeItemProvider(for dateRanges: Set<ClosedRange<Date>>,
                                     _ provider: @escaping (DayRangeLayoutContext) -> AnyCalendarItemModel?) -> CalendarViewContent {
        var copy = self
        copy.dayRanges = dateRanges
        copy.dayRangeItemProvider = provider
        return copy
    }
}

/// The view classes' names (UIKit views in HorizonCalendar; empty stand-ins here).
public final class CalendarView { public init(initialContent: CalendarViewContent) {} }
public struct CalendarViewProxy {}
public struct CalendarViewRepresentable {}
public enum CalendarViewScrollPosition: Hashable { case centered, firstFullyVisiblePosition }
public struct CalendarItemViewRepresentable {}
public struct DayView {}
public struct DayOfWeekView {}
public struct MonthHeaderView {}
public struct MonthGridBackgroundView {}
public struct WeekNumberView {}
public struct SwiftUIWrapperView {}
public struct DrawingConfig {}
public struct DaysOfTheWeekRowSeparatorOptions {}
public enum DayRangeSelectionHelper {}
public enum Shape: Hashable { case circle, rectangle(cornerRadius: Double) }
