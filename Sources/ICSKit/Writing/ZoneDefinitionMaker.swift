import Foundation

/// Builds a VTIMEZONE from the system's zone data (tzdata, through Foundation's `TimeZone`) for
/// a span of years, as Python icalendar's `add_missing_timezones()` does, so that a client that
/// knows no IANA or Windows names reads the same times.
///
/// Each change of offset in the span is an onset. The onsets of one kind (STANDARD or DAYLIGHT)
/// with the same offsets and name that fall, year after year, on the same weekday of the same
/// week of the same month at the same time become one observance with a yearly RRULE (BYMONTH,
/// BYDAY `2SU` or `-1SU`), without UNTIL when the run reaches the span's last year (so that a
/// series that goes on is read right beyond it); the others are listed as RDATEs. The first
/// observance starts on the span's first day with the offset then in force.
enum ZoneDefinitionMaker {
    /// One change of offset: its local time in the offset before it, and the offsets.
    private struct Onset {
        var local: CivilDateTime
        var from: Int
        var to: Int
        var daylight: Bool
        var name: String
    }

    /// The most changes read for one zone (real zones have at most two a year).
    static let onsetLimit = 2_000

    /// A VTIMEZONE with `tzid` as its TZID for `zone`'s offsets over `years`.
    /// - Complexity: O(changes in the span).
    static func definition(tzid: String, zone: TimeZone, years: ClosedRange<Int>) -> TimeZoneDefinition {
        let startSeconds = CivilDate(year: years.lowerBound, month: 1, day: 1).daysSinceEpoch * 86_400
        let endSeconds = CivilDate(year: years.upperBound + 1, month: 1, day: 1).daysSinceEpoch * 86_400
        var cursor = Date(timeIntervalSince1970: TimeInterval(startSeconds))
        let initialOffset = zone.secondsFromGMT(for: cursor)
        var onsets: [Onset] = []
        var previous = initialOffset
        while onsets.count < onsetLimit, let next = zone.nextDaylightSavingTimeTransition(after: cursor),
              next > cursor, next.timeIntervalSince1970 < TimeInterval(endSeconds) {
            let offset = zone.secondsFromGMT(for: next)
            if offset != previous {
                let at = Int(next.timeIntervalSince1970.rounded(.down))
                onsets.append(Onset(local: CivilDateTime(secondsSinceEpoch: at + previous), from: previous, to: offset,
                                    daylight: zone.isDaylightSavingTime(for: next),
                                    name: zone.abbreviation(for: next) ?? ValueText.utcOffset(offset)))
                previous = offset
            }
            cursor = next
        }
        let first = Date(timeIntervalSince1970: TimeInterval(startSeconds))
        var observances = [TimeZoneDefinition.Observance(
            kind: zone.isDaylightSavingTime(for: first) ? .daylight : .standard,
            start: CivilDateTime(secondsSinceEpoch: startSeconds + initialOffset),
            offsetFrom: initialOffset, offsetTo: initialOffset,
            names: [zone.abbreviation(for: first) ?? ValueText.utcOffset(initialOffset)])]
        observances += grouped(onsets, lastYear: years.upperBound)
        var otherProperties: [Property] = []
        if zone.identifier != tzid {
            otherProperties.append(Property(name: "X-LIC-LOCATION", value: zone.identifier))
        }
        return TimeZoneDefinition(tzid: tzid, observances: observances, otherProperties: otherProperties)
    }

    /// The observances of the onsets: yearly runs as rules, the rest as RDATE lists.
    private static func grouped(_ onsets: [Onset], lastYear: Int) -> [TimeZoneDefinition.Observance] {
        struct Key: Hashable { var from: Int, to: Int, daylight: Bool, name: String }
        var byKey: [Key: [Onset]] = [:]
        var keys: [Key] = []
        for onset in onsets {
            let key = Key(from: onset.from, to: onset.to, daylight: onset.daylight, name: onset.name)
            if byKey[key] == nil { keys.append(key) }
            byKey[key, default: []].append(onset)
        }
        var result: [TimeZoneDefinition.Observance] = []
        for key in keys {
            let group = byKey[key]!
            func observance(_ start: CivilDateTime) -> TimeZoneDefinition.Observance {
                TimeZoneDefinition.Observance(kind: key.daylight ? .daylight : .standard, start: start,
                                              offsetFrom: key.from, offsetTo: key.to, names: [key.name])
            }
            var leftovers: [CivilDateTime] = []
            var index = 0
            while index < group.count {
                var end = index + 1
                while end < group.count, let pattern = yearlyPattern(group[index].local),
                      yearlyPattern(group[end].local) == pattern,
                      group[end].local.date.year == group[end - 1].local.date.year + 1 {
                    end += 1
                }
                if end - index >= 3, let pattern = yearlyPattern(group[index].local) {
                    var rule = RecurrenceRule(frequency: .yearly)
                    rule.byMonth = [RecurrenceRule.MonthNumber(pattern.month)]
                    rule.byDay = [RecurrenceRule.WeekdayNumber(pattern.weekday, ordinal: pattern.ordinal)]
                    let last = group[end - 1]
                    if last.local.date.year < lastYear {
                        rule.until = .utc(CivilDateTime(secondsSinceEpoch: last.local.secondsSinceEpoch - last.from))
                    }
                    var made = observance(group[index].local)
                    made.recurrenceRule = rule
                    result.append(made)
                } else {
                    leftovers += group[index..<end].map(\.local)
                }
                index = end
            }
            if let first = leftovers.first {
                var made = observance(first)
                made.recurrenceDates = Array(leftovers.dropFirst())
                result.append(made)
            }
        }
        return result.sorted { $0.start < $1.start }
    }

    /// The yearly rule an onset follows: its month, weekday and week of the month (`-1` for the
    /// last when it is in the last seven days), and its time.
    private struct Pattern: Equatable {
        var month: Int, weekday: Weekday, ordinal: Int, hour: Int, minute: Int, second: Int
    }

    private static func yearlyPattern(_ local: CivilDateTime) -> Pattern? {
        let date = local.date
        let weekday = date.weekday
        let days = CivilDate.daysInMonth(year: date.year, month: date.month)
        let ordinal = date.day + 7 > days ? -1 : (date.day - 1) / 7 + 1
        guard ordinal == -1 || ordinal <= 4 else { return nil }
        return Pattern(month: date.month, weekday: weekday, ordinal: ordinal, hour: local.hour, minute: local.minute, second: local.second)
    }
}
