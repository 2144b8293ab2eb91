import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A real CalDAV server (Radicale 3.1.8 or Xandikos 0.2.8 from Debian) started for one test by
/// `scripts/caldav-test-server.py` on 127.0.0.1, with a temporary storage, and a proxy in front
/// of it whose behaviour the test switches (refuse sync-collection, refuse a token, die).
/// Filled over HTTP (URLSession, not the library under test). Stopped when the value is
/// released (the script stops the server when its stdin closes).
public final class CalDAVTestServer: @unchecked Sendable {
    /// Which server.
    public enum Kind: String, Sendable { case radicale, xandikos }

    /// What went wrong while starting or filling the server.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The test user.
    public static let user = "alice"
    /// A password no other text in the tests contains, so that a search for it finds only leaks.
    public static let password = "pw-Zq81-leak-canary"

    public let kind: Kind
    public let storage: String
    public let port: Int
    public let proxyPort: Int
    private let process: Process
    private let input: Pipe

    /// Whether the server's program is installed (scripts/setup-caldav.sh installs both).
    public static func isInstalled(_ kind: Kind) -> Bool {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") + ["/usr/bin", "/usr/local/bin"]
        return paths.contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(kind.rawValue)") }
    }

    /// Starts a server with an empty storage of its own.
    public init(_ kind: Kind) throws {
        self.kind = kind
        storage = NSTemporaryDirectory() + "caldav-\(kind.rawValue)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: storage, withIntermediateDirectories: true)
        // A suite's shared server lives as long as the process (its `deinit` never runs).
        ScratchDirectory.removeAtExit(storage)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", RepositoryRoot.url.appendingPathComponent("scripts/caldav-test-server.py").path,
                             kind.rawValue, storage, "--user", Self.user, "--password", Self.password]
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
            throw Failure(description: "the \(kind.rawValue) test server did not start: \(String(decoding: line, as: UTF8.self)) \(log)")
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
    public func root(proxied: Bool = false) -> URL { URL(string: "http://127.0.0.1:\(proxied ? proxyPort : port)/")! }

    /// Where a test calendar lives (Radicale: under the user's home; Xandikos: `--defaults` made one).
    public func collectionPath(_ name: String) -> String {
        kind == .radicale ? "/\(Self.user)/\(name)/" : "/user/calendars/\(name)/"
    }

    /// The collection's URL, directly or through the proxy.
    public func collection(_ name: String, proxied: Bool = false) -> URL {
        URL(string: collectionPath(name), relativeTo: root(proxied: proxied))!.absoluteURL
    }

    /// Sends a request as the test user; returns the status.
    @discardableResult
    public func request(_ method: String, _ path: String, body: String? = nil, contentType: String = "text/calendar; charset=utf-8",
                        headers: [String] = []) throws -> Int {
        let credentials = Data("\(Self.user):\(Self.password)".utf8).base64EncodedString()
        return try Self.send(method, URL(string: path, relativeTo: root())!.absoluteURL, body: body,
                             headers: ["Content-Type: \(contentType)", "Authorization: Basic \(credentials)"] + headers)
    }

    /// Makes a calendar collection (MKCALENDAR, RFC 4791 5.3.1) with a name, colour and kinds.
    public func makeCalendar(_ name: String, displayName: String, color: String? = nil, description: String? = nil,
                             components: [String] = ["VEVENT"]) throws {
        var props = "<D:displayname>\(displayName)</D:displayname>"
        if let color { props += "<A:calendar-color>\(color)</A:calendar-color>" }
        if let description { props += "<C:calendar-description>\(description)</C:calendar-description>" }
        props += "<C:supported-calendar-component-set>" + components.map { "<C:comp name=\"\($0)\"/>" }.joined() + "</C:supported-calendar-component-set>"
        let body = "<?xml version=\"1.0\" encoding=\"utf-8\"?><C:mkcalendar xmlns:D=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:caldav\" "
            + "xmlns:A=\"http://apple.com/ns/ical/\"><D:set><D:prop>\(props)</D:prop></D:set></C:mkcalendar>"
        let status = try request("MKCALENDAR", collectionPath(name), body: body, contentType: "application/xml; charset=utf-8")
        guard status == 201 else { throw Failure(description: "MKCALENDAR \(name): HTTP \(status)") }
    }

    /// Sets Apple's calendar-color (PROPPATCH, RFC 4918 9.2).
    public func setColor(_ name: String, _ color: String) throws {
        let body = "<?xml version=\"1.0\" encoding=\"utf-8\"?><D:propertyupdate xmlns:D=\"DAV:\" xmlns:A=\"http://apple.com/ns/ical/\">"
            + "<D:set><D:prop><A:calendar-color>\(color)</A:calendar-color></D:prop></D:set></D:propertyupdate>"
        let status = try request("PROPPATCH", collectionPath(name), body: body, contentType: "application/xml; charset=utf-8")
        guard status == 207 else { throw Failure(description: "PROPPATCH \(name): HTTP \(status)") }
    }

    /// Puts an event (one resource `<uid>.ics`).
    public func putEvent(_ calendar: String, uid: String, summary: String, start: String = "20240610T090000Z") throws {
        let status = try request("PUT", collectionPath(calendar) + uid + ".ics", body: Self.event(uid: uid, summary: summary, start: start))
        guard (200...299).contains(status) else { throw Failure(description: "PUT \(uid): HTTP \(status)") }
    }

    /// Deletes the resource `<uid>.ics`.
    public func deleteEvent(_ calendar: String, uid: String) throws {
        let status = try request("DELETE", collectionPath(calendar) + uid + ".ics")
        guard (200...299).contains(status) else { throw Failure(description: "DELETE \(uid): HTTP \(status)") }
    }

    /// Switches the proxy (`pass`, `no-sync`, `refuse-token`, `die-after N`).
    public func proxy(_ mode: String) throws {
        _ = try Self.send("POST", URL(string: "http://127.0.0.1:\(proxyPort)/__proxy__")!, body: mode, headers: ["Content-Type: text/plain"])
    }

    /// One event with a one-hour DURATION, as a whole calendar.
    public static func event(uid: String, summary: String, start: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//ICSKit tests//EN\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\n"
            + "DTSTAMP:20240101T000000Z\r\nDTSTART:\(start)\r\nDURATION:PT1H\r\nSUMMARY:\(summary)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    /// A request through URLSession, waited for (60 s at most).
    private static func send(_ method: String, _ url: URL, body: String?, headers: [String]) throws -> Int {
        var request = URLRequest(url: url, timeoutInterval: 60)
        request.httpMethod = method
        request.httpBody = body.map { Data($0.utf8) }
        for header in headers {
            let parts = header.split(separator: ":", maxSplits: 1)
            request.setValue(parts[1].trimmingCharacters(in: .whitespaces), forHTTPHeaderField: String(parts[0]))
        }
        let done = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        URLSession.shared.dataTask(with: request) { _, response, error in
            outcome.set(status: (response as? HTTPURLResponse)?.statusCode, error: error)
            done.signal()
        }.resume()
        done.wait()
        guard let status = outcome.status else {
            throw Failure(description: "\(method) \(url): \(outcome.error.map { "\($0)" } ?? "no answer")")
        }
        return status
    }

    /// What a request's completion handler reports, handed to the waiting thread.
    private final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var storedStatus: Int?
        private var storedError: (any Error)?
        var status: Int? { lock.withLock { storedStatus } }
        var error: (any Error)? { lock.withLock { storedError } }
        func set(status: Int?, error: (any Error)?) { lock.withLock { storedStatus = status; storedError = error } }
    }
}
