import Foundation
@testable import ICSKit

/// A real CalDAV server (Radicale 3.1.8 or Xandikos 0.2.8 from Debian) for the command tests,
/// started by `scripts/caldav-test-server.py` on 127.0.0.1 with a temporary storage (as the
/// library's CalDAV tests start theirs), filled over HTTP; stopped when released.
final class CalDAVCommandServer: @unchecked Sendable {
    enum Kind: String { case radicale, xandikos }

    static let user = "alice"
    /// A password no other text contains: a search for it finds only leaks.
    static let password = "pw-Kv27-command-canary"

    let kind: Kind
    let storage: String
    let port: Int
    let proxyPort: Int
    private let process: Process
    private let input: Pipe
    private let setup = HTTPExchange(options: FetchOptions(userAgent: "icsview tests", connectTimeout: 5, totalTimeout: 60),
                                     credentials: HTTPCredentials(user: CalDAVCommandServer.user, password: CalDAVCommandServer.password))

    static func isInstalled(_ kind: Kind) -> Bool {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") + ["/usr/bin", "/usr/local/bin"]
        return paths.contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(kind.rawValue)") }
    }

    init(_ kind: Kind) throws {
        self.kind = kind
        storage = NSTemporaryDirectory() + "icsview-caldav-\(kind.rawValue)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: storage, withIntermediateDirectories: true)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", CLI.root.appendingPathComponent("scripts/caldav-test-server.py").path,
                             kind.rawValue, storage, "--user", CalDAVCommandServer.user, "--password", CalDAVCommandServer.password]
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
            throw ICSError(.network, "the \(kind.rawValue) test server did not start: \(String(decoding: line, as: UTF8.self))")
        }
        self.port = port
        self.proxyPort = proxyPort
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: storage)
    }

    /// The server's root (through the proxy when `proxied`).
    func root(proxied: Bool = false) -> String { "http://127.0.0.1:\(proxied ? proxyPort : port)/" }

    /// Where a calendar lives (Radicale: under the user's home; Xandikos: `--defaults` made the home).
    func collectionPath(_ name: String) -> String {
        kind == .radicale ? "/\(CalDAVCommandServer.user)/\(name)/" : "/user/calendars/\(name)/"
    }

    func collection(_ name: String, proxied: Bool = false) -> String {
        root(proxied: proxied) + collectionPath(name).dropFirst()
    }

    @discardableResult
    private func request(_ method: String, _ path: String, body: String?, contentType: String) throws -> Int {
        let url = URL(string: path, relativeTo: URL(string: root())!)!.absoluteURL
        return try setup.send(HTTPExchange.Request(method: method, url: url, headers: ["Content-Type: \(contentType)"],
                                                   body: body.map { Array($0.utf8) })).status
    }

    /// MKCALENDAR (RFC 4791 5.3.1) with a display name.
    func makeCalendar(_ name: String, displayName: String) throws {
        let body = "<?xml version=\"1.0\" encoding=\"utf-8\"?><C:mkcalendar xmlns:D=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:caldav\">"
            + "<D:set><D:prop><D:displayname>\(displayName)</D:displayname></D:prop></D:set></C:mkcalendar>"
        let status = try request("MKCALENDAR", collectionPath(name), body: body, contentType: "application/xml; charset=utf-8")
        guard status == 201 else { throw ICSError(.httpStatus, "MKCALENDAR \(name): HTTP \(status)") }
    }

    /// PUT of one event as `<uid>.ics`.
    func putEvent(_ calendar: String, uid: String, summary: String, start: String) throws {
        let body = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//icsview tests//EN\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\n"
            + "DTSTAMP:20240101T000000Z\r\nDTSTART:\(start)\r\nDURATION:PT1H\r\nSUMMARY:\(summary)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let status = try request("PUT", collectionPath(calendar) + uid + ".ics", body: body, contentType: "text/calendar; charset=utf-8")
        guard (200...299).contains(status) else { throw ICSError(.httpStatus, "PUT \(uid): HTTP \(status)") }
    }

    func deleteEvent(_ calendar: String, uid: String) throws {
        let status = try request("DELETE", collectionPath(calendar) + uid + ".ics", body: nil, contentType: "text/plain")
        guard (200...299).contains(status) else { throw ICSError(.httpStatus, "DELETE \(uid): HTTP \(status)") }
    }

    /// Switches the proxy (`pass`, `no-sync`, `refuse-token`, `die-after N`).
    func proxy(_ mode: String) throws {
        let exchange = HTTPExchange(options: FetchOptions(connectTimeout: 5, totalTimeout: 10), credentials: nil)
        _ = try exchange.send(HTTPExchange.Request(method: "POST", url: URL(string: "http://127.0.0.1:\(proxyPort)/__proxy__")!,
                                                   headers: ["Content-Type: text/plain"], body: Array(mode.utf8)))
    }
}

/// A folder for one test: its configuration file and its cache (`XDG_CACHE_HOME`).
struct SyncTestHome {
    let path = NSTemporaryDirectory() + "icsview-sync-\(UUID().uuidString)"
    var config: String { path + "/config" }
    var cache: String { path + "/cache" }

    init(config text: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try text.write(toFile: config, atomically: true, encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// Runs icsview with this configuration and cache.
    func run(_ arguments: [String]) throws -> CLI.Result {
        try CLI.run(["--config", config] + arguments, environment: ["XDG_CACHE_HOME": cache])
    }

    /// Every file under the cache, as one text (to search for a secret).
    func cacheText() -> String {
        let files = FileManager.default.enumerator(atPath: cache)?.allObjects as? [String] ?? []
        return files.compactMap { try? String(contentsOfFile: cache + "/" + $0, encoding: .utf8) }.joined(separator: "\n")
    }

    /// A `[calendar NAME]` section for a CalDAV URL with the test user and its password command.
    static func caldav(_ name: String, _ url: String, password: String = CalDAVCommandServer.password) -> String {
        "[calendar \(name)]\ncaldav = \(url)\nusername = \(CalDAVCommandServer.user)\npassword-command = printf '%s\\n' '\(password)'\n\n"
    }
}
