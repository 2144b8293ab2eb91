/// Checks an RRULE value as written (RFC 5545 3.3.10): its syntax, the ranges of its
/// BY-parts, and which parts go with which FREQ. Works on the text, so that it also
/// explains rules libical rejects.
enum RuleTextChecker {
    private static let frequencies: Set<String> = ["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"]
    private static let weekdays: Set<String> = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
    private static let ranges: [String: (low: Int, high: Int, signed: Bool)] = [
        "BYSECOND": (0, 60, false), "BYMINUTE": (0, 59, false), "BYHOUR": (0, 23, false),
        "BYMONTHDAY": (1, 31, true), "BYYEARDAY": (1, 366, true), "BYWEEKNO": (1, 53, true),
        "BYMONTH": (1, 12, false), "BYSETPOS": (1, 366, true),
    ]
    private static let known: Set<String> = Set(ranges.keys).union(["FREQ", "UNTIL", "COUNT", "INTERVAL", "BYDAY", "WKST", "RSCALE", "SKIP"])

    /// The problems of one RRULE value, each with its code.
    /// - Complexity: O(n) in the value's length.
    static func problems(_ value: String) -> [(code: DiagnosticCode, message: String)] {
        var out: [(DiagnosticCode, String)] = []
        var parts: [String: String] = [:]
        for piece in value.split(separator: ";", omittingEmptySubsequences: true) {
            guard let eq = piece.firstIndex(of: "=") else {
                out.append((.invalidRecurrenceRule, "RRULE part \"\(piece)\" has no '='"))
                continue
            }
            let name = piece[..<eq].uppercased()
            let text = String(piece[piece.index(after: eq)...])
            guard known.contains(name) else {
                out.append((.invalidRecurrenceRule, "RRULE has an unknown part \(name)"))
                continue
            }
            if parts[name] != nil { out.append((.invalidRecurrenceRule, "RRULE has \(name) twice")) }
            parts[name] = text
        }
        guard let freq = parts["FREQ"]?.uppercased(), frequencies.contains(freq) else {
            out.append((.invalidRecurrenceRule, parts["FREQ"].map { "RRULE FREQ=\($0) is not a frequency" } ?? "RRULE has no FREQ"))
            return out
        }
        if let until = parts["UNTIL"] {
            let ok = Array(until.utf8).withUnsafeBufferPointer { ValueSyntax.isDate($0) || ValueSyntax.dateTime($0) != nil }
            if !ok { out.append((.invalidRecurrenceRule, "RRULE UNTIL=\(until) is not a DATE or DATE-TIME")) }
        }
        for name in ["COUNT", "INTERVAL"] {
            if let text = parts[name], !(Int(text).map { $0 >= 1 } ?? false) {
                out.append((.invalidRecurrenceRule, "RRULE \(name)=\(text) is not a positive integer"))
            }
        }
        if parts["COUNT"] != nil, parts["UNTIL"] != nil {
            out.append((.countAndUntil, "RRULE has both COUNT and UNTIL"))
        }
        for (name, range) in ranges.sorted(by: { $0.key < $1.key }) {
            guard let text = parts[name] else { continue }
            for item in text.split(separator: ",", omittingEmptySubsequences: false) {
                var digits = Substring(item)
                if name == "BYMONTH", parts["RSCALE"] != nil, digits.hasSuffix("L") { digits = digits.dropLast() }
                guard let n = Int(digits) else {
                    out.append((.invalidRecurrenceRule, "RRULE \(name) value \"\(item)\" is not a number"))
                    continue
                }
                let magnitude = range.signed ? abs(n) : n
                if magnitude < range.low || magnitude > range.high || (!range.signed && n < 0) {
                    let span = range.signed ? "±\(range.low)–\(range.high)" : "\(range.low)–\(range.high)"
                    out.append((.byPartOutOfRange, "RRULE \(name)=\(n) is outside \(span)"))
                }
            }
        }
        var hasOrdinal = false
        if let text = parts["BYDAY"] {
            for item in text.split(separator: ",", omittingEmptySubsequences: false) {
                let day = item.suffix(2).uppercased()
                let ordinal = item.dropLast(2)
                guard weekdays.contains(day), ordinal.isEmpty || Int(ordinal) != nil else {
                    out.append((.invalidRecurrenceRule, "RRULE BYDAY value \"\(item)\" is not a weekday such as MO or -1FR"))
                    continue
                }
                if let n = Int(ordinal) {
                    hasOrdinal = true
                    if n == 0 || abs(n) > 53 { out.append((.byPartOutOfRange, "RRULE BYDAY=\(item): the ordinal is outside ±1–53")) }
                }
            }
        }
        if let wkst = parts["WKST"], !weekdays.contains(wkst.uppercased()) {
            out.append((.invalidRecurrenceRule, "RRULE WKST=\(wkst) is not a weekday"))
        }
        func notAllowed(_ part: String, _ why: String) { out.append((.byPartNotAllowed, "RRULE \(part) \(why)")) }
        if parts["BYWEEKNO"] != nil, freq != "YEARLY" { notAllowed("BYWEEKNO", "is only allowed with FREQ=YEARLY, not \(freq)") }
        if parts["BYYEARDAY"] != nil, ["DAILY", "WEEKLY", "MONTHLY"].contains(freq) { notAllowed("BYYEARDAY", "is not allowed with FREQ=\(freq)") }
        if parts["BYMONTHDAY"] != nil, freq == "WEEKLY" { notAllowed("BYMONTHDAY", "is not allowed with FREQ=WEEKLY") }
        if hasOrdinal, freq != "MONTHLY", freq != "YEARLY" { notAllowed("BYDAY", "ordinals (2MO, -1FR) need FREQ=MONTHLY or YEARLY, not \(freq)") }
        if hasOrdinal, freq == "YEARLY", parts["BYWEEKNO"] != nil { notAllowed("BYDAY", "ordinals may not be used with BYWEEKNO") }
        if parts["BYSETPOS"] != nil, !parts.keys.contains(where: { $0.hasPrefix("BY") && $0 != "BYSETPOS" }) {
            notAllowed("BYSETPOS", "needs another BY-part to select from")
        }
        return out
    }
}
