extension SimpleLineReader {
    /// An RRULE value (RFC 5545 3.3.10) of the parts most feeds write, read in Swift to the rule
    /// libical 3.0.16's `icalrecurrencetype_from_string` gives for it, or nil when libical must read it.
    ///
    /// Taken: `FREQ` (required), `INTERVAL` (1–999), `COUNT` (1–999999) or `UNTIL` (not both; a
    /// real DATE, floating DATE-TIME or UTC DATE-TIME), `BYDAY` with up to seven different weekdays
    /// (an ordinal of 1–5 or −1 to −5 only with `FREQ=MONTHLY` or `YEARLY`), `BYMONTHDAY` (1–31,
    /// −31 to −1) and `BYMONTH` (1–12) lists of at most ``maxListValues``, and `WKST`; each at most
    /// once, names and values in upper case, no blank, sign `+` or empty part. Everything else
    /// (BYSETPOS, BYHOUR, a weekday named twice in BYDAY, RSCALE …) goes to libical, and with it
    /// any rule that libical might report or change.
    ///
    /// Several BYDAY weekdays are put in the order libical 3.0.16 gives them
    /// (``sortedLikeLibical(_:weekStart:)``).
    /// - Complexity: O(n) in the value's length.
    static func recurrenceRule(_ value: UnsafeBufferPointer<UInt8>) -> RecurrenceRule? {
        var frequency: RecurrenceRule.Frequency?
        var interval: Int?, count: Int?, until: TimeValue?, weekStart: Weekday?
        var byDay: [RecurrenceRule.WeekdayNumber]?, byMonthDay: [Int]?, byMonth: [RecurrenceRule.MonthNumber]?
        var start = 0
        while true {
            var end = start
            while end < value.count, value[end] != 0x3B { end += 1 }  // ;
            var equals = start
            while equals < end, value[equals] != 0x3D { equals += 1 }  // =
            guard equals > start, equals + 1 < end else { return nil }
            let name = UnsafeBufferPointer(rebasing: value[start..<equals])
            let text = UnsafeBufferPointer(rebasing: value[(equals + 1)..<end])
            switch name.count {
            case 4 where spells(name, "FREQ"):
                guard frequency == nil, text.count <= 8,
                      let f = RecurrenceRule.Frequency(rawValue: String(decoding: text, as: UTF8.self)) else { return nil }
                frequency = f
            case 8 where spells(name, "INTERVAL"):
                guard interval == nil, let n = number(text, maxDigits: 3), n > 0 else { return nil }
                interval = n
            case 5 where spells(name, "COUNT"):
                guard count == nil, let n = number(text, maxDigits: 6), n > 0 else { return nil }
                count = n
            case 5 where spells(name, "UNTIL"):
                guard until == nil, let t = time(text, TimeForm(type: text.count == 8 ? "DATE" : nil)) else { return nil }
                until = t
            case 5 where spells(name, "BYDAY"):
                guard byDay == nil, let days = weekdayNumbers(text) else { return nil }
                byDay = days
            case 10 where spells(name, "BYMONTHDAY"):
                guard byMonthDay == nil, let days = list(text, { signed($0, max: 31) }) else { return nil }
                byMonthDay = days
            case 7 where spells(name, "BYMONTH"):
                guard byMonth == nil, let months = list(text, { number($0, maxDigits: 2).flatMap { (1...12).contains($0) ? $0 : nil } })
                else { return nil }
                byMonth = months.map { RecurrenceRule.MonthNumber($0) }
            case 4 where spells(name, "WKST"):
                guard weekStart == nil, let day = weekday(text) else { return nil }
                weekStart = day
            default:
                return nil
            }
            if end == value.count { break }
            start = end + 1
        }
        guard let frequency, count == nil || until == nil else { return nil }
        // An ordinal weekday only where RFC 5545 gives it a meaning (3.3.10: MONTHLY, YEARLY).
        if let byDay, frequency != .monthly, frequency != .yearly, byDay.contains(where: { $0.ordinal != nil }) { return nil }
        let firstWeekday = weekStart ?? .monday
        return RecurrenceRule(frequency: frequency, interval: interval ?? 1, count: count, until: until,
                              byDay: byDay.map { sortedLikeLibical($0, weekStart: firstWeekday) } ?? [],
                              byMonthDay: byMonthDay ?? [], byMonth: byMonth ?? [], weekStart: firstWeekday)
    }

