// The public surface as an app sees it: this target imports ICSKit without @testable, and
// nothing of libical, zlib, curl or ICU (built with MemberImportVisibility, so that members
// of modules it does not import are not visible either). It fails to build when a public
// name breaks, when a public signature needs a C module, or when an entry point of the
// README stops being public. The functions are compiled, not all run: `surface` is the
// compile-only part; the tests below run a few of the calls on a small calendar.
import Foundation
import ICSKit
import Testing

/// Every stage an app touches, as the README uses it. Compiled, never called.
@available(*, deprecated, message: "compile-only: do not call")
func surface(url: URL, data: Data, zone: TimeZone, calendar: Calendar) async throws {
    // Import.
    let options = ImportOptions(limits: .standard, parallelism: 0, readsUTCSeriesInCalendarZone: true)
    let fromText = try ICalendar(parsing: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", source: "probe.ics", options: options)
    let fromData = try ICalendar(data: data, source: "probe.ics")
    let fromFile = try ICalendar(contentsOf: url, options: options)
    let fromPath = try ICalendar(contentsOfFile: "-")
    let bytes: [UInt8] = Array(data)
    _ = try ICalendar(bytes: bytes)
    _ = ICalendar.libicalVersion
    // Model.
    let event: Incidence? = fromText.events.first
    _ = (event?.uid, event?.summary, event?.start, event?.end, event?.recurrenceRules)
    _ = (fromData.name, fromData.color, fromData.timeZones, fromData.todos, fromData.journals)
    let diagnostic: Diagnostic? = fromFile.diagnostics.first
    _ = (diagnostic?.code, diagnostic?.severity, diagnostic?.message, diagnostic?.line)
    _ = DiagnosticCode(rawValue: "ICS1001").title
    _ = DiagnosticCode.all.count
    // Errors.
    do { _ = try ICalendar(contentsOf: url) } catch {
        let failure: ICSError = error
        _ = (failure.code, failure.message, failure.source, failure.line, failure.description)
    }
    // Expand.
    var expansion = OccurrenceExpansion(calendars: [fromText, fromPath], from: Date(), to: Date() + 86_400, viewerTimeZone: zone,
                                        instanceLimit: 1_000)
    expansion.usesSecondThread = false
    let (occurrences, expansionDiagnostics) = expansion.collect()
    _ = expansionDiagnostics
    for occurrence in fromText.occurrences(from: Date(), to: Date(), viewerTimeZone: zone) {
        _ = (occurrence.start.date(in: zone), occurrence.end, occurrence.isAllDay, occurrence.incidence, occurrence.recurrenceID)
    }
    var iterator: OccurrenceExpansion.Iterator = expansion.makeIterator()
    _ = (iterator.next(), iterator.diagnostics)
    _ = ReminderExpansion.self
    // Alarm triggers, per occurrence or held per series.
    let triggers = AlarmTriggers(calendars: [fromText], viewerTimeZone: zone)
    if let first = occurrences.first {
        let series: AlarmTriggers.SeriesTriggers = triggers.series(of: first)
        _ = (triggers.instants(for: first), series.instants(for: first))
    }
    // Project.
    let month = MonthProjection(month: CalendarMonth(year: 2024, month: 6), occurrences: occurrences, calendar: calendar,
                                options: ProjectionOptions(now: Date()))
    _ = (month.grid, month.dayRanges, month.item(for: CalendarDay(year: 2024, month: 6, day: 12))?.decoration)
    let dots: [CalendarDot] = month.item(for: CalendarDay(year: 2024, month: 6, day: 12))?.calendarDots ?? []
    _ = (dots.first?.calendar, dots.first?.color, dots.first?.count, CalendarDot.dots(for: occurrences, calendars: []))
    // Storable occurrence keys and change sets per occurrence.
    _ = occurrences.first.map { Occurrence.ID(stringValue: $0.id.stringValue) }
    let diff = OccurrenceDiff(old: occurrences, new: occurrences, zone: zone)
    _ = (diff.added, diff.removed, diff.moved.first?.new, diff.changed.first?.fields, diff.unchangedCount)
    // Sources: CalDAV and vdir.
    let client = CalDAVClient(credentials: HTTPCredentials(user: "probe", password: "", scheme: .digest))
    let copy = CalDAVLocalCopy(collection: url, directory: NSTemporaryDirectory(), name: "probe")
    _ = (copy.sync(with: client).calendar, copy.lastSynced)
    _ = (try VdirCalendar.read(at: "probe").calendar, try VdirCalendar.itemFiles(at: "probe"))
    _ = WeekProjection.self
    // Render.
    _ = PageRenderOptions.self
    // Validate.
    let report: ValidationReport = Validator().validate(text: "", file: "probe.ics")
    _ = (report.findings.first?.description, report.fails(strict: true), report.failures.first?.message)
    _ = Validator.raises(.recurrenceLimit)
    _ = Validator.whyNotRaised(.recurrenceLimit)
    _ = await Validator().validateFeed(try FeedSource("https://example.org/team.ics"))
    // Feeds.
    let cache = FeedCache(directory: FileManager.default.temporaryDirectory)
    _ = FeedCache.standard.directory
    let feed = try FeedSubscription(url: url, cache: cache, fetchOptions: FetchOptions(), importOptions: options)
    let update: FeedUpdate = try await feed.refresh()
    _ = (update.calendar, update.origin, update.problem, update.changes?.added, update.notice(), update.suggestedRefreshInterval)
    _ = try feed.restorePrevious()
}

/// A few of the calls above, run.
@Suite("Public API probe")
struct PublicAPIProbeTests {
    static let text = """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//ICSKit probe//EN\r
    BEGIN:VEVENT\r
    UID:probe@example.org\r
    DTSTAMP:20240601T000000Z\r
    DTSTART:20240610T090000Z\r
    DTEND:20240610T100000Z\r
    RRULE:FREQ=DAILY;COUNT=3\r
    SUMMARY:Probe\r
    END:VEVENT\r
    END:VCALENDAR\r

    """

    /// RFC 5545 3.8.5.3: DTSTART and two more days, 09:00–10:00 UTC each; one thread or two, the same.
    @Test func importAndExpandThroughThePublicAPI() throws {
        let calendar = try ICalendar(data: Data(Self.text.utf8), source: "probe.ics")
        let utc = try #require(TimeZone(identifier: "UTC"))
        let start = Date(timeIntervalSince1970: 1_717_977_600)  // 2024-06-10T00:00:00Z
        var single = calendar.occurrences(from: start, to: start + 7 * 86_400, viewerTimeZone: utc)
        single.usesSecondThread = false
        let found = single.collect().occurrences.map { $0.start.date(in: utc).timeIntervalSince1970 }
        #expect(found == [1_718_010_000, 1_718_096_400, 1_718_182_800])  // 10, 11, 12 June 2024 09:00Z
        #expect(calendar.occurrences(from: start, to: start + 7 * 86_400, viewerTimeZone: utc).collect().occurrences
                == single.collect().occurrences)
    }

    @Test func aFeedURLIsNotReadAsAFile() throws {
        let url = try #require(URL(string: "https://example.org/team.ics"))
        #expect(throws: ICSError.self) { try ICalendar(contentsOf: url) }
        #expect(!ICalendar.libicalVersion.isEmpty)
    }
}
