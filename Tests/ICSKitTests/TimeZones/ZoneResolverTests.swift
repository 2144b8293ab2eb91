import Foundation
import Testing
@testable import ICSKit

/// The order in which a TZID is resolved: UTC names, IANA, Windows, the file's VTIMEZONE, nothing.
@Suite("ZoneResolver")
struct ZoneResolverTests {
    typealias F = ZoneFixtures

    @Test("IANA names, vendor paths and aliases resolve to tzdata", arguments: [
        ("Europe/Berlin", "Europe/Berlin"),
        ("/mozilla.org/20050126_1/Europe/Berlin", "Europe/Berlin"),
        ("\"America/New_York\"", "America/New_York"),
        ("asia/tokyo", "Asia/Tokyo"),
        ("US/Eastern", "US/Eastern"),
        ("Etc/GMT+5", "Etc/GMT+5"),
        ("W. Europe Standard Time", "Europe/Berlin"),
        ("India Standard Time", "Asia/Kolkata"),
    ])
    func tzdata(_ tzid: String, _ identifier: String) throws {
        let zone = try #require(ZoneResolver(timeZones: []).zone(for: tzid))
        #expect(zone is FoundationZone)
        #expect(zone.identifier == identifier)
    }

    @Test("UTC, GMT and Z are UTC, with no identifier", arguments: ["UTC", "GMT", "Z", "utc", "Etc/UTC", "\"UTC\""])
    func utc(_ tzid: String) throws {
        let zone = try #require(ZoneResolver(timeZones: []).zone(for: tzid))
        #expect(zone is UTCZone)
        #expect(zone.identifier == nil)
    }

