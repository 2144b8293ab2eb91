#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte-level reading of the few values ``WindowFilter`` needs (DTSTART, DTEND, DURATION and an
/// RRULE's UNTIL), as seconds since 1970 read as if every time were UTC. Strict: any value in
/// another form (blanks, a month 13, a 30 February, a time 24:00, more digits) reads as `nil`, and
/// the block is then parsed as usual.
enum WallTime {
    /// The units of a duration in the order they may come (letter, seconds, after the T).
    private static let units: [(UInt8, Int, Bool)] = [(0x57, 604_800, false), (0x44, 86_400, false),
                                                      (0x48, 3600, true), (0x4D, 60, true), (0x53, 1, true)]
    private static let tzidName = Array("TZID=".utf8)
    private static let valueName: StaticString = "VALUE=", date: StaticString = "DATE", dateTime: StaticString = "DATE-TIME"

    /// A DATE or DATE-TIME value read from its digits.
    struct Value: Equatable {
        /// Seconds since 1970-01-01T00:00:00 in the value's own clock (UTC, a zone or floating).
        var seconds: Int
        /// Whether it is a DATE (`YYYYMMDD`).
        var isDate: Bool
    }

    /// The value of a DTSTART or DTEND content line (`text[line]`): `YYYYMMDD` or
    /// `YYYYMMDDThhmmss` with an optional `Z`; a VALUE parameter other than DATE or DATE-TIME reads
    /// as `nil`. TZID and other parameters are not looked at (the filter's margin covers any zone).
    ///
    /// One pass over the bytes before the value: the value starts at the first `:` outside
    /// quotes (``ContentLineSyntax/valueStart(_:)``), and each parameter after an unquoted `;`
    /// that is spelled `VALUE=` (any case) must be DATE or DATE-TIME up to the next unquoted `;`
    /// or that `:`. Run for every skimmed block on the scanning thread, hence raw pointers, no slices.
    /// - Complexity: O(n) in the line's length.
    static func read(_ line: Range<Int>, text: UnsafeBufferPointer<UInt8>) -> Value? {
        let bytes = UnsafeBufferPointer(rebasing: text[line])
        guard let p = bytes.baseAddress else { return nil }
        let count = bytes.count
        // Most lines quote nothing before their first `:`, which then starts the value: found
        // with `memchr`, as are the `;` before it, instead of a look at every byte.
        if let colonHit = memchr(p, 0x3A, count) {
            let colon = UnsafeRawPointer(colonHit) - UnsafeRawPointer(p)
            if memchr(p, 0x22, colon) == nil {
                var from = 0
                while from < colon, let semicolonHit = memchr(p + from, 0x3B, colon - from) {
                    let k = UnsafeRawPointer(semicolonHit) - UnsafeRawPointer(p)
                    if k + 6 < count && p[k + 1] | 0x20 == 0x76 && equalsIgnoringCase(p + k + 1, valueName) {  // ;v
                        var end = k + 7
                        while end < colon, p[end] != 0x3B { end += 1 }
                        guard isDateKind(p + k + 7, count: end - (k + 7)) else { return nil }
                    }
                    from = k + 1
                }
                return value(UnsafeBufferPointer(start: p + colon + 1, count: count - colon - 1))
            }
        }
        var i = 0
        var quoted = false
        while i < count {
            let b = p[i]
            if b == 0x22 {
                quoted.toggle()
            } else if !quoted && b == 0x3A {
                return value(UnsafeBufferPointer(start: p + i + 1, count: count - i - 1))
            } else if !quoted && b == 0x3B && i + 6 < count && p[i + 1] | 0x20 == 0x76  // ;v
                        && equalsIgnoringCase(p + i + 1, valueName) {
                // VALUE=kind: the kind runs to the next unquoted ; or :, where the loop goes on.
                var end = i + 7
                while end < count {
                    let c = p[end]
                    if c == 0x22 { quoted.toggle() } else if !quoted && (c == 0x3B || c == 0x3A) { break }
                    end += 1
                }
                guard isDateKind(p + i + 7, count: end - (i + 7)) else { return nil }
                i = end
                continue
            }
            i += 1
        }
        return nil
    }

    /// Whether the `count` bytes at `p`, a VALUE parameter's kind, are DATE or DATE-TIME (any case).
    @inline(__always)
    private static func isDateKind(_ p: UnsafePointer<UInt8>, count: Int) -> Bool {
        (count == 4 && equalsIgnoringCase(p, date)) || (count == 9 && equalsIgnoringCase(p, dateTime))
    }

    /// Whether the `upper.count` bytes at `p` spell `upper` (upper-case ASCII) in any case.
    @inline(__always)
    private static func equalsIgnoringCase(_ p: UnsafePointer<UInt8>, _ upper: StaticString) -> Bool {
        let u = upper.utf8Start
        for k in 0..<upper.utf8CodeUnitCount where ContentLineSyntax.upper(p[k]) != u[k] { return false }
        return true
    }

