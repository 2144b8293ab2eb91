import Foundation
import TestSupport
import Testing

/// The browser's status bar says where a configured CalDAV calendar's copy stands, and `r`
/// syncs it even when the copy is fresh: run in tmux against Radicale (started here on
/// 127.0.0.1, reached through the test server's proxy so that the test can make it go away).
@Suite("Browse: the sync state of CalDAV calendars", .serialized)
struct BrowseSyncStateTests {
    static let skip = !CalDAVTestServer.isInstalled(.radicale) || !TmuxTerminal.isInstalled

    /// The `HH:MM` after `prefix` on the screen.
    private func clock(after prefix: String, in screen: String) -> String? {
        guard let range = screen.range(of: prefix) else { return nil }
        let time = screen[range.upperBound...].prefix(5)
        return time.count == 5 && time.dropFirst(2).first == ":" ? String(time) : nil
    }

    @Test(.disabled(if: skip, "Radicale and tmux are needed: scripts/setup.sh installs them"))
    func statusBarShowsTheSyncStateAndRSyncs() throws {
        let server = try CalDAVTestServer(.radicale)
        try server.makeCalendar("work", displayName: "Work")
        try server.putEvent("work", uid: "e1", summary: "Planning", start: "20240611T090000Z")
        let home = try SyncTestHome(config: SyncTestHome.caldav("work", server.collection("work", proxied: true)))
        defer { home.remove() }
        let terminal = try TmuxTerminal(["--config", home.config, "--today", "2024-06-11", "work"], columns: 120,
                                        environment: ["XDG_CACHE_HOME": home.cache])

        // First run: no copy yet, so the calendar is synced before it is shown.
        let first = try terminal.waitFor("June 2024", "Planning", "work (synced ", timeout: 30)
        let synced = try #require(clock(after: "work (synced ", in: first))

        // `r` syncs although the copy is seconds old: the new event shows, one day changed.
        try server.putEvent("work", uid: "e2", summary: "Retro", start: "20240612T090000Z")
        try terminal.send("r")
        try terminal.waitFor("Read again: 1 day changed in this month")
        try terminal.send("l")
        try terminal.waitFor("Retro", "work (synced ")

        // The server goes away: `r` keeps the last copy and says so, in the message and then in
        // the status bar, with the time of the copy shown.
        try server.proxy("die-after 0")
        try terminal.send("r")
        try terminal.waitFor("Read again: 0 days changed in this month · not synced: work (last copy shown)")
        try terminal.send("h")
        let stale = try terminal.waitFor("work (not synced: ", "; copy of ")
        let copyOf = try #require(clock(after: "; copy of ", in: stale))
        #expect(copyOf >= synced)
        #expect(stale.contains("Planning"))
        #expect(!stale.contains(CalDAVTestServer.password))
        try terminal.send("q")
        #expect(try terminal.file("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        // Nothing was written over the full screen: the warning went to the status bar.
        #expect(try terminal.file("stderr", timeout: 1) == nil)
        try server.proxy("pass")
    }
}
