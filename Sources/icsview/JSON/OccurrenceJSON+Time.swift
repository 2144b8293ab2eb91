import ICSKit

/// The text forms of occurrence times (see ``OccurrenceJSON``): a DATE as `YYYY-MM-DD`; floating
/// as `YYYY-MM-DDTHH:MM:SS`; UTC as `…Z`; zoned as the local time with its offset
/// (`2024-03-10T09:00:00-04:00`). Written with integer arithmetic straight into the output buffer.
///
/// A time before 0001-01-01T00:00:00 or after 9999-12-31T23:59:59 (an event of year 0, the end of
/// a DURATION of a million weeks) is written as that first or last second: JSON never holds a
/// year outside 0001–9999, the four digits every reader of these dates expects (docs/trust.md).
extension OccurrenceJSON {
    /// The most bytes a time's text takes: a sign, 19 digits of year, `-MM-DDTHH:MM:SS+HH:MM`.
    static let maxTimeText = 1 + 19 + 21

    /// The text form of an occurrence time.
    static func text(_ value: OccurrenceTime) -> String {
        var out = JSONBytes()
        out.write(maxCount: maxTimeText) { timeText(value, days: nil, at: $0) }
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// A time as a JSON string; `days`, when given, holds the text of the days written last.
    static func time(_ value: OccurrenceTime, days: DayTextMemo? = nil, to out: inout JSONBytes) {
        out.write(maxCount: maxTimeText + 2) { p in
            p[0] = UInt8(ascii: "\"")
            let n = 1 + timeText(value, days: days, at: p + 1)
            p[n] = UInt8(ascii: "\"")
            return n + 1
        }
    }

    /// A UTC instant as a JSON string (`"2024-06-03T07:45:00Z"`); `days` as for ``time(_:days:to:)``.
    static func utcTime(secondsSinceEpoch seconds: Int, days: DayTextMemo? = nil, to out: inout JSONBytes) {
        out.write(maxCount: maxTimeText + 2) { p in
            p[0] = UInt8(ascii: "\"")
            var n = 1 + instantWallText(seconds, days: days, at: p + 1)
            p[n] = UInt8(ascii: "Z")
            p[n + 1] = UInt8(ascii: "\"")
            n += 2
            return n
        }
    }

    /// Writes the text of `value` at `p` (room for ``maxTimeText`` bytes); returns its length.
    private static func timeText(_ value: OccurrenceTime, days: DayTextMemo?, at p: UnsafeMutablePointer<UInt8>) -> Int {
        switch value {
        case .date(let date):
            return dateText(date, at: p)
        case .floating(let wall):
            return wallText(wall, at: p)
        case .instant(let seconds, let offset, let zone):
            if zone == nil {
                let n = instantWallText(seconds, days: days, at: p)
                p[n] = UInt8(ascii: "Z")
                return n + 1
            }
            let n = instantWallText(seconds + offset, days: days, at: p)
            return n + offsetText(offset, at: p + n)
        }
    }

    /// The first second of 0000-03-01 and of 10000-01-01, as seconds since 1970 (proleptic
    /// Gregorian, as ``CivilDateTime``): the range of ``instantWallText(_:days:at:)``'s own arithmetic.
    static let fastTextRange = -62_162_035_200 ..< 253_402_300_800

    /// The first and last second written: 0001-01-01T00:00:00 and 9999-12-31T23:59:59.
    static let writtenRange = -62_135_596_800 ... 253_402_300_799

    /// `YYYY-MM-DDTHH:MM:SS` of `seconds` since 1970 read as a UTC wall time: the text of
    /// `CivilDateTime(secondsSinceEpoch:)`, with Hinnant's `civil_from_days` done here in unsigned
    /// arithmetic for the years 0000 (from March) to 9999 (a quarter of the instructions of the
    /// model's checked version, which is called twice for each agenda line); other years through
    /// the model. The date part is taken from `days` when it holds the day.
    static func instantWallText(_ seconds: Int, days: DayTextMemo? = nil, at p: UnsafeMutablePointer<UInt8>) -> Int {
        let seconds = min(max(seconds, writtenRange.lowerBound), writtenRange.upperBound)
        guard fastTextRange.contains(seconds) else { return wallText(CivilDateTime(secondsSinceEpoch: seconds), at: p) }
        // Seconds since 0000-03-01T00:00:00, so that the year starts in March (leap day last).
        let shifted = UInt(seconds &+ 62_162_035_200)
        let z = shifted / 86_400, rest = shifted % 86_400
        if let days { days.write(daysSinceMarch0000: z, at: p) } else { civilDateText(daysSinceMarch0000: z, at: p) }
        // Hours, minutes and seconds are each below 100: a pair each, with no second `% 100`.
        p[10] = UInt8(ascii: "T")
        JSONBytes.pair(rest / 3600, at: p + 11)
        p[13] = UInt8(ascii: ":")
        JSONBytes.pair(rest % 3600 / 60, at: p + 14)
        p[16] = UInt8(ascii: ":")
        JSONBytes.pair(rest % 60, at: p + 17)
        return 19
    }

    /// Writes the ten bytes `YYYY-MM-DD` of the day `z` days after 0000-03-01 (a day of
    /// ``fastTextRange``) at `p`: Hinnant's `civil_from_days` on an era of 400 years.
    static func civilDateText(daysSinceMarch0000 z: UInt, at p: UnsafeMutablePointer<UInt8>) {
        let era = z / 146_097
        let doe = z &- era &* 146_097
        let yoe = (doe &- doe / 1460 &+ doe / 36_524 &- doe / 146_096) / 365
        let doy = doe &- (365 &* yoe &+ yoe / 4 &- yoe / 100)
        let mp = (5 &* doy &+ 2) / 153
        let day = doy &- (153 &* mp &+ 2) / 5 &+ 1
        let month = mp < 10 ? mp &+ 3 : mp &- 9
        let year = yoe &+ era &* 400 &+ (month <= 2 ? 1 : 0)
        JSONBytes.twoDigits(Int(bitPattern: year / 100), at: p)
        JSONBytes.twoDigits(Int(bitPattern: year % 100), at: p + 2)
        p[4] = UInt8(ascii: "-")
        JSONBytes.twoDigits(Int(bitPattern: month), at: p + 5)
        p[7] = UInt8(ascii: "-")
        JSONBytes.twoDigits(Int(bitPattern: day), at: p + 8)
    }

    private static func dateText(_ date: CivilDate, at p: UnsafeMutablePointer<UInt8>) -> Int {
        let d = date.year < 1 ? CivilDate(year: 1, month: 1, day: 1) : date.year > 9999 ? CivilDate(year: 9999, month: 12, day: 31) : date
        JSONBytes.twoDigits(d.year / 100, at: p)
        JSONBytes.twoDigits(d.year % 100, at: p + 2)
        let n = 4
        p[n] = UInt8(ascii: "-")
        JSONBytes.twoDigits(d.month, at: p + n + 1)
        p[n + 3] = UInt8(ascii: "-")
        JSONBytes.twoDigits(d.day, at: p + n + 4)
        return n + 6
    }

    private static func wallText(_ wall: CivilDateTime, at p: UnsafeMutablePointer<UInt8>) -> Int {
        let t = wall.date.year < 1 ? CivilDateTime(year: 1, month: 1, day: 1, hour: 0, minute: 0, second: 0)
            : wall.date.year > 9999 ? CivilDateTime(year: 9999, month: 12, day: 31, hour: 23, minute: 59, second: 59) : wall
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
