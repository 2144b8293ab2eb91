/// One file of a vdir calendar (one `.ics` per item) and what it imported to, with the name,
/// size and modification time by which a re-read tells that it did not change.
public struct VdirItem: Sendable, Hashable, Codable {
    /// The file's name inside the calendar's directory (`abc123.ics`).
    public var fileName: String
    /// The file's size in bytes when it was read.
    public var size: Int
    /// The file's modification time when it was read, in nanoseconds since 1970 (`st_mtim`).
    public var modified: Int64
    /// What the file imported to; `nil` when it could not be read (the reason is a diagnostic
    /// of its ``VdirCalendar``).
    public var calendar: ICalendar?

    /// An item as read.
    public init(fileName: String, size: Int, modified: Int64, calendar: ICalendar?) {
        self.fileName = fileName
        self.size = size
        self.modified = modified
        self.calendar = calendar
    }

    /// Whether the file on disk is the one this item was read from (same size and mtime).
    func matches(size: Int, modified: Int64) -> Bool {
        self.size == size && self.modified == modified
    }
}
