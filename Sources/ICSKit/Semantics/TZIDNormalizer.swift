import Foundation

/// Cleans a TZID as real calendars write it, so that it can be looked up.
///
/// - surrounding whitespace, quotes (`"Europe/Berlin"`) and trailing colons (`Europe/Berlin:`) go;
/// - a vendor path (`/mozilla.org/20050126_1/Europe/Berlin`,
///   `/freeassociation.sourceforge.net/Tzfile/Europe/London`,
///   `/softwarestudio.org/Olson_20011030_5/America/New_York`, `/citadel.org/20190914_1/…`)
///   becomes its tail that is an IANA name;
/// - an IANA name in the wrong case (`europe/berlin`) gets tzdata's spelling when only one name matches.
enum TZIDNormalizer {
    /// The cleaned TZID: an IANA name in tzdata's spelling when it is one, else the cleaned text.
    static func normalize(_ tzid: String) -> String {
        let cleaned = clean(tzid)
        if let known = SystemZoneNames.canonical(cleaned) { return known }
        if cleaned.hasPrefix("/") { return vendorTail(cleaned) }
        return cleaned
    }

    /// `tzid` without surrounding whitespace, quotes and trailing colons.
    static func clean(_ tzid: String) -> String {
        var text = Substring(tzid)
        var changed = true
        while changed {
            changed = false
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.count != text.count {
                text = Substring(trimmed)
                changed = true
            }
            for quote in ["\"", "'", "\u{201C}", "\u{201D}"] where text.count >= 2 && text.hasPrefix(quote) && text.hasSuffix(quote) {
                text = text.dropFirst().dropLast()
                changed = true
            }
            if text.count > 1 && text.hasSuffix(":") {
                text = text.dropLast()
                changed = true
            }
        }
        return String(text)
    }

    /// The IANA name at the end of a vendor path: the longest tail of its components that is
    /// a known name; failing that, the tail from the first IANA area (`Europe/…`), or the path
    /// without its vendor components (those with a dot, starting with a digit, or `Olson_…`, `Tzfile`).
    static func vendorTail(_ path: String) -> String {
        let components = path.split(separator: "/").map(String.init)
        for start in components.indices {
            if let known = SystemZoneNames.canonical(components[start...].joined(separator: "/")) { return known }
        }
        let areas = SystemZoneNames.areas
        if let area = components.firstIndex(where: { areas.contains($0) }) {
            return components[area...].joined(separator: "/")
        }
        let rest = components.drop { component in
            component.contains(".") || component.first?.isNumber == true
                || component.hasPrefix("Olson_") || component.caseInsensitiveCompare("Tzfile") == .orderedSame
        }
        return rest.isEmpty ? path : rest.joined(separator: "/")
    }
}
