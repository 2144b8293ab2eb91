internal import CDAVXML

/// Reads a WebDAV answer into ``DAVElement``s with libxml2's SAX2 push parser, called directly
/// (`CDAVXML`): the element tree is built from the parser's callbacks, with names taken from the
/// parser's own dictionary (one Swift string per distinct name, not one per element) and each
/// element's text gathered as bytes.
///
/// FoundationXML's `XMLParser` sits on the same parser but makes a Foundation string of every
/// name, namespace and piece of text it reports; on a listing of a million members that was
/// most of the time. What the parser accepts is what a WebDAV answer needs:
/// - no document type is loaded and no entity is declared, so an entity other than XML's five
///   predefined ones is an error, never an expansion ("billion laughs") or a read of a file or
///   URL (an external entity);
/// - elements nest at most ``maxDepth`` deep;
/// - the body is pushed in pieces of ``piece`` bytes: libxml2 refuses a single piece over
///   10,000,000 bytes ("Huge input lookup").
final class DAVXMLReader {
    /// The deepest nesting read; deeper is an error (a WebDAV answer nests about eight levels).
    static let maxDepth = 64
    /// The size of the pieces the body is pushed to the parser in.
    static let piece = 1 << 20

    /// Why a body does not parse, and on which line.
    struct Failure: Error {
        var reason: String
        var line: Int
    }

    /// An element being read: its parts, its children so far and its text's bytes.
    private struct Open {
        var namespace: String
        var name: String
        var attributes: [String: String]
        var children: [DAVElement] = []
        var text: [UInt8] = []
    }

    private var stack: [Open] = []
    private var root: DAVElement?
    private let streamed: String?
    private let each: ((DAVElement) -> Void)?
    /// The names met so far, by their address in the parser's dictionary (stable for one parse).
    private var names: [UnsafePointer<UInt8>: String] = [:]
    private var parser: UnsafeMutableRawPointer?
    /// Why the parse stopped, when it did: the first error libxml2 reported, or the depth.
    private var failure: Failure?

    private init(streamed: String?, each: ((DAVElement) -> Void)?) {
        self.streamed = streamed
        self.each = each
    }

    /// Parses `body`: the root element, or why it does not parse.
    /// - Parameters:
    ///   - streamed: a child of the root (in the `DAV:` namespace) handed to `each` as soon as it
    ///     ends instead of being kept in the tree.
    static func read(_ body: UnsafeRawBufferPointer, streaming streamed: String?,
                     _ each: ((DAVElement) -> Void)?) -> Result<DAVElement, Failure> {
        let reader = DAVXMLReader(streamed: streamed, each: each)
        var callbacks = DAVXMLReader.callbacks
        return withUnsafePointer(to: &callbacks) { callbacks in
            guard let parser = icskit_xml_create(callbacks, Unmanaged.passUnretained(reader).toOpaque()) else {
                return .failure(Failure(reason: "the XML parser could not start", line: 0))
            }
            defer { icskit_xml_free(parser) }
            reader.parser = parser
            let base = body.baseAddress?.assumingMemoryBound(to: CChar.self)
            var offset = 0, status: Int32 = 0
            repeat {
                let count = min(piece, body.count - offset)
                status = icskit_xml_push(parser, base.map { $0 + offset }, Int32(count), offset + count == body.count ? 1 : 0)
                offset += count
            } while status == 0 && reader.failure == nil && offset < body.count
            if let failure = reader.failure { return .failure(failure) }
            guard status == 0, icskit_xml_well_formed(parser) != 0, let root = reader.root else {
                return .failure(Failure(reason: status == 0 ? "empty" : "not well-formed XML", line: Int(icskit_xml_line(parser))))
            }
            return .success(root)
        }
    }

    private static func reader(_ context: UnsafeMutableRawPointer?) -> DAVXMLReader {
        Unmanaged<DAVXMLReader>.fromOpaque(context!).takeUnretainedValue()
    }

    /// The callbacks, each handing on to the reader its context points to.
    private static var callbacks: icskit_xml_callbacks {
        icskit_xml_callbacks(
            start: { context, name, uri, count, attributes in
                DAVXMLReader.reader(context).start(name, uri, Int(count), attributes)
            },
            end: { context in DAVXMLReader.reader(context).end() },
            text: { context, bytes, count in DAVXMLReader.reader(context).text(bytes, Int(count)) },
            error: { context, message, line, _ in DAVXMLReader.reader(context).error(message, Int(line)) })
    }

    private func name(_ pointer: UnsafePointer<UInt8>?) -> String {
        guard let pointer else { return "" }
        if let known = names[pointer] { return known }
        let name = String(cString: pointer)
        names[pointer] = name
        return name
    }

    private func start(_ localName: UnsafePointer<UInt8>?, _ uri: UnsafePointer<UInt8>?, _ attributeCount: Int,
                       _ attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?) {
        guard stack.count < Self.maxDepth else { return stop("nested too deeply") }
        var dictionary: [String: String] = [:]
        if let attributes {
            // Five pointers an attribute: local name, prefix, URI, and the value's start and end.
            for i in 0..<attributeCount {
                let parts = attributes + 5 * i
                guard let start = parts[3], let end = parts[4] else { continue }
                let value = String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
                let local = name(parts[0])
                dictionary[parts[1].map { name($0) + ":" + local } ?? local] = value
            }
        }
        stack.append(Open(namespace: name(uri), name: name(localName), attributes: dictionary))
    }

    private func end() {
        guard let open = stack.popLast() else { return }
        let done = DAVElement(namespace: open.namespace, name: open.name, attributes: open.attributes,
                              children: open.children, text: String(decoding: open.text, as: UTF8.self))
        if stack.isEmpty {
            root = done
        } else if stack.count == 1, let each, done.name == streamed, done.namespace == DAVElement.dav {
            each(done)
        } else {
            stack[stack.count - 1].children.append(done)
        }
    }

    private func text(_ bytes: UnsafePointer<UInt8>?, _ count: Int) {
        guard let bytes, count > 0, !stack.isEmpty else { return }
        stack[stack.count - 1].text.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
    }

    /// Keeps the first error; libxml2 stops calling back after a fatal one.
    private func error(_ message: UnsafePointer<CChar>?, _ line: Int) {
        guard failure == nil else { return }
        failure = Failure(reason: (message.map { String(cString: $0) } ?? "not well-formed XML").printableASCII(limit: 200), line: line)
    }

    private func stop(_ reason: String) {
        if failure == nil { failure = Failure(reason: reason, line: parser.map { Int(icskit_xml_line($0)) } ?? 0) }
        if let parser { icskit_xml_stop(parser) }
    }
}
