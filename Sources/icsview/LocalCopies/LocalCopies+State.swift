import Foundation
import ICSKit

extension LocalCopies {
    /// When the local copy of a configured CalDAV calendar was last synced; nil for other
    /// inputs (a vdir is read from its directory each time) and for a copy not made yet.
    static func lastSynced(_ input: ResolvedInput, options: Options) -> Date? {
        guard !options.noCache, case .caldav(let url) = input.local else { return nil }
        return CalDAVLocalCopy(collection: url, directory: directory(options)).lastSynced
    }
}
