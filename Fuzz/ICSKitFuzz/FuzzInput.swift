import Foundation
import FuzzDriver
import ICSKit

/// What the fuzzer does with one input: every public entry point a user's bytes reach, in
/// the order the command line reaches them — validate, import, expand a wide range, project
/// the month (and week) where the first occurrence falls, import that month's window as the
/// views do (checked against the full import), diff the calendar with itself, run the
/// reminder scheduler (`remind --watch`) on a manual clock through a day with a jump each way,
/// and read the input's halves as a vdir calendar, once and again with one item changed.
///
/// Any crash, sanitizer report, leak or hang in here is a bug: bad input must end in a
/// diagnostic or an ``ICSError``. Work per input is bounded by the library's own limits,
/// with a lower instance limit than the views' so that an input takes milliseconds.
enum FuzzInput {
    /// The viewer's zone: one with DST, so that floating and all-day times cross transitions.
    static let zone = TimeZone(identifier: "America/New_York")!

    /// The expanded range: 1900-01-01 to 2100-01-01 (UTC).
    static let rangeStart = Date(timeIntervalSince1970: -2_208_988_800)
    static let rangeEnd = Date(timeIntervalSince1970: 4_102_444_800)

    /// The most instances of one series per input (the views allow 10,000).
    static let instanceLimit = 500
    /// The most reminders (and occurrences read for them) of one series per look-ahead of the
    /// reminder scheduler (apps and `remind --watch`: 50,000).
    static let seriesLimit = 5_000

    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        calendar.firstWeekday = 2
        calendar.minimumDaysInFirstWeek = 4
        return calendar
    }()

    static func run(_ bytes: [UInt8]) {
        // `icsview validate`: the validator's own pass plus libical's, one thread.
        let report = Validator(options: .init(parallelism: 1)).validate(bytes: bytes, file: "fuzz.ics")
        for finding in report.findings { _ = finding.description }

        // `icsview <file>`: the import.
        let imported: ICalendar
        do {
            imported = try ICalendar(bytes: bytes, source: "fuzz.ics")
        } catch {
            _ = error.description
            return
        }
        for diagnostic in imported.diagnostics { _ = diagnostic.description }

        // `--agenda` over two centuries.
        let (occurrences, diagnostics) = OccurrenceExpansion(calendars: [imported], from: rangeStart, to: rangeEnd,
                                                             viewerTimeZone: zone, instanceLimit: instanceLimit).collect()
        for diagnostic in diagnostics { _ = diagnostic.description }

        // `--month` and `--week` where the first occurrence (else the first DTSTART) falls.
        let first = occurrences.first.map { $0.start.date(in: zone) }
        let day = first.map { CalendarDay(containing: $0, in: calendar) }
            ?? imported.events.lazy.compactMap(\.start).first.map { CalendarDay($0.date) }
            ?? CalendarDay(year: 2024, month: 1, day: 1)
        if (1...9999).contains(day.year) {
            let options = ProjectionOptions(now: rangeStart, calendars: [CalendarStyle(imported)], includesCancelled: true)
            let month = MonthProjection(month: day.calendarMonth, occurrences: occurrences, calendar: calendar, options: options)
            _ = month.dayRanges.segments.count
            let week = WeekProjection(containing: day, occurrences: occurrences, calendar: calendar, options: options)
            _ = week.days.count

            // The month as the views import it (``ImportOptions/window``: blocks whose own lines
            // show that they cannot reach it are skimmed and skipped): exactly what the full import
            // shows over the same weeks, else the skim or its bounds are wrong.
            let days = day.calendarMonth.days(in: calendar)
            let window = DateInterval(start: days.lowerBound.adding(days: -7, in: calendar).startDate(in: calendar),
                                      end: days.upperBound.adding(days: 8, in: calendar).startDate(in: calendar))
            if let windowed = try? ICalendar(bytes: bytes, source: "fuzz.ics", options: ImportOptions(window: window)) {
                let shown = { (input: ICalendar) in
                    OccurrenceExpansion(calendars: [input], from: window.start, to: window.end,
                                        viewerTimeZone: zone, instanceLimit: instanceLimit).collect().occurrences
                }
                precondition(shown(windowed) == shown(imported), "a windowed import shows other occurrences than a full one")
            } else {
                preconditionFailure("a windowed import failed where the full one did not")
            }
        }

        // `icsview diff` of the calendar with itself: nothing may differ.
        let diff = CalendarDiff(old: imported, new: imported)
        precondition(diff.added.isEmpty && diff.removed.isEmpty && diff.changed.isEmpty, "a calendar differs from itself")

        schedule(imported, around: first ?? day.startDate(in: calendar))
        readAsVdir(bytes)
    }

    /// `remind --watch`: the scheduler from an hour before `start` through a day, in steps of
    /// ten minutes, with the clock set an hour back and a day ahead on the way, the calendars
    /// replaced halfway; what it hands out is never handed out twice.
    static func schedule(_ calendar: ICalendar, around start: Date) {
        let clock = ManualClock(now: start.addingTimeInterval(-3600))
        var scheduler = ReminderScheduler(calendars: [calendar], viewerTimeZone: zone, clock: clock,
                                          policy: .init(catchUp: 600, seriesLimit: seriesLimit))
        var handedOut = Set<Reminder>()
        for step in 0..<12 {
            let batch = scheduler.advance()
            for reminder in batch.due + batch.missed {
                precondition(handedOut.insert(reminder).inserted, "a reminder handed out twice")
            }
            _ = scheduler.nextWake
            switch step {
            case 4: clock.jump(by: -3600)
            case 8: clock.jump(by: 86_400)
            case 6: scheduler.replaceCalendars([calendar])
            default: clock.advance(by: 600)
            }
        }
        _ = scheduler.upcoming(after: clock.now(), limit: 20)
    }

    /// A vdir calendar of the input's two halves (`a.ics`, `b.ics`) and a `displayname`: read
    /// whole, then again after `b.ics` changes, reusing `a.ics`'s reading.
    static func readAsVdir(_ bytes: [UInt8]) {
        let directory = NSTemporaryDirectory() + "icskit-fuzz-vdir-\(getpid())"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let middle = bytes.count / 2
        FuzzFiles.write(bytes[..<middle], to: directory + "/a.ics")
        FuzzFiles.write(bytes[middle...], to: directory + "/b.ics")
        FuzzFiles.write(bytes.prefix(40), to: directory + "/displayname")
        guard let first = try? VdirCalendar.read(at: directory) else { return }
        FuzzFiles.write(bytes[..<middle], to: directory + "/b.ics")
        if let again = try? VdirCalendar.read(at: directory, previous: first) {
            _ = again.calendar.events.count + again.skipped.count
        }
    }
}
