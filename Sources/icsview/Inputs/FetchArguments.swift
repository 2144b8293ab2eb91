import Foundation
import ICSKit

/// The values of `--timeout` and `--max-size`, shared by the views and `validate`.
enum FetchArguments {
    /// `--timeout SECONDS`: 1–3600.
    static func timeout(_ text: String) throws(UsageError) -> Double {
        guard let seconds = Double(text), seconds >= 1, seconds <= 3600 else {
            throw UsageError(message: "'\(text)' is not a number of seconds from 1 to 3600")
        }
        return seconds
    }

    /// `--max-size MB`: 1–4096.
    static func maxSizeMB(_ text: String) throws(UsageError) -> Int {
        guard let mb = Int(text), mb >= 1, mb <= 4096 else { throw UsageError(message: "'\(text)' is not a size in MB from 1 to 4096") }
        return mb
    }

    /// The user agent icsview sends (the library's default names the library only).
    static let userAgent = "icsview/\(Help.semanticVersion) (ICSKit)"

    /// icsview's cache of feeds and local copies (`--cache-dir` replaces it):
    /// `$XDG_CACHE_HOME/icsview`, else `~/.cache/icsview`.
    static var standardCache: FeedCache { .standard(application: "icsview") }

    /// The fetch options these values give (defaults for those not given), with icsview's user agent.
    static func options(timeout: Double?, maxSizeMB: Int?) -> FetchOptions {
        var fetch = FetchOptions(userAgent: userAgent)
        if let timeout { fetch.totalTimeout = timeout }
        if let maxSizeMB { fetch.maximumBytes = maxSizeMB << 20 }
        return fetch
    }
}
