import Foundation
import TestSupport
import Testing
@testable import ICSKit

/// CalDAV against real servers started here (Radicale and Xandikos, on 127.0.0.1 with a
/// temporary storage, filled over HTTP with MKCALENDAR, PUT and DELETE). The expected change
/// sets are those of the edits each test makes; request counts follow RFC 6578 and RFC 4791
/// (one PROPFIND of the collection's properties, one sync-collection REPORT, one multiget of
/// what changed).
@Suite("CalDAV against real servers", .serialized)
struct CalDAVServerTests {
    static let skipRadicale = !CalDAVTestServer.isInstalled(.radicale)
    static let skipXandikos = !CalDAVTestServer.isInstalled(.xandikos)

    /// One server of each kind for the whole suite (a start costs seconds); each test works in
    /// calendars of its own and sets the proxy's mode it needs.
    static let sharedRadicale = Result { try CalDAVTestServer(.radicale) }
    static let sharedXandikos = Result { try CalDAVTestServer(.xandikos) }

    static func radicale() throws -> CalDAVTestServer {
        let server = try sharedRadicale.get()
        try server.proxy("pass")
        return server
    }

    static func xandikos() throws -> CalDAVTestServer {
        let server = try sharedXandikos.get()
        try server.proxy("pass")
        return server
    }

    /// A calendar name no other test uses.
    static func fresh(_ stem: String) -> String { stem + "-" + UUID().uuidString.prefix(8).lowercased() }

    static func summaries(_ calendar: ICalendar) -> [String] {
        calendar.events.compactMap(\.summary).sorted()
    }

    @Test(.disabled(if: skipRadicale, "Radicale is not installed: scripts/setup-caldav.sh installs it"))
    func radicaleDiscoveryFindsCalendarsWithTheirProperties() throws {
        let server = try Self.radicale()
        let work = Self.fresh("work"), tasks = Self.fresh("tasks")
        try server.makeCalendar(work, displayName: "Work", color: "#FF8800FF", description: "Office", components: ["VEVENT"])
        try server.makeCalendar(tasks, displayName: "Tasks", components: ["VTODO"])
        let client = server.client()
        // From the server's root: current-user-principal, then calendar-home-set, then the home's members.
        let found = try client.discover(server.root()).filter { [work, tasks].contains($0.url.lastPathComponent) }
        #expect(Set(found.map(\.url.path)) == Set([server.collectionPath(work), server.collectionPath(tasks)].map { String($0.dropLast()) }))
        let info = try #require(found.first { $0.displayName == "Work" })
        #expect(info.color == "#FF8800")
        #expect(info.notes == "Office")
        #expect(info.components == ["VEVENT"])
        #expect(info.syncToken != nil)
        #expect(found.first { $0.displayName == "Tasks" }?.components == ["VTODO"])
        // A collection's own URL gives that calendar.
        #expect(try client.discover(server.collection(work)).map(\.displayName) == ["Work"])
    }

    @Test(.disabled(if: skipRadicale, "Radicale is not installed: scripts/setup-caldav.sh installs it"))
    func radicaleImportThenIncrementalSync() throws {
        let cal = Self.fresh("work")
        let server = try Self.radicale()
        try server.makeCalendar(cal, displayName: "Work", color: "#3366FF")
        for i in 1...5 { try server.putEvent(cal, uid: "e\(i)", summary: "Event \(i)") }
        let client = server.client()
        let url = server.collection(cal)

        let first = try client.sync(url, from: nil)
        #expect(first.method == .syncCollection)
        #expect(first.fetchedCount == 5 && first.removedCount == 0)
        #expect(first.changes.added.compactMap(\.uid) == ["e1", "e2", "e3", "e4", "e5"])
        #expect(first.state.syncToken != nil)
        #expect(first.state.resources.count == 5)
        #expect(first.state.resources.values.allSatisfy { $0.etag != nil && $0.href.hasSuffix(".ics") })
        let calendar = first.state.calendar()
        #expect(calendar.name == "Work" && calendar.color == "#3366FF")
        #expect(Self.summaries(calendar) == (1...5).map { "Event \($0)" })
        // The server sends CRLF lines; XML reads them as LF (XML 1.0 2.11): the resources are
        // stored with their CRLF back, so their import raises no line-end finding (ICS1011).
        #expect(first.state.resources.values.allSatisfy { !$0.data.contains("\n") || $0.data.contains("\r\n") })
        #expect(!calendar.diagnostics.contains { $0.code.rawValue == "ICS1011" }, "\(calendar.diagnostics)")
        #expect(client.requestCount == 3)    // PROPFIND (properties), sync-collection, one multiget

        // Nothing changed: no multiget.
        let before = client.requestCount
        let idle = try client.sync(url, from: first.state)
        #expect(idle.changes.isEmpty && idle.fetchedCount == 0)
        #expect(client.requestCount - before == 2)

        // Edit one, delete one, add one.
        try server.putEvent(cal, uid: "e2", summary: "Event 2 moved", start: "20240611T100000Z")
        try server.deleteEvent(cal, uid: "e4")
        try server.putEvent(cal, uid: "e6", summary: "Event 6")
        let next = try client.sync(url, from: idle.state)
        #expect(next.method == .syncCollection)
        #expect(next.fetchedCount == 2 && next.removedCount == 1)
        #expect(next.changes.added.compactMap(\.uid) == ["e6"])
        #expect(next.changes.removed.compactMap(\.uid) == ["e4"])
        #expect(next.changes.changed.map(\.key.uid) == ["e2"])
        #expect(next.changes.changed.first?.fields == [.start, .summary])
        #expect(Self.summaries(next.state.calendar()) == ["Event 1", "Event 2 moved", "Event 3", "Event 5", "Event 6"])
    }

