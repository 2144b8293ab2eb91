import Foundation
import Testing
@testable import ICSKit

/// Every model and projection value that claims `Codable` comes back equal from JSON
/// (encode → decode → `==`): whole calendars imported from every fixture (events, todos,
/// journals, alarms, rules, RDATE periods, zones, diagnostics, raw properties), and each enum
/// case and optional field built by hand.
@Suite("Codable round trips")
struct CodableRoundTripTests {
    static func roundTrip<T: Codable & Equatable>(_ value: T) throws -> T {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try JSONDecoder().decode(T.self, from: encoder.encode(value))
    }

    static var fixtureFiles: [String] {
        ["import", "recurrence", "reminders", "views", "diff"].flatMap { folder -> [String] in
            let directory = Fixtures.root.appendingPathComponent("Fixtures/\(folder)")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.filter { $0.hasSuffix(".ics") }.sorted().map { directory.appendingPathComponent($0).path }
        }
    }

    @Test func everyFixtureCalendarSurvivesJSON() throws {
        let files = Self.fixtureFiles
        #expect(files.count > 20)
        var seen = (events: 0, todos: 0, alarms: 0, rules: 0, zones: 0, diagnostics: 0, rdates: 0)
        for file in files {
            let calendar = try ICalendar(contentsOfFile: file)
            let back = try Self.roundTrip(calendar)
            #expect(back == calendar, "\(file)")
            seen.events += calendar.events.count
            seen.todos += calendar.todos.count
            seen.alarms += calendar.events.reduce(0) { $0 + $1.alarms.count }
            seen.rules += calendar.events.reduce(0) { $0 + $1.recurrenceRules.count }
            seen.rdates += calendar.events.reduce(0) { $0 + $1.recurrenceDates.count }
            seen.zones += calendar.timeZones.count
            seen.diagnostics += calendar.diagnostics.count
        }
        // The fixtures exercise each part of the model (so the round trip above covers it).
        #expect(seen.events > 0 && seen.todos > 0 && seen.alarms > 0 && seen.rules > 0)
        #expect(seen.zones > 0 && seen.diagnostics > 0 && seen.rdates > 0)
    }

    @Test func timeValuesInEveryCase() throws {
        let civil = CivilDateTime(year: 2024, month: 3, day: 31, hour: 2, minute: 30, second: 15)
        let values: [TimeValue] = [.date(CivilDate(year: 2024, month: 2, day: 29)), .floating(civil), .utc(civil),
                                   .zoned(civil, tzid: "Europe/Berlin")]
        for value in values { #expect(try Self.roundTrip(value) == value) }
        let dates: [RecurrenceDate] = [.time(values[2]),
                                       .period(start: values[3], end: .time(.zoned(civil, tzid: "Europe/Berlin"))),
                                       .period(start: values[2], end: .duration(ICSDuration(hours: 1, minutes: 30)))]
        for value in dates { #expect(try Self.roundTrip(value) == value) }
        let durations = [ICSDuration(), ICSDuration(isNegative: true, weeks: 2), ICSDuration(days: 1, hours: 2, minutes: 3, seconds: 4)]
        for value in durations { #expect(try Self.roundTrip(value) == value) }
    }

    @Test func alarmsAndRules() throws {
        let triggers: [Alarm.Trigger] = [.relative(ICSDuration(isNegative: true, minutes: 15), toEnd: false),
                                        .relative(ICSDuration(hours: 1), toEnd: true),
                                        .absolute(.utc(CivilDateTime(year: 2024, month: 6, day: 10, hour: 8)))]
        for trigger in triggers {
            let alarm = Alarm(action: .display, trigger: trigger, notes: "Soon")
            #expect(try Self.roundTrip(alarm) == alarm)
        }
        #expect(try Self.roundTrip(Alarm()) == Alarm())
        for frequency in RecurrenceRule.Frequency.allCases { #expect(try Self.roundTrip(frequency) == frequency) }
        for skip in [RecurrenceRule.Skip.omit, .backward, .forward] { #expect(try Self.roundTrip(skip) == skip) }
        for weekday in Weekday.allCases {
            #expect(try Self.roundTrip(weekday) == weekday)
            let number = RecurrenceRule.WeekdayNumber(weekday, ordinal: -1)
            #expect(try Self.roundTrip(number) == number)
        }
        let months = [RecurrenceRule.MonthNumber(5), RecurrenceRule.MonthNumber(5, isLeap: true)]
        for month in months { #expect(try Self.roundTrip(month) == month) }
        for kind in [Incidence.Kind.event, .todo, .journal] { #expect(try Self.roundTrip(kind) == kind) }
        for kind in [TimeZoneDefinition.Observance.Kind.standard, .daylight] { #expect(try Self.roundTrip(kind) == kind) }
    }

    @Test func diagnosticsAndFindings() throws {
        for severity in [Diagnostic.Severity.note, .warning, .error] {
            let diagnostic = Diagnostic(.unknownTimeZone, "unknown TZID 'Mars/Olympus'", severity: severity, source: "a.ics")
            #expect(try Self.roundTrip(diagnostic) == diagnostic)
        }
        // Every registered code, and one that is not (kept by its text).
        for code in DiagnosticCode.all + [DiagnosticCode(rawValue: "ICS9999")] {
            let back = try Self.roundTrip(code)
            #expect(back == code && back.title == code.title && back.defaultSeverity == code.defaultSeverity)
        }
        let finding = Finding(file: "a.ics", line: 4, column: nil, code: .missingEnd, message: "VEVENT has no END")
        #expect(try Self.roundTrip(finding) == finding)
        let validators = [FetchValidators(), FetchValidators(etag: "\"v1\"", lastModified: "Mon, 10 Jun 2024 08:00:00 GMT")]
        for value in validators { #expect(try Self.roundTrip(value) == value) }
        for revision in [CalendarDiff.Revision.newer, .older, .same] { #expect(try Self.roundTrip(revision) == revision) }
    }

    @Test func projectionValues() throws {
        let day = CalendarDay(year: 2024, month: 6, day: 12)
        #expect(try Self.roundTrip(day) == day)
        #expect(try Self.roundTrip(CalendarMonth(year: 2024, month: 6)) == CalendarMonth(year: 2024, month: 6))
        let teal = RGBColor(red: 0, green: 128, blue: 128)
        #expect(try Self.roundTrip(teal) == teal)
        for style in [CalendarStyle(name: nil, color: nil), CalendarStyle(name: "Team", color: teal)] {
            #expect(try Self.roundTrip(style) == style)
        }
        for size in DecorationSize.allCases {
            let decorations: [DayDecoration] = [.default(color: nil, size: size, count: 1), .default(color: teal, size: size, count: 4),
                                                .image(symbol: "star.fill", color: nil, size: size),
                                                .image(symbol: "🎂", color: teal, size: size), .custom(payload: "{\"k\":1}")]
            for decoration in decorations { #expect(try Self.roundTrip(decoration) == decoration) }
        }
        let state = DayState(day: day, isInMonth: false, occurrenceCount: 3, isToday: true, isSelected: true, isEnabled: false, isWeekend: true)
        #expect(try Self.roundTrip(state) == state)
        #expect(try Self.roundTrip(DayState(day: day)) == DayState(day: day))
        for axis in [MultiMonthProjection.Axis.vertical, .horizontal] { #expect(try Self.roundTrip(axis) == axis) }
    }
}
