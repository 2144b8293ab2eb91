import Foundation
import Synchronization

/// Finds the zone a TZID names, for one calendar; built once per ``ICalendar`` and shared
/// (it caches each answer, so that every event of a zone shares one zone and its offsets).
///
/// The order, after ``TZIDNormalizer`` has cleaned the TZID:
/// 1. `UTC`, `GMT`, `Z` and tzdata's other names of UTC → ``UTCZone``;
/// 2. an IANA name known to the system (tzdata's spelling, or a unique case-insensitive match;
///    aliases such as `US/Eastern` and `Etc/GMT+5` included) → ``FoundationZone``;
/// 3. a Windows name (`W. Europe Standard Time`), by CLDR through ICU → ``FoundationZone``;
/// 4. a VTIMEZONE of the calendar with that TZID (as written, else as normalised): its
///    `X-LIC-LOCATION` when that is an IANA name; for an Outlook display name
///    (`(UTC+01:00) Amsterdam, Berlin, …`) the IANA zone it suggests whose offsets agree with the
///    definition; else the definition itself → ``DefinedZone``;
/// 5. an Outlook display name without VTIMEZONE → the IANA zone it suggests whose offset in
///    January or July of the reference year is the one in the parentheses;
/// 6. a fixed-offset name without VTIMEZONE (`UTC-04:00`, `GMT+1`; ``FixedOffsetName``) → that
///    offset all year (tzdata's `Etc/GMT-3` is an IANA name, found at step 2 with its POSIX sign);
/// 7. otherwise `nil`: the caller reads the times as floating and reports
///    ``unknownTimeZoneDiagnostic(tzid:source:line:uid:property:)``.
///
/// Sendable notes: immutable apart from the cache of answers, a ``BoundedCache`` (behind its own
/// `Mutex`), and the index of normalised TZIDs, built once behind a `Mutex`.
final class ZoneResolver: Sendable {
    /// Lower-cased names that mean UTC.
    static let utcNames: Set<String> = [
        "utc", "gmt", "z", "uct", "zulu", "universal", "greenwich", "gmt0", "gmt+0", "gmt-0",
        "etc/utc", "etc/gmt", "etc/uct", "etc/zulu", "etc/universal", "etc/greenwich", "etc/gmt0",
        "etc/gmt+0", "etc/gmt-0",
    ]

    /// The calendar's VTIMEZONEs.
    let definitions: [TimeZoneDefinition]
    /// The position in `definitions` of the first with each TZID as written.
    private let byTZID: [String: Int]
    /// The position of the first with each normalised TZID, built at the first question.
    private let byNormalizedTZID = Mutex<[String: Int]?>(nil)
    /// The calendar's X-WR-TIMEZONE.
    let defaultTZID: String?
    /// The years over which a VTIMEZONE must agree with an IANA zone to be replaced by it.
    let comparisonYears: ClosedRange<Int>
    /// The answers by TZID as written: bounded, since TZIDs come from the input.
    let answers = BoundedCache<String, Answer>(capacity: ZoneResolver.answerCapacity)
    /// The most TZIDs a resolver remembers (a calendar rarely names more than a few dozen).
    static let answerCapacity = 4_096

    struct Answer: Sendable {
        var zone: (any ZoneConverting)?
    }

    /// A resolver for the TZIDs of `calendar`.
    /// - Parameter referenceYear: the year around which Outlook's display-name zones are compared
    ///   with tzdata (that year and the five after it); by default, this year.
    convenience init(calendar: ICalendar, referenceYear: Int? = nil) {
        self.init(timeZones: calendar.timeZones, defaultTZID: calendar.defaultTimeZone, referenceYear: referenceYear)
    }