    @Test(.disabled(if: skipRadicale, "Radicale is not installed: scripts/setup-caldav.sh installs it"))
    func etagComparisonWhenTheServerHasNoSyncCollection() throws {
        let cal = Self.fresh("work")
        let server = try Self.radicale()
        try server.makeCalendar(cal, displayName: "Work")
        for i in 1...4 { try server.putEvent(cal, uid: "e\(i)", summary: "Event \(i)") }
        try server.proxy("no-sync")
        let client = server.client()
        let url = server.collection(cal, proxied: true)
        let first = try client.sync(url, from: nil)
        #expect(first.method == .etagComparison)
        #expect(first.state.syncCollectionUnsupported)
        #expect(first.fetchedCount == 4)

        try server.putEvent(cal, uid: "e1", summary: "Event 1 renamed")
        try server.deleteEvent(cal, uid: "e3")
        let before = client.requestCount
        let next = try client.sync(url, from: first.state)
        #expect(next.method == .etagComparison)
        #expect(next.fetchedCount == 1 && next.removedCount == 1)    // only the changed href is fetched
        #expect(next.changes.changed.map(\.key.uid) == ["e1"])
        #expect(next.changes.removed.compactMap(\.uid) == ["e3"])
        #expect(client.requestCount - before == 3)                   // PROPFIND props, PROPFIND ETags, multiget
    }

    @Test(.disabled(if: skipRadicale, "Radicale is not installed: scripts/setup-caldav.sh installs it"))
    func refusedTokenFallsBackToETags() throws {
        let cal = Self.fresh("work")
        let server = try Self.radicale()
        try server.makeCalendar(cal, displayName: "Work")
        for i in 1...3 { try server.putEvent(cal, uid: "e\(i)", summary: "Event \(i)") }
        let client = server.client()
        let url = server.collection(cal, proxied: true)
        let first = try client.sync(url, from: nil)
        #expect(first.method == .syncCollection)
        try server.proxy("refuse-token")
        try server.putEvent(cal, uid: "e4", summary: "Event 4")
        let next = try client.sync(url, from: first.state)
        #expect(next.tokenRefused)
        #expect(next.method == .etagComparison)
        #expect(next.fetchedCount == 1)
        #expect(next.changes.added.compactMap(\.uid) == ["e4"])
        #expect(next.state.syncToken != nil)      // the collection's current token, from the PROPFIND
        #expect(!next.state.syncCollectionUnsupported)
    }

    @Test(.disabled(if: skipRadicale, "Radicale is not installed: scripts/setup-caldav.sh installs it"))
    func wrongPasswordIs401WithoutThePassword() throws {
        let cal = Self.fresh("work")
        let server = try Self.radicale()
        try server.makeCalendar(cal, displayName: "Work")
        let wrong = "wrong-" + CalDAVTestServer.password
        let error = try #require(throws: ICSError.self) { try server.client(password: wrong).sync(server.collection(cal), from: nil) }
        #expect(error.httpStatus == 401)
        #expect(!"\(error) \(error.localizedDescription) \(String(reflecting: error))".contains(wrong))
        #expect(!String(describing: CalDAVTestServer.credentials).contains(CalDAVTestServer.password))
        var dumped = ""
        dump(CalDAVTestServer.credentials, to: &dumped)
        #expect(!dumped.contains(CalDAVTestServer.password))
    }

