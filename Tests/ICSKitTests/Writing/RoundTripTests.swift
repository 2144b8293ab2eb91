import Foundation
import Testing
import TestSupport
@testable import ICSKit

/// The writer's round trip over every fixture: importing the written text gives the model of the
/// first import (lines and diagnostics aside), and the same agenda over the calendar's span. The
/// first import is the reference; the property holds for any input, so every fixture is a case.
@Suite struct RoundTripTests {
    @Test func findsTheFixtures() {
        #expect(allFixturePaths.count > 100)
    }

    /// Control characters other than HTAB may not stand in a content line (RFC 5545 3.1), nor
    /// C1 controls in what the writer writes (docs/export.md): the writer drops them, so the
    /// import of its text has every text of the model without them
    /// (titles, categories, alarms' texts, the calendar's name alike: the model is walked through
    /// its `Codable` form, so that no field is missed).
    static func withoutControlCharacters(_ calendar: ICalendar) -> ICalendar {
        func clean(_ value: Any) -> Any {
            switch value {
            case let text as String:
                return String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) || $0 == "\t" || $0 == "\n" }))
            case let list as [Any]: return list.map(clean)
            case let object as [String: Any]: return object.mapValues(clean)
            default: return value
            }
        }
        guard let data = try? JSONEncoder().encode(calendar),
              let tree = try? JSONSerialization.jsonObject(with: data),
              let cleaned = try? JSONSerialization.data(withJSONObject: clean(tree)),
              let copy = try? JSONDecoder().decode(ICalendar.self, from: cleaned) else { return calendar }
        return copy
    }

    @Test(arguments: allFixturePaths)
    func importOfTheWrittenTextIsTheFirstImport(fixture: String) throws {
        guard var first = try? ICalendar(bytes: try fixtureBytes(fixture), source: fixture) else { return }
        let written = ICSWriter(addsMissingTimeZones: false).bytes(for: first)
        #expect(!written.contains { $0 < 0x20 && $0 != 0x0D && $0 != 0x0A && $0 != 0x09 || $0 == 0x7F }, "\(fixture)")
        #expect(!zip(written, written.dropFirst()).contains { $0 == 0xC2 && (0x80...0x9F).contains($1) }, "\(fixture): a C1 control")
        first = Self.withoutControlCharacters(first)
        let second = try ICalendar(bytes: written, source: fixture)
        #expect(second.comparable == first.comparable, "\(fixture)")
        if second.comparable != first.comparable {
            for (a, b) in zip(first.comparable.events, second.comparable.events) where a != b {
                Issue.record("\(fixture): \(a) != \(b)")
                break
            }
        }
        // Written once more, the text is the same: the writer is a fixed point after one import.
        #expect(ICSWriter(addsMissingTimeZones: false).bytes(for: second) == written, "\(fixture)")
    }

    @Test(arguments: SanitizerRun.sample(allFixturePaths))
    func agendaOfTheWrittenTextIsTheFirstAgenda(fixture: String) throws {
        guard let read = try? ICalendar(bytes: try fixtureBytes(fixture), source: fixture) else { return }
        let first = Self.withoutControlCharacters(read)
        let second = try ICalendar(bytes: ICSWriter(referenceYear: 2026).bytes(for: first), source: fixture)
        let span = agendaSpan(first)
        for zone in ["UTC", "America/New_York"].map({ TimeZone(identifier: $0)! }) {
            let expected = agenda(first, span, zone), found = agenda(second, span, zone)
            #expect(found == expected, "\(fixture) in \(zone.identifier): \(found.count) occurrences, \(expected.count) expected")
        }
    }

    /// libical splits a FREEBUSY line of two periods into two properties; the VFREEBUSY kept as
    /// written has the line once (it had it twice, and each round trip doubled it).
    @Test func aLineOfSeveralValuesIsKeptOnce() throws {
        let calendar = try ICalendar(bytes: try fixtureBytes("validation/valid/freebusy.ics"))
        let busy = try #require(calendar.otherComponents.first)
        #expect(busy.properties.filter { $0.name == "FREEBUSY" }.map(\.value) == ["20240610T090000Z/PT1H,20240611T090000Z/20240611T100000Z"])
    }
}
