import Foundation
import ICSKit

/// Reads one input named on the command line into a calendar: a file path, `-`, or an
/// `http(s)://` / `webcal(s)://` URL (fetched through the feed cache).
///
/// For a URL that could not be refreshed, the last good copy is used and a warning on
/// stderr (unless `--quiet`) says why and how old it is; the data on stdout stays the calendar.
enum InputLoader {
    /// Loads `input`, honouring `--offline`, `--no-cache`, `--cache-dir`, `--timeout` and `--max-size`.
    /// - Parameter window: for a view, the range it shows: a file or standard input is imported
    ///   with that window (``ImportOptions/window``); a URL is always read whole (it is cached whole).
    /// - Throws: ``ICSError``.
    /// - Parameter headers: request headers for a URL (a configured calendar's `header = …` lines).
    static func load(_ input: String, options: Options, window: DateInterval? = nil, headers: [String] = []) throws(ICSError) -> ICalendar {
        let source = try FeedSource(input)
        guard source.isRemote else { return try ICalendar(contentsOfFile: input, options: importOptions(options, window: window)) }
        let update = try subscription(for: source, options: options, headers: headers).refreshBlocking()
        if let notice = update.notice() { DiagnosticOutput.shared.warning("\(source): \(notice)") }
        for warning in update.warnings { DiagnosticOutput.shared.warning("\(source): \(warning)") }
        if let problem = update.cacheProblem { DiagnosticOutput.shared.warning("\(source): cannot update the cache: \(problem)") }
        return update.calendar
    }

    /// Loads a resolved input: a configured CalDAV or vdir calendar through its local copy
    /// (``LocalCopies``), anything else as ``load(_:options:window:)`` does.
    static func load(_ input: ResolvedInput, options: Options, window: DateInterval? = nil) throws(ICSError) -> ICalendar {
        if input.local != nil { return try LocalCopies.load(input, options: options) }
        return try load(input.source, options: options, window: window, headers: input.entry?.headers ?? [])
    }

    /// How a file is imported: with the view's window; every master kept when `--grep` filters
    /// the components by text (``SearchFilter`` keeps a UID's components when any master matches).
    static func importOptions(_ options: Options, window: DateInterval?) -> ImportOptions {
        var importOptions = ImportOptions(window: window)
        importOptions.leavesOutLosingMasters = options.grep == nil
        return importOptions
    }

    /// The subscription a remote input is read through.
    static func subscription(for source: FeedSource, options: Options, headers: [String] = []) -> FeedSubscription {
        var fetch = FetchArguments.options(timeout: options.timeout, maxSizeMB: options.maxSizeMB)
        fetch.headers = headers
        let cache: FeedCache? = options.noCache ? nil : options.cacheDirectory.map { FeedCache(directory: URL(fileURLWithPath: $0, isDirectory: true)) } ?? FetchArguments.standardCache
        return FeedSubscription(source, cache: cache, fetchOptions: fetch, offline: options.offline)
    }
}
