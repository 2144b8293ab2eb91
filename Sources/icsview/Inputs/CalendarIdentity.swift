import Foundation
import ICSKit

/// The `calendarId` of the JSON formats: the same for an input in every run, whatever its
/// position on the command line, so that scripts can key on it.
///
/// It is the 64-bit FNV-1a hash (the same hash as the palette colours) of the input's
/// canonical form, as 16 lower-case hex digits: a URL as written (`webcal://…` and
/// `https://…` are different inputs); a file by its absolute, standardized path (`./a.ics`,
/// `a.ics` and `/dir/a.ics` are one file); standard input as `-`.
enum CalendarIdentity {
    /// The identity of the calendar read from `source` (nil: standard input).
    static func id(source: String?) -> String {
        FNV1a.hex(FNV1a.hash(canonical(source).utf8))
    }

    /// What the identity is the hash of.
    static func canonical(_ source: String?) -> String {
        guard let source, source != "-" else { return "-" }
        if source.contains("://") { return source }
        return URL(fileURLWithPath: source).standardizedFileURL.path
    }
}
