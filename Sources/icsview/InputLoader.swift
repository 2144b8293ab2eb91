import Foundation
import ICSKit

/// Reads one input named on the command line into a calendar: a file path, `-`, or an
/// `http(s)://` / `webcal(s)://` URL (fetched through the feed cache).
///
/// For a URL that could not be refreshed, the last good copy is used and a warning on
/// stderr says why and how old it is; the data on stdout stays the calendar.
enum InputLoader {
    /// Loads `input`, honouring `--offline`, `--no-cache`, `--cache-dir`, `--timeout` and `--max-size`.
    /// - Throws: ``ICSError``.
    static func load(_ input: String, options: Options) throws(ICSError) -> ICalendar {
        let source = try FeedSource(input)
        guard source.isRemote else { return try ICalendar(contentsOfFile: input) }
        let update = try subscription(for: source, options: options).refreshBlocking()
        if let notice = update.notice() { printError("warning: \(source): \(notice)\n") }
        for warning in update.warnings { printError("warning: \(source): \(warning)\n") }
        if let problem = update.cacheProblem { printError("warning: cannot update the cache: \(problem)\n") }
        return update.calendar
    }

    /// The subscription a remote input is read through.
    static func subscription(for source: FeedSource, options: Options) -> FeedSubscription {
        let fetch = FetchArguments.options(timeout: options.timeout, maxSizeMB: options.maxSizeMB)
        let cache: FeedCache? = options.noCache ? nil : options.cacheDirectory.map { FeedCache(directory: URL(fileURLWithPath: $0, isDirectory: true)) } ?? .standard
        return FeedSubscription(source, cache: cache, fetchOptions: fetch, offline: options.offline)
    }
}
