import Foundation

/// Time-zone names as calendars and people write them: IANA names, Windows names, vendor
/// TZIDs, turned into Foundation `TimeZone`s.
///
/// ```swift
/// TimeZoneNames.displayTimeZone(named: "W. Europe Standard Time")?.identifier  // "Europe/Berlin"
/// TimeZoneNames.normalizedTZID("/mozilla.org/20050126_1/Europe/Berlin")         // "Europe/Berlin"
/// ```
public enum TimeZoneNames {
    /// A TZID cleaned for look-up: without surrounding whitespace, quotes, a trailing colon or a
    /// vendor path (`/mozilla.org/20050126_1/Europe/Berlin` → `Europe/Berlin`), and an IANA name
    /// in tzdata's spelling when it matches one ignoring case (`europe/berlin` → `Europe/Berlin`).
    ///
    /// - Parameter tzid: a TZID as written in a file.
    /// - Returns: the cleaned TZID (the cleaned text itself when it is no IANA name).
    public static func normalizedTZID(_ tzid: String) -> String {
        TZIDNormalizer.normalize(tzid)
    }

    /// The IANA name for a Windows time-zone name, by the CLDR table that ICU carries
    /// (`ucal_getTimeZoneIDForWindowsID`, region 001).
    ///
    /// - Parameter windowsName: e.g. `"W. Europe Standard Time"`, as Windows spells it.
    /// - Returns: e.g. `"Europe/Berlin"`, under tzdata's current name (`Asia/Kolkata`, where
    ///   CLDR says `Asia/Calcutta`), or `nil` when CLDR does not know the name.
    public static func ianaIdentifier(forWindowsName windowsName: String) -> String? {
        WindowsZoneNames.iana(for: TZIDNormalizer.clean(windowsName)).map(SystemZoneNames.currentName)
    }

    /// The zone to show times in, for a name given by a person (the CLI's `--tz`): an IANA name
    /// (any case, aliases such as `US/Eastern` included), a Windows name (`Tokyo Standard Time`),
    /// `UTC`/`GMT`/`Z`, or an Outlook display name (`(UTC+01:00) Amsterdam, Berlin, …`).
    ///
    /// - Parameter name: the name.
    /// - Returns: the zone, or `nil` when the name is none of these.
    public static func displayTimeZone(named name: String) -> TimeZone? {
        let cleaned = TZIDNormalizer.clean(name)
        let normalized = TZIDNormalizer.normalize(name)
        if ZoneResolver.utcNames.contains(normalized.lowercased()) { return TimeZone(identifier: "UTC") }
        if let zone = ZoneResolver.systemZone(normalized) ?? ZoneResolver.windowsZone(normalized)
            ?? ZoneResolver.windowsZone(cleaned) {
            return zone.zone
        }
        // An Outlook display name: resolved like a TZID without VTIMEZONE.
        return (ZoneResolver(timeZones: []).zone(for: name) as? FoundationZone)?.zone
    }
}

extension ICalendar {
    /// The calendar's own zone, from X-WR-TIMEZONE: an IANA or Windows name, or the TZID of a
    /// VTIMEZONE of the calendar whose X-LIC-LOCATION or display name leads to an IANA zone.
    ///
    /// `nil` when the calendar has no X-WR-TIMEZONE or it names no zone that Foundation can
    /// represent (a zone known only by its VTIMEZONE rules).
    public var defaultZone: TimeZone? {
        guard let name = defaultTimeZone else { return nil }
        if let zone = TimeZoneNames.displayTimeZone(named: name) { return zone }
        switch ZoneResolver(calendar: self).zone(for: name) {
        case let zone as FoundationZone: return zone.zone
        case is UTCZone: return TimeZone(identifier: "UTC")
        default: return nil
        }
    }
}
