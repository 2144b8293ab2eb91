import Foundation

/// A calendar with many occurrences on every day of a few months, from a seed (a linear
/// congruential generator, so the same seed gives the same text on every run): what a day list
/// capped at a few entries is compared on. Recurring events (DAILY or WEEKLY, ending by COUNT,
/// as scripts/gen_calendar.py's zoned-count shape), in UTC, in three other zones and floating,
/// some all-day, some running over midnight or for days, some cancelled; starts on the hour or
/// the half hour, so that many occurrences share a start; a few overridden instances.
public enum DenseCalendar {
    /// The calendar's text: `events` series starting in the months before `year`-`month`.
    public static func text(events: Int, seed: UInt64, year: Int = 2025, month: Int = 6) -> String {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let zones = ["America/New_York", "Europe/Berlin", "Asia/Kolkata"]
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ICSKit tests//dense//EN"]
        for index in 0..<events {
            // A start in the two months before the shown month, or in it.
            var startMonth = month - 2 + next(3), startYear = year
            if startMonth < 1 { startMonth += 12; startYear -= 1 }
            let day = 1 + next(28)
            let date = String(format: "%04d%02d%02d", startYear, startMonth, day)
            let time = String(format: "T%02d%02d00", 6 + next(14), next(2) * 30)
            let uid = String(format: "dense-%05d@example.org", index)
            lines += ["BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20250101T000000Z", "SUMMARY:\(["Standup", "Review", "Lunch", "Retro"][next(4)])"]
            // The start's parameters and value (the overrides' RECURRENCE-ID takes them too).
            let start: String
            switch next(10) {
            case 0:
                start = ";VALUE=DATE:\(date)"
                lines += ["DTSTART\(start)", next(3) == 0 ? "DURATION:P3D" : "DURATION:P1D"]
            case 1:
                start = ":\(date)\(time)"
                lines += ["DTSTART\(start)", "DURATION:PT\(1 + next(3))H"]
            case 2:
                start = ":\(date)\(time)Z"
                lines += ["DTSTART\(start)", "DURATION:P1DT2H"]
            default:
                start = ";TZID=\(zones[next(zones.count)]):\(date)\(time)"
                lines += ["DTSTART\(start)", "DURATION:PT\([30, 60, 90][next(3)])M"]
            }
            lines.append("RRULE:FREQ=\(next(3) == 0 ? "WEEKLY" : "DAILY");COUNT=\(10 + next(80))")
            if next(15) == 0 { lines.append("STATUS:CANCELLED") }
            lines.append("END:VEVENT")
            // The first instance moved to 05:00 (the same day) now and then.
            if next(20) == 0 && !start.hasPrefix(";VALUE=DATE") {
                let moved = start.replacingOccurrences(of: time, with: "T050000")
                lines += ["BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20250101T000000Z", "RECURRENCE-ID\(start)",
                          "DTSTART\(moved)", "DURATION:PT45M", "SUMMARY:Moved", "END:VEVENT"]
            }
        }
        lines.append("END:VCALENDAR")
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}
