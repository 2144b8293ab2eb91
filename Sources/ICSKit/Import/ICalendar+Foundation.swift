import Foundation

extension ICalendar {
    /// Imports iCalendar bytes held in `Data` (a download, a document, a pasteboard item).
    ///
    /// The same import as ``init(bytes:source:options:)``: UTF-8 (Windows-1252 read with a
    /// warning), the same limits, the same diagnostics.
    ///
    /// ```swift
    /// let data = try Data(contentsOf: documentURL)
    /// let calendar = try ICalendar(data: data, source: documentURL.lastPathComponent)
    /// ```
    /// - Parameters:
    ///   - data: the whole stream.
    ///   - source: a name for messages (a file name or URL); diagnostics and errors carry it.
    ///   - options: limits and reading options.
    /// - Throws: ``ICSError`` with ``ICSError/Code/notICalendar`` when the bytes are not iCalendar.
    /// - Complexity: O(n) in the bytes; blocks are parsed in parallel.
    public init(data: Data, source: String? = nil, options: ImportOptions = ImportOptions()) throws(ICSError) {
        try self.init(bytes: [UInt8](data), source: source, options: options)
    }

    /// Imports the file a file URL names, read in chunks (memory stays bounded by the largest
    /// component), with the same diagnostics as ``init(contentsOfFile:options:)``: messages
    /// name the file's path.
    ///
    /// Only file URLs are read here. An `http`, `https`, `webcal` or `webcals` URL is a feed:
    /// read it with ``FeedSubscription`` (conditional requests, a cache, limits on size and time),
    /// which this initialiser says in the error it throws.
    ///
    /// ```swift
    /// let url = URL(fileURLWithPath: "Fixtures/import/google-team.ics")
    /// let calendar = try ICalendar(contentsOf: url)
    /// // A feed:
    /// let update = try await FeedSubscription(url: URL(string: "webcal://example.org/team.ics")!).refresh()
    /// ```
    /// - Parameters:
    ///   - url: a file URL.
    ///   - options: limits and reading options.
    /// - Throws: ``ICSError`` with ``ICSError/Code/unreadable`` when the URL is not a file URL,
    ///   or the file cannot be opened (with the system's reason) or is a directory;
    ///   ``ICSError/Code/notICalendar`` when it is not iCalendar.
    /// - Complexity: O(n) in the file.
    public init(contentsOf url: URL, options: ImportOptions = ImportOptions()) throws(ICSError) {
        guard url.isFileURL else {
            let scheme = url.scheme?.lowercased() ?? ""
            let feed = ["http", "https", "webcal", "webcals"].contains(scheme)
            let hint = feed ? "a \(scheme) URL is a feed: read it with FeedSubscription (it fetches, caches and limits the download)"
                            : "only file URLs are read (http, https, webcal and webcals feeds through FeedSubscription)"
            throw ICSError(.unreadable, "not a file URL: \(hint)", source: CredentialMask.mask(url.absoluteString))
        }
        try self.init(contentsOfFile: url.path, options: options)
    }
}
