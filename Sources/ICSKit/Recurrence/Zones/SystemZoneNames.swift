import Foundation

/// The IANA zone names this system knows: Foundation's `knownTimeZoneIdentifiers` and the
/// files of `/usr/share/zoneinfo` (which add the backward-compatible aliases such as
/// `US/Eastern` and `Etc/GMT+5`). Built once, on first use.
enum SystemZoneNames {
    /// Where the system's tzdata lives.
    static let zoneinfoDirectory = "/usr/share/zoneinfo"

    private struct Index: Sendable {
        /// Every name, as spelt by tzdata.
        var names: Set<String>
        /// Lower-cased name → the name, for names that no other name matches case-insensitively.
        var byLowercase: [String: String]
        /// Lower-cased last component (`berlin`, `new_york`) → the names that end with it, sorted.
        var byCity: [String: [String]]
    }

    private static let index: Index = {
        var names = Set(TimeZone.knownTimeZoneIdentifiers)
        names.formUnion(zoneinfoFiles())
        var groups: [String: [String]] = [:]
        var cities: [String: [String]] = [:]
        for name in names {
            groups[name.lowercased(), default: []].append(name)
            if let slash = name.lastIndex(of: "/") {
                cities[name[name.index(after: slash)...].lowercased(), default: []].append(name)
            }
        }
        return Index(names: names,
                     byLowercase: groups.compactMapValues { $0.count == 1 ? $0[0] : nil },
                     byCity: cities.mapValues { $0.sorted() })
    }()

    /// The tzdata spelling of `name`: `name` itself when known, else the one known name equal
    /// to it ignoring case (`europe/berlin` → `Europe/Berlin`); `nil` when none or several.
    static func canonical(_ name: String) -> String? {
        if index.names.contains(name) { return name }
        return index.byLowercase[name.lowercased()]
    }

    /// The known names whose last component is `city` ignoring case and with spaces read as
    /// underscores (`Buenos Aires` → `America/Argentina/Buenos_Aires`, `America/Buenos_Aires`).
    static func names(forCity city: String) -> [String] {
        index.byCity[city.replacingOccurrences(of: " ", with: "_").lowercased()] ?? []
    }

    /// The name tzdata now gives the zone that `name` is a backward-compatible link to
    /// (`Asia/Calcutta` → `Asia/Kolkata`, `US/Eastern` → `America/New_York`), read from the
    /// symbolic links of `/usr/share/zoneinfo`; `name` itself when it is no link or the target
    /// is not a zone name.
    static func currentName(_ name: String) -> String {
        let path = zoneinfoDirectory + "/" + name
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) else { return name }
        let resolved = target.hasPrefix("/") ? target
            : (path as NSString).deletingLastPathComponent + "/" + target
        let standardized = (resolved as NSString).standardizingPath
        let prefix = zoneinfoDirectory + "/"
        guard standardized.hasPrefix(prefix) else { return name }
        let current = String(standardized.dropFirst(prefix.count))
        return index.names.contains(current) && current.contains("/") ? current : name
    }

    /// The top-level folders of tzdata's zone names (`Europe`, `America`, `Etc`, …).
    static var areas: Set<String> {
        Set(index.names.compactMap { name in name.firstIndex(of: "/").map { String(name[..<$0]) } })
    }

    /// The zone files under `/usr/share/zoneinfo`, as names (`Europe/Berlin`, `US/Eastern`),
    /// leaving out `posix/`, `right/` and the table files (`zone.tab`, `leapseconds`, …).
    private static func zoneinfoFiles() -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: zoneinfoDirectory) else { return [] }
        var names: [String] = []
        while let path = enumerator.nextObject() as? String {
            if path == "posix" || path == "right" {
                enumerator.skipDescendants()
                continue
            }
            let components = path.split(separator: "/")
            // Zone names start with a capital letter in every component and have no dot.
            guard !path.contains("."), path != "SECURITY",
                  components.allSatisfy({ $0.first.map { $0.isUppercase } ?? false }) else { continue }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: zoneinfoDirectory + "/" + path, isDirectory: &isDirectory),
               !isDirectory.boolValue {
                names.append(path)
            }
        }
        return names
    }
}
