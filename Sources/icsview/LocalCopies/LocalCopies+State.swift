import Foundation
import ICSKit

extension LocalCopies {
    /// When the local copy of a configured CalDAV calendar was last synced (its section's own
    /// copy, ``copy(of:section:options:)``); nil for other inputs (a vdir is read from its
    /// directory each time) and for a copy not made yet.
    static func lastSynced(_ input: ResolvedInput, options: Options) -> Date? {
        guard !options.noCache, case .caldav(let url) = input.local, let entry = input.entry else { return nil }
        return copy(of: url, section: entry.key, options: options).lastSynced
    }
}
