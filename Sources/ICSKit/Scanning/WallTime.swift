/// Byte-level reading of the few values ``WindowFilter`` needs (DTSTART, DTEND, DURATION and an
/// RRULE's UNTIL), as seconds since 1970 read as if every time were UTC. Strict: any value in
/// another form (blanks, a month 13, a 30 February, a time 24:00, more digits) reads as `nil`, and
/// the block is then parsed as usual.
enum WallTime {
    /// The units of a duration in the order they may come (letter, seconds, after the T).
    private static let units: [(UInt8, Int, Bool)] = [(0x57, 604_800, false), (0x44, 86_400, false),
                                                      (0x48, 3600, true), (0x4D, 60, true), (0x53, 1, true)]
    private static let countName = Array("COUNT".utf8), rscale = Array("RSCALE".utf8), untilName = Array("UNTIL".utf8)
    private static let tzidName = Array("TZID=".utf8)
    private static let valueName = Array("VALUE=".utf8), date = Array("DATE".utf8), dateTime = Array("DATE-TIME".utf8)

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
    static func read(_ line: Range<Int>, text: UnsafeBufferPointer<UInt8>) -> Value? {
        let bytes = UnsafeBufferPointer(rebasing: text[line])
        guard let colon = ContentLineSyntax.valueStart(bytes), hasPlainValueType(bytes, colon: colon) else { return nil }
        return value(UnsafeBufferPointer(rebasing: bytes[(colon + 1)...]))
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

    /// The latest start an RRULE content line allows by its UNTIL (a DATE UNTIL: the end of its
    /// day); `nil` when the rule has no UNTIL, has COUNT or RSCALE, repeats UNTIL, or its UNTIL is
    /// in another form.
    static func until(_ line: Range<Int>, text: UnsafeBufferPointer<UInt8>) -> Int? {
        let bytes = UnsafeBufferPointer(rebasing: text[line])
        var found: Int?
        let readAll = ContentLineSyntax.eachRulePart(bytes) { name, valueRange in
            let name = UnsafeBufferPointer(rebasing: bytes[name])
            if ContentLineSyntax.equalsIgnoringCase(name, countName)
                || ContentLineSyntax.equalsIgnoringCase(name, rscale) {
                return false
            }
            if ContentLineSyntax.equalsIgnoringCase(name, untilName) {
                guard found == nil, let valueRange,
                      let until = value(UnsafeBufferPointer(rebasing: bytes[valueRange])) else { return false }
                found = until.seconds + (until.isDate ? 86_400 : 0)
            }
            return true
        }
        guard readAll else { return nil }
        return found
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

    /// Whether the parameters before `colon` have no VALUE, or VALUE=DATE or VALUE=DATE-TIME.
    private static func hasPlainValueType(_ bytes: UnsafeBufferPointer<UInt8>, colon: Int) -> Bool {
        var i = 0
        var quoted = false
        while i < colon {
            if bytes[i] == 0x22 { quoted.toggle() }
            if !quoted, bytes[i] == 0x3B {  // a parameter begins after each unquoted ;
                var end = i + 1
                var q = false
                while end < colon, q || bytes[end] != 0x3B {
                    if bytes[end] == 0x22 { q.toggle() }
                    end += 1
                }
                let parameter = UnsafeBufferPointer(rebasing: bytes[(i + 1)..<end])
                if parameter.count >= 6, ContentLineSyntax.equalsIgnoringCase(UnsafeBufferPointer(rebasing: parameter[0..<6]), valueName) {
                    let kind = UnsafeBufferPointer(rebasing: parameter[6...])
                    guard ContentLineSyntax.equalsIgnoringCase(kind, date)
                            || ContentLineSyntax.equalsIgnoringCase(kind, dateTime) else { return false }
                }
                i = end
                continue
            }
            i += 1
        }
        return true
    }

    /// `YYYYMMDD` or `YYYYMMDDThhmmss[Z]`, checked (year 1–9999, a real day, hour < 24, minute
    /// and second < 60).
    static func value(_ bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        guard bytes.count == 8 || bytes.count == 15 || (bytes.count == 16 && bytes[15] == 0x5A) else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            var n = 0
            for i in from..<(from + count) {
                let b = bytes[i]
                guard b >= 0x30, b <= 0x39 else { return nil }
                n = n * 10 + Int(b - 0x30)
            }
            return n
        }
        guard let year = number(0, 4), let month = number(4, 2), let day = number(6, 2),
              year >= 1, (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(year: year, month: month) else { return nil }
        let days = CivilDate(year: year, month: month, day: day).daysSinceEpoch
        if bytes.count == 8 { return Value(seconds: days * 86_400, isDate: true) }
        guard bytes[8] == 0x54, let hour = number(9, 2), let minute = number(11, 2), let second = number(13, 2),
              hour < 24, minute < 60, second < 60 else { return nil }
        return Value(seconds: days * 86_400 + hour * 3600 + minute * 60 + second, isDate: false)
    }
}
