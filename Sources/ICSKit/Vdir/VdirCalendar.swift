#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A calendar kept as a vdir, the layout vdirsyncer, pimsync and khal share: a directory holding
/// one `.ics` file per item, with optional `displayname` and `color` files (their first line).
///
/// A re-read given the previous value reads again only the files whose name, size or
/// modification time changed; the others keep what they imported to. An item that cannot be
/// read or is not iCalendar costs only itself: an ``DiagnosticCode/sourceItemSkipped``
/// diagnostic names it, and the rest is read.
///
/// ```swift
/// var work = try VdirCalendar.read(at: "~/.calendars/work")
/// // … later, after vdirsyncer ran:
/// let again = try VdirCalendar.read(at: work.path, previous: work)
/// let changes = CalendarDiff(old: work.calendar, new: again.calendar)
/// print(again.reusedCount, changes.added.count)
/// work = again
/// ```
public struct VdirCalendar: Sendable, Codable {
    /// The directory.
    public var path: String
    /// The first line of its `displayname` file, if any.
    public var displayName: String?
    /// The first line of its `color` file (`#RRGGBB`), if any.
    public var color: String?
    /// Every `.ics` file, by file name, including those that could not be read.
    public var items: [VdirItem]
    /// Why items were skipped (``DiagnosticCode/sourceItemSkipped``), by file name.
    public var skipped: [Diagnostic]
    /// How many files this read imported.
    public var readCount: Int
    /// How many files this read took over from the previous value unchanged.
    public var reusedCount: Int
    /// The items joined into one calendar: its source is ``path``, its name ``displayName``
    /// (else the directory's name), its colour ``color``; each item's diagnostics name the item's file.
    public private(set) var calendar: ICalendar

