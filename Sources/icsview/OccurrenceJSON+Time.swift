import ICSKit

/// The text forms of occurrence times (see ``OccurrenceJSON``): a DATE as `YYYY-MM-DD`; floating
/// as `YYYY-MM-DDTHH:MM:SS`; UTC as `…Z`; zoned as the local time with its offset
/// (`2024-03-10T09:00:00-04:00`). A year outside 0…9999 is written with its sign and at least
/// four digits. Written with integer arithmetic straight into the output buffer.
extension OccurrenceJSON {
    /// The most bytes a time's text takes: a sign, 19 digits of year, `-MM-DDTHH:MM:SS+HH:MM`.
    static let maxTimeText = 1 + 19 + 21

    /// The text form of an occurrence time.
    static func text(_ value: OccurrenceTime) -> String {
        var out = JSONBytes()
        out.write(maxCount: maxTimeText) { timeText(value, at: $0) }
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// A time as a JSON string.
    static func time(_ value: OccurrenceTime, to out: inout JSONBytes) {
        out.write(maxCount: maxTimeText + 2) { p in
            p[0] = UInt8(ascii: "\"")
            let n = 1 + timeText(value, at: p + 1)
            p[n] = UInt8(ascii: "\"")
            return n + 1
        }
    }

    /// A UTC instant as a JSON string (`"2024-06-03T07:45:00Z"`).
    static func utcTime(secondsSinceEpoch seconds: Int, to out: inout JSONBytes) {
        out.write(maxCount: maxTimeText + 2) { p in
            p[0] = UInt8(ascii: "\"")
            var n = 1 + wallText(CivilDateTime(secondsSinceEpoch: seconds), at: p + 1)
            p[n] = UInt8(ascii: "Z")
            p[n + 1] = UInt8(ascii: "\"")
            n += 2
            return n
        }
    }

    /// Writes the text of `value` at `p` (room for ``maxTimeText`` bytes); returns its length.
    private static func timeText(_ value: OccurrenceTime, at p: UnsafeMutablePointer<UInt8>) -> Int {
        switch value {
        case .date(let date):
            return dateText(date, at: p)
        case .floating(let wall):
            return wallText(wall, at: p)
        case .instant(let seconds, let offset, let zone):
            if zone == nil {
                let n = wallText(CivilDateTime(secondsSinceEpoch: seconds), at: p)
                p[n] = UInt8(ascii: "Z")
                return n + 1
            }
            let n = wallText(CivilDateTime(secondsSinceEpoch: seconds + offset), at: p)
            return n + offsetText(offset, at: p + n)
        }
    }

    private static func dateText(_ d: CivilDate, at p: UnsafeMutablePointer<UInt8>) -> Int {
        var n: Int
        if d.year < 0 || d.year > 9999 {
            n = 0
            if d.year < 0 { p[0] = UInt8(ascii: "-"); n = 1 }
            n += JSONBytes.digits(UInt(d.year.magnitude), width: 4, at: p + n)
        } else {
            JSONBytes.twoDigits(d.year / 100, at: p)
            JSONBytes.twoDigits(d.year % 100, at: p + 2)
            n = 4
        }
        p[n] = UInt8(ascii: "-")
        JSONBytes.twoDigits(d.month, at: p + n + 1)
        p[n + 3] = UInt8(ascii: "-")
        JSONBytes.twoDigits(d.day, at: p + n + 4)
        return n + 6
    }

    private static func wallText(_ t: CivilDateTime, at p: UnsafeMutablePointer<UInt8>) -> Int {
        let n = dateText(t.date, at: p)
        p[n] = UInt8(ascii: "T")
        JSONBytes.twoDigits(t.hour, at: p + n + 1)
        p[n + 3] = UInt8(ascii: ":")
        JSONBytes.twoDigits(t.minute, at: p + n + 4)
        p[n + 6] = UInt8(ascii: ":")
        JSONBytes.twoDigits(t.second, at: p + n + 7)
        return n + 9
    }

    /// `+02:00`, `-04:00`, `+05:45`.
    private static func offsetText(_ seconds: Int, at p: UnsafeMutablePointer<UInt8>) -> Int {
        p[0] = UInt8(ascii: seconds < 0 ? "-" : "+")
        let magnitude = seconds.magnitude
        JSONBytes.twoDigits(Int(magnitude / 3600), at: p + 1)
        p[3] = UInt8(ascii: ":")
        JSONBytes.twoDigits(Int(magnitude % 3600 / 60), at: p + 4)
        return 6
    }
}
