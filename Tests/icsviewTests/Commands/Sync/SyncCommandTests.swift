import Foundation
import TestSupport
import Testing

/// `icsview sync` and the views reading CalDAV calendars through their local copies, run as the
/// built binary against real servers (Radicale 3.1.8 and Xandikos 0.2.8, started here on
/// 127.0.0.1). The expected lines are the edits each test makes on the server, written out by
/// hand in DiffRenderer's format (TZ=UTC: 20240611T090000Z is Tue, 11 Jun 2024 09:00); the
/// request counts are RFC 6578's: a PROPFIND of the collection, a sync-collection REPORT, and a
/// calendar-multiget only when something is new or changed.
@Suite("icsview sync against real CalDAV servers", .serialized)
struct SyncCommandTests {
    static let skipRadicale = !CalDAVTestServer.isInstalled(.radicale)
    static let skipXandikos = !CalDAVTestServer.isInstalled(.xandikos)
    static let sharedRadicale = Result { try CalDAVTestServer(.radicale) }
    static let sharedXandikos = Result { try CalDAVTestServer(.xandikos) }

    static func radicale() throws -> CalDAVTestServer {
        let server = try sharedRadicale.get()
        try server.proxy("pass")
        return server
    }

    static func fresh(_ stem: String) -> String { stem + "-" + UUID().uuidString.prefix(8).lowercased() }

