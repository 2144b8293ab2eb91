/// The iCalendar text of the model's typed values (RFC 5545 3.3), and the parameters that go
/// with them (`VALUE=DATE`, `TZID=…`).
enum ValueText {
    /// `20240610T090000`: a date-time's basic form, without `Z`.
    static func basic(_ t: CivilDateTime) -> String {
        date(t.date) + "T" + pad(t.hour, 2) + pad(t.minute, 2) + pad(t.second, 2)
    }

    /// `20240610`.
    static func date(_ d: CivilDate) -> String {
        pad(d.year, 4) + pad(d.month, 2) + pad(d.day, 2)
    }

    /// A DATE or DATE-TIME value as written after the colon: `20240610`, `20240610T090000`,
    /// `20240610T090000Z`, or the wall time of a zoned value (its TZID goes in a parameter).
    static func time(_ value: TimeValue) -> String {
        switch value {
        case .date(let d): return date(d)
        case .floating(let t), .zoned(let t, _): return basic(t)
        case .utc(let t): return basic(t) + "Z"
        }
    }

    /// The parameters a time value needs: `VALUE=DATE` for a date, `TZID=…` for a zoned one.
    static func parameters(_ value: TimeValue) -> [Parameter] {
        switch value {
        case .date: return [Parameter(name: "VALUE", value: "DATE")]
        case .zoned(_, let tzid): return [Parameter(name: "TZID", value: tzid)]
        case .floating, .utc: return []
        }
    }

    /// Whether two values are written with the same parameters (and so may share one line).
    static func sameForm(_ a: TimeValue, _ b: TimeValue) -> Bool {
        switch (a, b) {
        case (.date, .date), (.floating, .floating), (.utc, .utc): return true
        case (.zoned(_, let x), .zoned(_, let y)): return x == y
        default: return false
        }
    }

    /// A UTC offset (RFC 5545 3.3.14): `+0100`, `-0430`, `+053728` when it has seconds.
    static func utcOffset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let magnitude = abs(seconds)
        var text = sign + pad(magnitude / 3600, 2) + pad(magnitude / 60 % 60, 2)
        if magnitude % 60 != 0 { text += pad(magnitude % 60, 2) }
        return text
    }

    /// A FLOAT (RFC 5545 3.3.7): Swift's shortest text that reads back as the same `Double`,
    /// spelled without an exponent (which FLOAT does not allow): `1e+308` is a 1 and 308 zeros,
    /// `5e-324` a point, 323 zeros and a 5. Its digits are those of Swift's text, moved by the
    /// exponent, so the written value reads back as the same `Double`. A value that is not
    /// finite (a GEO of `nan` or `inf`, which FLOAT cannot spell) is written as Swift spells it.
    static func float(_ value: Double) -> String {
        let text = "\(value)"
        guard value.isFinite, let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else {
            return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        }
        return plainDecimal(mantissa: text[..<e], exponent: Int(text[text.index(after: e)...]) ?? 0)
    }

    /// `-1.25` × 10^`exponent` written out: the decimal point moved, zeros added where it leaves
    /// the digits, no trailing zeros after the point.
    private static func plainDecimal(mantissa: Substring, exponent: Int) -> String {
        let negative = mantissa.hasPrefix("-")
        let unsigned = negative ? mantissa.dropFirst() : mantissa
        let whole = unsigned.prefix { $0 != "." }
        let fraction = unsigned.dropFirst(whole.count).dropFirst()
        var digits = Array(whole + fraction)
        // Where the point goes among the digits.
        var point = whole.count + exponent
        if point <= 0 {
            digits.insert(contentsOf: repeatElement("0", count: 1 - point), at: 0)
            point = 1
        }
        if point >= digits.count {
            digits.append(contentsOf: repeatElement("0", count: point - digits.count))
            return (negative ? "-" : "") + String(digits)
        }
        var after = digits[point...]
        while after.last == "0" { after = after.dropLast() }
        let sign = negative ? "-" : ""
        return sign + String(digits[..<point]) + (after.isEmpty ? "" : "." + String(after))
    }

    /// GEO: `latitude;longitude`.
    static func geo(_ geo: Geo) -> String {
        float(geo.latitude) + ";" + float(geo.longitude)
    }
}
