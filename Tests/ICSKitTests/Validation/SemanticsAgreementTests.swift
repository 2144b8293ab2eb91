import Foundation
import Testing
import TestSupport
@testable import ICSKit

/// `icsview validate` and the views tell the same truth: on every fixture of the repository,
/// the validator says an EXDATE or a RECURRENCE-ID "matches no instance" exactly when the
/// expansion did not remove or replace an instance with it, and calls a TZID unknown exactly
/// when the expansion could not resolve it.
///
/// The expansion is the oracle, observed from outside: an EXDATE matched when the series with
/// that EXDATE alone has fewer occurrences than without it; a RECURRENCE-ID matched when, with
/// that override alone, fewer occurrences come from the master. Neither side's key is used.
@Suite("Validation agrees with the expansion on every fixture")
struct SemanticsAgreementTests {
    static let fixtures: [String] = {
        let root = Fixtures.root.appendingPathComponent("Fixtures")
        let walker = FileManager.default.enumerator(atPath: root.path)
        var found: [String] = []
        while let item = walker?.nextObject() as? String {
            if item.hasSuffix(".ics") { found.append("Fixtures/" + item) }
        }
        return found.sorted()
    }()

    /// The master the expansion uses: highest SEQUENCE, then the last in the file.
    static func master(of uid: String, in events: [Incidence]) -> Incidence? {
        events.filter { $0.uid == uid && $0.recurrenceID == nil }.max { $0.sequence <= $1.sequence }
    }

    /// The occurrences of `events` (one series and its overrides) from 26 hours before the earliest
    /// of the given wall times to 26 hours after the latest: whatever its zone (a UTC offset is
    /// under a day), the instance a time names starts in that window. The window is kept around the
    /// time in question: one from the series' start walked a minutely series for months per date,
    /// and one of a week each side made a secondly series 600,000 instances per date.
    static func occurrences(_ calendar: ICalendar, events: [Incidence], around times: [TimeValue]) -> [Occurrence] {
        var copy = calendar
        copy.events = events
        copy.todos = []
        let walls = times.map { ($0.date.daysSinceEpoch * 86_400 + $0.civil.hour * 3600 + $0.civil.minute * 60 + $0.civil.second) }
        let from = Date(timeIntervalSince1970: Double(walls.min()! - 26 * 3600))
        let to = Date(timeIntervalSince1970: Double(walls.max()! + 26 * 3600))
        return OccurrenceExpansion(calendars: [copy], from: from, to: to, viewerTimeZone: TimeZone(identifier: "UTC")!,
                                   instanceLimit: 1_000_000).collect().occurrences
    }

    /// At most `count` of `items`, spread evenly from the first to the last: a series' EXDATEs or
    /// overrides are all of one shape, and 150 overrides of one minutely series asked 300 expansions.
    static func spread<T>(_ items: [T], count: Int = 12) -> [T] {
        guard items.count > count else { return items }
        return (0..<count).map { items[$0 * (items.count - 1) / (count - 1)] }
    }

    @Test func fixturesAreFound() {
        #expect(Self.fixtures.count >= 100)
    }

    @Test(arguments: SanitizerRun.sample(fixtures))
    func exceptionsAndOverridesAgree(_ path: String) throws {
        let full = Fixtures.root.appendingPathComponent(path).path
        guard let calendar = try? ICalendar(contentsOfFile: full) else { return }
        let findings = Validator().validate(path: full).findings
        let uids = Set(calendar.events.compactMap(\.uid))
        for uid in uids.sorted() {
            guard let master = Self.master(of: uid, in: calendar.events), master.start != nil,
                  master.recurrenceRules.allSatisfy({ !InstanceSource.needsLibical($0) }) else { continue }
            var bare = master
            bare.exceptionDates = []
            for exdate in Self.spread(master.exceptionDates) {
                var one = bare
                one.exceptionDates = [exdate]
                let without = Self.occurrences(calendar, events: [bare], around: [exdate]).count
                let with = Self.occurrences(calendar, events: [one], around: [exdate]).count
                let reported = findings.contains {
                    $0.code == .exceptionMatchesNoInstance && $0.uid == uid && $0.message.hasPrefix("EXDATE \(exdate) ")
                }
                #expect(reported == (with == without),
                        "\(path): UID \(uid) EXDATE \(exdate): the expansion \(with < without ? "removed" : "did not remove") an instance, validate \(reported ? "says" : "does not say") it matches none")
            }
            for override in Self.spread(calendar.events.filter { $0.uid == uid && $0.recurrenceID != nil }) {
                guard let rid = override.recurrenceID else { continue }
                let fromMaster = { (list: [Occurrence]) in list.filter { $0.incidence.recurrenceID == nil && $0.incidence.uid == uid }.count }
                let without = fromMaster(Self.occurrences(calendar, events: [bare], around: [rid]))
                let with = fromMaster(Self.occurrences(calendar, events: [bare, override], around: [rid]))
                let reported = findings.contains {
                    $0.code == .recurrenceIDMatchesNoInstance && $0.uid == uid && $0.message.hasPrefix("RECURRENCE-ID \(rid) ")
                }
                #expect(reported == (with == without),
                        "\(path): UID \(uid) RECURRENCE-ID \(rid): the expansion \(with < without ? "replaced" : "did not replace") an instance, validate \(reported ? "says" : "does not say") it matches none")
            }
        }
    }

    /// The TZIDs a calendar's events and todos use (start, end, due, RDATE, EXDATE, RECURRENCE-ID).
    static func zonesUsed(_ calendar: ICalendar) -> Set<String> {
        var used = Set<String>()
        for incidence in calendar.events + calendar.todos {
            let values = [incidence.start, incidence.end, incidence.due, incidence.recurrenceID].compactMap { $0 }
                + incidence.exceptionDates + incidence.recurrenceDates.map(\.start)
            for value in values { if let tzid = value.tzid { used.insert(tzid) } }
        }
        return used
    }

    /// The TZID quoted in a diagnostic's message (the first `"…"`).
    static func quoted(_ message: String) -> String? {
        guard let open = message.firstIndex(of: "\"") else { return nil }
        let rest = message[message.index(after: open)...]
        guard let close = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<close])
    }

    @Test(arguments: fixtures)
    func unknownZonesAgree(_ path: String) throws {
        let full = Fixtures.root.appendingPathComponent(path).path
        guard let calendar = try? ICalendar(contentsOfFile: full) else { return }
        let findings = Validator().validate(path: full).findings
        let reported = Set(findings.filter { $0.code == .unknownTimeZone && $0.property != "X-WR-TIMEZONE" }.compactMap { Self.quoted($0.message) })
        let resolver = ZoneResolver(calendar: calendar)
        let unresolved = Self.zonesUsed(calendar).filter { resolver.zone(for: $0) == nil }
        #expect(reported == unresolved, "\(path): validate calls \(reported.sorted()) unknown; the expansion cannot resolve \(unresolved.sorted())")
        let expansion = OccurrenceExpansion(calendars: [calendar], from: Date(timeIntervalSince1970: 0),
                                            to: Date(timeIntervalSince1970: 4_102_444_800), viewerTimeZone: TimeZone(identifier: "UTC")!)
        var iterator = expansion.makeIterator()
        let diagnosed = Set(iterator.diagnostics.filter { $0.code == .unknownTimeZone }.compactMap { Self.quoted($0.message) })
        _ = iterator.next()
        #expect(diagnosed.isSubset(of: reported), "\(path): the expansion reports \(diagnosed.sorted()) unknown, validate \(reported.sorted())")
    }
}
