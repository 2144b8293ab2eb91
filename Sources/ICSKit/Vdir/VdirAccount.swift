import Foundation

/// A vdir account: a directory whose subdirectories are calendars (``VdirCalendar``), as
/// vdirsyncer and pimsync lay out the collections of one server.
///
/// ```swift
/// for path in try VdirAccount.calendarPaths(in: "~/.calendars") {
///     let calendar = try VdirCalendar.read(at: path)
///     print(calendar.displayName ?? path, calendar.calendar.events.count)
/// }
/// ```
public enum VdirAccount {
    /// The calendars of an account: its subdirectories, not hidden, sorted by name.
    /// - Throws: ``ICSError`` with ``ICSError/Code/unreadable`` when the directory cannot be listed.
    public static func calendarPaths(in path: String) throws(ICSError) -> [String] {
        let directory = (path as NSString).expandingTildeInPath
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw ICSError(.unreadable, "cannot list the vdir account: \(VdirCalendar.reason(error))", source: directory)
        }
        return names.sorted().filter { !$0.hasPrefix(".") }.map { directory + "/" + $0 }.filter { isDirectory($0) }
    }

    /// Whether `path` holds a calendar itself (an `.ics` file, a `displayname` or `color` file)
    /// rather than calendars (an account); an empty directory is a calendar.
    public static func isCalendar(_ path: String) -> Bool {
        let directory = (path as NSString).expandingTildeInPath
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return false }
        if names.contains(where: { $0.hasSuffix(".ics") || $0 == "displayname" || $0 == "color" }) { return true }
        return !names.contains { !$0.hasPrefix(".") && isDirectory(directory + "/" + $0) }
    }

    static func isDirectory(_ path: String) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &flag) && flag.boolValue
    }
}
