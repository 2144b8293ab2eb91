import Foundation
import Testing
@testable import ICSKit

/// The caches keyed by text from the input (zone names) keep a fixed most number of entries
///: a file with thousands of distinct unknown TZIDs cannot grow them.
@Suite("Bounded caches")
struct BoundedCacheTests {
    @Test("the oldest entry goes first when the cache is full; a stored key is updated in place")
    func evictsOldestFirst() {
        let cache = BoundedCache<String, Int>(capacity: 3)
        for (i, key) in ["a", "b", "c"].enumerated() { cache.set(i, for: key) }
        cache.set(10, for: "a")  // an update: no eviction, "a" keeps its place as the oldest
        #expect(cache.count == 3 && cache.value(for: "a") == 10)
        cache.set(3, for: "d")
        #expect(cache.value(for: "a") == nil)
        #expect(cache.value(for: "b") == 1 && cache.value(for: "c") == 2 && cache.value(for: "d") == 3)
        cache.set(4, for: "e")
        #expect(cache.value(for: "b") == nil && cache.count == 3)
        var made = 0
        #expect(cache.value(for: "e") { made += 1; return 99 } == 4)
        #expect(cache.value(for: "f") { made += 1; return 5 } == 5)
        #expect(made == 1 && cache.count == 3 && cache.value(for: "c") == nil)
    }

    @Test("many distinct unknown Windows names keep the process-wide cache at its bound")
    func windowsNamesStayBounded() {
        let capacity = WindowsZoneNames.cacheCapacity
        for n in 0..<(capacity + 500) {
            #expect(WindowsZoneNames.iana(for: "No Such Standard Time \(n)") == nil)
        }
        #expect(WindowsZoneNames.cache.count == capacity)
        // Known names still resolve after the evictions (CLDR: W. Europe → Europe/Berlin).
        #expect(WindowsZoneNames.iana(for: "W. Europe Standard Time") == "Europe/Berlin")
        #expect(WindowsZoneNames.cache.count == capacity)
    }

    @Test("a resolver fed many distinct unknown TZIDs keeps its answers at the bound")
    func resolverStaysBounded() {
        let resolver = ZoneResolver(timeZones: [], referenceYear: 2024)
        for n in 0..<(ZoneResolver.answerCapacity + 100) {
            #expect(resolver.zone(for: "Mars/Crater_\(n)") == nil)
        }
        #expect(resolver.answers.count == ZoneResolver.answerCapacity)
        #expect(resolver.zone(for: "Europe/Berlin")?.identifier == "Europe/Berlin")
        #expect(resolver.answers.count == ZoneResolver.answerCapacity)
    }

    @Test("tables of many distinct fixed-offset zones keep the process-wide tzdata cache at its bound")
    func foundationTablesStayBounded() throws {
        // Every whole minute from -18:00 to +18:00 is a zone of its own (`GMT+0530`…): 2,161
        // identifiers, more than the bound; each table still gives its zone's offset.
        var identifiers = Set<String>()
        for minutes in -1_080...1_080 {
            let zone = try #require(TimeZone(secondsFromGMT: minutes * 60))
            identifiers.insert(zone.identifier)
            let table = FoundationTransitions.table(for: zone)
            #expect(table.offset(atUTC: 1_700_000_000) == minutes * 60, "\(zone.identifier)")
        }
        #expect(identifiers.count > FoundationTransitions.capacity)
        #expect(FoundationTransitions.tables.count == FoundationTransitions.capacity)
    }

    @Test("many distinct IANA-like names asked for their Windows name keep the reverse cache at its bound")
    func windowsReverseNamesStayBounded() {
        for n in 0..<(WindowsZoneNames.cacheCapacity + 200) {
            #expect(WindowsZoneNames.windowsName(forIANA: "Nowhere/Place_\(n)") == nil)
        }
        #expect(WindowsZoneNames.reverseCache.count == WindowsZoneNames.cacheCapacity)
        // CLDR: Europe/Amsterdam is covered by W. Europe Standard Time.
        #expect(WindowsZoneNames.windowsName(forIANA: "Europe/Amsterdam") == "W. Europe Standard Time")
        #expect(WindowsZoneNames.reverseCache.count == WindowsZoneNames.cacheCapacity)
    }
}