    @Test(.disabled(if: skipRadicale, "Radicale is not installed: scripts/setup-caldav.sh installs it"))
    func syncSaysWhatChangedAndTheViewsReadTheCopy() throws {
        let server = try Self.radicale()
        let cal = Self.fresh("work")
        try server.makeCalendar(cal, displayName: "Work")
        for day in 1...3 { try server.putEvent(cal, uid: "e\(day)", summary: "Event \(day)", start: "2024061\(day)T090000Z") }
        let home = try SyncTestHome(config: SyncTestHome.caldav("work", server.collection(cal)))
        defer { home.remove() }

        let first = try home.run(["sync"])
        #expect(first.status == 0)
        #expect(first.stdout == """
            work: first sync (sync-collection, 3 requests)
            + e1: "Event 1" (Tue, 11 Jun 2024 09:00)
            + e2: "Event 2" (Wed, 12 Jun 2024 09:00)
            + e3: "Event 3" (Thu, 13 Jun 2024 09:00)
            3 added, 0 removed, 0 changed, 0 unchanged

            """)
        #expect(first.stderr == "")

        // Nothing changed: no multiget.
        let idle = try home.run(["sync", "work"])
        #expect(idle.stdout == "work: synced (sync-collection, 2 requests)\n0 added, 0 removed, 0 changed, 3 unchanged\n")

        try server.putEvent(cal, uid: "e1", summary: "Event 1 (moved)", start: "20240611T100000Z")
        try server.deleteEvent(cal, uid: "e2")
        try server.putEvent(cal, uid: "e4", summary: "Event 4", start: "20240614T090000Z")
        let edits = try home.run(["sync"])
        #expect(edits.status == 0)
        #expect(edits.stdout == """
            work: synced (sync-collection, 3 requests)
            + e4: "Event 4" (Fri, 14 Jun 2024 09:00)
            - e2: "Event 2" (Wed, 12 Jun 2024 09:00)
            ~ e1: "Event 1 (moved)" — moved to Tue, 11 Jun 2024 10:00; DTSTART, SUMMARY
                DTSTART: Tue, 11 Jun 2024 09:00 → Tue, 11 Jun 2024 10:00
                SUMMARY: "Event 1" → "Event 1 (moved)"
            1 added, 1 removed, 1 changed, 1 unchanged

            """)

        // The views read the copy: under --offline too, with the calendar's configured name.
        let agenda = try home.run(["--agenda", "--from", "2024-06-10", "--to", "2024-06-16", "--offline"])
        #expect(agenda.status == 0)
        #expect(agenda.stdout.contains("10:00–11:00 Event 1 (moved)\n"))
        #expect(agenda.stdout.contains("09:00–10:00 Event 4\n"))
        let json = try home.run(["--agenda", "--from", "2024-06-14", "--days", "1", "--offline", "--format", "json"])
        #expect(json.stdout.contains("\"uid\":\"e4\"") && json.stdout.contains("\"calendar\":\"work\""))
        #expect(!agenda.stdout.contains("Event 2"))
        let search = try home.run(["search", "moved", "--from", "2024-06-01", "--to", "2024-06-30", "--offline"])
        #expect(search.status == 0 && search.stdout.contains("Event 1 (moved)"))
        let export = try home.run(["export", "--from", "2024-06-01", "--to", "2024-06-30", "--offline"])
        #expect(export.status == 0 && export.stdout.contains("SUMMARY:Event 4"))

        // The password is nowhere: not in the copies, not in what was printed, not in config check.
        let check = try home.run(["config", "check"])
        #expect(check.stdout.contains("work: caldav \(server.collection(cal)), user alice, password from a command (hidden) (line 1)"))
        for text in [home.cacheText(), first.stdout, first.stderr, edits.stdout, agenda.stdout, check.stdout] {
            #expect(!text.contains(CalDAVTestServer.password))
        }
        #expect(home.cacheText().contains("Event 4"))
    }

    @Test(.disabled(if: skipRadicale, "Radicale is not installed: scripts/setup-caldav.sh installs it"))
    func anAccountIsEachOfItsCalendars() throws {
        let server = try Self.radicale()
        let a = Self.fresh("a"), b = Self.fresh("b")
        let nameA = "Team " + a, nameB = "Home " + b
        try server.makeCalendar(a, displayName: nameA)
        try server.makeCalendar(b, displayName: nameB)
        try server.putEvent(a, uid: "team-1", summary: "Standup", start: "20240611T080000Z")
        try server.putEvent(b, uid: "home-1", summary: "Dentist", start: "20240612T150000Z")
        // The server's root: well-known, current-user-principal, calendar-home-set (RFC 6764).
        let home = try SyncTestHome(config: SyncTestHome.caldav("acct", server.root()))
        defer { home.remove() }
        let sync = try home.run(["sync", "--format", "json"])
        #expect(sync.status == 0)
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(sync.stdout.utf8)) as? [[String: Any]])
        let names = reports.compactMap { $0["calendar"] as? String }
        #expect(names.contains("acct/" + nameA) && names.contains("acct/" + nameB))
        let teamReport = try #require(reports.first { $0["calendar"] as? String == "acct/" + nameA })
        #expect(teamReport["first"] as? Bool == true && teamReport["method"] as? String == "sync-collection")
        let added = (teamReport["changes"] as? [String: Any])?["added"] as? [[String: Any]]
        #expect(added?.compactMap { $0["uid"] as? String } == ["team-1"])

        // One calendar of the account by its name; the account's name for all of them.
        let one = try home.run(["acct/" + nameB, "--agenda", "--from", "2024-06-10", "--to", "2024-06-16", "--offline", "--format", "json"])
        #expect(one.status == 0)
        #expect(one.stdout.contains("\"summary\":\"Dentist\"") && one.stdout.contains("\"calendar\":\"acct/\(nameB)\""))
        #expect(!one.stdout.contains("Standup"))
        let all = try home.run(["acct", "--agenda", "--from", "2024-06-10", "--to", "2024-06-16", "--offline"])
        #expect(all.stdout.contains("Dentist") && all.stdout.contains("Standup"))
        let missing = try home.run(["acct/Nope", "--offline"])
        #expect(missing.status == 1 && missing.stderr.contains("'acct' has no calendar 'Nope'"))
    }

    @Test(.disabled(if: skipRadicale, "Radicale is not installed: scripts/setup-caldav.sh installs it"))
    func aFreshCopyCostsNoRequestAndAFailedSyncServesTheLastOne() throws {
        let server = try Self.radicale()
        let cal = Self.fresh("gone")
        try server.makeCalendar(cal, displayName: "Gone")
        try server.putEvent(cal, uid: "g1", summary: "Kept", start: "20240611T090000Z")
        // Through the proxy, which the test makes drop every connection.
        let home = try SyncTestHome(config: SyncTestHome.caldav("gone", server.collection(cal, proxied: true)))
        defer { home.remove() }
        // Never synced, offline: nothing to show, and the way out.
        let none = try home.run(["gone", "--offline"])
        #expect(none.status == 1)
        #expect(none.stderr.contains("no local copy yet (--offline): run 'icsview sync gone'"))

        #expect(try home.run(["sync"]).status == 0)
        try server.proxy("die-after 0")
        // The copy is younger than the refresh interval (15 minutes): no request, no warning.
        let fresh = try home.run(["gone", "--agenda", "--from", "2024-06-10", "--days", "3"])
        #expect(fresh.status == 0 && fresh.stderr == "" && fresh.stdout.contains("09:00–10:00 Kept\n"))
        // --refresh asks the server, which does not answer: the copy, with one warning.
        let forced = try home.run(["gone", "--agenda", "--from", "2024-06-10", "--days", "3", "--refresh", "--timeout", "5"])
        #expect(forced.status == 0 && forced.stdout.contains("09:00–10:00 Kept\n"))
        let warnings = forced.stderr.split(separator: "\n")
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("warning: gone: cannot sync (") == true)
        #expect(warnings.first?.contains("showing the copy synced") == true)
        // sync says it could not, and keeps the copy.
        let failed = try home.run(["sync", "--timeout", "5"])
        #expect(failed.status == 1)
        #expect(failed.stdout == "gone: not synced; its last copy is kept\n")
        #expect(failed.stderr.hasPrefix("Error: gone: "))
        try server.proxy("pass")
        #expect(try home.run(["gone", "--offline", "--agenda", "--from", "2024-06-10", "--days", "3"]).stdout.contains("Kept"))
    }

    @Test(.disabled(if: skipRadicale, "Radicale is not installed: scripts/setup-caldav.sh installs it"))
    func aRefusedPasswordIsAnErrorAndNeverPrinted() throws {
        let server = try Self.radicale()
        let cal = Self.fresh("locked")
        try server.makeCalendar(cal, displayName: "Locked")
        let wrong = "wrong-Hx55-canary"
        let home = try SyncTestHome(config: SyncTestHome.caldav("locked", server.collection(cal), password: wrong)
                                    + "[calendar failing]\ncaldav = \(server.collection(cal))\nusername = alice\npassword-command = exit 3\n")
        defer { home.remove() }
        let sync = try home.run(["sync", "locked"])
        #expect(sync.status == 1)
        #expect(sync.stderr.contains("HTTP 401"))
        let command = try home.run(["sync", "failing"])
        #expect(command.status == 1)
        #expect(command.stderr.contains("[calendar failing]: the password-command exited with status 3"))
        for text in [sync.stdout, sync.stderr, command.stdout, command.stderr, home.cacheText()] {
            #expect(!text.contains(wrong) && !text.contains(CalDAVTestServer.password))
        }
    }

    /// `auth = digest`: the proxy in its `digest` mode answers every request with a Digest
    /// challenge (RFC 7616, MD5, qop=auth), checks the response and refuses Basic, so the
    /// default (Basic) gets a 401 and `digest` and `any` sync.
    @Test(.disabled(if: skipRadicale, "Radicale is not installed: scripts/setup-caldav.sh installs it"))
    func authDigestSyncsWhereBasicIsRefused() throws {
        let server = try Self.radicale()
        let cal = Self.fresh("dig")
        try server.makeCalendar(cal, displayName: "Dig")
        try server.putEvent(cal, uid: "d1", summary: "Digest", start: "20240611T090000Z")
        try server.proxy("digest")
        defer { try? server.proxy("pass") }
        let url = server.collection(cal, proxied: true)
        let home = try SyncTestHome(config: SyncTestHome.caldav("basic", url)
                                    + SyncTestHome.caldav("digest", url) + "auth = digest\n\n"
                                    + SyncTestHome.caldav("any", url) + "auth = any\n")
        defer { home.remove() }
        let basic = try home.run(["sync", "basic"])
        #expect(basic.status == 1)
        #expect(basic.stdout == "basic: not synced; its last copy is kept\n")
        #expect(basic.stderr.contains("HTTP 401"))
        let digest = try home.run(["sync", "digest"])
        #expect(digest.status == 0)
        #expect(digest.stdout == """
            digest: first sync (sync-collection, 3 requests)
            + d1: "Digest" (Tue, 11 Jun 2024 09:00)
            1 added, 0 removed, 0 changed, 0 unchanged

            """)
        #expect(digest.stderr == "")
        let any = try home.run(["sync", "any", "--format", "json"])
        // Its own copy (the sections share a URL, not a copy): a first sync that adds d1.
        #expect(any.status == 0 && any.stdout.contains("\"first\":true") && any.stdout.contains("\"uid\":\"d1\""))
        // A view syncs through the same credentials (--refresh) and shows the event.
        let agenda = try home.run(["digest", "--agenda", "--from", "2024-06-10", "--days", "3", "--refresh"])
        #expect(agenda.status == 0 && agenda.stderr == "" && agenda.stdout.contains("09:00–10:00 Digest\n"))
        for text in [basic.stderr, digest.stdout, any.stdout, agenda.stdout, home.cacheText()] {
            #expect(!text.contains(CalDAVTestServer.password))
        }
    }

    /// Two sections that name one collection keep a copy each (their credentials may differ),
    /// and each `sync` says what changed since its own last one.
    @Test(.disabled(if: skipRadicale, "Radicale is not installed: scripts/setup-caldav.sh installs it"))
    func twoSectionsOfOneCollectionKeepACopyEach() throws {
        let server = try Self.radicale()
        let cal = Self.fresh("two")
        try server.makeCalendar(cal, displayName: "Two")
        try server.putEvent(cal, uid: "t1", summary: "One", start: "20240611T090000Z")
        let home = try SyncTestHome(config: SyncTestHome.caldav("a", server.collection(cal)) + SyncTestHome.caldav("b", server.collection(cal)))
        defer { home.remove() }
        #expect(try home.run(["sync", "a"]).stdout.hasPrefix("a: first sync (sync-collection, 3 requests)\n+ t1: "))
        try server.putEvent(cal, uid: "t2", summary: "Two", start: "20240612T090000Z")
        let b = try home.run(["sync", "b"])
        #expect(b.stdout == """
            b: first sync (sync-collection, 3 requests)
            + t1: "One" (Tue, 11 Jun 2024 09:00)
            + t2: "Two" (Wed, 12 Jun 2024 09:00)
            2 added, 0 removed, 0 changed, 0 unchanged

            """)
        // a's copy is as a left it.
        let view = try home.run(["a", "--agenda", "--from", "2024-06-10", "--days", "5", "--offline"])
        #expect(view.stdout.contains("09:00–10:00 One\n") && !view.stdout.contains("Two"))
        let a = try home.run(["sync", "a"])
        #expect(a.stdout == """
            a: synced (sync-collection, 3 requests)
            + t2: "Two" (Wed, 12 Jun 2024 09:00)
            1 added, 0 removed, 0 changed, 1 unchanged

            """)
        let copies = try FileManager.default.contentsOfDirectory(atPath: home.cache + "/icsview").filter { $0.hasPrefix("caldav-") && !$0.hasPrefix("caldav-account-") }
        #expect(copies.count == 2)
    }

    /// `validate NAME` checks the resources of the local copy, each on its own and named by its
    /// URL, with no request while the copy is fresh. Radicale stores a resource as it serialises
    /// it (DTSTAMP moved after DTEND, as a GET shows), so DTEND is on line 7 of the stored text
    /// (BEGIN:VCALENDAR, VERSION, PRODID, BEGIN:VEVENT, UID, DTSTART, DTEND), not line 8 as sent.
    @Test(.disabled(if: skipRadicale, "Radicale is not installed: scripts/setup-caldav.sh installs it"))
    func validateReadsTheLocalCopy() throws {
        let server = try Self.radicale()
        let cal = Self.fresh("val")
        try server.makeCalendar(cal, displayName: "Val")
        try server.putEvent(cal, uid: "good", summary: "Fine", start: "20240611T090000Z")
        let backwards = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//ICSKit tests//EN\r\nBEGIN:VEVENT\r\nUID:bad\r\n"
            + "DTSTAMP:20240101T000000Z\r\nDTSTART:20240611T100000Z\r\nDTEND:20240611T090000Z\r\nSUMMARY:Backwards\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        #expect(try server.request("PUT", server.collectionPath(cal) + "bad.ics", body: backwards) == 201)
        let url = server.collection(cal, proxied: true)
        let never = server.collection(Self.fresh("never"), proxied: true)
        let home = try SyncTestHome(config: SyncTestHome.caldav("val", url) + "[calendar never]\ncaldav = \(never)\n")
        defer { home.remove() }
        #expect(try home.run(["sync", "val"]).status == 0)
        // The server stops answering: the fresh copy is read without a request.
        try server.proxy("die-after 0")
        let result = try home.run(["validate", "val"])
        #expect(result.status == 1)
        #expect(result.stdout == """
            \(url.absoluteString)bad.ics:7:1: error: DTEND is before DTSTART [ICS2103]
                hint: Make DTEND later than DTSTART, or drop it for an event of zero length.
            1 error, 0 warnings in 2 files

            """)
        #expect(result.stderr == "")
        // A calendar never synced, whose server does not answer: it could not be read (exit 2).
        let unread = try home.run(["validate", "never", "--timeout", "5"])
        #expect(unread.status == 2)
        #expect(unread.stderr.hasPrefix("Error: never: "))
        #expect(unread.stdout == "0 errors, 0 warnings in 0 files; 1 file could not be read\n")
    }

    @Test(.disabled(if: skipXandikos, "Xandikos is not installed: scripts/setup-caldav.sh installs it"))
    func xandikosSyncAndView() throws {
        let server = try Self.sharedXandikos.get()
        let cal = Self.fresh("x")
        try server.makeCalendar(cal, displayName: "X")
        try server.putEvent(cal, uid: "x1", summary: "Review", start: "20240611T090000Z")
        let home = try SyncTestHome(config: "[calendar x]\ncaldav = \(server.collection(cal))\n")
        defer { home.remove() }
        let first = try home.run(["sync"])
        #expect(first.status == 0)
        #expect(first.stdout.hasPrefix("x: first sync (sync-collection, "))
        #expect(first.stdout.contains("+ x1: \"Review\" (Tue, 11 Jun 2024 09:00)\n1 added, 0 removed, 0 changed, 0 unchanged\n"))
        try server.deleteEvent(cal, uid: "x1")
        let second = try home.run(["sync", "--format", "json"])
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [[String: Any]])
        let removed = (reports.first?["changes"] as? [String: Any])?["removed"] as? [[String: Any]]
        #expect(removed?.compactMap { $0["uid"] as? String } == ["x1"])
        #expect(reports.first?["synced"] as? Bool == true && reports.first?["first"] as? Bool == false)
    }
}
