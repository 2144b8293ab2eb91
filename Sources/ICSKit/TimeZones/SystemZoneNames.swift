#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The IANA zone names this system knows: Foundation's `knownTimeZoneIdentifiers` and the
/// files of `/usr/share/zoneinfo` (which add the backward-compatible aliases such as
/// `US/Eastern` and `Etc/GMT+5`).
///
/// A name spelt as tzdata spells it is answered by looking for its file (``isZoneFile(_:)``:
/// a few `lstat`s); a name whose first component matches no name's in any case
/// (``mayBeIndexed(_:)``: `Custom/Zone-000`, a VTIMEZONE's own TZID) is answered from the
/// top-level folder and Foundation's list; the index of every name (a walk of
/// `/usr/share/zoneinfo`, about 60 million instructions) is built once, on the first question
/// that neither can answer: a name in another case, a name Foundation knows without a file, a
/// city, the areas.
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
        if isKnown(name) { return name }
        let lowercased = name.lowercased()
        guard mayBeIndexed(lowercased: lowercased) else { return nil }
        return index.byLowercase[lowercased]
    }

    /// Whether `name` is one of the known names, as spelt: its zone file when there is one,
    /// else the index.
    ///
    /// - Complexity: a dictionary look-up once the name has been asked about (the file check's
    ///   answers are kept: callers such as the validator normalise a TZID per property).
    static func isKnown(_ name: String) -> Bool {
        fileAnswers.value(for: name) { isZoneFile(name) } || (mayBeIndexed(lowercased: name.lowercased()) && index.names.contains(name))
    }

    /// Whether a name of the index may equal `lowercased` ignoring case: its first component
    /// (up to the first `/`) is, lower-cased, the first component of a name of Foundation's list
    /// or the name of an entry of the top level of `/usr/share/zoneinfo` (every name the walk
    /// finds starts with one). `false` proves that no name of the index matches, without the walk.
    static func mayBeIndexed(lowercased: String) -> Bool {
        let first = lowercased.utf8.firstIndex(of: UInt8(ascii: "/")).map { String(lowercased[..<$0]) } ?? lowercased
        return firstComponents.contains(first)
    }

    /// The lower-cased first components of the index's names, without the walk: those of
    /// Foundation's names and the entries of the top level of `/usr/share/zoneinfo` (a superset
    /// of the walk's: it leaves out folders and files it does not take, never adds one).
    private static let firstComponents: Set<String> = {
        var firsts = Set(TimeZone.knownTimeZoneIdentifiers.map { name in
            String(name.lowercased().split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        })
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: zoneinfoDirectory)) ?? [] {
            firsts.insert(entry.lowercased())
        }
        return firsts
    }()

    /// ``isZoneFile(_:)``'s answers, by name: bounded, since the names come from the input.
    private static let fileAnswers = BoundedCache<String, Bool>(capacity: 4_096)

    /// Whether `name` is a name that the walk of ``zoneinfoFiles()`` finds, decided from the name
    /// and the file system alone: every component starts with a capital letter, no dot, not
    /// `SECURITY`, no empty component; each folder on the way a real folder (not a link, so that
    /// the walk, which does not follow links, reaches it); the name itself a file or a link to
    /// one. A `false` is no answer: the caller asks the index.
    static func isZoneFile(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count < 1024, !name.utf8.contains(0), !name.contains("."), name != "SECURITY" else { return false }
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
        guard components.allSatisfy({ $0.first.map { $0.isUppercase } ?? false }) else { return false }
        var path = zoneinfoDirectory
        var info = stat()
        for folder in components.dropLast() {
            path += "/" + folder
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return false }
        }
        path += "/" + components[components.count - 1]
        // Following a link, as the walk's `fileExists(atPath:isDirectory:)` does.
        return stat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFDIR
    }

    /// Every name of the index (the walk and Foundation's list), for tests.
    static var indexedNames: Set<String> { index.names }

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
        return current.contains("/") && isKnown(current) ? current : name
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
