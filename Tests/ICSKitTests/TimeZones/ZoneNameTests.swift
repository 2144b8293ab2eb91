import Foundation
import Testing
@testable import ICSKit

/// TZID normalisation, Windows names and Outlook display names. Expected IANA names for
/// Windows names are CLDR's windowsZones.xml (territory 001), with tzdata's current name where
/// CLDR keeps an old one (`Asia/Calcutta` is a link to `Asia/Kolkata` in tzdata's `backward`).
@Suite("Zone names")
struct ZoneNameTests {
    @Test("TZIDs are cleaned and vendor paths stripped", arguments: [
        ("/mozilla.org/20050126_1/Europe/Berlin", "Europe/Berlin"),
        ("/freeassociation.sourceforge.net/Tzfile/Europe/London", "Europe/London"),
        ("/softwarestudio.org/Olson_20011030_5/America/New_York", "America/New_York"),
        ("/citadel.org/20190914_1/Europe/Rome", "Europe/Rome"),
        ("/mozilla.org/20050126_1/America/Argentina/Buenos_Aires", "America/Argentina/Buenos_Aires"),
        ("/freeassociation.sourceforge.net/Europe/Paris", "Europe/Paris"),
        ("\"Europe/Berlin\"", "Europe/Berlin"),
        ("'America/Chicago'", "America/Chicago"),
        ("Europe/Berlin:", "Europe/Berlin"),
        ("  Asia/Tokyo \t", "Asia/Tokyo"),
        (" \"Europe/Vienna:\" ", "Europe/Vienna"),
        ("europe/berlin", "Europe/Berlin"),
        ("AMERICA/NEW_YORK", "America/New_York"),
        ("us/eastern", "US/Eastern"),
        ("Etc/GMT+5", "Etc/GMT+5"),
        ("/example.com/20240101_1/Custom Zone", "Custom Zone"),
        ("/mozilla.org/20050126_1/Mars/Olympus_Mons", "Mars/Olympus_Mons"),
        ("W. Europe Standard Time", "W. Europe Standard Time"),
        ("Customized Time Zone", "Customized Time Zone"),
    ])
    func normalisation(_ tzid: String, _ expected: String) {
        #expect(TimeZoneNames.normalizedTZID(tzid) == expected)
    }

    @Test("Windows names map to IANA through CLDR", arguments: [
        ("W. Europe Standard Time", "Europe/Berlin"),
        ("Eastern Standard Time", "America/New_York"),
        ("GMT Standard Time", "Europe/London"),
        ("Pacific Standard Time", "America/Los_Angeles"),
        ("China Standard Time", "Asia/Shanghai"),
        ("Tokyo Standard Time", "Asia/Tokyo"),
        ("AUS Eastern Standard Time", "Australia/Sydney"),
        ("India Standard Time", "Asia/Kolkata"),
        ("Romance Standard Time", "Europe/Paris"),
        ("Central Europe Standard Time", "Europe/Budapest"),
        ("Central Standard Time", "America/Chicago"),
        ("Mountain Standard Time", "America/Denver"),
        ("E. South America Standard Time", "America/Sao_Paulo"),
        ("Russian Standard Time", "Europe/Moscow"),
        ("FLE Standard Time", "Europe/Kyiv"),
        ("Nepal Standard Time", "Asia/Kathmandu"),
        ("Greenwich Standard Time", "Atlantic/Reykjavik"),
        ("eastern standard time", "America/New_York"),
        ("w. europe standard time", "Europe/Berlin"),
    ])
    func windowsNames(_ windows: String, _ iana: String) {
        #expect(TimeZoneNames.ianaIdentifier(forWindowsName: windows) == iana)
        #expect(TimeZoneNames.displayTimeZone(named: windows)?.identifier == iana)
    }

    @Test("names that are no Windows names map to nothing", arguments: [
        "Europe/Berlin", "Central European Time", "Nowhere Standard Time", "", "W. Europe Standard Time 2",
    ])
    func notWindowsNames(_ name: String) {
        #expect(TimeZoneNames.ianaIdentifier(forWindowsName: name) == nil)
    }

