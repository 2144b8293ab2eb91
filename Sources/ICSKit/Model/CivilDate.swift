/// A calendar date in the proleptic Gregorian calendar, as written in iCalendar
/// (`VALUE=DATE`, e.g. `20240610`): a day, not an instant.
///
/// Arithmetic is on integers (days since 1970-01-01), with no time zone and no
/// Foundation calendar maths, so that the recurrence engine can use it in its hot loop.
///
/// Stored in 8 bytes, where three `Int`s took 24 (every DATE and DATE-TIME of a calendar's model
/// holds one): the year in 32 bits, the month and the day in 16. A part beyond those bounds
/// (±2,147,483,647 for the year, -32,768…32,767 for the month and the day), which no calendar
/// date has, is kept as the nearest bound.
public struct CivilDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    private var storedYear: Int32
    private var storedMonth: Int16
    private var storedDay: Int16

    /// The year (proleptic Gregorian).
    public var year: Int {
        get { Int(storedYear) }
        set { storedYear = Int32(clamping: newValue) }
    }
    /// The month, 1–12.
    public var month: Int {
        get { Int(storedMonth) }
        set { storedMonth = Int16(clamping: newValue) }
    }
    /// The day of the month, 1–31.
    public var day: Int {
        get { Int(storedDay) }
        set { storedDay = Int16(clamping: newValue) }
    }

    /// The coded form: `year`, `month`, `day`, as when they were stored as `Int`s.
    private enum CodingKeys: String, CodingKey {
        case storedYear = "year", storedMonth = "month", storedDay = "day"
    }

    /// Creates a date from its parts; the parts are not checked (see ``isValid``).
    public init(year: Int, month: Int, day: Int) {
        storedYear = Int32(clamping: year)
        storedMonth = Int16(clamping: month)
        storedDay = Int16(clamping: day)
    }

    /// The date that lies `days` days after 1970-01-01 (negative: before).
    ///
    /// Uses Neri and Schneider's Euclidean affine algorithm (``parts(daysSinceEpoch:)``).
    public init(daysSinceEpoch days: Int) {
        let parts = Self.parts(daysSinceEpoch: days)
        self.init(year: parts.year, month: parts.month, day: parts.day)
    }

    /// The first and last day numbers that ``fastParts(daysSinceEpoch:)`` converts exactly (years
    /// -32,800 to 2,907,005): its 32-bit arithmetic does not overflow between them.
    static let fastDays = -12_699_422 ... 1_061_042_400

    /// Year, month and day of the day `days` after 1970-01-01: Neri and Schneider's algorithm
    /// within ``fastDays`` (every date a calendar writes), Hinnant's `civil_from_days` beyond.
    @inline(__always)
    static func parts(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        fastDays.contains(days) ? fastParts(daysSinceEpoch: days) : hinnantParts(daysSinceEpoch: days)
    }

    /// Neri and Schneider, "Euclidean affine functions and their application to calendar
    /// algorithms" (Software: Practice and Experience, 2023), figure 12, with their shift of 82
    /// 400-year cycles (s = 82) so that the day count is non-negative: a few 32-bit multiplications,
    /// no branch on the sign. Exact for `days` in ``fastDays`` only (a caller bug otherwise).
    @inline(__always)
    static func fastParts(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let cycles: UInt32 = 82
        let k: UInt32 = 719_468 + 146_097 * cycles, l: UInt32 = 400 * cycles
        let n = UInt32(truncatingIfNeeded: days &+ Int(k))
        // The century, and the day within it.
        let n1 = 4 &* n &+ 3
        let century = n1 / 146_097
        let dayOfCentury = n1 % 146_097 / 4
        // The year within the century, and the day within the year (from March 1).
        let n2 = 4 &* dayOfCentury &+ 3
        let p2 = UInt64(2_939_745) &* UInt64(n2)
        let yearOfCentury = UInt32(truncatingIfNeeded: p2 >> 32)
        let dayOfYear = UInt32(truncatingIfNeeded: p2) / 2_939_745 / 4
        // Month (3…14, from March) and day.
        let n3 = 2141 &* dayOfYear &+ 197_913
        let month = n3 >> 16, day = (n3 & 0xFFFF) / 2141
        let january: UInt32 = dayOfYear >= 306 ? 1 : 0
        return (Int(100 &* century &+ yearOfCentury) - Int(l) + Int(january),
                Int(january == 1 ? month &- 12 : month), Int(day) + 1)
    }

    /// Howard Hinnant's `civil_from_days`, for every day number (the reference of ``fastParts(daysSinceEpoch:)``).
    static func hinnantParts(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// Days since 1970-01-01 (Hinnant's `days_from_civil`).
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The ISO weekday: 1 = Monday … 7 = Sunday.
    public var isoWeekday: Int {
        let d = daysSinceEpoch
        // 1970-01-01 was a Thursday (4).
        return ((d % 7 + 7) % 7 + 3) % 7 + 1
    }

    /// Whether the parts name a real day (month 1–12, day within the month).
    public var isValid: Bool {
        month >= 1 && month <= 12 && day >= 1 && day <= CivilDate.daysInMonth(year: year, month: month)
    }

    /// The day of the year, 1 for January 1.
    public var dayOfYear: Int {
        daysSinceEpoch - CivilDate(year: year, month: 1, day: 1).daysSinceEpoch + 1
    }

    /// The date `days` days later (earlier when negative).
    public func adding(days: Int) -> CivilDate {
        CivilDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// Whether `year` is a Gregorian leap year.
    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days of `month` in `year` (28–31).
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The number of days of `year` (365 or 366).
    public static func daysInYear(_ year: Int) -> Int { isLeapYear(year) ? 366 : 365 }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}

/// A wall-clock date and time with no zone attached (seconds resolution, as in iCalendar).
///
/// Stored in 8 bytes, where the `Int`s took 48 (every DATE-TIME of a calendar's model holds one,
/// and a zoned ``TimeValue`` is this and its TZID): one 64-bit word holding the year in 24 bits
/// and the month, the day, the hour, the minute and the second in 8 each, most significant
/// first, each offset so that it is stored as a non-negative number. So `==`, hashing and `<` on
/// the word are those on the parts in that order. A part beyond those bounds (±8,388,607 for the
/// year, -128…127 for the others: every value a two-digit field can write, 00–99), which no
/// wall time has, is kept as the nearest bound.
public struct CivilDateTime: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// year (bits 40–63), month (32–39), day (24–31), hour (16–23), minute (8–15), second (0–7).
    private var bits: UInt64

    /// A part clamped to `width` bits and offset by half their range (so that it is non-negative),
    /// at `shift`.
    @inline(__always)
    private static func field(_ value: Int, width: Int, at shift: Int) -> UInt64 {
        let half = 1 << (width - 1)
        return UInt64(min(max(value, -half), half - 1) + half) << shift
    }

    /// The part of `width` bits at `shift`, offset back.
    @inline(__always)
    private func part(width: Int, at shift: Int) -> Int {
        Int(truncatingIfNeeded: (bits >> shift) & (1 << width - 1)) - 1 << (width - 1)
    }

    /// Replaces the part of `width` bits at `shift` with `value` (clamped).
    @inline(__always)
    private mutating func setPart(_ value: Int, width: Int, at shift: Int) {
        bits = bits & ~((1 << width - 1) << shift) | Self.field(value, width: width, at: shift)
    }

    /// The date (its year kept within ±8,388,607 here).
    public var date: CivilDate {
        get { CivilDate(year: part(width: 24, at: 40), month: part(width: 8, at: 32), day: part(width: 8, at: 24)) }
        set {
            bits = bits & 0xFF_FFFF | Self.field(newValue.year, width: 24, at: 40)
                | Self.field(newValue.month, width: 8, at: 32) | Self.field(newValue.day, width: 8, at: 24)
        }
    }
    /// The hour, 0–23.
    public var hour: Int {
        get { part(width: 8, at: 16) }
        set { setPart(newValue, width: 8, at: 16) }
    }
    /// The minute, 0–59.
    public var minute: Int {
        get { part(width: 8, at: 8) }
        set { setPart(newValue, width: 8, at: 8) }
    }
    /// The second, 0–60 (60 only for a leap second, as RFC 5545 allows).
    public var second: Int {
        get { part(width: 8, at: 0) }
        set { setPart(newValue, width: 8, at: 0) }
    }

    /// The coded form: `date`, `hour`, `minute`, `second`, as when they were stored as `Int`s.
    private enum CodingKeys: String, CodingKey {
        case date, hour, minute, second
    }

    /// Decodes the coded form (parts beyond the bounds above are clamped, as by ``init(date:hour:minute:second:)``).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(date: try container.decode(CivilDate.self, forKey: .date),
                  hour: try container.decode(Int.self, forKey: .hour),
                  minute: try container.decode(Int.self, forKey: .minute),
                  second: try container.decode(Int.self, forKey: .second))
    }

    /// Encodes the coded form: `date`, `hour`, `minute`, `second`, in that order.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        try container.encode(hour, forKey: .hour)
        try container.encode(minute, forKey: .minute)
        try container.encode(second, forKey: .second)
    }

    /// A wall time from its stored word (each part already offset and within its bounds).
    @inline(__always)
    private init(bits: UInt64) { self.bits = bits }

    /// A wall time on `date`.
    public init(date: CivilDate, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        bits = Self.field(date.year, width: 24, at: 40) | Self.field(date.month, width: 8, at: 32)
            | Self.field(date.day, width: 8, at: 24) | Self.field(hour, width: 8, at: 16)
            | Self.field(minute, width: 8, at: 8) | Self.field(second, width: 8, at: 0)
    }

    /// A wall time from its fields.
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.init(date: CivilDate(year: year, month: month, day: day), hour: hour, minute: minute, second: second)
    }

    /// The wall time `seconds` seconds after 1970-01-01T00:00:00, counted as if every day had 86,400 seconds.
    public init(secondsSinceEpoch seconds: Int) {
        let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        let rest = seconds - days * 86_400
        if CivilDate.fastDays.contains(days) {
            // Every part is within its bounds (years -32,800…2,907,005): the bits are written
            // without clamping (the expansion makes one of these per instance).
            let parts = CivilDate.fastParts(daysSinceEpoch: days)
            let hour = rest / 3600, minute = rest % 3600 / 60, second = rest % 60
            self.init(bits: UInt64(parts.year + 1 << 23) << 40 | UInt64(parts.month + 128) << 32
                | UInt64(parts.day + 128) << 24 | UInt64(hour + 128) << 16 | UInt64(minute + 128) << 8 | UInt64(second + 128))
            return
        }
        self.init(date: CivilDate(daysSinceEpoch: days), hour: rest / 3600, minute: rest % 3600 / 60, second: rest % 60)
    }

    /// Seconds since 1970-01-01T00:00:00 of this wall time, as if it were UTC.
    public var secondsSinceEpoch: Int {
        date.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second
    }

    /// Orders by date, then hour, minute and second: the order of the offset parts in ``bits``.
    public static func < (lhs: CivilDateTime, rhs: CivilDateTime) -> Bool {
        lhs.bits < rhs.bits
    }

    /// `YYYY-MM-DDTHH:MM:SS`.
    public var description: String {
        "\(date)T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
    }
}

/// Zero-pads a non-negative integer to `width` digits (a minus sign is kept in front).
@inline(__always)
func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value.magnitude)
    let padded = digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    return value < 0 ? "-" + padded : padded
}
