import Foundation

extension CalDAVClient {
    /// Brings `state` up to date with the collection at `url`: a sync-collection report from its
    /// token (RFC 6578), or where the server has none or refuses the token, a PROPFIND of the
    /// ETags; then a `calendar-multiget` (RFC 4791 7.9) of only the new and changed resources.
    ///
    /// A resource the server lists but will not give (403, 5xx in the multistatus) keeps its last
    /// copy and costs a diagnostic; one it says is gone (404) is removed.
    ///
    /// - Parameters:
    ///   - url: the calendar collection.
    ///   - state: what the last sync kept, or `nil` the first time (everything is fetched).
    /// - Returns: the new state and the change set (empty when nothing changed).
    /// - Throws: ``ICSError`` when the sync could not be completed (network, 401, a malformed
    ///   answer, ``timeLimit``): `state` is then still the last good copy.
    public func sync(_ url: URL, from state: CalDAVSyncState?) throws(ICSError) -> CalDAVSyncResult {
        do {
            return try startingClock().syncUnlocated(url, from: state ?? CalDAVSyncState(collection: url))
        } catch {
            throw CalDAVClient.located(error, url)
        }
    }

    /// The longest sync-token kept and sent back, in bytes (real ones are URIs of under 200).
    static let syncTokenLimit = 4096

    /// A sync-token as it will be stored and sent back: `nil` when empty, longer than
    /// ``syncTokenLimit`` or holding a control character. Without one, a server's sync-collection
    /// answer counts as no answer, and the collection is compared by ETags instead (a token of
    /// 10 MB was stored in the local copy and sent back in every request).
    static func keptToken(_ token: String?) -> String? {
        guard let token, !token.isEmpty, token.utf8.count <= syncTokenLimit,
              !token.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else { return nil }
        return token
    }

    /// What the server says the collection holds, or what changed in it.
    private enum Listing {
        /// Every member with its ETag (a PROPFIND), and the collection's token if it has one.
        case complete(members: [String: (href: String, etag: String?)], token: String?)
        /// Members changed since the token, members removed, the new token.
        case delta(changed: [String: (href: String, etag: String?)], removed: [String], token: String?)
    }

    private func syncUnlocated(_ url: URL, from old: CalDAVSyncState) throws(ICSError) -> CalDAVSyncResult {
        var state = old
        state.collection = url
        state.info = try info(of: url) ?? old.info
        var method = CalDAVSyncResult.Method.etagComparison
        var tokenRefused = false
        var listing: Listing?
        if !old.syncCollectionUnsupported {
            switch try syncCollection(url, token: old.syncToken, kept: old.resources) {
            case .listed(let delta):
                listing = delta
                method = .syncCollection
            case .tokenRefused:
                tokenRefused = true
            case .unsupported:
                state.syncCollectionUnsupported = true
            }
        }
        if listing == nil { listing = try etagListing(url) }

        // What to fetch and what to drop.
        var wanted: [String: (href: String, etag: String?)] = [:]
        var removed: [String] = []
        var token: String?
        switch listing! {
        case .complete(let members, let newToken):
            token = newToken
            for (key, member) in members where member.etag == nil || old.resources[key]?.etag != member.etag { wanted[key] = member }
            removed = old.resources.keys.filter { members[$0] == nil }
        case .delta(let changed, let gone, let newToken):
            token = newToken
            for (key, member) in changed where member.etag == nil || old.resources[key]?.etag != member.etag { wanted[key] = member }
            removed = gone
        }

        var diagnostics: [Diagnostic] = []
        var fetched: [String: CalDAVResource] = [:]
        let keys = wanted.keys.sorted()
        var start = 0
        while start < keys.count {
            let batch = keys[start..<min(start + multigetBatchSize, keys.count)].map { ($0, wanted[$0]!) }
            start += multigetBatchSize
            let (resources, missing) = try multiget(url, batch)
            fetched.merge(resources) { _, new in new }
            for (key, href, status) in missing {
                if status == 404 {
                    if old.resources[key] != nil { removed.append(key) }
                } else {
                    let why = status == 0 ? "the server did not answer for this resource" : "the server did not give this resource (HTTP \(status))"
                    diagnostics.append(Diagnostic(.sourceItemSkipped, why + (old.resources[key] == nil ? "" : "; its last copy is kept"),
                                                  source: href))
                }
            }
        }
        // A resource that could not be fetched is asked for again next time: keep the old token.
        if !diagnostics.isEmpty { token = old.syncToken }

        // Apply, and diff only what was touched.
        var before = ICalendar(), after = ICalendar()
        func add(_ resource: CalDAVResource, to calendar: inout ICalendar) {
            guard let parsed = try? ICalendar(parsing: resource.data, source: resource.href) else { return }
            calendar.events += parsed.events
            calendar.todos += parsed.todos
        }
        for key in Set(removed) {
            if let resource = state.resources.removeValue(forKey: key) { add(resource, to: &before) }
        }
        for (key, resource) in fetched {
            if let previous = state.resources[key] { add(previous, to: &before) }
            state.resources[key] = resource
            add(resource, to: &after)
        }
        state.syncToken = token
        return CalDAVSyncResult(state: state, changes: CalendarDiff(old: before, new: after), method: method,
                                tokenRefused: tokenRefused, fetchedCount: fetched.count, removedCount: Set(removed).count,
                                diagnostics: diagnostics)
    }

    private enum SyncAnswer {
        case listed(Listing)
        case tokenRefused
        case unsupported
    }

