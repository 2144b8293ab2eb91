import Foundation
import Testing
@testable import ICSKit

/// The fuzzer's regression inputs (`Fuzz/corpus/`) through the entry points the fuzzer drives
/// (`Fuzz/ICSKitFuzz/FuzzInput.swift`: validate, import, expand 1900–2100 with 500 instances
/// per series, project a month and a week, diff with itself), in the normal test run: each one
/// must end in diagnostics, never in a crash; each input that once crashed has the diagnostic
/// it must give written down below.
@Suite struct FuzzCorpusTests {
    static let directory = Fixtures.root.appendingPathComponent("Fuzz/corpus")

    /// The inputs, by file name (the directory's README excluded).
    static let inputs: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
        .filter { !$0.hasSuffix(".md") }.sorted()

    /// For each input that crashed the fuzzer: the diagnostic codes its import must give (all of
    /// them, in any order), worked out from what is wrong in it.
    static let crashes: [String: Set<DiagnosticCode>] = [
        // `BEGIN :X` inside a VEVENT: a double free in libical before the scanner read BEGIN/END as libical does.
        "crash-begin-space-before-colon.ics": [DiagnosticCode(rawValue: "ICS1010")],
        // `END<0x1A>VEVENT`: the same double free, from a control byte where the colon belongs.
        "crash-end-control-byte-before-name.ics": [DiagnosticCode(rawValue: "ICS1010")],
        // A month grid of January 0001 showed days of 1 BC as if of AD 1: a reversed range trapped.
        "crash-month-of-year-0001.ics": [],
        "crash-weekly-from-0001-to-9999.ics": [],
        // `DURATION:PT99999999999999999999S` (211 bytes): the Swift reader counted the digits after
        // the loop that overflowed, and every command trapped; now reported (ICS2003) and ignored.
        "crash-duration-twenty-digits.ics": [DiagnosticCode(rawValue: "ICS2003")],
        // The same run folded over two lines, and a 20-digit TRIGGER.
        "crash-duration-folded-digits.ics": [DiagnosticCode(rawValue: "ICS2003")],
        // A minutely series whose instances last 2,000 years (DTSTART in 0024, the DTEND of a
        // mangled line in 2024), with TRIGGER:-P9999W: the scheduler read every instance still
        // running 9,999 weeks after its day, each with no trigger in its range (minutes under
        // ASan); see `reminderWindowOfLongInstancesStops`. A nested BEGIN:VEVENT closes nothing
        // (ICS1004); a mangled RECURRENCE-ID is an unknown name (ICS2007).
        "crash-remind-long-instances-far-trigger.ics": [DiagnosticCode(rawValue: "ICS1004"), DiagnosticCode(rawValue: "ICS2007")],
        // A daily series with `DURATION:-P1000W`: the year view's sieve reversed its range of days
        // and trapped; a negative DURATION is now read as none (validate says ICS2116; the import
        // has nothing to say).
        "crash-negative-duration-year.ics": [],
    ]

    struct Outcome {
        var report: ValidationReport
        var calendar: ICalendar?
        var error: ICSError?
        var occurrences: [Occurrence] = []
        var expansionDiagnostics: [Diagnostic] = []
        /// What the reminder scheduler's look-aheads reported (`remind --watch` around the first day).
        var schedulerDiagnostics: [Diagnostic] = []
    }

    static let zone = TimeZone(identifier: "America/New_York")!

    /// What `FuzzInput.run` does, keeping the results.
    static func exercise(_ bytes: [UInt8]) -> Outcome {
        let report = Validator(options: .init(parallelism: 1)).validate(bytes: bytes, file: "fuzz.ics")
        let calendar: ICalendar
        do {
            calendar = try ICalendar(bytes: bytes, source: "fuzz.ics")
        } catch {
            return Outcome(report: report, error: error)
        }
        var outcome = Outcome(report: report, calendar: calendar)
        let start = Date(timeIntervalSince1970: -2_208_988_800), end = Date(timeIntervalSince1970: 4_102_444_800)
        (outcome.occurrences, outcome.expansionDiagnostics) = OccurrenceExpansion(
            calendars: [calendar], from: start, to: end, viewerTimeZone: zone, instanceLimit: 500).collect()
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = zone
        let day = outcome.occurrences.first.map { CalendarDay(containing: $0.start.date(in: zone), in: gregorian) }
            ?? CalendarDay(year: 2024, month: 1, day: 1)
        let options = ProjectionOptions(now: start, calendars: [CalendarStyle(calendar)], includesCancelled: true)
        _ = MonthProjection(month: day.calendarMonth, occurrences: outcome.occurrences, calendar: gregorian, options: options)
        _ = WeekProjection(containing: day, occurrences: outcome.occurrences, calendar: gregorian, options: options)
        let diff = CalendarDiff(old: calendar, new: calendar)
        #expect(diff.added.isEmpty && diff.removed.isEmpty && diff.changed.isEmpty)
        outcome.schedulerDiagnostics = schedule(calendar, around: outcome.occurrences.first?.start.date(in: zone) ?? day.startDate(in: gregorian))
        return outcome
    }