    /// A DURATION content line's value in seconds (days as 86,400 s, weeks as 7 days); negative
    /// for `-P…`. Accepts `[+-]P[nW][nD][T[nH][nM][nS]]` with at least one part.
    static func duration(_ line: Range<Int>, text: UnsafeBufferPointer<UInt8>) -> Int? {
        let bytes = UnsafeBufferPointer(rebasing: text[line])
        guard let colon = ContentLineSyntax.valueStart(bytes) else { return nil }
        var i = colon + 1
        var sign = 1
        if i < bytes.count, bytes[i] == 0x2B || bytes[i] == 0x2D {
            sign = bytes[i] == 0x2D ? -1 : 1
            i += 1
        }
        guard i < bytes.count, ContentLineSyntax.upper(bytes[i]) == 0x50 else { return nil }  // P
        i += 1
        var total = 0, parts = 0, inTime = false
        // The units in the order they may come: W D before T, H M S after it.
        var nextUnit = 0
        while i < bytes.count {
            if ContentLineSyntax.upper(bytes[i]) == 0x54 {  // T
                guard !inTime else { return nil }
                inTime = true
                i += 1
                continue
            }
            var digits = 0, number = 0
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39, digits < 9 {
                number = number * 10 + Int(bytes[i] - 0x30)
                digits += 1
                i += 1
            }
            guard digits > 0, i < bytes.count else { return nil }
            let unit = ContentLineSyntax.upper(bytes[i])
            guard let found = units[nextUnit...].firstIndex(where: { $0.0 == unit }), units[found].2 == inTime else { return nil }
            total += number * units[found].1
            nextUnit = found + 1
            parts += 1
            i += 1
        }
        return parts > 0 ? sign * total : nil
    }

    /// The latest start a rule allows by its UNTIL (a DATE UNTIL: the end of its day); `nil` when
    /// the rule has no UNTIL, has COUNT or RSCALE, repeats UNTIL, or its UNTIL is in another form.
    static func until(_ rule: RuleParts) -> Int? {
        guard rule.hasValue, !rule.has(.count), !rule.has(.rscale), rule.repeated & RuleParts.Name.until.bit == 0,
              let text = rule.value(.until), let until = value(text) else { return nil }
        return until.seconds + (until.isDate ? 86_400 : 0)
    }

    /// Whether a content line (`text[line]`) has a TZID parameter (outside quotes, any case).
    static func hasTZID(_ line: Range<Int>, text: UnsafeBufferPointer<UInt8>) -> Bool {
        let bytes = UnsafeBufferPointer(rebasing: text[line])
        guard let colon = ContentLineSyntax.valueStart(bytes) else { return true }
        var quoted = false
        for i in 0..<colon {
            if bytes[i] == 0x22 { quoted.toggle() }
            guard !quoted, bytes[i] == 0x3B, i + 5 < colon else { continue }  // ; then TZID=
            if ContentLineSyntax.equalsIgnoringCase(UnsafeBufferPointer(rebasing: bytes[(i + 1)...(i + 5)]), tzidName) { return true }
        }
        return false
    }

    /// The value of a content line's one TZID parameter, as libical reads it (between the quotes
    /// when quoted); `nil` when the line has none, several, an empty one, or one with a `^`
    /// (an RFC 6868 escape, which this reading does not undo).
    static func tzid(_ line: Range<Int>, text: UnsafeBufferPointer<UInt8>) -> String? {
        let bytes = UnsafeBufferPointer(rebasing: text[line])
        guard let colon = ContentLineSyntax.valueStart(bytes) else { return nil }
        var found: Range<Int>?
        var quoted = false
        for i in 0..<colon {
            if bytes[i] == 0x22 { quoted.toggle() }
            guard !quoted, bytes[i] == 0x3B, i + 5 < colon,
                  ContentLineSyntax.equalsIgnoringCase(UnsafeBufferPointer(rebasing: bytes[(i + 1)...(i + 5)]), tzidName) else { continue }
            guard found == nil else { return nil }
            var start = i + 6, end = start
            if start < colon, bytes[start] == 0x22 {  // "…"
                start += 1
                end = start
                while end < colon, bytes[end] != 0x22 { end += 1 }
                guard end < colon else { return nil }
            } else {
                while end < colon, bytes[end] != 0x3B { end += 1 }
            }
            found = start..<end
        }
        guard let found, !found.isEmpty, !bytes[found].contains(0x5E) else { return nil }  // ^
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[found]), as: UTF8.self)
    }

    /// `YYYYMMDD` or `YYYYMMDDThhmmss[Z]`, checked (year 1–9999, a real day, hour < 24, minute
    /// and second < 60).
    static func value(_ bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        guard bytes.count == 8 || bytes.count == 15 || (bytes.count == 16 && bytes[15] == 0x5A),
              let p = bytes.baseAddress else { return nil }
        guard let year = number(p, 4), let month = number(p + 4, 2), let day = number(p + 6, 2),
              year >= 1, (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(year: year, month: month) else { return nil }
        let days = CivilDate(year: year, month: month, day: day).daysSinceEpoch
        if bytes.count == 8 { return Value(seconds: days * 86_400, isDate: true) }
        guard p[8] == 0x54, let hour = number(p + 9, 2), let minute = number(p + 11, 2), let second = number(p + 13, 2),
              hour < 24, minute < 60, second < 60 else { return nil }
        return Value(seconds: days * 86_400 + hour * 3600 + minute * 60 + second, isDate: false)
    }

    /// The decimal number of the `count` digits at `p`; `nil` when one is not a digit.
    @inline(__always)
    private static func number(_ p: UnsafePointer<UInt8>, _ count: Int) -> Int? {
        var n = 0
        for i in 0..<count {
            let digit = p[i] &- 0x30  // any other byte wraps past 9
            guard digit <= 9 else { return nil }
            n = n * 10 + Int(digit)
        }
        return n
    }
}
