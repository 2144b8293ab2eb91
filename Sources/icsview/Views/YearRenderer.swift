import Foundation
import ICSKit

/// `--year`: the twelve months of a year as compact `cal`-like months (see
/// ``MonthRenderer/compact(_:calendar:options:)``), as many side by side as the width allows
/// (1, 2, 3, 4, 6 or 12 a row, so that the rows are even), under the year as a title.
enum YearRenderer {
    /// The width of one compact month (23 with week numbers).
    static func monthWidth(_ options: MonthRenderOptions) -> Int { options.weekNumbers ? 23 : 20 }

    /// How many months a row holds at `options.width`: the largest divisor of 12 that fits.
    static func monthsPerRow(_ options: MonthRenderOptions) -> Int {
        let fit = SideBySide.fitting(monthWidth(options), in: options.width, gap: 3, limit: 12)
        return [12, 6, 4, 3, 2, 1].first { $0 <= fit } ?? 1
    }

    /// The year as lines of text ending in a newline.
    static func render(_ year: Int, months: [MonthProjection], calendar: Calendar, options: MonthRenderOptions) -> String {
        let style = TerminalStyle(enabled: options.color)
        let perRow = monthsPerRow(options)
        let width = monthWidth(options)
        let total = perRow * width + (perRow - 1) * 3
        var lines = [style.apply(TerminalText.fit(String(year), total, .center).trimmingTrailingSpaces(), "1"), ""]
        var compact = options
        compact.width = width
        let blocks = months.map { month in
            MonthRenderer.compact(month, calendar: calendar, options: compact).split(separator: "\n", omittingEmptySubsequences: false)
                .dropLast().map(String.init)
        }
        lines += SideBySide.rows(blocks, perRow: perRow, width: width, gap: 3)
        return lines.joined(separator: "\n") + "\n"
    }
}