    /// A resolver over the VTIMEZONE definitions `timeZones`.
    init(timeZones: [TimeZoneDefinition], defaultTZID: String? = nil, referenceYear: Int? = nil) {
        definitions = timeZones
        var byTZID: [String: Int] = [:]
        for (position, definition) in timeZones.enumerated() where byTZID[definition.tzid] == nil {
            byTZID[definition.tzid] = position
        }
        self.byTZID = byTZID
        self.defaultTZID = defaultTZID
        let year = referenceYear ?? Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date()).year!
        comparisonYears = year...(year + 5)
    }

    /// The zone that `tzid` names, or `nil` when nothing defines it.
    ///
    /// - Complexity: a dictionary look-up after the first call for a TZID.
    func zone(for tzid: String) -> (any ZoneConverting)? {
        answers.value(for: tzid) { Answer(zone: find(tzid)) }.zone
    }

    /// The zone of X-WR-TIMEZONE, when the calendar has one that resolves.
    var defaultZone: (any ZoneConverting)? {
        defaultTZID.flatMap(zone(for:))
    }

    /// The diagnostic for a TZID that nothing defines (``DiagnosticCode/unknownTimeZone``).
    static func unknownTimeZoneDiagnostic(tzid: String, source: String? = nil, line: Int? = nil,
                                          uid: String? = nil, property: String? = nil) -> Diagnostic {
        Diagnostic(.unknownTimeZone,
                   "unknown time zone \"\(tzid)\": no VTIMEZONE defines it and it is neither an IANA nor a Windows name; its times are read as floating",
                   source: source, line: line, uid: uid, property: property)
    }

    private func find(_ tzid: String) -> (any ZoneConverting)? {
        let cleaned = TZIDNormalizer.clean(tzid)
        let name = TZIDNormalizer.normalize(tzid)
        if Self.utcNames.contains(name.lowercased()) { return UTCZone() }
        if let zone = Self.systemZone(name) ?? Self.windowsZone(name) ?? (cleaned == name ? nil : Self.windowsZone(cleaned)) {
            return zone
        }
        let definition = self.definition(for: tzid, normalized: name)
        let display = OutlookDisplayName(cleaned)
        if let definition, !definition.observances.isEmpty {
            if let location = definition.otherProperties.first(where: { $0.name == "X-LIC-LOCATION" }),
               let zone = Self.systemZone(TZIDNormalizer.normalize(location.value)) ?? Self.windowsZone(location.value) {
                return zone
            }
            let defined = DefinedZone.shared(definition: definition, identifier: name)
            if let display {
                for candidate in display.candidates {
                    if let zone = Self.systemZone(candidate), agree(zone.table, defined.table) { return zone }
                }
            }
            return defined
        }
        if let display {
            for candidate in display.candidates {
                if let zone = Self.systemZone(candidate), hasOffset(display.offset, zone) { return zone }
            }
        }
        return FixedOffsetName(cleaned)?.zone
    }

    /// The VTIMEZONE that defines `tzid`: the first with that TZID as written, else the first
    /// whose TZID normalises to the same name.
    ///
    /// - Complexity: two dictionary look-ups (and one normalisation of `tzid`); the definitions'
    ///   own TZIDs are normalised once per resolver, at the first question that needs them, so
    ///   that a file with thousands of VTIMEZONEs and of TZIDs costs their sum, not their product.
    func definition(for tzid: String) -> TimeZoneDefinition? {
        definition(for: tzid, normalized: nil)
    }

    /// ``definition(for:)`` with `tzid`'s normalised name when the caller has it already.
    private func definition(for tzid: String, normalized: String?) -> TimeZoneDefinition? {
        guard !definitions.isEmpty else { return nil }
        if let exact = byTZID[tzid] { return definitions[exact] }
        let name = normalized ?? TZIDNormalizer.normalize(tzid)
        let index = byNormalizedTZID.withLock { index in
            if index == nil {
                var built: [String: Int] = [:]
                for (position, definition) in definitions.enumerated() {
                    let key = TZIDNormalizer.normalize(definition.tzid)
                    if built[key] == nil { built[key] = position }
                }
                index = built
            }
            return index![name]
        }
        return index.map { definitions[$0] }
    }

    /// A tzdata zone for an IANA name (any case).
    static func systemZone(_ name: String) -> FoundationZone? {
        guard let known = SystemZoneNames.canonical(name), let zone = TimeZone(identifier: known) else { return nil }
        return FoundationZone(zone: zone)
    }

    /// A tzdata zone for a Windows name, under tzdata's current name for it (CLDR keeps some
    /// old names: `India Standard Time` → `Asia/Calcutta` → `Asia/Kolkata`).
    static func windowsZone(_ name: String) -> FoundationZone? {
        guard let iana = WindowsZoneNames.iana(for: name) else { return nil }
        return systemZone(SystemZoneNames.currentName(iana)) ?? systemZone(iana)
    }

    /// Whether two zones have the same offsets throughout ``comparisonYears``: at its start, and
    /// at and just before each change of either.
    private func agree(_ a: TransitionTable, _ b: TransitionTable) -> Bool {
        let start = CivilDate(year: comparisonYears.lowerBound, month: 1, day: 1).daysSinceEpoch * 86_400
        let end = CivilDate(year: comparisonYears.upperBound + 1, month: 1, day: 1).daysSinceEpoch * 86_400
        let instants = [start] + (a.changes(from: start, through: end).changes + b.changes(from: start, through: end).changes)
            .flatMap { [$0.at - 1, $0.at] }
        return instants.allSatisfy { a.offset(atUTC: $0) == b.offset(atUTC: $0) }
    }

    /// Whether `zone` is `offset` east of UTC in mid-January or mid-July of the first comparison year.
    private func hasOffset(_ offset: Int, _ zone: FoundationZone) -> Bool {
        [1, 7].contains { month in
            let instant = CivilDate(year: comparisonYears.lowerBound, month: month, day: 15).daysSinceEpoch * 86_400
            return zone.offset(atUTC: instant) == offset
        }
    }
}
