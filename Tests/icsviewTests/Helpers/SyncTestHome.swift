import Foundation
import TestSupport

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
    static func caldav(_ name: String, _ url: URL, password: String = CalDAVTestServer.password) -> String {
        "[calendar \(name)]\ncaldav = \(url)\nusername = \(CalDAVTestServer.user)\npassword-command = printf '%s\\n' '\(password)'\n\n"
    }
}
