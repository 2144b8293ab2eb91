import Foundation

extension CalDAVClient {
    /// What ``query(_:window:)`` read: the resources whose events or todos overlap the window.
    public struct WindowResult: Sendable {
        /// The resources, by key (the href's decoded path).
        public var resources: [String: CalDAVResource]
        /// Whether the server answered the `calendar-query` itself; false when the whole
        /// collection was read instead (the server refused the query or answered it wrongly).
        public var serverFiltered: Bool

        /// The resources joined into one calendar (source: the collection's URL), each imported
        /// with `options` (give it the same window to drop what lies outside).
        public func calendar(for collection: URL, options: ImportOptions = ImportOptions()) -> ICalendar {
            var state = CalDAVSyncState(collection: collection)
            state.resources = resources
            return state.calendar(options: options)
        }
    }

    /// The resources of a collection with an event or todo in `window`, with a `calendar-query`
    /// REPORT and a `time-range` filter (RFC 4791 7.8, 9.9): for an app that needs only the next
    /// 90 days of a large collection, without a local copy of the rest.
    ///
    /// Some servers answer such a query wrongly: when the server refuses it (any status but 207)
    /// or its answer cannot be read, the collection is read whole (a sync from nothing) and
    /// ``WindowResult/serverFiltered`` says so; the caller then imports with the window
    /// (``ImportOptions/window``), which filters exactly. A server may also answer with too
    /// little, which cannot be told from the answer: Xandikos 0.2.8 leaves out a recurring event
    /// whose first instance is before the window (it compares the master's DTSTART, not the
    /// instances, against RFC 4791 9.9); Radicale 3.1.8 answers right. Where every occurrence
    /// matters and the server is not known, sync the collection (``sync(_:from:)``) and import
    /// it with the window.
    ///
    /// ```swift
    /// let next90 = DateInterval(start: .now, duration: 90 * 86_400)
    /// let result = try client.query(collection, window: next90)
    /// show(result.calendar(for: collection, options: ImportOptions(window: next90)))
    /// ```
    /// - Throws: ``ICSError``: 401, network failures (a refused query is not one: the fallback runs).
    public func query(_ url: URL, window: DateInterval) throws(ICSError) -> WindowResult {
        do {
            if let resources = try timeRangeQuery(url, window: window) { return WindowResult(resources: resources, serverFiltered: true) }
            return WindowResult(resources: try sync(url, from: nil).state.resources, serverFiltered: false)
        } catch {
            throw CalDAVClient.located(error, url)
        }
    }

    /// The calendar-query for VEVENTs and VTODOs in `window`; nil when the server refuses it.
    private func timeRangeQuery(_ url: URL, window: DateInterval) throws(ICSError) -> [String: CalDAVResource]? {
        let start = CalDAVClient.utcStamp(window.start), end = CalDAVClient.utcStamp(window.end)
        var resources: [String: CalDAVResource] = [:]
        for component in ["VEVENT", "VTODO"] {
            let body = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<C:calendar-query xmlns:D=\"DAV:\" "
                + "xmlns:C=\"urn:ietf:params:xml:ns:caldav\"><D:prop><D:getetag/><C:calendar-data/></D:prop>"
                + "<C:filter><C:comp-filter name=\"VCALENDAR\"><C:comp-filter name=\"\(component)\">"
                + "<C:time-range start=\"\(start)\" end=\"\(end)\"/></C:comp-filter></C:comp-filter></C:filter></C:calendar-query>"
            let reply = try send(HTTPExchange.Request(method: "REPORT", url: url, headers: ["Depth: 1"], body: Array(body.utf8)))
            guard reply.status == 207, let status = try? Multistatus(reply.body) else { return nil }
            for response in status.responses {
                guard let data = response.property("calendar-data", DAVElement.caldav)?.text, !data.isEmpty else { continue }
                let lines = calendarDataLines(data)
                // A calendar-data that is not iCalendar is a wrong answer: read the collection whole.
                guard lines.hasPrefix("BEGIN:VCALENDAR") else { return nil }
                resources[DAVHref.key(response.href, base: reply.url)] = CalDAVResource(
                    href: response.href, etag: response.property("getetag")?.trimmed, data: lines)
            }
        }
        return resources
    }

    /// `20240610T000000Z`: a UTC DATE-TIME as the time-range element takes it (RFC 4791 9.9).
    static func utcStamp(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        let day = CivilDate(daysSinceEpoch: days)
        let rest = seconds - days * 86_400
        func pad(_ n: Int, _ width: Int) -> String { String(repeating: "0", count: max(0, width - String(n).count)) + String(n) }
        return "\(pad(day.year, 4))\(pad(day.month, 2))\(pad(day.day, 2))T\(pad(rest / 3600, 2))\(pad(rest / 60 % 60, 2))\(pad(rest % 60, 2))Z"
    }
}