    @Test(.disabled(if: skipRadicale, "Radicale is not installed: scripts/setup-caldav.sh installs it"))
    func serverThatGoesAwayMidSyncKeepsTheLastCopy() throws {
        let cal = Self.fresh("work")
        let server = try Self.radicale()
        try server.makeCalendar(cal, displayName: "Work")
        for i in 1...3 { try server.putEvent(cal, uid: "e\(i)", summary: "Event \(i)") }
        let cache = NSTemporaryDirectory() + "caldav-copy-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let copy = CalDAVLocalCopy(collection: server.collection(cal, proxied: true), directory: cache)
        let client = server.client()
        let first = copy.sync(with: client)
        #expect(first.error == nil && first.isFirst)
        #expect(first.changes.added.count == 3)
        let stored = try Data(contentsOf: URL(fileURLWithPath: copy.path))

        // The server answers the PROPFIND and the sync-collection report, then dies before the multiget.
        try server.putEvent(cal, uid: "e1", summary: "Changed")
        try server.proxy("die-after 2")
        let failed = copy.sync(with: client)
        let error = try #require(failed.error)
        #expect(!failed.isFirst)
        #expect(error.source?.contains("127.0.0.1") == true)
        #expect(failed.changes.isEmpty)
        #expect(Self.summaries(failed.calendar) == ["Event 1", "Event 2", "Event 3"])
        #expect(failed.calendar.diagnostics.contains { $0.code == .staleCopy })
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy.path)) == stored)

        // Back again: the change arrives.
        try server.proxy("pass")
        let again = copy.sync(with: client)
        #expect(again.error == nil && !again.isFirst)
        #expect(again.changes.changed.map(\.key.uid) == ["e1"])

        // No file the copy wrote holds the password.
        for name in try FileManager.default.contentsOfDirectory(atPath: cache) {
            let text = try String(contentsOfFile: cache + "/" + name, encoding: .utf8)
            #expect(!text.contains(CalDAVTestServer.password), "\(name) holds the password")
        }
    }

    @Test(.disabled(if: skipRadicale, "Radicale is not installed: scripts/setup-caldav.sh installs it"))
    func multigetOfAGoneResourceCostsOnlyThatResource() throws {
        let cal = Self.fresh("work")
        let server = try Self.radicale()
        try server.makeCalendar(cal, displayName: "Work")
        for i in 1...3 { try server.putEvent(cal, uid: "e\(i)", summary: "Event \(i)") }
        let client = server.client()
        let url = server.collection(cal)
        let first = try client.sync(url, from: nil)
        // A state that believes in a resource the server no longer has, with an outdated ETag,
        // and no token (so that every ETag is compared): the multiget answers 404 for it alone.
        var state = first.state
        state.syncToken = nil
        state.syncCollectionUnsupported = true
        state.resources["/alice/" + cal + "/ghost.ics"] = CalDAVResource(href: "/alice/" + cal + "/ghost.ics", etag: "\"old\"",
                                                                  data: CalDAVTestServer.event(uid: "ghost", summary: "Ghost", start: "20240610T090000Z"))
        state.resources["/alice/" + cal + "/e2.ics"]?.etag = "\"stale\""
        let next = try client.sync(url, from: state)
        #expect(next.fetchedCount == 1)                     // e2 again; the ghost is not listed
        #expect(next.changes.removed.compactMap(\.uid) == ["ghost"])
        #expect(Self.summaries(next.state.calendar()) == ["Event 1", "Event 2", "Event 3"])

        let (resources, missing) = try client.multiget(url, [
            ("/alice/" + cal + "/e1.ics", ("/alice/" + cal + "/e1.ics", nil)), ("/alice/" + cal + "/nope.ics", ("/alice/" + cal + "/nope.ics", nil)),
        ])
        #expect(resources.keys.sorted() == ["/alice/" + cal + "/e1.ics"])
        #expect(missing.map(\.2) == [404])
    }

    @Test(.disabled(if: skipXandikos, "Xandikos is not installed: scripts/setup-caldav.sh installs it"))
    func xandikosDiscoveryImportAndSync() throws {
        let cal = Self.fresh("team")
        let server = try Self.xandikos()
        try server.makeCalendar(cal, displayName: "Team")
        try server.setColor(cal, "#00AA00")     // Xandikos 0.2 takes a colour by PROPPATCH, not in MKCALENDAR
        for i in 1...3 { try server.putEvent(cal, uid: "x\(i)", summary: "Item \(i)") }
        let client = server.client()
        let found = try client.discover(server.root())
        let team = try #require(found.first { $0.displayName == "Team" })
        #expect(team.url.path.hasPrefix("/user/calendars/team"))
        #expect(team.color == "#00AA00")

        let first = try client.sync(team.url, from: nil)
        #expect(first.fetchedCount == 3)
        #expect(first.changes.added.compactMap(\.uid) == ["x1", "x2", "x3"])

        try server.putEvent(cal, uid: "x2", summary: "Item 2 edited")
        try server.deleteEvent(cal, uid: "x3")
        try server.putEvent(cal, uid: "x4", summary: "Item 4")
        let next = try client.sync(team.url, from: first.state)
        #expect(next.fetchedCount == 2 && next.removedCount == 1)
        #expect(next.changes.added.compactMap(\.uid) == ["x4"])
        #expect(next.changes.removed.compactMap(\.uid) == ["x3"])
        #expect(next.changes.changed.map(\.key.uid) == ["x2"])
        #expect(Self.summaries(next.state.calendar()) == ["Item 1", "Item 2 edited", "Item 4"])
    }
}
