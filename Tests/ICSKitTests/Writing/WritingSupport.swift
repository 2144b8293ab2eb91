import Foundation
@testable import ICSKit

/// Every `.ics` file under `Fixtures/`, as paths relative to it.
let allFixturePaths: [String] = {
    let root = Fixtures.root.appendingPathComponent("Fixtures")
    let walker = FileManager.default.enumerator(atPath: root.path)
    var found: [String] = []
    while let path = walker?.nextObject() as? String {
        if path.hasSuffix(".ics") { found.append(path) }
    }
    return found.sorted()
}()

/// The bytes of `Fixtures/<path>`.
func fixtureBytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: Fixtures.root.appendingPathComponent("Fixtures").appendingPathComponent(path)))
}

extension ICalendar {
    /// The model without what a round trip may change: where things were (line numbers, source),
    /// what was wrong in the input (diagnostics), and the VERSION and PRODID a writer supplies
    /// when the input had none.
    var comparable: ICalendar {
        var copy = self
        copy.source = nil
        copy.diagnostics = []
        copy.version = nil
        copy.productID = productID.flatMap { $0 == ICSWriter.defaultProductID ? nil : $0 }
        copy.skippedEventUIDHashSum = nil
        copy.skippedTodoUIDHashSum = nil
        copy.skippedJournalUIDHashSum = nil
        copy.otherProperties = otherProperties.map(\.withoutLine)
        copy.timeZones = timeZones.map {
            var zone = $0
            zone.line = nil
            zone.otherProperties = zone.otherProperties.map(\.withoutLine)
            return zone
        }
        copy.events = events.map(\.withoutLines)
        copy.todos = todos.map(\.withoutLines)
        copy.journals = journals.map(\.withoutLines)
        copy.otherComponents = otherComponents.map(\.withoutLines)
        return copy
    }
}

extension Property {
    var withoutLine: Property {
        var copy = self
        copy.line = nil
        return copy
    }
}

extension RawComponent {
    var withoutLines: RawComponent {
        var copy = self
        copy.line = nil
        copy.properties = properties.map(\.withoutLine)
        copy.components = components.map(\.withoutLines)
        return copy
    }
}

extension Incidence {
    var withoutLines: Incidence {
        var copy = self
        copy.line = nil
        copy.otherProperties = otherProperties.map(\.withoutLine)
        copy.otherComponents = otherComponents.map(\.withoutLines)
        copy.alarms = alarms.map {
            var alarm = $0
            alarm.line = nil
            alarm.triggerLine = nil
            alarm.otherProperties = alarm.otherProperties.map(\.withoutLine)
            return alarm
        }
        return copy
    }
}

/// What an agenda shows of each occurrence: UID, instance, start and end instants, title and
/// status, in expansion order (which is sorted).
struct AgendaLine: Hashable, CustomStringConvertible {
    var uid: String?
    var recurrenceID: TimeValue?
    var start: Date
    var end: Date
    var summary: String?
    var status: EventStatus?

    var description: String { "\(uid ?? "-") \(start.timeIntervalSince1970)–\(end.timeIntervalSince1970) \(summary ?? "")" }
}

/// The agenda of `calendar` over `range` in `zone`.
func agenda(_ calendar: ICalendar, _ range: DateInterval, _ zone: TimeZone) -> [AgendaLine] {
    OccurrenceExpansion(calendars: [calendar], from: range.start, to: range.end, viewerTimeZone: zone).collect().occurrences.map {
        AgendaLine(uid: $0.incidence.uid, recurrenceID: $0.recurrenceID, start: $0.start.date(in: zone),
                   end: $0.end.date(in: zone), summary: $0.incidence.summary, status: $0.status)
    }
}

/// The span a round trip compares agendas over: from a year before the first DTSTART to five years
/// after the last (1990–2040 when there is none).
func agendaSpan(_ calendar: ICalendar) -> DateInterval {
    let years = (calendar.events + calendar.todos + calendar.journals).compactMap { $0.start?.date.year }
    // Both ends within 1900–2200 (a fixture's year 9999 or 0001 must not make the span empty or
    // reversed: DateInterval traps on that).
    let last = min(max((years.max() ?? 2035) + 5, 1900), 2200)
    let first = min(max((years.min() ?? 1991) - 1, 1900), last)
    func start(of year: Int) -> Date { Date(timeIntervalSince1970: Double(CivilDate(year: year, month: 1, day: 1).daysSinceEpoch * 86_400)) }
    return DateInterval(start: start(of: first), end: start(of: last + 1))
}

/// The text a ``ContentLineWriter`` writes when `build` drives it.
func written(_ build: (inout ContentLineWriter) -> Void) -> String {
    var writer = ContentLineWriter()
    build(&writer)
    return String(decoding: writer.bytes, as: UTF8.self)
}