    @Test("an unknown TZID resolves to nothing, and the diagnostic names it")
    func unknown() {
        let resolver = ZoneResolver(timeZones: [F.googleNewYork()])
        #expect(resolver.zone(for: "Mars/Olympus_Mons") == nil)
        #expect(resolver.zone(for: "Customized Time Zone") == nil)
        #expect(resolver.zone(for: "") == nil)
        let diagnostic = ZoneResolver.unknownTimeZoneDiagnostic(tzid: "Mars/Olympus_Mons", source: "a.ics", line: 12,
                                                                uid: "u1", property: "DTSTART")
        #expect(diagnostic.code == .unknownTimeZone)
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.message.contains("\"Mars/Olympus_Mons\""))
        #expect(diagnostic.line == 12 && diagnostic.uid == "u1" && diagnostic.property == "DTSTART")
    }

    @Test("a custom TZID with a VTIMEZONE is that definition, shown by its TZID")
    func customDefinition() throws {
        let definition = F.outlookWEurope(tzid: "Customized Time Zone")
        let zone = try #require(ZoneResolver(timeZones: [definition]).zone(for: "Customized Time Zone"))
        let defined = try #require(zone as? DefinedZone)
        #expect(defined.identifier == "Customized Time Zone")
        #expect(defined.isFullySupported)
        // Hand-worked: 2024-07-01 12:00 in +02:00 is 10:00Z.
        #expect(zone.resolve(F.wall(2024, 7, 1, 12)) == (F.utc(2024, 7, 1, 10), true))
    }

    @Test("a VTIMEZONE is found by its normalised TZID too")
    func normalisedDefinitionMatch() throws {
        let definition = F.standardOnly(tzid: "/example.com/1/Custom Zone")
        let zone = try #require(ZoneResolver(timeZones: [definition]).zone(for: "\"/example.com/1/Custom Zone\""))
        #expect(zone.identifier == "Custom Zone")
        #expect(zone.offset(atUTC: 0) == 19_800)
    }

    @Test("X-LIC-LOCATION that is an IANA name wins over the definition")
    func licLocation() throws {
        let zone = try #require(ZoneResolver(timeZones: [F.googleNewYork(tzid: "Eastern")]).zone(for: "Eastern"))
        #expect(zone is FoundationZone)
        #expect(zone.identifier == "America/New_York")
    }

    @Test("an IANA TZID uses tzdata even when the file defines it")
    func ianaBeforeDefinition() throws {
        let zone = try #require(ZoneResolver(timeZones: [F.standardOnly(tzid: "Europe/Berlin")]).zone(for: "Europe/Berlin"))
        #expect(zone is FoundationZone)
    }

    @Test("an Outlook display name with a matching VTIMEZONE becomes the IANA zone")
    func displayNameWithMatchingDefinition() throws {
        let tzid = "(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna"
        let resolver = ZoneResolver(timeZones: [F.outlookWEurope(tzid: tzid)], referenceYear: 2024)
        let zone = try #require(resolver.zone(for: tzid))
        #expect(zone is FoundationZone)
        #expect(zone.identifier == "Europe/Berlin")
    }

    @Test("an Outlook display name whose VTIMEZONE disagrees with tzdata keeps the definition")
    func displayNameWithOtherRules() throws {
        // Amsterdam's name, New York's rules shifted: no IANA candidate agrees.
        let tzid = "(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna"
        var definition = F.googleNewYork(tzid: tzid, location: false)
        definition.observances = definition.observances.map {
            var o = $0
            o.offsetFrom += 6 * 3600
            o.offsetTo += 6 * 3600
            return o
        }
        let zone = try #require(ZoneResolver(timeZones: [definition], referenceYear: 2024).zone(for: tzid))
        #expect(zone is DefinedZone)
        #expect(zone.identifier == tzid)
        #expect(zone.offset(atUTC: F.utc(2024, 1, 15)) == 3600)
        #expect(zone.offset(atUTC: F.utc(2024, 7, 15)) == 7200)
    }

    @Test("answers are cached: one zone object per TZID")
    func cached() throws {
        let resolver = ZoneResolver(timeZones: [F.standardOnly()])
        let a = try #require(resolver.zone(for: "India Only Standard") as? DefinedZone)
        let b = try #require(resolver.zone(for: "India Only Standard") as? DefinedZone)
        #expect(a.table === b.table)
    }

    @Test("many threads resolving at once share one answer per TZID")
    func concurrentResolution() async throws {
        let resolver = ZoneResolver(timeZones: [F.outlookWEurope(tzid: "Custom")])
        let tzids = ["Custom", "Europe/Berlin", "Tokyo Standard Time", "Nowhere", "UTC"]
        let offsets = await withTaskGroup(of: [Int?].self) { group in
            for _ in 0..<8 {
                group.addTask { tzids.map { resolver.zone(for: $0)?.offset(atUTC: F.utc(2024, 7, 1)) } }
            }
            return await group.reduce(into: [[Int?]]()) { $0.append($1) }
        }
        // Hand-worked: July 2024 is +02:00 in Berlin (both), +09:00 in Tokyo.
        #expect(offsets.allSatisfy { $0 == [7200, 7200, 32_400, nil, 0] })
    }

    @Test("the calendar's default zone comes from X-WR-TIMEZONE")
    func defaultZone() {
        var calendar = ICalendar()
        #expect(calendar.defaultZone == nil)
        calendar.defaultTimeZone = "Europe/Berlin"
        #expect(calendar.defaultZone?.identifier == "Europe/Berlin")
        #expect(ZoneResolver(calendar: calendar).defaultZone?.identifier == "Europe/Berlin")
        calendar.defaultTimeZone = "Pacific Standard Time"
        #expect(calendar.defaultZone?.identifier == "America/Los_Angeles")
        calendar.defaultTimeZone = "Eastern"
        calendar.timeZones = [F.googleNewYork(tzid: "Eastern")]
        #expect(calendar.defaultZone?.identifier == "America/New_York")
        calendar.defaultTimeZone = "India Only Standard"
        calendar.timeZones = [F.standardOnly()]
        #expect(calendar.defaultZone == nil)
        #expect(ZoneResolver(calendar: calendar).defaultZone?.identifier == "India Only Standard")
    }

    @Test("a TZID finds the first VTIMEZONE with it as written, else the first that normalises to it, among thousands")
    func definitionLookup() throws {
        // 5,000 definitions "Custom/Zone-n" (n = 0…4999), each of one observance at +n minutes;
        // then a copy of Custom/Zone-7 at +9 hours (never chosen: the first stands), and
        // "\"Quoted/Zone\"" before "Quoted/Zone" (written, not normalised, wins).
        var definitions = (0..<5_000).map { n in
            TimeZoneDefinition(tzid: "Custom/Zone-\(n)", observances: [
                .init(kind: .standard, start: F.wall(1970, 1, 1), offsetFrom: n * 60, offsetTo: n * 60)])
        }
        definitions.append(TimeZoneDefinition(tzid: "Custom/Zone-7", observances: [
            .init(kind: .standard, start: F.wall(1970, 1, 1), offsetFrom: F.hours(9), offsetTo: F.hours(9))]))
        definitions.append(TimeZoneDefinition(tzid: "\"Quoted/Zone\"", observances: [
            .init(kind: .standard, start: F.wall(1970, 1, 1), offsetFrom: F.hours(1), offsetTo: F.hours(1))]))
        definitions.append(TimeZoneDefinition(tzid: "Quoted/Zone", observances: [
            .init(kind: .standard, start: F.wall(1970, 1, 1), offsetFrom: F.hours(2), offsetTo: F.hours(2))]))
        let resolver = ZoneResolver(timeZones: definitions, referenceYear: 2024)
        for n in [0, 7, 4_999] {
            let zone = try #require(resolver.zone(for: "Custom/Zone-\(n)"))
            #expect(zone.offset(atUTC: F.utc(2024, 1, 1)) == n * 60, "Custom/Zone-\(n)")
        }
        // Normalised: surrounding blanks and a trailing colon go; the first definition matches.
        #expect(resolver.definition(for: " Custom/Zone-42: ")?.observances.first?.offsetTo == 42 * 60)
        #expect(resolver.definition(for: "Quoted/Zone")?.observances.first?.offsetTo == F.hours(2))
        #expect(resolver.definition(for: "\"Quoted/Zone\"")?.observances.first?.offsetTo == F.hours(1))
        #expect(resolver.definition(for: "'Quoted/Zone'")?.observances.first?.offsetTo == F.hours(1))
        #expect(resolver.definition(for: "Custom/Zone-5000") == nil)
        #expect(ZoneResolver(timeZones: []).definition(for: "Custom/Zone-0") == nil)
    }
}
