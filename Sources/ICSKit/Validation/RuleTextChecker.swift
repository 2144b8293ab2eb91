/// Checks an RRULE value as written (RFC 5545 3.3.10): its syntax, the ranges of its
/// BY-parts, and which parts go with which FREQ. Works on the value's bytes, so that it also
/// explains rules libical rejects, and costs no allocation for a rule without problems.
enum RuleTextChecker {
    typealias Bytes = UnsafeBufferPointer<UInt8>
    typealias Problem = (code: DiagnosticCode, message: String)

    /// The parts a rule may have (RFC 5545 3.3.10, RFC 7529), numbered for ``Parts``.
    private enum Part: Int, CaseIterable {
        case freq, until, count, interval, bySecond, byMinute, byHour, byDay, byMonthDay, byYearDay, byWeekNo, byMonth,
             bySetPos, wkst, rscale, skip

        var name: String { Part.names[rawValue] }

        private static let names = ["FREQ", "UNTIL", "COUNT", "INTERVAL", "BYSECOND", "BYMINUTE", "BYHOUR", "BYDAY", "BYMONTHDAY",
                                    "BYYEARDAY", "BYWEEKNO", "BYMONTH", "BYSETPOS", "WKST", "RSCALE", "SKIP"]

        /// The part whose name the bytes spell, in any case.
        init?(_ bytes: Bytes) {
            guard let part = Part.byName.first(where: { ContentLineSyntax.equalsIgnoringCase(bytes, $0.bytes) })?.part else { return nil }
            self = part
        }

        private static let byName: [(part: Part, bytes: [UInt8])] = allCases.map { ($0, Array($0.name.utf8)) }
    }

    /// The numeric BY-parts with their ranges, in the order their findings are reported.
    private static let ranges: [(part: Part, low: Int, high: Int, signed: Bool)] = [
        (.byHour, 0, 23, false), (.byMinute, 0, 59, false), (.byMonth, 1, 12, false), (.byMonthDay, 1, 31, true),
        (.bySecond, 0, 60, false), (.bySetPos, 1, 366, true), (.byWeekNo, 1, 53, true), (.byYearDay, 1, 366, true),
    ]
    private static let frequencies = ["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"].map { Array($0.utf8) }
    private static let weekdays = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"].map { Array($0.utf8) }

    /// Where each part's value is in the rule (the last one written, when a part repeats).
    private struct Parts {
        var ranges = [Range<Int>?](repeating: nil, count: Part.allCases.count)
        subscript(_ part: Part) -> Range<Int>? {
            get { ranges[part.rawValue] }
            set { ranges[part.rawValue] = newValue }
        }
    }

    /// The problems of one RRULE value, each with its code.
    static func problems(_ value: String) -> [Problem] {
        var value = value
        return value.withUTF8 { problems($0) }
    }

