#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ICalendar {
    /// Imports iCalendar text.
    ///
    /// ```swift
    /// let calendar = try ICalendar(parsing: text, source: "team.ics")
    /// print(calendar.events.count, calendar.diagnostics)
    /// ```
    /// - Parameters:
    ///   - text: the whole stream (one or more VCALENDARs, or bare components).
    ///   - source: a name for messages (a path or URL).
    /// - Throws: ``ICSError`` with ``ICSError/Code/notICalendar`` when the text is not iCalendar.
    /// - Complexity: O(n) in the text; blocks are parsed in parallel.
    public init(parsing text: String, source: String? = nil, options: ImportOptions = ImportOptions()) throws(ICSError) {
        try self.init(bytes: Array(text.utf8), source: source, options: options)
    }

    /// Imports iCalendar bytes (UTF-8; Windows-1252 is read with a warning).
    /// - Throws: ``ICSError`` with ``ICSError/Code/notICalendar`` when the bytes are not iCalendar.
    public init(bytes: [UInt8], source: String? = nil, options: ImportOptions = ImportOptions()) throws(ICSError) {
        self = try CalendarImporter(source: source, options: options).run(ByteStream(bytes: bytes))
    }

    /// Imports a file, read in chunks (memory stays bounded by the largest component).
    /// - Parameter path: a file path, or `-` for standard input.
    /// - Throws: ``ICSError`` with ``ICSError/Code/unreadable`` (with the system's reason) or
    ///   ``ICSError/Code/notICalendar``.
    public init(contentsOfFile path: String, options: ImportOptions = ImportOptions()) throws(ICSError) {
        let stream: ByteStream
        if path == "-" {
            stream = ByteStream(descriptor: 0)
        } else {
            let fd = open(path, O_RDONLY)
            guard fd >= 0 else { throw ICSError(.unreadable, "cannot open: \(String(cString: strerror(errno)))", source: path) }
            var info = stat()
            if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
                _ = close(fd)
                throw ICSError(.unreadable, "cannot read: it is a directory", source: path)
            }
            defer { _ = close(fd) }
            self = try CalendarImporter(source: path, options: options).run(ByteStream(descriptor: fd))
            return
        }
        self = try CalendarImporter(source: path, options: options).run(stream)
    }
}