    /// BYDAY's weekdays in libical 3.0.16's order: `icalrecurrencetype_from_string` sorts them
    /// (`sort_bydayrules`) by their distance from the week start, when it reads BYDAY (from the
    /// WKST read so far, Monday before one) and again when it reads WKST. Either way the last
    /// sort is by the rule's own WKST, and with no weekday named twice (``weekdayNumbers(_:)``)
    /// that order is the one order of that key: a sort here gives it.
    static func sortedLikeLibical(_ days: [RecurrenceRule.WeekdayNumber], weekStart: Weekday) -> [RecurrenceRule.WeekdayNumber] {
        guard days.count > 1 else { return days }
        return days.sorted { ($0.weekday.rawValue - weekStart.rawValue + 7) % 7 < ($1.weekday.rawValue - weekStart.rawValue + 7) % 7 }
    }

    /// The most values a BYMONTHDAY or BYMONTH list read in Swift holds.
    static let maxListValues = 12

    /// Whether `bytes` are the upper-case ASCII of `word` (no case folding: a lower-case part goes to libical).
    private static func spells(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        guard bytes.count == word.utf8CodeUnitCount else { return false }
        let letters = word.utf8Start
        for i in 0..<bytes.count where bytes[i] != letters[i] { return false }
        return true
    }

    /// 1 to `maxDigits` decimal digits, no sign.
    private static func number(_ text: UnsafeBufferPointer<UInt8>, maxDigits: Int) -> Int? {
        guard !text.isEmpty, text.count <= maxDigits else { return nil }
        var n = 0
        for b in text {
            guard b >= 0x30, b <= 0x39 else { return nil }
            n = n * 10 + Int(b - 0x30)
        }
        return n
    }

    /// 1…`max`, or −`max`…−1 with a leading `-`.
    private static func signed(_ text: UnsafeBufferPointer<UInt8>, max: Int) -> Int? {
        let negative = text.first == 0x2D
        guard let n = number(UnsafeBufferPointer(rebasing: text[(negative ? 1 : 0)...]), maxDigits: 2), n >= 1, n <= max else { return nil }
        return negative ? -n : n
    }

    /// Comma-separated values, 1 to ``maxListValues`` of them, each read by `value`.
    private static func list(_ text: UnsafeBufferPointer<UInt8>, _ value: (UnsafeBufferPointer<UInt8>) -> Int?) -> [Int]? {
        var out: [Int] = []
        var start = 0
        while true {
            var end = start
            while end < text.count, text[end] != 0x2C { end += 1 }  // ,
            guard out.count < maxListValues, let v = value(UnsafeBufferPointer(rebasing: text[start..<end])) else { return nil }
            out.append(v)
            if end == text.count { return out }
            start = end + 1
        }
    }

    /// A weekday's two letters (`MO` … `SU`).
    private static func weekday(_ text: UnsafeBufferPointer<UInt8>) -> Weekday? {
        guard text.count == 2 else { return nil }
        switch (text[0], text[1]) {
        case (0x53, 0x55): return .sunday  // SU
        case (0x4D, 0x4F): return .monday  // MO
        case (0x54, 0x55): return .tuesday  // TU
        case (0x57, 0x45): return .wednesday  // WE
        case (0x54, 0x48): return .thursday  // TH
        case (0x46, 0x52): return .friday  // FR
        case (0x53, 0x41): return .saturday  // SA
        default: return nil
        }
    }

    /// A BYDAY list: 1 to 7 entries (``weekdayNumber(_:)``), no weekday named twice (libical's sort
    /// of two entries of one weekday, `1MO,-1MO`, depends on where they stand: left to it).
    private static func weekdayNumbers(_ text: UnsafeBufferPointer<UInt8>) -> [RecurrenceRule.WeekdayNumber]? {
        var out: [RecurrenceRule.WeekdayNumber] = []
        var seen: UInt8 = 0
        var start = 0
        while true {
            var end = start
            while end < text.count, text[end] != 0x2C { end += 1 }  // ,
            guard let day = weekdayNumber(UnsafeBufferPointer(rebasing: text[start..<end])) else { return nil }
            let bit = UInt8(1) << UInt8(day.weekday.rawValue)
            guard seen & bit == 0 else { return nil }
            seen |= bit
            out.append(day)
            if end == text.count { return out }
            start = end + 1
        }
    }

    /// One BYDAY entry: a weekday, after an ordinal of one digit 1–5 with an optional `-`.
    private static func weekdayNumber(_ text: UnsafeBufferPointer<UInt8>) -> RecurrenceRule.WeekdayNumber? {
        guard text.count >= 2, let day = weekday(UnsafeBufferPointer(rebasing: text[(text.count - 2)...])) else { return nil }
        guard text.count > 2 else { return RecurrenceRule.WeekdayNumber(day) }
        guard let ordinal = signed(UnsafeBufferPointer(rebasing: text[..<(text.count - 2)]), max: 5),
              text.count == (ordinal < 0 ? 4 : 3) else { return nil }
        return RecurrenceRule.WeekdayNumber(day, ordinal: ordinal)
    }
}
