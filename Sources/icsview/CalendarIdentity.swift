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
        hex(fnv1a64(canonical(source)))
    }

    /// What the identity is the hash of.
    static func canonical(_ source: String?) -> String {
        guard let source, source != "-" else { return "-" }
        if source.contains("://") { return source }
        return URL(fileURLWithPath: source).standardizedFileURL.path
    }

    /// 64-bit FNV-1a over the UTF-8 bytes of `text` (offset basis 0xcbf29ce484222325, prime 0x100000001b3).
    static func fnv1a64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// 16 hex digits, zero-padded.
    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
