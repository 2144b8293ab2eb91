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
    /// spelled without an exponent (which FLOAT does not allow).
    static func float(_ value: Double) -> String {
        let text = "\(value)"
        guard text.contains("e") || text.contains("E") else { return text.hasSuffix(".0") ? String(text.dropLast(2)) : text }
        // Rare (|value| < 1e-4 or ≥ 2^53): the digits written out in full.
        var digits = 1
        while digits < 40 {
            let candidate = formatFixed(value, digits: digits)
            if Double(candidate) == value { return candidate }
            digits += 1
        }
        return formatFixed(value, digits: 40)
    }

    private static func formatFixed(_ value: Double, digits: Int) -> String {
        // `String(format:)` needs Foundation; the decimal digits are few enough to build by hand.
        let negative = value < 0
        var magnitude = abs(value)
        let whole = magnitude.rounded(.towardZero)
        magnitude -= whole
        var text = negative ? "-" : ""
        text += whole < 1e18 ? String(Int64(whole)) : String(whole.description.prefix { $0 != "." && $0 != "e" })
        text += "."
        var fraction = ""
        for _ in 0..<digits {
            magnitude *= 10
            let digit = Int(magnitude.rounded(.towardZero))
            fraction += String(min(max(digit, 0), 9))
            magnitude -= Double(digit)
        }
        return text + fraction
    }

    /// GEO: `latitude;longitude`.
    static func geo(_ geo: Geo) -> String {
        float(geo.latitude) + ";" + float(geo.longitude)
    }
}
