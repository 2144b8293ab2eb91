import Foundation

/// A WebDAV `207 Multi-Status` answer (RFC 4918 13), read into its responses: each href with
/// its own status (a deleted member of a sync-collection report, a resource a multiget could
/// not give) or its properties found (`200` propstats), and the report's `sync-token` (RFC 6578).
struct Multistatus: Sendable {
    /// One `DAV:response`.
    struct Response: Sendable {
        /// The href as the server wrote it (sent back as is in a multiget).
        var href: String
        /// The response's own status, when it has one instead of propstats (404: gone).
        var status: Int?
        /// The properties with status 200, by "namespace name".
        var properties: [String: DAVElement]
        /// The status of properties that were not found or refused, when no property was found.
        var propertyStatus: Int?

        /// A found property.
        func property(_ name: String, _ namespace: String = DAVElement.dav) -> DAVElement? {
            properties[namespace + " " + name]
        }
    }

    var responses: [Response]
    /// The report's new token (sync-collection), if any.
    var syncToken: String?

    /// Reads a multistatus body.
    /// - Throws: ``ICSError`` when the body is not XML or its root is not `DAV:multistatus`.
    /// - Complexity: O(n) in the body; the responses are read one at a time (each element tree is
    ///   dropped once read), so memory follows the responses kept, not the XML.
    init(_ body: [UInt8]) throws(ICSError) {
        var responses: [Response] = []
        syncToken = try Multistatus.read(body) { responses.append($0) }
        self.responses = responses
    }

    /// Reads a multistatus body response by response, handing each to `each` as it ends, without
    /// keeping them: for a listing of a million members.
    /// - Returns: the report's sync-token, if any.
    /// - Throws: ``ICSError`` when the body is not XML or its root is not `DAV:multistatus`.
    static func read(_ body: [UInt8], each: @escaping (Response) -> Void) throws(ICSError) -> String? {
        let root = try DAVElement.parse(body, streaming: "response") { element in
            if let response = Multistatus.response(element) { each(response) }
        }
        guard root.name == "multistatus", root.namespace == DAVElement.dav else {
            throw ICSError(.network, "the server answered with XML that is not a WebDAV multistatus (<\(root.name)>)")
        }
        return root.child("sync-token")?.trimmed
    }

    /// One `DAV:response` read; `nil` without an href.
    private static func response(_ element: DAVElement) -> Response? {
        guard let href = element.child("href")?.trimmed, !href.isEmpty else { return nil }
        var properties: [String: DAVElement] = [:]
        var otherStatus: Int?
        for propstat in element.all("propstat") {
            let status = Multistatus.status(propstat.child("status")?.trimmed) ?? 200
            guard let prop = propstat.child("prop") else { continue }
            if (200...299).contains(status) {
                for property in prop.children { properties[property.namespace + " " + property.name] = property }
            } else if otherStatus == nil {
                otherStatus = status
            }
        }
        return Response(href: href, status: Multistatus.status(element.child("status")?.trimmed),
                        properties: properties, propertyStatus: properties.isEmpty ? otherStatus : nil)
    }

    /// `HTTP/1.1 404 Not Found` → 404: the second of the words the line's spaces separate, as a
    /// number. Read on the bytes, where splitting the line into substrings was a fifth of the time
    /// a listing of a million members took.
    static func status(_ line: String?) -> Int? {
        guard var line else { return nil }
        return line.withUTF8 { bytes in
            var i = 0
            func skip(spaces: Bool) { while i < bytes.count, (bytes[i] == 0x20) == spaces { i += 1 } }
            skip(spaces: true)
            skip(spaces: false)
            skip(spaces: true)
            let start = i
            skip(spaces: false)
            guard i > start else { return nil }
            return Int(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self))
        }
    }
}

/// How hrefs are compared: resolved against the URL they were read from, then their path
/// percent-decoded (servers write `%40` or `@`, a full URL or a path, for the same resource).
enum DAVHref {
    /// The absolute URL of an href read from an answer to `base`.
    static func url(_ href: String, base: URL) -> URL? {
        URL(string: href, relativeTo: base)?.absoluteURL
            ?? href.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed).flatMap { URL(string: $0, relativeTo: base)?.absoluteURL }
    }

    /// The comparable key of an href: its decoded path, without a trailing `/`.
    /// - Complexity: O(n) in the href; an absolute path of plain characters (the usual href) is
    ///   its own key without being parsed as a URL, which a listing of a million hrefs pays for.
    static func key(_ href: String, base: URL) -> String {
        plainPath(href) ?? parsedKey(href, base: base)
    }

    /// ``key(_:base:)`` through URL parsing (every href).
    static func parsedKey(_ href: String, base: URL) -> String {
        guard let url = url(href, base: base) else { return href }
        var path = url.path
        if path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// The key of an href that is an absolute path which URL parsing would leave as it is: it
    /// starts with one `/`, holds only RFC 3986 `pchar`s that need no decoding (letters, digits,
    /// `-._~!$&'()*+,=:@`; no `%`, and no `;`, which older URL parsers cut the path at) and `/`,
    /// and has no empty, `.` or `..` segment (but may end with `/`); `nil` otherwise.
    static func plainPath(_ href: String) -> String? {
        let bytes = href.utf8
        guard bytes.first == 0x2F, bytes.count < 2 || bytes[bytes.index(after: bytes.startIndex)] != 0x2F else { return nil }
        var segmentLength = 0, dots = 0, position = 0
        for byte in bytes {
            switch byte {
            case 0x2F:
                if segmentLength == dots && dots <= 2 && position > 0 { return nil }   // empty, `.` or `..`
                position += 1
                segmentLength = 0
                dots = 0
                continue
            case 0x2E: dots += 1
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x5F, 0x7E, 0x21, 0x24, 0x26...0x2C, 0x3D, 0x3A, 0x40: break
            default: return nil
            }
            segmentLength += 1
            position += 1
        }
        if segmentLength > 0 && segmentLength == dots && dots <= 2 { return nil }
        return bytes.count > 1 && bytes.last == 0x2F ? String(href.dropLast()) : href
    }
}
