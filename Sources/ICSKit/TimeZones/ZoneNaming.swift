/// What a TZID names, for the validator's zone checks: the one classification, over the same
/// ``ZoneResolver`` the expansion resolves TZIDs with, so that `validate` calls a zone unknown
/// exactly when the views could not resolve it.
enum ZoneKind: Equatable {
    /// A VTIMEZONE of the file defines it (as written, or once normalised by ``TZIDNormalizer``).
    case defined
    /// UTC under one of its names (`UTC`, `GMT`, `Etc/UTC`, `Z`…).
    case utc
    /// An IANA name (vendor prefix stripped, any case), in tzdata's spelling.
    case iana(String)
    /// A Windows name (`W. Europe Standard Time`), with the IANA zone CLDR maps it to.
    case windows(String)
    /// An Outlook display name (`(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna`)
    /// without VTIMEZONE, with the IANA zone it was resolved to.
    case displayName(String)
    /// A fixed offset from UTC without VTIMEZONE (`UTC-04:00`, `GMT+1`; ``FixedOffsetName``), with the
    /// zone's identifier (`GMT-0400`).
    case fixedOffset(String)
    /// Nothing defines it: the views read its times as floating.
    case unknown

    /// The kind of `tzid` in a calendar whose zones `resolver` resolves.
    static func of(_ tzid: String, resolver: ZoneResolver) -> ZoneKind {
        let name = TZIDNormalizer.normalize(tzid)
        if resolver.definition(for: tzid) != nil { return .defined }
        if ZoneResolver.utcNames.contains(name.lowercased()) { return .utc }
        if let known = SystemZoneNames.canonical(name) { return .iana(known) }
        if let iana = WindowsZoneNames.iana(for: TZIDNormalizer.clean(tzid)) { return .windows(SystemZoneNames.currentName(iana)) }
        if let fixed = FixedOffsetName(TZIDNormalizer.clean(tzid))?.zone, let identifier = fixed.identifier,
           resolver.zone(for: tzid)?.identifier == identifier { return .fixedOffset(identifier) }
        if let zone = resolver.zone(for: tzid) { return .displayName(zone.identifier.map(SystemZoneNames.currentName) ?? name) }
        return .unknown
    }

    /// The IANA name a TZID stands for, when there is one (for comparing with X-WR-TIMEZONE).
    static func ianaName(_ tzid: String, resolver: ZoneResolver) -> String {
        switch of(tzid, resolver: resolver) {
        case .iana(let name), .windows(let name), .displayName(let name): return SystemZoneNames.currentName(name)
        case .utc: return "UTC"
        case .fixedOffset(let identifier): return identifier
        case .defined, .unknown:
            if let zone = resolver.zone(for: tzid), let id = zone.identifier { return SystemZoneNames.currentName(id) }
            return TZIDNormalizer.normalize(tzid)
        }
    }
}
