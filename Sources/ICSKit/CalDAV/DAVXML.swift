import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

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

    /// Parses a body into its root element.
    ///
    /// The body is given to the parser in pieces (an `InputStream`), not whole: libxml2's push
    /// parser refuses a single piece over 10,000,000 bytes ("Huge input lookup"), which a
    /// listing of some 70,000 resources passes.
    ///
    /// - Parameters:
    ///   - streamed: a child of the root (in the `DAV:` namespace) that is handed to `each` as
    ///     soon as it ends instead of being kept in the tree: a multistatus of a million
    ///     responses holds one response's elements at a time, not a million.
    /// - Throws: ``ICSError`` with ``ICSError/Code/network`` and the parser's reason, when the
    ///   body is not well-formed XML.
    static func parse(_ body: [UInt8], streaming streamed: String? = nil,
                      _ each: ((DAVElement) -> Void)? = nil) throws(ICSError) -> DAVElement {
        let builder = TreeBuilder()
        builder.streamed = streamed
        builder.each = each
        // The stream reads the body where it is (no copy of up to the fetch's size limit); the
        // parser, and the stream with it, do not outlive the closure.
        let failure: String? = body.withUnsafeBytes { raw in
            let parser = XMLParser(stream: BorrowedInputStream(raw))
            parser.shouldProcessNamespaces = true
            parser.shouldResolveExternalEntities = false
            parser.delegate = builder
            if parser.parse() && builder.root != nil { return nil }
            // NSXMLParser's error 1 (internal error) is libxml2 stopping at one of its limits,
            // which its message does not name: a text of 10,000,000 bytes (a sync-token) is one.
            let reason = builder.depthExceeded ? "nested too deeply"
                : parser.parserError.map { ($0 as NSError).code == 1 ? "the XML parser stopped at one of its limits, such as a text of 10 MB"
                                                                      : "\(($0 as NSError).localizedDescription)" } ?? "empty"
            return "\(reason), line \(parser.lineNumber)"
        }
        guard failure == nil, let root = builder.root else {
            throw ICSError(.network, "the server's XML answer does not parse (\(failure ?? "empty"))")
        }
        return root
    }

    /// Builds the tree as the parser reports elements (at most 64 levels deep).
    private final class TreeBuilder: NSObject, XMLParserDelegate {
        var stack: [DAVElement] = []
        var root: DAVElement?
        var depthExceeded = false
        var streamed: String?
        var each: ((DAVElement) -> Void)?

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            guard stack.count < 64 else { depthExceeded = true; parser.abortParsing(); return }
            stack.append(DAVElement(namespace: namespaceURI ?? "", name: elementName, attributes: attributeDict, children: [], text: ""))
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            guard let done = stack.popLast() else { return }
            if stack.isEmpty {
                root = done
            } else if stack.count == 1, let each, done.name == streamed, done.namespace == DAVElement.dav {
                each(done)
            } else {
                stack[stack.count - 1].children.append(done)
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += string
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self)
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
