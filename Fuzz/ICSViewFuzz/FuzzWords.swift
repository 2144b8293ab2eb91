import Foundation

/// The words ``CommandRuns`` types, taken from the input itself so that the mutations reach
/// them: the day of the first DTSTART (the views are drawn around it), the first TZID (as
/// `--tz`), a word of the first SUMMARY (to search for), the first line (as date arguments),
/// and the two halves `diff` compares.
enum FuzzWords {
    /// The input cut at the first line end at or after its middle.
    static func halves(_ bytes: [UInt8]) -> ([UInt8], [UInt8]) {
        var cut = bytes.count / 2
        while cut < bytes.count && bytes[cut] != UInt8(ascii: "\n") { cut += 1 }
        cut = min(cut + 1, bytes.count)
        return (Array(bytes[..<cut]), Array(bytes[cut...]))
    }

    /// `YYYY-MM-DD` from the eight digits after the first `DTSTART…:`, if they are digits.
    static func firstStartDay(_ bytes: [UInt8]) -> String? {
        guard let value = value(after: "DTSTART", in: bytes), value.count >= 8 else { return nil }
        let digits = value.prefix(8)
        guard digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        let text = String(decoding: digits, as: UTF8.self)
        let year = text.prefix(4), month = text.dropFirst(4).prefix(2), day = text.suffix(2)
        return "\(year)-\(month)-\(day)"
    }

    /// `day` (`YYYY-MM-DD`) plus `days`, or nil when it is not a day in years 1–9999.
    static func day(_ day: String, plus days: Int) -> String? {
        let parts = day.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, (1...9999).contains(parts[0]) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let start = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])),
              let end = calendar.date(byAdding: .day, value: days, to: start) else { return nil }
        let c = calendar.dateComponents([.year, .month, .day], from: end)
        guard let y = c.year, let m = c.month, let d = c.day, (1...9999).contains(y) else { return nil }
        return String(format: "%04d-%02d-%02d", y, m, d)
    }

    /// The first `TZID=` parameter's value (without quotes), at most 64 bytes.
    static func firstTZID(_ bytes: [UInt8]) -> String? {
        guard let start = find(Array("TZID=".utf8), in: bytes) else { return nil }
        var end = start
        while end < bytes.count && end - start < 64 && ![UInt8(ascii: ":"), UInt8(ascii: ";"), 13, 10].contains(bytes[end]) {
            end += 1
        }
        let text = String(decoding: bytes[start..<end], as: UTF8.self).replacingOccurrences(of: "\"", with: "")
        return text.isEmpty ? nil : text
    }

    /// The first three bytes of the first SUMMARY's value, else "e".
    static func searchWord(_ bytes: [UInt8]) -> String {
        guard let value = value(after: "SUMMARY", in: bytes) else { return "e" }
        let text = String(decoding: value.prefix(3), as: UTF8.self)
        return text.isEmpty ? "e" : text
    }

    /// The input's first line (at most 40 bytes), typed as a date: the fuzzer's words
    /// (`-99999y`, `0001-01-15`, `+7d`…) reach the date parser here.
    static func firstLine(_ bytes: [UInt8]) -> String {
        let line = bytes.prefix { $0 != 10 && $0 != 13 }.prefix(40)
        return String(decoding: line, as: UTF8.self)
    }

    /// The bytes after the first `:` that follows `name`, up to the line end (at most 200).
    private static func value(after name: String, in bytes: [UInt8]) -> ArraySlice<UInt8>? {
        guard let found = find(Array(name.utf8), in: bytes) else { return nil }
        var start = found
        while start < bytes.count && bytes[start] != UInt8(ascii: ":") && bytes[start] != 10 { start += 1 }
        guard start < bytes.count, bytes[start] == UInt8(ascii: ":") else { return nil }
        start += 1
        var end = start
        while end < bytes.count && end - start < 200 && bytes[end] != 13 && bytes[end] != 10 { end += 1 }
        return bytes[start..<end]
    }

    /// The index just after the first occurrence of `needle`.
    private static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
        var i = 0
        while i + needle.count <= bytes.count {
            if bytes[i] == needle[0] && bytes[i..<(i + needle.count)].elementsEqual(needle) { return i + needle.count }
            i += 1
        }
        return nil
    }
}