    @Test("Outlook display names are parsed", arguments: [
        ("(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna", 3600, "Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna"),
        ("(UTC-05:00) Eastern Time (US & Canada)", -18_000, "Eastern Time (US & Canada)"),
        ("(GMT+01.00) Amsterdam / Berlin / Bern / Rome / Stockholm / Vienna", 3600, "Amsterdam / Berlin / Bern / Rome / Stockholm / Vienna"),
        ("(UTC) Dublin, Edinburgh, Lisbon, London", 0, "Dublin, Edinburgh, Lisbon, London"),
        ("(UTC+05:30) Chennai, Kolkata, Mumbai, New Delhi", 19_800, "Chennai, Kolkata, Mumbai, New Delhi"),
        ("(UTC-03:30) Newfoundland", -12_600, "Newfoundland"),
    ])
    func displayNameParsing(_ text: String, _ offset: Int, _ label: String) throws {
        let parsed = try #require(OutlookDisplayName(text))
        #expect(parsed.offset == offset)
        #expect(parsed.label == label)
    }

    @Test("other text is no display name", arguments: ["Europe/Berlin", "(UTC+25:00) Nowhere", "(UTC+01:00)", "(XYZ) Foo", "(UTC+1:99) A"])
    func notDisplayNames(_ text: String) {
        #expect(OutlookDisplayName(text) == nil)
    }

    @Test("display names lead to CLDR's principal zone when no VTIMEZONE is there", arguments: [
        ("(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna", "Europe/Berlin"),
        ("(UTC-05:00) Eastern Time (US & Canada)", "America/New_York"),
        ("(UTC-08:00) Pacific Time (US & Canada)", "America/Los_Angeles"),
        ("(GMT+01.00) Amsterdam / Berlin / Bern / Rome / Stockholm / Vienna", "Europe/Berlin"),
        ("(UTC) Dublin, Edinburgh, Lisbon, London", "Europe/London"),
        ("(UTC+10:00) Canberra, Melbourne, Sydney", "Australia/Sydney"),
        ("(UTC+08:00) Beijing, Chongqing, Hong Kong, Urumqi", "Asia/Shanghai"),
        ("(UTC+09:00) Osaka, Sapporo, Tokyo", "Asia/Tokyo"),
    ])
    func displayNamesWithoutDefinition(_ text: String, _ iana: String) {
        let resolver = ZoneResolver(timeZones: [], referenceYear: 2024)
        #expect(resolver.zone(for: text)?.identifier == iana)
        #expect(TimeZoneNames.displayTimeZone(named: text)?.identifier == iana)
    }

    @Test("a display name whose offset fits none of its cities resolves to nothing")
    func displayNameWrongOffset() {
        let resolver = ZoneResolver(timeZones: [], referenceYear: 2024)
        #expect(resolver.zone(for: "(UTC+04:00) Amsterdam, Berlin") == nil)
        #expect(resolver.zone(for: "(UTC+01:00) Atlantis") == nil)
    }

    @Test("display zones for --tz: IANA in any case, aliases, Windows names, UTC")
    func displayZones() {
        #expect(TimeZoneNames.displayTimeZone(named: "europe/paris")?.identifier == "Europe/Paris")
        #expect(TimeZoneNames.displayTimeZone(named: "US/Eastern")?.identifier == "US/Eastern")
        #expect(TimeZoneNames.displayTimeZone(named: "Etc/GMT+5")?.secondsFromGMT() == -18_000)
        #expect(TimeZoneNames.displayTimeZone(named: "Tokyo Standard Time")?.identifier == "Asia/Tokyo")
        #expect(TimeZoneNames.displayTimeZone(named: "Z")?.secondsFromGMT() == 0)
        #expect(TimeZoneNames.displayTimeZone(named: "utc")?.secondsFromGMT() == 0)
        #expect(TimeZoneNames.displayTimeZone(named: "Mars/Olympus_Mons") == nil)
        #expect(TimeZoneNames.displayTimeZone(named: "PST") == nil)
    }
}
