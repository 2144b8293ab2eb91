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
        if isClean(tzid) { return tzid }
        var text = Substring(tzid)
        var changed = true
        while changed {
            changed = false
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.count != text.count {
                text = Substring(trimmed)
                changed = true
            }
            // Straight quotes, and typographic ones as word processors pair them (“…”) or not.
            for (open, close) in Self.quotePairs where text.count >= 2 && text.hasPrefix(open) && text.hasSuffix(close) {
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

    /// The quotes removed around a TZID: opening and closing.
    private static let quotePairs: [(String, String)] = [
        ("\"", "\""), ("'", "'"), ("\u{201C}", "\u{201D}"), ("\u{201C}", "\u{201C}"), ("\u{201D}", "\u{201D}"),
    ]

    /// Whether `clean` would return `tzid` as it is: its first and last characters are ASCII
    /// letters, digits or `/_-+.()` (so no whitespace, quote or trailing colon to remove). The
    /// common case, checked without Foundation's trimming (a validate of 16,000 zoned EXDATE
    /// lines spent two thirds of its instructions trimming TZIDs that needed nothing).
    static func isClean(_ tzid: String) -> Bool {
        guard let first = tzid.utf8.first, let last = tzid.utf8.last else { return true }
        func plain(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "/"), UInt8(ascii: "_"), UInt8(ascii: "-"),
                 UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "("), UInt8(ascii: ")"):
                return true
            default:
                return false
            }
        }
        return plain(first) && plain(last)
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
