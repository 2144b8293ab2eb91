internal import CICUZones
import Foundation
import Synchronization

/// Windows time-zone names (as Outlook and Exchange write them in TZID) mapped to IANA names
/// by the CLDR table that ICU carries (`ucal_getTimeZoneIDForWindowsID`, region 001, through
/// `icskit_windows_zone_to_iana`); answers are cached for the process.
enum WindowsZoneNames {
    /// Answers by Windows name, as written in the input: bounded (see ``cacheCapacity``).
    static let cache = BoundedCache<String, String?>(capacity: cacheCapacity)
    /// The most names each cache of this type keeps.
    static let cacheCapacity = 1_024

    /// The IANA name for the Windows name `name` (`"W. Europe Standard Time"` → `Europe/Berlin`),
    /// or `nil` when CLDR does not know it. CLDR's table is case-sensitive: a name it does not
    /// know is tried again with each word capitalised (`eastern standard time`).
    static func iana(for name: String) -> String? {
        cache.value(for: name) { lookUp(name) }
    }

    static let reverseCache = BoundedCache<String, String?>(capacity: cacheCapacity)

    /// The Windows name that covers the IANA zone `iana` (`Europe/Amsterdam` → `W. Europe Standard Time`),
    /// by the same CLDR table (`ucal_getWindowsTimeZoneID`, through `icskit_iana_zone_to_windows`).
    static func windowsName(forIANA iana: String) -> String? {
        reverseCache.value(for: iana) { call(icskit_iana_zone_to_windows, iana) }
    }

    /// The zone CLDR names first for the Windows zone that covers `iana`
    /// (`Europe/Amsterdam` → `Europe/Berlin`, `Asia/Chongqing` → `Asia/Shanghai`), or `nil`.
    static func principalZone(for iana: String) -> String? {
        windowsName(forIANA: iana).flatMap(iana(for:))
    }

    private static func lookUp(_ name: String) -> String? {
        if let found = call(icskit_windows_zone_to_iana, name) { return found }
        let capitalized = name.capitalized
        return capitalized == name ? nil : call(icskit_windows_zone_to_iana, capitalized)
    }

    /// Calls one of CICUZones' mappers (name in, name out, length returned; 0 for none).
    private static func call(_ function: (UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?, Int32) -> Int32,
                             _ name: String) -> String? {
        guard !name.isEmpty, name.utf8.count < 128, !name.contains("\0") else { return nil }
        var buffer = [CChar](repeating: 0, count: 128)
        let length = name.withCString { function($0, &buffer, Int32(buffer.count)) }
        guard length > 0 else { return nil }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Outlook's display names for zones, used as TZIDs by some versions
/// (`(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna`,
/// `(UTC-05:00) Eastern Time (US & Canada)`, `(GMT+01.00) Amsterdam / Berlin / …`).
struct OutlookDisplayName: Sendable, Hashable {
    /// The offset in the parentheses, in seconds east of UTC (0 for `(UTC)` and `(GMT)`).
    var offset: Int
    /// The text after the parentheses.
    var label: String

    /// Parses `(UTC±hh:mm) label` or `(GMT±hh.mm) label`; `nil` for any other form.
    init?(_ text: String) {
        guard text.hasPrefix("(UTC") || text.hasPrefix("(GMT"), let close = text.firstIndex(of: ")") else { return nil }
        let inside = text[text.index(text.startIndex, offsetBy: 4)..<close]
        label = String(text[text.index(after: close)...]).trimmingCharacters(in: .whitespaces)
        guard !label.isEmpty else { return nil }
        if inside.isEmpty {
            offset = 0
            return
        }
        guard let sign = inside.first, sign == "+" || sign == "-" else { return nil }
        let parts = inside.dropFirst().split(whereSeparator: { $0 == ":" || $0 == "." })
        guard (1...2).contains(parts.count), let hours = Int(parts[0]), hours <= 14 else { return nil }
        let minutes = parts.count == 2 ? Int(parts[1]) : 0
        guard let minutes, minutes < 60 else { return nil }
        offset = (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    /// IANA names that the label suggests, best first: the Windows name it abbreviates
    /// (`Eastern Time (US & Canada)` → `Eastern Standard Time` → `America/New_York`), then for
    /// each city it lists the principal zone of the Windows zone that covers the city's zone
    /// (`Amsterdam` → `Europe/Amsterdam` → `W. Europe Standard Time` → `Europe/Berlin`), then
    /// the city's own zone under its current name.
    var candidates: [String] {
        var result: [String] = []
        let head = label.split(separator: "(").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? label
        var windowsNames = [head, head + " Standard Time"]
        if head.hasSuffix(" Time") { windowsNames.append(String(head.dropLast(5)) + " Standard Time") }
        for name in windowsNames {
            if let iana = WindowsZoneNames.iana(for: name) { result.append(iana) }
        }
        let separators: Set<Character> = [",", "/", "&", ":", ";"]
        for token in label.split(whereSeparator: { separators.contains($0) }) {
            let city = token.trimmingCharacters(in: .whitespaces)
            guard !city.isEmpty else { continue }
            for zone in SystemZoneNames.names(forCity: city) {
                if let principal = WindowsZoneNames.principalZone(for: zone) {
                    result.append(SystemZoneNames.currentName(principal))
                }
                result.append(SystemZoneNames.currentName(zone))
            }
        }
        var seen = Set<String>()
        return result.filter { seen.insert($0).inserted }
    }
}
