import Foundation
import ICSKit

/// `--format html` and `--format svg`: the month, week and year views drawn by ICSKit's
/// page renderers from the same projections as the terminal's.
extension Views {
    /// The page options from the command line and the user's language.
    var pageOptions: PageRenderOptions {
        let strings = context.strings
        let labels = PageRenderOptions.Labels(allDay: strings.allDay, more: strings.more, weekShort: strings.weekShort,
                                              week: strings.week,
                                              noEvents: LocalStrings.fill(strings.noEvents, "…", "…").trimmingCharacters(in: .punctuationCharacters),
                                              calendars: strings.calendars, agenda: strings.agenda)
        let names = calendars.enumerated().map { index, calendar in
            calendar.name ?? calendar.source.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "calendar \(index + 1)"
        }
        var page = PageRenderOptions(calendars: styles, calendarNames: names, labels: labels, showsAgenda: !options.noAgenda,
                                     hour12: context.dates.hour12, rightToLeft: context.isRightToLeft)
        // `--select`: below the month, only that day (as in the terminal).
        if options.view == .month, let selected = options.select.map(CalendarDay.init) { page.agendaDays = selected...selected }
        return page
    }

    /// The months as an HTML page or (one month) an SVG picture; nil for the text formats.
    func monthPage(_ projections: [MonthProjection]) -> String? {
        switch options.format {
        case .html: return HTMLMonthRenderer.page(projections, calendar: context.calendar, options: pageOptions)
        case .svg:
            return SVGCalendarRenderer.month(projections[0], calendar: context.calendar, options: pageOptions,
                                             width: options.pictureWidth ?? 900, height: options.pictureHeight ?? 640)
        case .text, .json: return nil
        }
    }

    /// The week as an HTML page or an SVG picture; nil for the text formats.
    func weekPage(_ projection: WeekProjection) -> String? {
        switch options.format {
        case .html: return HTMLWeekRenderer.page(projection, calendar: context.calendar, options: pageOptions)
        case .svg:
            return SVGCalendarRenderer.week(projection, calendar: context.calendar, options: pageOptions,
                                            width: options.pictureWidth ?? 900, height: options.pictureHeight ?? 360)
        case .text, .json: return nil
        }
    }
}

/// Which views have which page formats.
enum PageFormats {
    /// A usage error when `--format html|svg` or `--width`/`--height` is given to a view without it.
    static func check(_ options: Options) -> UsageError? {
        if options.showHelp || options.showVersion { return nil }
        switch options.format {
        case .html where ![.month, .week, .year].contains(options.view):
            return UsageError(message: "--format html is for --month, --months, -3, --year and --week")
        case .svg where !(options.view == .week || (options.view == .month && options.months == 1 && !options.threeMonths)):
            return UsageError(message: "--format svg is for a single --month or --week")
        default: break
        }
        if (options.pictureWidth != nil || options.pictureHeight != nil) && options.format != .svg {
            return UsageError(message: "--width and --height are for --format svg")
        }
        return nil
    }
}
