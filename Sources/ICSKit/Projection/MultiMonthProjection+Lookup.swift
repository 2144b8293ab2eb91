import Foundation

extension MultiMonthProjection {
    /// The item of `day` in its own month's grid (not a neighbour's copy), if a month shows it.
    ///
    /// - Complexity: O(log m) for m months, then O(1).
    public func item(for day: CalendarDay) -> DayItem? {
        let month = day.calendarMonth
        var low = 0, high = months.count
        while low < high {
            let mid = (low + high) / 2
            if months[mid].month < month { low = mid + 1 } else { high = mid }
        }
        guard low < months.count, months[low].month == month else { return nil }
        return months[low].item(for: day)
    }
}

extension WeekProjection {
    /// The item of `day`, if the week shows it.
    ///
    /// - Complexity: O(7).
    public func item(for day: CalendarDay) -> DayItem? {
        days.first { $0.day == day }
    }
}