    private enum CodingKeys: String, CodingKey { case path, displayName, color, items, skipped }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        path = try container.decode(String.self, forKey: .path)
        displayName = try container.decodeIfPresent(String.self, forKey: .displayName)
        color = try container.decodeIfPresent(String.self, forKey: .color)
        items = try container.decode([VdirItem].self, forKey: .items)
        skipped = try container.decode([Diagnostic].self, forKey: .skipped)
        readCount = 0
        reusedCount = items.count
        calendar = ICalendar()
        calendar = merged()
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encodeIfPresent(displayName, forKey: .displayName)
        try container.encodeIfPresent(color, forKey: .color)
        try container.encode(items, forKey: .items)
        try container.encode(skipped, forKey: .skipped)
    }

    /// Reads the calendar in `path`.
    /// - Parameters:
    ///   - path: the calendar's directory (`~` is expanded).
    ///   - previous: the value of an earlier read of the same directory: files with the same
    ///     name, size and modification time are not read again.
    ///   - options: how each item is imported.
    /// - Throws: ``ICSError`` with ``ICSError/Code/unreadable`` when the directory cannot be listed.
    /// - Complexity: O(files) system calls, plus the import of the new and changed files.
    public static func read(at path: String, previous: VdirCalendar? = nil,
                            options: ImportOptions = ImportOptions()) throws(ICSError) -> VdirCalendar {
        let directory = (path as NSString).expandingTildeInPath
        let names = try itemNames(in: directory)
        var earlier: [String: VdirItem] = [:]
        var earlierSkips: [String: Diagnostic] = [:]
        if let previous, previous.path == directory {
            for item in previous.items { earlier[item.fileName] = item }
            for skip in previous.skipped { if let name = skip.source.map({ ($0 as NSString).lastPathComponent }) { earlierSkips[name] = skip } }
        }
        var items: [VdirItem] = []
        var skipped: [Diagnostic] = []
        var readCount = 0
        var reusedCount = 0
        for name in names {
            let file = directory + "/" + name
            var info = stat()
            guard stat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            let size = Int(info.st_size)
            let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            if let old = earlier[name], old.matches(size: size, modified: modified) {
                items.append(old)
                if old.calendar == nil, let skip = earlierSkips[name] { skipped.append(skip) }
                reusedCount += 1
                continue
            }
            readCount += 1
            do {
                let calendar = try ICalendar(contentsOfFile: file, options: options)
                if calendar.events.isEmpty && calendar.todos.isEmpty && calendar.journals.isEmpty {
                    skipped.append(Diagnostic(.sourceItemSkipped, "the item holds no event, todo or journal", source: file))
                }
                items.append(VdirItem(fileName: name, size: size, modified: modified, calendar: calendar))
            } catch {
                skipped.append(Diagnostic(.sourceItemSkipped, "the item was skipped: \(error.message)", source: file))
                items.append(VdirItem(fileName: name, size: size, modified: modified, calendar: nil))
            }
        }
        var result = VdirCalendar(path: directory, displayName: firstLine(directory + "/displayname"),
                                  color: firstLine(directory + "/color"), items: items, skipped: skipped,
                                  readCount: readCount, reusedCount: reusedCount, calendar: ICalendar())
        result.calendar = result.merged()
        return result
    }

    /// The item files of the vdir at `path`, as ``read(at:previous:options:)`` takes them: the
    /// regular files whose name ends in `.ics` and does not start with `.`, in name order.
    ///
    /// ```swift
    /// let report = Validator().validate(paths: try VdirCalendar.itemFiles(at: "~/.calendars/work"))
    /// ```
    /// - Throws: ``ICSError`` with ``ICSError/Code/unreadable`` when the directory cannot be listed.
    /// - Complexity: O(files) system calls.
    public static func itemFiles(at path: String) throws(ICSError) -> [String] {
        let directory = (path as NSString).expandingTildeInPath
        return try itemNames(in: directory).map { directory + "/" + $0 }.filter { file in
            var info = stat()
            return stat(file, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        }
    }

    /// The names in `directory` that may be items (``isItemName(_:)``), in name order.
    /// - Throws: ``ICSError`` with ``ICSError/Code/unreadable`` when the directory cannot be listed.
    private static func itemNames(in directory: String) throws(ICSError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: directory).sorted().filter(isItemName)
        } catch {
            throw ICSError(.unreadable, "cannot list the vdir: \(VdirCalendar.reason(error))", source: directory)
        }
    }

    /// Whether a file name is an item's (vdir: `*.ics`; names starting with `.` are writers' temporary files).
    static func isItemName(_ name: String) -> Bool { name.hasSuffix(".ics") && !name.hasPrefix(".") }

    private init(path: String, displayName: String?, color: String?, items: [VdirItem], skipped: [Diagnostic],
                 readCount: Int, reusedCount: Int, calendar: ICalendar) {
        self.path = path
        self.displayName = displayName
        self.color = color
        self.items = items
        self.skipped = skipped
        self.readCount = readCount
        self.reusedCount = reusedCount
        self.calendar = calendar
    }

    private func merged() -> ICalendar {
        let parts = items.compactMap { item in
            item.calendar.map { ResourceMerge.Part(location: path + "/" + item.fileName, calendar: $0) }
        }
        return ResourceMerge.merge(parts, source: path, name: displayName ?? (path as NSString).lastPathComponent,
                                   color: color, diagnostics: skipped)
    }

    /// The first line of a small text file, trimmed; `nil` when absent, empty, over 4 KiB or
    /// not a regular file.
    static func firstLine(_ file: String) -> String? {
        guard let bytes = smallFile(file, limit: 4096) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        let line = text.split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let printable = String(line.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
        return printable.isEmpty ? nil : printable
    }

    /// The bytes of the regular file at `path` when it holds at most `limit` of them; else nil.
    /// At most `limit + 1` bytes are read, whatever the file's size: a `displayname` of a
    /// gigabyte was read whole (1 GB resident, 8 s) before its size was looked at. Opened without
    /// blocking, so that a FIFO of that name cannot wait for a writer; only a regular file is read.
    static func smallFile(_ path: String, limit: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= limit else { return nil }
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count <= limit {
            let got = bytes.withUnsafeMutableBytes { buffer in
                systemRead(fd, buffer.baseAddress.map { $0 + count }, limit + 1 - count)
            }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            count += got
        }
        // A file that grew past the limit after its size was read is as good as over it.
        return count <= limit ? Array(bytes[..<count]) : nil
    }

    /// The C library's `read(2)` (``read(at:previous:options:)`` hides the name here).
    private static func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(fd, buffer, count)
        #else
        Darwin.read(fd, buffer, count)
        #endif
    }

    static func reason(_ error: any Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return ns.localizedDescription
    }
}
