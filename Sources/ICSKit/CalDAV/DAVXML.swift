import Foundation

/// An XML element of a WebDAV answer, its namespace resolved: a small tree, built once from
/// a body already bounded by the fetch's size limit, and read by ``Multistatus``.
struct DAVElement: Sendable {
    /// The namespace URI (`DAV:`, `urn:ietf:params:xml:ns:caldav`, …).
    var namespace: String
    /// The local name (`href`, `getetag`).
    var name: String
    var attributes: [String: String]
    var children: [DAVElement]
    /// The element's own text, joined (whitespace kept; callers trim where RFC 4918 says so).
    var text: String

    static let dav = "DAV:"
    static let caldav = "urn:ietf:params:xml:ns:caldav"
    static let apple = "http://apple.com/ns/ical/"
    static let calendarServer = "http://calendarserver.org/ns/"

    /// The first child named `name` in `namespace`.
    func child(_ name: String, _ namespace: String = DAVElement.dav) -> DAVElement? {
        children.first { $0.name == name && $0.namespace == namespace }
    }

    /// Every child named `name` in `namespace`.
    func all(_ name: String, _ namespace: String = DAVElement.dav) -> [DAVElement] {
        children.filter { $0.name == name && $0.namespace == namespace }
    }

    /// The text, trimmed of XML whitespace (space, tab, CR, LF: XML 1.0 2.3 `S`).
    /// - Complexity: O(1) when there is nothing to trim (the usual href, ETag or status), else O(n).
    var trimmed: String {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        let bytes = text.utf8
        guard let first = bytes.first, let last = bytes.last, isSpace(first) || isSpace(last) else { return text }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }) else { return "" }
        // Both ends are next to an ASCII space, so they fall between scalars.
        let end = bytes.index(after: bytes.lastIndex(where: { !isSpace($0) })!)
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Parses a body into its root element (``DAVXMLReader``: libxml2's SAX2 parser, no entity
    /// ever declared or loaded, at most 64 levels deep, the body pushed in pieces).
    ///
    /// - Parameters:
    ///   - streamed: a child of the root (in the `DAV:` namespace) that is handed to `each` as
    ///     soon as it ends instead of being kept in the tree: a multistatus of a million
    ///     responses holds one response's elements at a time, not a million.
    /// - Throws: ``ICSError`` with ``ICSError/Code/network`` and the parser's reason, when the
    ///   body is not well-formed XML.
    static func parse(_ body: [UInt8], streaming streamed: String? = nil,
                      _ each: ((DAVElement) -> Void)? = nil) throws(ICSError) -> DAVElement {
        switch body.withUnsafeBytes({ DAVXMLReader.read($0, streaming: streamed, each) }) {
        case .success(let root):
            return root
        case .failure(let failure):
            throw ICSError(.network, "the server's XML answer does not parse (\(failure.reason), line \(failure.line))")
        }
    }
}

/// Escapes text for an XML element's content (an href in a multiget).
func xmlEscape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for c in text {
        switch c {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        default: out.append(c)
        }
    }
    return out
}

/// A `calendar-data` element's text with each line feed ended as RFC 5545 3.1 has it: XML reads
/// the CRLF line ends a server sent as LF (XML 1.0 2.11), so every LF not already after a CR gets
/// one back, and the stored resource imports as the server meant it. Read on the bytes: through
/// Foundation's `replacingOccurrences` this was a fifth of a first sync.
func calendarDataLines(_ text: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + text.utf8.count / 32)
    var previous: UInt8 = 0
    for byte in text.utf8 {
        if byte == UInt8(ascii: "\n") && previous != UInt8(ascii: "\r") { bytes.append(UInt8(ascii: "\r")) }
        bytes.append(byte)
        previous = byte
    }
    return String(decoding: bytes, as: UTF8.self)
}