    /// A sync-collection report (RFC 6578 3.2) from `token` (none: every member), repeated while
    /// the server truncates its answer (507 on the collection, 3.6).
    ///
    /// Of the members the server says are gone, only those in `kept` (what the last sync kept) are
    /// listed as removed: the others change nothing, and a listing of a million of them keeps
    /// none of their keys.
    private func syncCollection(_ url: URL, token: String?, kept: [String: CalDAVResource]) throws(ICSError) -> SyncAnswer {
        var changed: [String: (href: String, etag: String?)] = [:]
        var removed: Set<String> = []
        var current = token
        let collectionKey = DAVHref.key(url.absoluteString, base: url)
        for _ in 0..<1000 {
            let body = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<D:sync-collection xmlns:D=\"DAV:\"><D:sync-token>"
                + xmlEscape(current ?? "") + "</D:sync-token><D:sync-level>1</D:sync-level><D:prop><D:getetag/></D:prop></D:sync-collection>"
            let reply = try send(HTTPExchange.Request(method: "REPORT", url: url, headers: ["Depth: 0"], body: Array(body.utf8)))
            switch reply.status {
            case 207: break
            case 400, 403, 404, 405, 409, 415, 422, 500, 501:
                // RFC 6578 3.2: a token the server no longer knows is a 403 or 409 with a
                // DAV:valid-sync-token precondition; any other refusal here is taken the same way
                // (some servers send no error body).
                // No sync-collection here (or not for this token); the ETags tell instead.
                return current == nil ? .unsupported : .tokenRefused
            default:
                throw CalDAVClient.statusError(reply, "REPORT sync-collection")
            }
            // Each response is handled as it is read: a listing of a million members keeps their
            // keys, not a million records as well.
            var truncated = false
            let base = reply.url
            let syncToken = try Multistatus.read(reply.body) { response in
                let key = DAVHref.key(response.href, base: base)
                if key == collectionKey {
                    if response.status == 507 { truncated = true }
                    return
                }
                if response.status == 404 {
                    if kept[key] != nil { removed.insert(key) }
                    changed[key] = nil
                } else if response.status == nil || response.status == 200 {
                    if response.property("resourcetype")?.child("collection") != nil { return }
                    changed[key] = (response.href, response.property("getetag")?.trimmed)
                    removed.remove(key)
                }
            }
            guard let next = CalDAVClient.keptToken(syncToken) else {
                return current == nil ? .unsupported : .tokenRefused
            }
            if !truncated || next == current {
                return .listed(.delta(changed: changed, removed: Array(removed), token: next))
            }
            current = next
        }
        throw ICSError(.network, "the server kept truncating its sync-collection answer")
    }

    /// Every member's ETag (PROPFIND, Depth 1), and the collection's sync-token.
    private func etagListing(_ url: URL) throws(ICSError) -> Listing {
        guard let (status, base) = try propfind(url, depth: 1, properties: "<D:resourcetype/><D:getetag/><D:sync-token/>") else {
            throw ICSError(.network, "the collection cannot be listed (PROPFIND refused)")
        }
        let collectionKey = DAVHref.key(url.absoluteString, base: url)
        var members: [String: (href: String, etag: String?)] = [:]
        var token: String?
        for response in status.responses {
            let key = DAVHref.key(response.href, base: base)
            if key == collectionKey {
                token = response.property("sync-token")?.trimmed
                continue
            }
            if response.property("resourcetype")?.child("collection") != nil { continue }
            guard response.status == nil || response.status == 200 else { continue }
            members[key] = (response.href, response.property("getetag")?.trimmed)
        }
        return .complete(members: members, token: CalDAVClient.keptToken(token))
    }

    /// A calendar-multiget of `members`: the resources given, and (key, href, status) of those not given.
    func multiget(_ url: URL, _ members: [(String, (href: String, etag: String?))])
        throws(ICSError) -> ([String: CalDAVResource], [(String, String, Int)]) {
        var body = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<C:calendar-multiget xmlns:D=\"DAV:\" "
            + "xmlns:C=\"urn:ietf:params:xml:ns:caldav\"><D:prop><D:getetag/><C:calendar-data/></D:prop>"
        for (_, member) in members { body += "<D:href>" + xmlEscape(member.href) + "</D:href>" }
        body += "</C:calendar-multiget>"
        let reply = try send(HTTPExchange.Request(method: "REPORT", url: url, headers: ["Depth: 1"], body: Array(body.utf8)))
        guard reply.status == 207 else { throw CalDAVClient.statusError(reply, "REPORT calendar-multiget") }
        let status = try Multistatus(reply.body)
        var resources: [String: CalDAVResource] = [:]
        var answered: [String: Int] = [:]
        for response in status.responses {
            let key = DAVHref.key(response.href, base: reply.url)
            if let data = response.property("calendar-data", DAVElement.caldav)?.text, !data.isEmpty {
                let lines = calendarDataLines(data)
                resources[key] = CalDAVResource(href: response.href, etag: response.property("getetag")?.trimmed, data: lines)
            } else {
                answered[key] = response.status ?? response.propertyStatus ?? 404
            }
        }
        var missing: [(String, String, Int)] = []
        for (key, member) in members where resources[key] == nil {
            missing.append((key, member.href, answered[key] ?? 0))
        }
        for (key, member) in members where resources[key]?.etag == nil && resources[key] != nil {
            resources[key]!.etag = member.etag
        }
        return (resources, missing)
    }
}
