import Foundation

/// The reminders that have gone off (or were reported missed), and the instant up to which the
/// timeline has been dealt with: what a ``ReminderScheduler`` keeps so that no reminder fires
/// twice, and what a watcher saves so that a restart does not fire them again.
///
/// Saved as text (``serialized()``), one line a reminder:
/// ```
/// icskit-fired 1
/// watermark 1733450012.250
/// 1733450000 3f0c…e1
/// ```
/// (the trigger in seconds since 1970, and the ``ReminderKey``). ``write(to:)`` replaces the
/// file atomically (a temporary file, flushed, renamed over it), so a crash leaves the old set
/// or the new one, never a part.
///
/// ```swift
/// var fired = FiredReminders.load(from: path)
/// fired.insert(reminder)
/// try fired.write(to: path)
/// ```
public struct FiredReminders: Sendable, Equatable {
    /// The instant up to which every trigger has been dealt with (fired, or reported missed);
    /// nil when nothing has been yet.
    public var watermark: Date?
    /// Each key with its trigger (seconds since 1970), for pruning.
    private var entries: [ReminderKey: Int] = [:]

    /// An empty set.
    public init() {}

    /// How many reminders it holds.
    public var count: Int { entries.count }

    /// Whether `reminder` has gone off (or was reported missed).
    public func contains(_ reminder: Reminder) -> Bool { entries[reminder.key] != nil }

    /// Whether the reminder of this key has gone off.
    public func contains(_ key: ReminderKey) -> Bool { entries[key] != nil }

    /// Records `reminder`; returns false when it was there already.
    @discardableResult
    public mutating func insert(_ reminder: Reminder) -> Bool {
        insert(reminder.key, trigger: reminder.trigger)
    }

    /// Records the reminder of `key`, whose trigger is `trigger`; returns false when it was there already.
    @discardableResult
    public mutating func insert(_ key: ReminderKey, trigger: Date) -> Bool {
        entries.updateValue(Int(trigger.timeIntervalSince1970.rounded(.down)), forKey: key) == nil
    }

    /// Forgets the reminders whose triggers are before `date` (they can no longer come up).
    ///
    /// - Complexity: O(n).
    public mutating func prune(before date: Date) {
        let limit = Int(date.timeIntervalSince1970.rounded(.down))
        entries = entries.filter { $0.value >= limit }
    }

    // MARK: Text

    /// The first line of the text form.
    static let header = "icskit-fired 1"
    /// The header the files written before the library had a name of its own begin with: read as the same format.
    static let earlierHeader = "icsview-fired 1"

    /// The text form (see the type's description), lines sorted by trigger then key.
    ///
    /// - Complexity: O(n log n).
    public func serialized() -> String {
        var text = Self.header + "\n"
        if let watermark { text += "watermark " + String(format: "%.3f", watermark.timeIntervalSince1970) + "\n" }
        for (key, trigger) in entries.sorted(by: { ($0.value, $0.key) < ($1.value, $1.key) }) {
            text += "\(trigger) \(key.rawValue)\n"
        }
        return text
    }

    /// Reads the text form back. Lines it does not understand are skipped (a damaged file
    /// costs only what it lost).
    /// - Throws: ``ICSError`` with ``ICSError/Code/notICalendar`` when the first line is not the header.
    public init(serialized text: String) throws(ICSError) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        guard lines.first.map({ $0 == Self.header || $0 == Self.earlierHeader }) ?? false else {
            throw ICSError(.notICalendar, "not a fired-reminders file (its first line is not '\(Self.header)')")
        }
        lines = lines.dropFirst()
        for line in lines {
            let parts = line.split(separator: " ")
            guard parts.count == 2 else { continue }
            if parts[0] == "watermark" {
                if let seconds = Double(parts[1]), seconds.isFinite { watermark = Date(timeIntervalSince1970: seconds) }
            } else if let trigger = Int(parts[0]), let key = ReminderKey(rawValue: String(parts[1])) {
                entries[key] = trigger
            }
        }
    }

    /// The set saved at `path`; empty when there is no file.
    /// - Throws: ``ICSError`` when the file exists but cannot be read or is not such a file.
    public static func load(from path: String) throws(ICSError) -> FiredReminders {
        guard FileManager.default.fileExists(atPath: path) else { return FiredReminders() }
        guard let bytes = CacheFile.read(path) else { throw ICSError(.unreadable, "cannot read the file", source: path) }
        do {
            return try FiredReminders(serialized: String(decoding: bytes, as: UTF8.self))
        } catch {
            var located = error
            located.source = path
            throw located
        }
    }

    /// Saves the set at `path` atomically, creating its directory (mode 0700) when missing.
    /// - Throws: ``ICSError`` with ``ICSError/Code/unreadable`` and the system's reason.
    public func write(to path: String) throws(ICSError) {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty && !FileManager.default.fileExists(atPath: directory) { try CacheFile.makeDirectory(directory) }
        try CacheFile.writeAtomically(Array(serialized().utf8), to: path)
    }
}
