import Foundation
@testable import ICSKit

/// A real CalDAV server (Radicale or Xandikos) started for one test by
/// `scripts/caldav-test-server.py` on 127.0.0.1, with a temporary storage, and a proxy in front
/// of it whose behaviour the test switches (refuse sync-collection, refuse a token, die).
/// Stopped when the value is released (the script stops the server when its stdin closes).
final class CalDAVTestServer: @unchecked Sendable {
    enum Kind: String { case radicale, xandikos }

    static let user = "alice"
    /// A password no other text in the tests contains, so that a search for it finds only leaks.
    static let password = "pw-Zq81-leak-canary"

    let kind: Kind
    let storage: String
    let port: Int
    let proxyPort: Int
    private let process: Process
    private let input: Pipe

    /// Whether the server's program is installed (scripts/setup-caldav.sh installs both).
    static func isInstalled(_ kind: Kind) -> Bool {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") + ["/usr/bin", "/usr/local/bin"]
        return paths.contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(kind.rawValue)") }
    }

    init(_ kind: Kind) throws {
        self.kind = kind
        storage = NSTemporaryDirectory() + "caldav-\(kind.rawValue)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: storage, withIntermediateDirectories: true)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Fixtures.root.appendingPathComponent("scripts/caldav-test-server.py").path,
                             kind.rawValue, storage, "--user", CalDAVTestServer.user, "--password", CalDAVTestServer.password]
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let words = String(decoding: line, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        guard words.count == 3, words[0] == "ready", let port = Int(words[1]), let proxyPort = Int(words[2]) else {
            let log = (try? String(contentsOfFile: storage + "/server.log", encoding: .utf8)) ?? ""
            throw ICSError(.network, "the \(kind.rawValue) test server did not start: \(String(decoding: line, as: UTF8.self)) \(log)")
        }
        self.port = port
        self.proxyPort = proxyPort
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: storage)
    }

    /// The server's root, directly or through the proxy.
    func root(proxied: Bool = false) -> URL { URL(string: "http://127.0.0.1:\(proxied ? proxyPort : port)/")! }

    /// Where a test calendar lives (Radicale: under the user's home; Xandikos: `--defaults` made one).
    func collectionPath(_ name: String) -> String {
        kind == .radicale ? "/\(CalDAVTestServer.user)/\(name)/" : "/user/calendars/\(name)/"
    }

    /// The collection's URL, directly or through the proxy.
    func collection(_ name: String, proxied: Bool = false) -> URL {
        URL(string: collectionPath(name), relativeTo: root(proxied: proxied))!.absoluteURL
    }

    static var credentials: HTTPCredentials { HTTPCredentials(user: user, password: password) }

    /// A client of this server (with the right password unless told otherwise).
    func client(password: String = CalDAVTestServer.password, batch: Int = 500) -> CalDAVClient {
        CalDAVClient(credentials: kind == .radicale ? HTTPCredentials(user: CalDAVTestServer.user, password: password) : nil,
                     options: FetchOptions(userAgent: "ICSKit tests", connectTimeout: 5, totalTimeout: 60), multigetBatchSize: batch)
    }

    private let setup = HTTPExchange(options: FetchOptions(userAgent: "ICSKit tests", connectTimeout: 5, totalTimeout: 60),
                                     credentials: CalDAVTestServer.credentials)

    @discardableResult
    func request(_ method: String, _ path: String, body: String? = nil, contentType: String = "text/calendar; charset=utf-8",
                 headers: [String] = []) throws -> Int {
        let url = URL(string: path, relativeTo: root())!.absoluteURL
        let reply = try setup.send(HTTPExchange.Request(method: method, url: url, headers: ["Content-Type: \(contentType)"] + headers,
                                                       body: body.map { Array($0.utf8) }))
        return reply.status
    }

    /// Makes a calendar collection (MKCALENDAR, RFC 4791 5.3.1) with a name, colour and kinds.
    func makeCalendar(_ name: String, displayName: String, color: String? = nil, description: String? = nil,
                      components: [String] = ["VEVENT"]) throws {
        var props = "<D:displayname>\(displayName)</D:displayname>"
        if let color { props += "<A:calendar-color>\(color)</A:calendar-color>" }
        if let description { props += "<C:calendar-description>\(description)</C:calendar-description>" }
        props += "<C:supported-calendar-component-set>" + components.map { "<C:comp name=\"\($0)\"/>" }.joined() + "</C:supported-calendar-component-set>"
        let body = "<?xml version=\"1.0\" encoding=\"utf-8\"?><C:mkcalendar xmlns:D=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:caldav\" "
            + "xmlns:A=\"http://apple.com/ns/ical/\"><D:set><D:prop>\(props)</D:prop></D:set></C:mkcalendar>"
        let status = try request("MKCALENDAR", collectionPath(name), body: body, contentType: "application/xml; charset=utf-8")
        guard status == 201 else { throw ICSError(.httpStatus, "MKCALENDAR \(name): HTTP \(status)") }
    }

    /// Sets Apple's calendar-color (PROPPATCH, RFC 4918 9.2).
    func setColor(_ name: String, _ color: String) throws {
        let body = "<?xml version=\"1.0\" encoding=\"utf-8\"?><D:propertyupdate xmlns:D=\"DAV:\" xmlns:A=\"http://apple.com/ns/ical/\">"
            + "<D:set><D:prop><A:calendar-color>\(color)</A:calendar-color></D:prop></D:set></D:propertyupdate>"
        let status = try request("PROPPATCH", collectionPath(name), body: body, contentType: "application/xml; charset=utf-8")
        guard status == 207 else { throw ICSError(.httpStatus, "PROPPATCH \(name): HTTP \(status)") }
    }

    /// Puts an event (one resource `<uid>.ics`).
    func putEvent(_ calendar: String, uid: String, summary: String, start: String = "20240610T090000Z") throws {
        let status = try request("PUT", collectionPath(calendar) + uid + ".ics", body: CalDAVTestServer.event(uid: uid, summary: summary, start: start))
        guard (200...299).contains(status) else { throw ICSError(.httpStatus, "PUT \(uid): HTTP \(status)") }
    }

    func deleteEvent(_ calendar: String, uid: String) throws {
        let status = try request("DELETE", collectionPath(calendar) + uid + ".ics")
        guard (200...299).contains(status) else { throw ICSError(.httpStatus, "DELETE \(uid): HTTP \(status)") }
    }

    /// Switches the proxy (`pass`, `no-sync`, `refuse-token`, `die-after N`).
    func proxy(_ mode: String) throws {
        let exchange = HTTPExchange(options: FetchOptions(connectTimeout: 5, totalTimeout: 10), credentials: nil)
        _ = try exchange.send(HTTPExchange.Request(method: "POST", url: URL(string: "http://127.0.0.1:\(proxyPort)/__proxy__")!,
                                                   headers: ["Content-Type: text/plain"], body: Array(mode.utf8)))
    }

    static func event(uid: String, summary: String, start: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//ICSKit tests//EN\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\n"
            + "DTSTAMP:20240101T000000Z\r\nDTSTART:\(start)\r\nDURATION:PT1H\r\nSUMMARY:\(summary)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    }
}
