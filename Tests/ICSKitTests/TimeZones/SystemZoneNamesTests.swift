import Foundation
import Testing
@testable import ICSKit

/// ``SystemZoneNames``: a name spelt as tzdata spells it is found by its file, without the walk
/// of `/usr/share/zoneinfo`; every other question goes to the index that the walk builds, and
/// both ways give the same answers. The expected names are tzdata's (`backward` links such as
/// `US/Eastern`, `Etc/GMT+5`) as Debian 12's tzdata package installs them.
@Suite("System zone names")
struct SystemZoneNamesTests {
    @Test("Names with a zone file are found by the file", arguments: [
        "Europe/Berlin", "America/New_York", "America/Argentina/Buenos_Aires", "Asia/Tokyo",
        "US/Eastern", "Etc/GMT+5", "Etc/UTC", "UTC", "GMT", "EST5EDT", "Asia/Calcutta",
    ])
    func zoneFiles(_ name: String) {
        #expect(SystemZoneNames.isZoneFile(name))
        #expect(SystemZoneNames.indexedNames.contains(name), "the walk finds \(name) too")
        #expect(SystemZoneNames.canonical(name) == name)
    }

    @Test("What is no zone name is not taken for one by the file check", arguments: [
        "europe/berlin",           // the file system is case-sensitive; the index answers this
        "Europe",                  // a folder
        "Europe//Berlin",          // an empty component: the walk never names it so
        "Europe/Berlin/",
        "/Europe/Berlin",
        "Europe/../Europe/Berlin", // a dot
        "posix/Europe/Berlin",     // posix/ and right/ are left out
        "right/Europe/Berlin",
        "zone.tab", "tzdata.zi", "leapseconds", "localtime", "posixrules", "SECURITY",
        "Mars/Olympus_Mons", "W. Europe Standard Time", "",
    ])
    func notZoneFiles(_ name: String) {
        #expect(!SystemZoneNames.isZoneFile(name))
    }

    /// Every zone file that the walk finds passes the file check, and nothing passes it that the
    /// walk does not find (checked over the walk's names and their lower- and upper-case forms).
    @Test func fileCheckAgreesWithTheWalk() {
        let indexed = SystemZoneNames.indexedNames
        #expect(indexed.count > 500)
        var checked = 0
        for name in indexed {
            let path = SystemZoneNames.zoneinfoDirectory + "/" + name
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                #expect(SystemZoneNames.isZoneFile(name), "\(name) has a file")
                checked += 1
            }
            for variant in [name.lowercased(), name.uppercased()] where SystemZoneNames.isZoneFile(variant) {
                #expect(indexed.contains(variant), "\(variant) passes the file check but the walk does not name it")
            }
        }
        #expect(checked > 500)
    }

    /// The screen that answers a name without the walk (``SystemZoneNames/mayBeIndexed(lowercased:)``)
    /// lets through every name of the index, in any case, so that it never changes an answer; and
    /// it stops the TZIDs that VTIMEZONEs make up, which then are no zone names, as the index says.
    @Test func theFirstComponentScreenPassesEveryIndexedName() {
        let indexed = SystemZoneNames.indexedNames
        for name in indexed {
            for variant in [name, name.lowercased(), name.uppercased()] {
                #expect(SystemZoneNames.mayBeIndexed(lowercased: variant.lowercased()), "\(variant)")
            }
        }
        let lowercasedIndex = Set(indexed.map { $0.lowercased() })
        for made in ["Custom/Zone-000", "Custom/Zone-299", "Mars/Olympus_Mons", "My Zone", "W. Europe Standard Time", "tzone://x"] {
            #expect(!SystemZoneNames.mayBeIndexed(lowercased: made.lowercased()), "\(made)")
            #expect(!lowercasedIndex.contains(made.lowercased()))
            #expect(SystemZoneNames.canonical(made) == nil)
            #expect(!SystemZoneNames.isKnown(made))
        }
        // Names in another case still reach the index.
        #expect(SystemZoneNames.mayBeIndexed(lowercased: "europe/berlin"))
        #expect(SystemZoneNames.canonical("EUROPE/BERLIN") == "Europe/Berlin")
        #expect(SystemZoneNames.canonical("utc") == "UTC")
    }

    /// Answers that only the index has: another case, a city, the areas, a link's current name.
    @Test func namesKnownOnlyThroughTheWalk() {
        #expect(SystemZoneNames.canonical("europe/berlin") == "Europe/Berlin")
        #expect(SystemZoneNames.canonical("AMERICA/NEW_YORK") == "America/New_York")
        #expect(SystemZoneNames.canonical("us/eastern") == "US/Eastern")
        #expect(SystemZoneNames.canonical("Mars/Olympus_Mons") == nil)
        #expect(SystemZoneNames.names(forCity: "Buenos Aires") == ["America/Argentina/Buenos_Aires", "America/Buenos_Aires"])
        #expect(SystemZoneNames.areas.isSuperset(of: ["Europe", "America", "Etc", "US"]))
        // tzdata's `backward` file: Asia/Calcutta links to Asia/Kolkata, US/Eastern to America/New_York.
        #expect(SystemZoneNames.currentName("Asia/Calcutta") == "Asia/Kolkata")
        #expect(SystemZoneNames.currentName("US/Eastern") == "America/New_York")
        #expect(SystemZoneNames.currentName("Europe/Berlin") == "Europe/Berlin")
        // Through the resolver: a TZID in the wrong case resolves to tzdata's zone.
        let resolver = ZoneResolver(timeZones: [])
        #expect(resolver.zone(for: "europe/berlin")?.identifier == "Europe/Berlin")
        #expect(resolver.zone(for: "/mozilla.org/20050126_1/europe/paris")?.identifier == "Europe/Paris")
    }
}
