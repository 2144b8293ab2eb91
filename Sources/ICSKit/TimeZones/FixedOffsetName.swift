import Foundation

/// A TZID that names a fixed offset from UTC rather than a zone: `UTC-04:00`, `UTC+05:30`,
/// `GMT+1`, `GMT-0330`, `UTC+5`, as calendar exporters write a zone they know only by its
/// offset. Read as that offset all year (no daylight saving time), the way the TZID reads to
/// people, not as a floating time.
///
/// The sign is the ordinary one, east of UTC positive (`UTC+05:30` is India's offset). The POSIX
/// names of tzdata's `Etc/` area have it the other way round (`Etc/GMT-3` is three hours *east*):
/// those are IANA names, which ``ZoneResolver`` finds in tzdata before it asks this type, so
/// they keep tzdata's meaning.
///
/// Accepted: `UTC` or `GMT` (any case), optional spaces, a sign (`+`, `-` or U+2212 MINUS SIGN),
/// then `h`, `hh`, `hh:mm`, `hh.mm` or `hhmm`, hours at most 14 and minutes below 60. Anything
/// else (a city after it, an `Etc/` prefix) is not a fixed-offset name.
struct FixedOffsetName: Sendable, Equatable {
    /// Seconds east of UTC.
    let offset: Int

    /// Parses a cleaned TZID (``TZIDNormalizer/clean(_:)``); nil when it is not a fixed-offset name.
    ///
    /// ```swift
    /// FixedOffsetName("UTC-04:00")?.offset  // -14400
    /// FixedOffsetName("GMT+1")?.offset      // 3600
    /// FixedOffsetName("Etc/GMT-3")          // nil: an IANA name (tzdata: UTC+03:00)
    /// ```
    init?(_ tzid: String) {
        var rest = Substring(tzid.uppercased())
        guard rest.hasPrefix("UTC") || rest.hasPrefix("GMT") else { return nil }
        rest = rest.dropFirst(3).drop { $0 == " " }
        guard let sign = rest.first, sign == "+" || sign == "-" || sign == "\u{2212}" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " }
        let digits = rest.filter(\.isASCII)
        guard digits.count == rest.count, !digits.isEmpty else { return nil }
        let hours: Int, minutes: Int
        if let separator = digits.firstIndex(where: { $0 == ":" || $0 == "." }) {
            let h = digits[..<separator], m = digits[digits.index(after: separator)...]
            guard (1...2).contains(h.count), m.count == 2, let hh = Self.number(h), let mm = Self.number(m) else { return nil }
            (hours, minutes) = (hh, mm)
        } else {
            guard let value = Self.number(digits) else { return nil }
            switch digits.count {
            case 1, 2: (hours, minutes) = (value, 0)
            case 3, 4: (hours, minutes) = (value / 100, value % 100)
            default: return nil
            }
        }
        guard hours <= 14, minutes < 60 else { return nil }
        offset = (sign == "+" ? 1 : -1) * (hours * 3600 + minutes * 60)
    }

    /// The value of a run of ASCII digits (at most four), nil when another character is in it.
    private static func number(_ text: some StringProtocol) -> Int? {
        guard text.count <= 4, text.allSatisfy({ $0 >= "0" && $0 <= "9" }) else { return nil }
        return Int(text)
    }

    /// The zone: Foundation's fixed-offset zone (identifier `GMT-0400`), shown as such in output.
    var zone: FoundationZone? {
        TimeZone(secondsFromGMT: offset).map { FoundationZone(zone: $0) }
    }
}
