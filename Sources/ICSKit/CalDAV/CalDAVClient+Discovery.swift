import Foundation

extension CalDAVClient {
    /// The calendars behind what a user typed: a calendar collection's URL (that calendar), a
    /// calendar home or principal URL, or a server's URL (RFC 6764: `/.well-known/caldav`, then
    /// `current-user-principal` and `calendar-home-set`, RFC 5397 and RFC 4791 6.2.1).
    ///
    /// - Returns: the calendar collections with their properties, in the server's order.
    /// - Throws: ``ICSError``: 401 (credentials refused), network failures, a server that is not CalDAV.
    public func discover(_ url: URL) throws(ICSError) -> [CalDAVCalendarInfo] {
        do {
            return try startingClock().discoverUnlocated(url)
        } catch {
            throw CalDAVClient.located(error, url)
        }
    }

    private func discoverUnlocated(_ url: URL) throws(ICSError) -> [CalDAVCalendarInfo] {
        var principal: URL?
        if let (status, base) = try propfind(url, depth: 0, properties: CalDAVClient.allProperties),
           let response = status.responses.first {
            if CalDAVClient.isCalendar(response) {
                // A redirect to another origin answered: the calendar keeps the URL asked for, so
                // that every later request is redirected again, and credentials stay behind
                // (``HTTPExchange``); taking the other origin's URL as the calendar's own would
                // send them there from the next request on.
                return [CalDAVCalendarInfo(url: FetchSession.sameOrigin(base, url) ? base : url, response: response)]
            }
            if let home = CalDAVClient.hrefProperty(response, "calendar-home-set", DAVElement.caldav, base: base) {
                return try calendars(in: home)
            }
            principal = CalDAVClient.hrefProperty(response, "current-user-principal", DAVElement.dav, base: base)
        }
        if principal == nil, let wellKnown = URL(string: "/.well-known/caldav", relativeTo: url)?.absoluteURL, wellKnown != url,
           let (status, base) = try propfind(wellKnown, depth: 0, properties: "<D:current-user-principal/><C:calendar-home-set/>"),
           let response = status.responses.first {
            if let home = CalDAVClient.hrefProperty(response, "calendar-home-set", DAVElement.caldav, base: base) {
                return try calendars(in: home)
            }
            principal = CalDAVClient.hrefProperty(response, "current-user-principal", DAVElement.dav, base: base)
        }
        guard let principal else {
            throw ICSError(.network, "no CalDAV calendar, principal or calendar home found here (nor at /.well-known/caldav)")
        }
        guard let (status, base) = try propfind(principal, depth: 0, properties: "<C:calendar-home-set/>"),
              let response = status.responses.first,
              let home = CalDAVClient.hrefProperty(response, "calendar-home-set", DAVElement.caldav, base: base) else {
            throw ICSError(.network, "the principal \(FeedSource.mask(principal.absoluteString)) has no calendar-home-set")
        }
        return try calendars(in: home)
    }

    /// The calendar collections in a calendar home (PROPFIND, Depth 1).
    private func calendars(in home: URL) throws(ICSError) -> [CalDAVCalendarInfo] {
        guard let (status, base) = try propfind(home, depth: 1, properties: CalDAVClient.allProperties) else {
            throw ICSError(.network, "the calendar home \(FeedSource.mask(home.absoluteString)) cannot be listed")
        }
        return status.responses.compactMap { response in
            guard CalDAVClient.isCalendar(response), let url = DAVHref.url(response.href, base: base) else { return nil }
            return CalDAVCalendarInfo(url: url, response: response)
        }
    }

    /// The collection's own properties (PROPFIND, Depth 0).
    func info(of collection: URL) throws(ICSError) -> CalDAVCalendarInfo? {
        guard let (status, base) = try propfind(collection, depth: 0, properties: CalDAVClient.allProperties),
              let response = status.responses.first else { return nil }
        return CalDAVCalendarInfo(url: base, response: response)
    }

    static func isCalendar(_ response: Multistatus.Response) -> Bool {
        response.property("resourcetype")?.child("calendar", DAVElement.caldav) != nil
    }

    static func hrefProperty(_ response: Multistatus.Response, _ name: String, _ namespace: String, base: URL) -> URL? {
        guard let href = response.property(name, namespace)?.child("href")?.trimmed, !href.isEmpty else { return nil }
        return DAVHref.url(href, base: base)
    }
}