    /// The reminder scheduler as the fuzzer runs it: from an hour before `start`, ten-minute
    /// steps with the clock set an hour back, the calendars replaced, then a day ahead, and the
    /// next reminders; each one handed out once. Returns the diagnostics of each look-ahead.
    static func schedule(_ calendar: ICalendar, around start: Date) -> [Diagnostic] {
        let clock = ManualClock(now: start.addingTimeInterval(-3600))
        var scheduler = ReminderScheduler(calendars: [calendar], viewerTimeZone: zone, clock: clock,
                                          policy: .init(catchUp: 600, seriesLimit: 5_000))
        var handedOut = Set<Reminder>(), diagnostics: [Diagnostic] = []
        for step in 0..<12 {
            let batch = scheduler.advance()
            #expect((batch.due + batch.missed).allSatisfy { handedOut.insert($0).inserted })
            diagnostics += scheduler.diagnostics
            switch step {
            case 4: clock.jump(by: -3600)
            case 6: scheduler.replaceCalendars([calendar])
            case 8: clock.jump(by: 86_400)
            default: clock.advance(by: 600)
            }
        }
        _ = scheduler.upcoming(after: clock.now(), limit: 20)
        return diagnostics
    }

    @Test func theCorpusIsThere() {
        #expect(Self.inputs.contains("seed-secondly.ics"))
        #expect(Self.inputs.count >= 3)
    }

    @Test(arguments: inputs)
    func everyInputEndsInDiagnostics(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.directory.appendingPathComponent(name)))
        let outcome = Self.exercise(bytes)
        // One file validated (or named as not iCalendar), never a failure to read bytes in memory.
        #expect(outcome.report.failures.isEmpty)
        #expect(outcome.report.files == ["fuzz.ics"])
        if let error = outcome.error { #expect(error.code == .notICalendar) }
        if name.hasPrefix("crash-") {
            let expected = try #require(Self.crashes[name], "\(name) needs its expected diagnostics in FuzzCorpusTests.crashes")
            let codes = Set(outcome.calendar?.diagnostics.map(\.code) ?? [])
            #expect(expected.isSubset(of: codes), "\(name): \(codes.map(\.rawValue).sorted())")
        }
    }

    /// The scheduler on `crash-remind-long-instances-far-trigger.ics`: the series "far@bounds"
    /// starts on 0024-04-16 (09:00 UTC) and each instance ends on 2024-01-01, so around its first
    /// day every look-ahead's range, shifted 9,999 weeks on (to the year 0215), is overlapped by
    /// each of its minutely instances since 0024; none triggers in the range. Each look-ahead
    /// stops the series at the reminder expansion's instance limit with ICS3002.
    @Test func reminderWindowOfLongInstancesStops() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.directory.appendingPathComponent("crash-remind-long-instances-far-trigger.ics")))
        let outcome = Self.exercise(bytes)
        let far = try #require(outcome.calendar?.events.first { $0.uid == "far@bounds" && !$0.recurrenceRules.isEmpty })
        #expect(far.alarms.count == 1)
        #expect(outcome.schedulerDiagnostics.contains { $0.code == .recurrenceLimit && $0.uid == "far@bounds" })
    }

    /// `seed-secondly.ics` by hand: DTSTART 1900-01-01 00:00 Berlin (CET, 1899-12-31 23:00 UTC,
    /// before the range) lasts 1 s and is not shown; the rule gives 09:00:00 and 09:00:30 each
    /// day, the first EXDATEd; so the first occurrence is 1900-01-01 09:00:30 CET (08:00:30 UTC),
    /// and about 146,000 instances in range stop at the limit of 500 with ICS3002.
    @Test func secondlySeedStopsAtTheInstanceLimit() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.directory.appendingPathComponent("seed-secondly.ics")))
        let outcome = Self.exercise(bytes)
        #expect(outcome.calendar?.diagnostics.filter { $0.severity == .error }.isEmpty == true)
        #expect(outcome.occurrences.count == 500)
        #expect(outcome.occurrences.first?.start.date(in: Self.zone) == Date(timeIntervalSince1970: -2_208_988_800 + 8 * 3600 + 30))
        #expect(outcome.expansionDiagnostics.map(\.code) == [.recurrenceLimit])
    }
}
