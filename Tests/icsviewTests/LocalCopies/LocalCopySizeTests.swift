#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport

/// A local copy kept as JSON in the cache (a vdir calendar's, a CalDAV account's list of
/// calendars) is read only when it holds at most 256 MiB (`LocalCopies.maxCopyBytes`,
/// docs/limits.md): one of two gigabytes (a sparse file, made with `truncate`) was read whole
/// before it failed to decode (`sync`: 15.9 s and 2.1 GB). Now its size is looked at first, a
/// warning names it, and it is read as no copy, as a corrupt one is: the sync reads the vdir
/// again and writes a new copy. The peak is GNU time's `%M` (resident kilobytes), which does not
/// depend on how busy the machine is.
@Suite struct LocalCopySizeTests {
    /// The files under `directory` whose names start with `prefix`.
    static func files(under directory: String, prefix: String) -> [String] {
        let names = FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? []
        return names.filter { ($0 as NSString).lastPathComponent.hasPrefix(prefix) }.map { directory + "/" + $0 }
    }

    /// Runs icsview under GNU time with `home`'s configuration and cache; the result and the peak in kilobytes.
    static func timed(_ home: SyncTestHome, _ arguments: String) throws -> (CLI.Result, Int) {
        let time = home.path + "/time"
        let result = try CLI.shell("XDG_CACHE_HOME='\(home.cache)' /usr/bin/time -f %M -o '\(time)' \"$ICSVIEW\" --config '\(home.config)' \(arguments)")
        let kilobytes = try #require(Int(String(decoding: try Data(contentsOf: URL(fileURLWithPath: time)), as: UTF8.self)
            .split(whereSeparator: \.isNewline).last ?? ""))
        return (result, kilobytes)
    }

    @Test func aTwoGigabyteVdirCopyIsNotRead() throws {
        let vdir = NSTemporaryDirectory() + "icsview-copysize-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: vdir) }
        let event = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20240101T000000Z\r\n"
            + "DTSTART:20240610T090000Z\r\nSUMMARY:Standup\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        try Data(event.utf8).write(to: URL(fileURLWithPath: vdir + "/a.ics"))
        let home = try SyncTestHome(config: "[calendar v]\nvdir = \(vdir)\n")
        defer { home.remove() }
        #expect(try home.run(["sync", "v"]).status == 0)
        let copy = try #require(Self.files(under: home.cache, prefix: "vdir-").first)
        #expect(truncate(copy, 2 << 30) == 0)
        let (result, kilobytes) = try Self.timed(home, "sync v")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("warning: the local copy \(copy) is 2147483648 bytes, more than the 256 MiB a copy may hold; read as no local copy\n"))
        #expect(kilobytes < 200_000, "peak \(kilobytes) KB")
        // Read as no copy: the vdir is read again and a new copy written in its place.
        let size = try #require(try FileManager.default.attributesOfItem(atPath: copy)[.size] as? Int)
        #expect(size < 1 << 20)
        #expect(try home.run(["v", "--agenda", "--from", "2024-06-10", "--days", "1", "--tz", "UTC"]).stdout
            == "Mon, 10 Jun 2024\n  ● 09:00       Standup\n")
    }

    /// The account's list of calendars, kept after the first listing, made two gigabytes: with
    /// `--offline` (no listing from the server) it is read as no list, so there is no local copy yet.
    @Test func aTwoGigabyteAccountListIsNotRead() throws {
        let listing = #"<?xml version="1.0"?><D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">"#
            + "<D:response><D:href>/home/c0/</D:href><D:propstat><D:prop><D:resourcetype><D:collection/>"
            + "<C:calendar/></D:resourcetype><D:displayname>Team</D:displayname></D:prop>"
            + "<D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response></D:multistatus>"
        let home = #"<?xml version="1.0"?><D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">"#
            + "<D:response><D:href>/</D:href><D:propstat><D:prop><C:calendar-home-set><D:href>/home/</D:href>"
            + "</C:calendar-home-set></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response></D:multistatus>"
        let listed = Array(listing.utf8), root = Array(home.utf8)
        let server = try TestHTTPServer { request in
            .response(status: 207, headers: [("Content-Type", "application/xml; charset=utf-8")], body: request.headers["depth"] == "1" ? listed : root)
        }
        defer { server.stop() }
        let sync = try SyncTestHome(config: "[calendar acct]\ncaldav = \(server.base)/\n")
        defer { sync.remove() }
        let first = try sync.run(["acct/Nope", "--timeout", "60"])
        #expect(first.stderr.contains("'acct' has no calendar 'Nope' (it has Team)"), "\(first.stderr)")
        let list = try #require(Self.files(under: sync.cache, prefix: "caldav-account-").first)
        #expect(truncate(list, 2 << 30) == 0)
        let (result, kilobytes) = try Self.timed(sync, "acct --offline")
        #expect(result.status != 0)
        #expect(result.stderr.contains("warning: the local copy \(list) is 2147483648 bytes, more than the 256 MiB a copy may hold; read as no local copy\n"))
        #expect(result.stderr.contains("no local copy yet (--offline)"), "\(result.stderr)")
        #expect(kilobytes < 200_000, "peak \(kilobytes) KB")
    }
}
