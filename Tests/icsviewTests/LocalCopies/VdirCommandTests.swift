import Foundation
import Testing

/// Configured vdir calendars (vdirsyncer's layout: one `.ics` per item, an optional
/// `displayname`), made by the test: `icsview sync` reports the edits the test makes, by hand,
/// and the views read the directory; the configuration's new keys and their errors.
@Suite("icsview sync of vdirs; CalDAV configuration")
struct VdirCommandTests {
    static func event(_ uid: String, _ summary: String, _ start: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20240101T000000Z\r\n"
            + "DTSTART:\(start)\r\nDURATION:PT1H\r\nSUMMARY:\(summary)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    @Test func aVdirAccountSyncsEachCalendarAndTheViewsReadIt() throws {
        let home = try SyncTestHome(config: "[calendar mine]\nvdir = vdirs\n")
        defer { home.remove() }
        let personal = home.path + "/vdirs/personal", club = home.path + "/vdirs/club"
        for folder in [personal, club] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        try Self.event("p1", "Piano", "20240611T170000Z").write(toFile: personal + "/p1.ics", atomically: true, encoding: .utf8)
        try Self.event("p2", "Yoga", "20240612T070000Z").write(toFile: personal + "/p2.ics", atomically: true, encoding: .utf8)
        try Self.event("c1", "Match", "20240615T140000Z").write(toFile: club + "/c1.ics", atomically: true, encoding: .utf8)
        // Not an item: hidden files and other names are ignored (vdir's rules).
        try "junk".write(toFile: personal + "/.p3.ics.tmp", atomically: true, encoding: .utf8)

        let first = try home.run(["sync"])
        #expect(first.status == 0)
        #expect(first.stdout == """
            mine/club: first sync (vdir)
            + c1: "Match" (Sat, 15 Jun 2024 14:00)
            1 added, 0 removed, 0 changed, 0 unchanged
            mine/personal: first sync (vdir)
            + p1: "Piano" (Tue, 11 Jun 2024 17:00)
            + p2: "Yoga" (Wed, 12 Jun 2024 07:00)
            2 added, 0 removed, 0 changed, 0 unchanged

            """)
        try FileManager.default.removeItem(atPath: personal + "/p2.ics")
        try Self.event("p1", "Piano lesson", "20240611T170000Z").write(toFile: personal + "/p1.ics", atomically: true, encoding: .utf8)
        let second = try home.run(["sync", "mine/personal"])
        #expect(second.stdout == """
            mine/personal: synced (vdir)
            - p2: "Yoga" (Wed, 12 Jun 2024 07:00)
            ~ p1: "Piano lesson" — SUMMARY
                SUMMARY: "Piano" → "Piano lesson"
            0 added, 1 removed, 1 changed, 0 unchanged

            """)
        let agenda = try home.run(["--agenda", "--from", "2024-06-10", "--to", "2024-06-16"])
        #expect(agenda.status == 0)
        #expect(agenda.stdout.contains("Piano lesson [mine/personal]") && agenda.stdout.contains("Match [mine/club]"))
        #expect(!agenda.stdout.contains("Yoga"))
    }

    @Test func aSingleVdirIsTheCalendarItself() throws {
        let home = try SyncTestHome(config: "[calendar one]\nvdir = cal\nname = One\n")
        defer { home.remove() }
        try FileManager.default.createDirectory(atPath: home.path + "/cal", withIntermediateDirectories: true)
        try Self.event("a", "Alpha", "20240611T170000Z").write(toFile: home.path + "/cal/a.ics", atomically: true, encoding: .utf8)
        let agenda = try home.run(["one", "--agenda", "--from", "2024-06-10", "--days", "3"])
        #expect(agenda.stdout.contains("17:00–18:00 Alpha\n"))
        let json = try home.run(["one", "--agenda", "--from", "2024-06-10", "--days", "3", "--format", "json"])
        #expect(json.stdout.contains("\"calendar\":\"One\""))
        let sync = try home.run(["sync", "--format", "json", "-q"])
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(sync.stdout.utf8)) as? [[String: Any]])
        #expect(reports.count == 1 && reports[0]["calendar"] as? String == "one" && reports[0]["method"] as? String == "vdir")
    }

    /// A view reads every item's file, not the copy `sync` keeps: an item rewritten with the same
    /// size and modification time (which the copy takes for unchanged) shows what it holds now.
    @Test func aViewReadsTheItemsNotTheSyncsCopy() throws {
        let home = try SyncTestHome(config: "[calendar one]\nvdir = cal\n")
        defer { home.remove() }
        let item = home.path + "/cal/a.ics"
        try FileManager.default.createDirectory(atPath: home.path + "/cal", withIntermediateDirectories: true)
        try Self.event("a", "Alpha", "20240611T170000Z").write(toFile: item, atomically: true, encoding: .utf8)
        #expect(try home.run(["sync"]).status == 0)
        var before = stat()
        try #require(stat(item, &before) == 0)
        try Self.event("a", "Omega", "20240611T170000Z").write(toFile: item, atomically: false, encoding: .utf8)
        var times = [before.st_atim, before.st_mtim]
        try #require(utimensat(AT_FDCWD, item, &times, 0) == 0)
        let agenda = try home.run(["one", "--agenda", "--from", "2024-06-10", "--days", "3"])
        #expect(agenda.stdout.contains("17:00–18:00 Omega\n"))
        #expect(!agenda.stdout.contains("Alpha"))
    }

    /// Two sections that name one vdir keep a copy each: each `sync` says what changed since its own.
    @Test func twoSectionsOfOneVdirKeepACopyEach() throws {
        let home = try SyncTestHome(config: "[calendar a]\nvdir = cal\n\n[calendar b]\nvdir = cal\n")
        defer { home.remove() }
        let folder = home.path + "/cal"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.event("x", "Ex", "20240611T170000Z").write(toFile: folder + "/x.ics", atomically: true, encoding: .utf8)
        #expect(try home.run(["sync", "a"]).stdout == "a: first sync (vdir)\n+ x: \"Ex\" (Tue, 11 Jun 2024 17:00)\n1 added, 0 removed, 0 changed, 0 unchanged\n")
        try Self.event("y", "Why", "20240612T170000Z").write(toFile: folder + "/y.ics", atomically: true, encoding: .utf8)
        #expect(try home.run(["sync", "b"]).stdout == """
            b: first sync (vdir)
            + x: "Ex" (Tue, 11 Jun 2024 17:00)
            + y: "Why" (Wed, 12 Jun 2024 17:00)
            2 added, 0 removed, 0 changed, 0 unchanged

            """)
        #expect(try home.run(["sync", "a"]).stdout == "a: synced (vdir)\n+ y: \"Why\" (Wed, 12 Jun 2024 17:00)\n1 added, 0 removed, 0 changed, 1 unchanged\n")
    }

    /// `validate NAME` checks a vdir's items as the views read them: `*.ics` files, not those
    /// starting with `.` (a writer's temporary file) nor other names. DTEND is on line 8 of
    /// b.ics (BEGIN:VCALENDAR, VERSION, PRODID, BEGIN:VEVENT, UID, DTSTAMP, DTSTART, DTEND).
    @Test func validateChecksTheItemsOfAVdir() throws {
        let home = try SyncTestHome(config: "[calendar one]\nvdir = cal\n")
        defer { home.remove() }
        let folder = home.path + "/cal"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.event("a", "Alpha", "20240611T170000Z").write(toFile: folder + "/a.ics", atomically: true, encoding: .utf8)
        let backwards = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:b\r\nDTSTAMP:20240101T000000Z\r\n"
            + "DTSTART:20240611T100000Z\r\nDTEND:20240611T090000Z\r\nSUMMARY:Backwards\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        try backwards.write(toFile: folder + "/b.ics", atomically: true, encoding: .utf8)
        try "not a calendar".write(toFile: folder + "/.c.ics", atomically: true, encoding: .utf8)
        try "Personal".write(toFile: folder + "/displayname", atomically: true, encoding: .utf8)
        let result = try home.run(["validate", "one"])
        #expect(result.status == 1)
        #expect(result.stdout == """
            \(folder)/b.ics:8:1: error: DTEND is before DTSTART [ICS2103]
                hint: Make DTEND later than DTSTART, or drop it for an event of zero length.
            1 error, 0 warnings in 2 files

            """)
        #expect(result.stderr == "")
    }

    @Test func syncRefusesWhatItCannotSync() throws {
        let home = try SyncTestHome(config: "feed = https://example.com/a.ics\n")
        defer { home.remove() }
        let none = try home.run(["sync"])
        #expect(none.status == 64)
        #expect(none.stderr.hasPrefix("Error: no calendar to sync: the configuration has none with 'caldav = URL' or 'vdir = PATH'\n"))
        let feed = try home.run(["sync", "feed"])
        #expect(feed.status == 64 && feed.stderr.contains("'feed' is not a CalDAV or vdir calendar"))
        let unknown = try home.run(["sync", "nope"])
        #expect(unknown.status == 64 && unknown.stderr.contains("'nope' is not a configured calendar"))
    }

    @Test(arguments: [
        ("[calendar a]\nurl = https://example.com/a.ics\nusername = ann\n", "3: error: 'username' is for a calendar read with 'caldav'"),
        ("[calendar a]\ncaldav = https://example.com/\npassword-command = pass dav\n", "3: error: 'password-command' needs a 'username'"),
        ("[calendar a]\ncaldav = https://example.com/\nvdir = ~/cal\n", "3: error: [calendar a] has both 'caldav' and 'vdir'"),
        ("[calendar a]\ncaldav = ftp://example.com/\n", "2: error: 'ftp://example.com/' is not an http(s) URL"),
        ("[calendar a]\nvdir = ~/cal\nheader = X-Key: 1\n", "3: error: 'header' is for a calendar read over HTTP ('url' or 'caldav')"),
        ("[calendar a]\nurl = https://example.com/a.ics\nheader = X Key: 1\n", "3: error: 'X Key' is not a header name (letters, digits and -)"),
        ("[calendar a]\nurl = https://example.com/a.ics\nheader = Authorization\n", "3: error: a header is written 'Name: value'"),
        ("[calendar a]\ncaldav = https://example.com/\nusername = ann\nauth = ntlm\n", "4: error: 'ntlm' is not an authentication scheme (basic, digest or any)"),
        ("[calendar a]\ncaldav = https://example.com/\nauth = digest\n", "3: error: 'auth' needs a 'username'"),
        ("[calendar a]\nurl = https://example.com/a.ics\nauth = basic\n", "3: error: 'auth' is for a calendar read with 'caldav'"),
    ])
    func configurationErrors(text: String, expected: String) throws {
        let home = try SyncTestHome(config: text)
        defer { home.remove() }
        let check = try home.run(["config", "check"])
        #expect(check.status == 64)
        #expect(check.stderr == "\(home.config):\(expected)\n")
    }

    @Test func configCheckHidesPasswordCommandsAndHeaderValues() throws {
        let home = try SyncTestHome(config: """
            [calendar dav]
            caldav = https://ann:url-secret@dav.example.com/cal/
            username = ann
            auth = Digest
            password-command = echo cmd-secret
            header = X-Api-Key: header-secret
            header = X-Other: two

            """)
        defer { home.remove() }
        let check = try home.run(["config", "check"])
        #expect(check.status == 0)
        #expect(check.stdout.hasSuffix("""
            Calendars:
              dav: caldav https://ann:***@dav.example.com/cal/, user ann, auth digest, password from a command (hidden), header X-Api-Key (value hidden), header X-Other (value hidden) (line 1)

            """))
        for secret in ["url-secret", "cmd-secret", "header-secret"] { #expect(!check.stdout.contains(secret)) }
    }
}
