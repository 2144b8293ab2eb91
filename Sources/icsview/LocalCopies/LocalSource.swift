import Foundation
import ICSKit

/// What a configured CalDAV or vdir calendar is read from, once its account is listed.
enum LocalSource: Equatable {
    /// A CalDAV collection, read through its local copy (``LocalCopies``).
    case caldav(URL)
    /// A vdir calendar's directory.
    case vdir(String)
    /// An account whose calendars are not known (never listed and the server cannot be
    /// asked now): the message says why.
    case unavailable(String)
}

/// The calendars of a `caldav = URL` or `vdir = PATH` section: one (a collection, a vdir
/// calendar) or several (an account, each `NAME/<display name>`).
///
/// A CalDAV account is listed (RFC 6764 discovery) the first time it is used, by `icsview sync`
/// and under `--refresh`; the list is kept beside the local copies, so the other commands know
/// the account's calendars without a request (and under `--offline`).
enum LocalAccounts {
    /// One calendar of a section: its name after `NAME/` (nil for the section's own calendar).
    struct Member: Equatable {
        var name: String?
        var source: LocalSource
    }

    /// The calendars of `entry`, listed again from the server when `relist` (and not offline).
    static func members(of entry: Configuration.CalendarEntry, options: Options, relist: Bool = false) -> [Member] {
        switch entry.kind {
        case .feed:
            return []
        case .vdir:
            let path = entry.source
            guard LocalCopies.isDirectory(path), !VdirAccount.isCalendar(path),
                  let paths = try? VdirAccount.calendarPaths(in: path), !paths.isEmpty else {
                return [Member(name: nil, source: .vdir(path))]
            }
            return paths.map { Member(name: ($0 as NSString).lastPathComponent, source: .vdir($0)) }
        case .caldav:
            guard let url = URL(string: entry.source) else { return [Member(name: nil, source: .unavailable("not a URL"))] }
            let file = listingPath(entry, options: options)
            let stored = storedListing(file, url: url)
            // A collection's own URL stays that collection: only an account is listed again.
            let isCollection = stored.map { $0.count == 1 && sameCollection($0[0].url, url) } ?? false
            var calendars = (relist || options.refresh) && !isCollection ? nil : stored
            if calendars == nil {
                if options.offline {
                    calendars = stored
                    if calendars == nil {
                        return [Member(name: nil, source: .unavailable("no local copy yet (--offline): run 'icsview sync \(entry.key)'"))]
                    }
                } else {
                    do {
                        let client = try LocalCopies.client(for: entry, options: options)
                        let found = try client.discover(url)
                        try? store(found, url: url, at: file)
                        calendars = found
                    } catch {
                        calendars = stored
                        if calendars == nil { return [Member(name: nil, source: .unavailable(error.message))] }
                        DiagnosticOutput.shared.warning("\(entry.key): cannot list the account (\(error.message)); using the list from the last sync")
                    }
                }
            }
            let found = calendars ?? []
            if found.count == 1, sameCollection(found[0].url, url) { return [Member(name: nil, source: .caldav(found[0].url))] }
            if found.isEmpty { return [Member(name: nil, source: .unavailable("the account has no calendar"))] }
            // Each name once: a name already taken gets the first free `-2`, `-3`, …; the suffix
            // to try next is kept per name, since every smaller one is taken (an account of
            // 20,000 calendars of one display name tried 200 million names, over a minute, in
            // every command that read the account).
            var used: Set<String> = []
            var nextSuffix: [String: Int] = [:]
            return found.map { info in
                let base = memberName(info)
                var name = base
                if used.contains(name) {
                    var counter = nextSuffix[base] ?? 2
                    repeat {
                        name = base + "-\(counter)"
                        counter += 1
                    } while used.contains(name)
                    nextSuffix[base] = counter
                }
                used.insert(name)
                return Member(name: name, source: .caldav(info.url))
            }
        }
    }

    /// A calendar's name after `NAME/`: its display name, else the last part of its URL.
    static func memberName(_ info: CalDAVCalendarInfo) -> String {
        let name = info.displayName ?? info.url.lastPathComponent
        let clean = name.replacingOccurrences(of: "/", with: "-")
        return clean.isEmpty ? "calendar" : clean
    }

    /// Whether two URLs name one collection (a trailing slash aside).
    static func sameCollection(_ a: URL, _ b: URL) -> Bool {
        func key(_ url: URL) -> String {
            var text = FeedSource.mask(url.absoluteString)
            while text.hasSuffix("/") { text.removeLast() }
            return text
        }
        return key(a) == key(b)
    }

    // MARK: The stored list

    private struct Listing: Codable {
        var url: String
        var calendars: [CalDAVCalendarInfo]
    }

    static func listingPath(_ entry: Configuration.CalendarEntry, options: Options) -> String {
        let identity = entry.key + "\u{0}" + FeedSource.mask(entry.source) + "\u{0}" + (entry.username ?? "")
        return LocalCopies.directory(options) + "/caldav-account-" + FNV1a.hex(FNV1a.hash(identity.utf8)) + ".json"
    }

    private static func storedListing(_ path: String, url: URL) -> [CalDAVCalendarInfo]? {
        guard let data = LocalCopies.readCopy(path),
              let listing = try? JSONDecoder().decode(Listing.self, from: data),
              listing.url == FeedSource.mask(url.absoluteString) else { return nil }
        return listing.calendars
    }

    private static func store(_ calendars: [CalDAVCalendarInfo], url: URL, at path: String) throws {
        let data = try JSONEncoder().encode(Listing(url: FeedSource.mask(url.absoluteString), calendars: calendars))
        try LocalCopies.writeAtomically(data, to: path)
    }
}
