import Foundation
import TestSupport
import Testing
@testable import ICSKit

/// `calendar-query` with a `time-range` (RFC 4791 7.8, 9.9) against Radicale and Xandikos: the
/// window 10–17 June 2024 holds the event of the 11th and the daily series begun on 1 June (its
/// instances from the 10th to the 14th, RFC 4791 9.9: a recurring component matches when an
/// instance overlaps), not the events of 1 May or 1 July. A server that refuses the query (the
/// proxy answers 501) is read whole instead, and the import's window filters. Xandikos 0.2.8 gets
/// the series wrong (it compares the master's own DTSTART with the range, not its instances): the
/// test records that, as the reason ``CalDAVClient/query(_:window:)``'s documentation gives for a sync.
extension CalDAVServerTests {
    static let window = DateInterval(start: Date(timeIntervalSince1970: 1_717_977_600),   // 2024-06-10T00:00:00Z
                                     end: Date(timeIntervalSince1970: 1_718_582_400))     // 2024-06-17T00:00:00Z

    static func fillForQuery(_ server: CalDAVTestServer, _ cal: String) throws {
        try server.putEvent(cal, uid: "in", summary: "In", start: "20240611T090000Z")
        try server.putEvent(cal, uid: "may", summary: "May", start: "20240501T090000Z")
        try server.putEvent(cal, uid: "july", summary: "July", start: "20240701T090000Z")
        let series = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:daily\r\nDTSTAMP:20240101T000000Z\r\n"
            + "DTSTART:20240601T080000Z\r\nDURATION:PT1H\r\nRRULE:FREQ=DAILY;COUNT=14\r\nSUMMARY:Daily\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        try server.request("PUT", server.collectionPath(cal) + "daily.ics", body: series)
    }

    @Test(.disabled(if: skipRadicale, "Radicale is not installed: scripts/setup-caldav.sh installs it"))
    func radicaleTimeRangeQuery() throws {
        let cal = Self.fresh("query")
        let server = try Self.radicale()
        try server.makeCalendar(cal, displayName: "Query")
        try Self.fillForQuery(server, cal)
        let result = try server.client().query(server.collection(cal), window: Self.window)
        #expect(result.serverFiltered)
        let calendar = result.calendar(for: server.collection(cal))
        #expect(Set(calendar.events.compactMap(\.uid)) == ["in", "daily"])
        #expect(result.resources.values.allSatisfy { $0.etag != nil && $0.data.contains("\r\n") })

        // Refused (501): the whole collection, and the import's window keeps what overlaps it.
        try server.proxy("no-query")
        defer { try? server.proxy("pass") }
        let fallback = try server.client().query(server.collection(cal, proxied: true), window: Self.window)
        #expect(!fallback.serverFiltered)
        #expect(fallback.resources.count == 4)
        let windowed = fallback.calendar(for: server.collection(cal), options: ImportOptions(window: Self.window))
        #expect(Set(windowed.events.compactMap(\.uid)) == ["in", "daily"])
    }

    @Test(.disabled(if: skipXandikos, "Xandikos is not installed: scripts/setup-caldav.sh installs it"))
    func xandikosTimeRangeQuery() throws {
        let cal = Self.fresh("query")
        let server = try Self.xandikos()
        try server.makeCalendar(cal, displayName: "Query")
        try Self.fillForQuery(server, cal)
        let result = try server.client().query(server.collection(cal), window: Self.window)
        #expect(result.serverFiltered)
        // Wrong by RFC 4791 9.9 (the series has five instances in the window): Xandikos 0.2.8 leaves it out.
        #expect(Set(result.calendar(for: server.collection(cal)).events.compactMap(\.uid)) == ["in"])
    }

    @Test func timeRangeStampsAreUTC() {
        #expect(CalDAVClient.utcStamp(Self.window.start) == "20240610T000000Z")
        #expect(CalDAVClient.utcStamp(Date(timeIntervalSince1970: 1_718_100_245)) == "20240611T100405Z")
        #expect(CalDAVClient.utcStamp(Date(timeIntervalSince1970: -1)) == "19691231T235959Z")
    }
}