    /// The problems of one RRULE value, each with its code.
    /// - Complexity: O(n) in the value's length.
    static func problems(_ b: Bytes) -> [Problem] {
        var out: [Problem] = []
        func text(_ r: Range<Int>) -> String { String(decoding: Bytes(rebasing: b[r]), as: UTF8.self) }
        func upper(_ r: Range<Int>) -> String { ContentLineSyntax.upperASCII(Bytes(rebasing: b[r])) }
        func isOne(_ r: Range<Int>, of names: [[UInt8]]) -> Bool {
            names.contains { ContentLineSyntax.equalsIgnoringCase(Bytes(rebasing: b[r]), $0) }
        }

        var parts = Parts()
        var start = 0
        // An empty RRULE is read as no rule (``RuleRepair``).
        if b.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return [(.emptyRecurrenceRule, "empty RRULE: read as no rule")] }
        for end in 0...b.count where end == b.count || b[end] == 0x3B {
            defer { start = end + 1 }
            guard end > start else { continue }
            guard let eq = b[start..<end].firstIndex(of: 0x3D) else {
                out.append((.invalidRecurrenceRule, "RRULE part \"\(text(start..<end))\" has no '='"))
                continue
            }
            guard let part = Part(Bytes(rebasing: b[start..<eq])) else {
                out.append((.invalidRecurrenceRule, "RRULE has an unknown part \(upper(start..<eq))"))
                continue
            }
            if let earlier = parts[part] {
                // The same value twice is read once (``RuleRepair``); two different values make the rule unreadable.
                if RuleRepair.isSameValue(Substring(text(earlier)), Substring(text((eq + 1)..<end))) {
                    out.append((.repeatedRulePart, "RRULE has \(part.name)=\(text(earlier)) twice; read once"))
                } else {
                    out.append((.invalidRecurrenceRule, "RRULE has \(part.name) twice, with different values"))
                }
            }
            parts[part] = (eq + 1)..<end
        }
        guard let freqRange = parts[.freq], isOne(freqRange, of: frequencies) else {
            out.append((.invalidRecurrenceRule, parts[.freq].map { "RRULE FREQ=\(text($0)) is not a frequency" } ?? "RRULE has no FREQ"))
            return out
        }
        let freq = upper(freqRange)
        if let until = parts[.until] {
            let bytes = Bytes(rebasing: b[until])
            if !ValueSyntax.isDate(bytes), ValueSyntax.dateTime(bytes) == nil {
                out.append((.invalidRecurrenceRule, "RRULE UNTIL=\(text(until)) is not a DATE or DATE-TIME"))
            }
        }
        if let r = parts[.count], let count = integer(b, r), RuleRepair.ignoresCount(count) {
            out.append((.countNotPositive, "RRULE COUNT=\(text(r)) is read as no COUNT"))
            parts[.count] = nil
        }
        for part in [Part.count, .interval] {
            if let r = parts[part], !(integer(b, r).map { $0 >= 1 } ?? false) {
                out.append((.invalidRecurrenceRule, "RRULE \(part.name)=\(text(r)) is not a positive integer"))
            }
        }
        if parts[.count] != nil, parts[.until] != nil {
            out.append((.countAndUntil, "RRULE has both COUNT and UNTIL"))
        }
        for range in ranges {
            guard let r = parts[range.part] else { continue }
            var itemStart = r.lowerBound
            for itemEnd in r.lowerBound...r.upperBound where itemEnd == r.upperBound || b[itemEnd] == 0x2C {
                defer { itemStart = itemEnd + 1 }
                var digits = itemStart..<itemEnd
                if range.part == .byMonth, parts[.rscale] != nil, !digits.isEmpty, b[digits.upperBound - 1] == 0x4C {
                    digits = digits.lowerBound..<(digits.upperBound - 1)
                }
                guard let n = integer(b, digits) else {
                    out.append((.invalidRecurrenceRule, "RRULE \(range.part.name) value \"\(text(itemStart..<itemEnd))\" is not a number"))
                    continue
                }
                let magnitude = range.signed ? abs(n) : n
                if magnitude < range.low || magnitude > range.high || (!range.signed && n < 0) {
                    let span = range.signed ? "±\(range.low)–\(range.high)" : "\(range.low)–\(range.high)"
                    out.append((.byPartOutOfRange, "RRULE \(range.part.name)=\(n) is outside \(span)"))
                }
            }
        }
        var hasOrdinal = false
        if let r = parts[.byDay] {
            var itemStart = r.lowerBound
            for itemEnd in r.lowerBound...r.upperBound where itemEnd == r.upperBound || b[itemEnd] == 0x2C {
                defer { itemStart = itemEnd + 1 }
                let item = itemStart..<itemEnd
                let ordinal = itemStart..<max(itemStart, itemEnd - 2)
                guard item.count >= 2, isOne((itemEnd - 2)..<itemEnd, of: weekdays), ordinal.isEmpty || integer(b, ordinal) != nil else {
                    out.append((.invalidRecurrenceRule, "RRULE BYDAY value \"\(text(item))\" is not a weekday such as MO or -1FR"))
                    continue
                }
                if let n = integer(b, ordinal) {
                    hasOrdinal = true
                    if n == 0 || abs(n) > 53 { out.append((.byPartOutOfRange, "RRULE BYDAY=\(text(item)): the ordinal is outside ±1–53")) }
                }
            }
        }
        if let r = parts[.wkst], !isOne(r, of: weekdays) {
            out.append((.invalidRecurrenceRule, "RRULE WKST=\(text(r)) is not a weekday"))
        }
        func notAllowed(_ part: String, _ why: String) { out.append((.byPartNotAllowed, "RRULE \(part) \(why)")) }
        if parts[.byWeekNo] != nil, freq != "YEARLY" { notAllowed("BYWEEKNO", "is only allowed with FREQ=YEARLY, not \(freq)") }
        if parts[.byYearDay] != nil, ["DAILY", "WEEKLY", "MONTHLY"].contains(freq) { notAllowed("BYYEARDAY", "is not allowed with FREQ=\(freq)") }
        if parts[.byMonthDay] != nil, freq == "WEEKLY" { notAllowed("BYMONTHDAY", "is not allowed with FREQ=WEEKLY") }
        if hasOrdinal, freq != "MONTHLY", freq != "YEARLY" { notAllowed("BYDAY", "ordinals (2MO, -1FR) need FREQ=MONTHLY or YEARLY, not \(freq)") }
        if hasOrdinal, freq == "YEARLY", parts[.byWeekNo] != nil { notAllowed("BYDAY", "ordinals may not be used with BYWEEKNO") }
        let selectors: [Part] = [.bySecond, .byMinute, .byHour, .byDay, .byMonthDay, .byYearDay, .byWeekNo, .byMonth]
        if parts[.bySetPos] != nil, !selectors.contains(where: { parts[$0] != nil }) {
            notAllowed("BYSETPOS", "needs another BY-part to select from")
        }
        return out
    }

    /// An optional sign and 1–18 digits, as a number; nil otherwise.
    private static func integer(_ b: Bytes, _ r: Range<Int>) -> Int? {
        var i = r.lowerBound
        var sign = 1
        if i < r.upperBound, b[i] == 0x2B || b[i] == 0x2D { sign = b[i] == 0x2D ? -1 : 1; i += 1 }
        guard i < r.upperBound, r.upperBound - i <= 18 else { return nil }
        var n = 0
        while i < r.upperBound {
            guard ValueSyntax.isDigit(b[i]) else { return nil }
            n = n * 10 + Int(b[i] - 0x30)
            i += 1
        }
        return sign * n
    }
}
