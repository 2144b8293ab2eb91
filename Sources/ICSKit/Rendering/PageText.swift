import Foundation

/// Dates, times and colours as the pages write them, in the calendar's locale and zone.
struct PageText {
    let calendar: Calendar
    let options: PageRenderOptions
    private let fullDate: DateFormatter
    private let monthTitle: DateFormatter
    private let time: DateFormatter
    private let weekday: DateFormatter

    init(calendar: Calendar, options: PageRenderOptions) {
        self.calendar = calendar
        self.options = options
        let locale = calendar.locale ?? Locale(identifier: "en_US")
        func formatter(_ template: String) -> DateFormatter {
            let formatter = DateFormatter()
            formatter.calendar = calendar
            formatter.locale = locale
            formatter.timeZone = calendar.timeZone
            formatter.setLocalizedDateFormatFromTemplate(template)
            return formatter
        }
        fullDate = formatter("EEEEdMMMMy")
        monthTitle = formatter("MMMMy")
        weekday = formatter("EEEE")
        switch options.hour12 {
        case true?: time = formatter("hmma")
        case false?: time = formatter("HHmm")
        case nil: time = formatter("jmm")
        }
    }

    /// "Friday, March 8, 2024".
    func full(_ day: CalendarDay) -> String { fullDate.string(from: noon(day)) }

    /// "March 2024".
    func title(_ month: CalendarMonth) -> String {
        monthTitle.string(from: noon(month.firstDay))
    }

    /// The full weekday name of `day`.
    func weekdayName(_ day: CalendarDay) -> String { weekday.string(from: noon(day)) }

    /// The occurrence's start time in the display zone ("09:30"), `nil` for an all-day one.
    func startTime(_ occurrence: Occurrence) -> String? {
        occurrence.isAllDay ? nil : time.string(from: occurrence.start.date(in: calendar.timeZone))
    }

    /// The occurrence's title (its SUMMARY, or a dash).
    func summary(_ occurrence: Occurrence) -> String {
        let text = occurrence.incidence.summary?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return text.isEmpty ? "—" : text
    }

    /// "09:30 Standup", "all day Holiday" or "☐ Send the slides": what a screen reader says of one entry.
    func spoken(_ occurrence: Occurrence) -> String {
        "\(Self.todoBox(occurrence) ?? startTime(occurrence) ?? options.labels.allDay) \(summary(occurrence))"
    }

    /// A to-do's box, `☐` open or `✓` done (as the terminal's views draw it); `nil` for an event.
    /// A to-do shows its box where an event shows its time: it is a thing to do by then, not a
    /// meeting from DTSTART to DUE.
    static func todoBox(_ occurrence: Occurrence) -> String? {
        guard occurrence.incidence.kind == .todo else { return nil }
        return occurrence.incidence.isCompletedTodo ? "✓" : "☐"
    }

    /// The colour that shows `occurrence` (its COLOR, else its calendar's).
    func color(_ occurrence: Occurrence) -> RGBColor {
        DayDecoration.color(of: occurrence, calendars: options.calendars)
    }

    /// `--c` (the colour) and `--on` (black or white text on it, by WCAG relative luminance).
    func colorStyle(_ color: RGBColor) -> String {
        "--c: \(color); --on: \(Self.textColor(on: color))"
    }

    /// Black on light colours, white on dark ones: the one with the higher WCAG 2 contrast.
    static func textColor(on color: RGBColor) -> String {
        func linear(_ channel: UInt8) -> Double {
            let c = Double(channel) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let luminance = 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
        // Contrast with black (L + 0.05) / 0.05 against white 1.05 / (L + 0.05): equal at L ≈ 0.179.
        return luminance > 0.179 ? "#000000" : "#ffffff"
    }

    /// `YYYY-MM-DD`.
    static func iso(_ day: CalendarDay) -> String { day.description }

    private func noon(_ day: CalendarDay) -> Date { day.startDate(in: calendar).addingTimeInterval(12 * 3600) }
}
