import Foundation
import ICSKit

/// Occurrences of the events that do not recur, for the month shown.
///
/// A stand-in until ICSKit's expansion API (occurrences of every event in an interval,
/// RRULE included) lands: then `main.swift` asks the library instead, and this file goes.
enum SingleEvents {
    /// The non-recurring, non-override events of `calendar` as occurrences (calendar `index`),
    /// and how many recurring series were left out.
    static func occurrences(of calendar: ICalendar, index: Int) -> (occurrences: [Occurrence], skippedSeries: Int) {
        var out: [Occurrence] = []
        var skipped = 0
        for event in calendar.events {
            if event.isRecurring { skipped += 1; continue }
            guard event.recurrenceID == nil, let start = event.start else { continue }
            let begin = time(start)
            let end: OccurrenceTime
            if let dtend = event.end {
                end = time(dtend)
            } else if let duration = event.duration {
                end = adding(duration, to: start)
            } else if case .date(let day) = start {
                end = .date(day.adding(days: 1))
            } else {
                end = begin
            }
            out.append(Occurrence(incidence: event, calendarIndex: index, start: begin, end: end))
        }
        return (out, skipped)
    }

    private static func time(_ value: TimeValue) -> OccurrenceTime {
        switch value {
        case .date(let day): return .date(day)
        case .floating(let t): return .floating(t)
        case .utc(let t): return .instant(secondsSinceEpoch: t.secondsSinceEpoch, utcOffset: 0, zone: nil)
        case .zoned(let t, let tzid):
            guard let zone = TimeZone(identifier: tzid) else { return .floating(t) }
            // Wall time → instant: the offset at the wall time read as UTC is close enough for a stand-in.
            let guess = Date(timeIntervalSince1970: TimeInterval(t.secondsSinceEpoch))
            let offset = zone.secondsFromGMT(for: guess)
            return .instant(secondsSinceEpoch: t.secondsSinceEpoch - offset, utcOffset: offset, zone: tzid)
        }
    }

    private static func adding(_ duration: ICSDuration, to start: TimeValue) -> OccurrenceTime {
        switch start {
        case .date(let day): return .date(day.adding(days: duration.nominalDays))
        case .floating(let t):
            return .floating(CivilDateTime(secondsSinceEpoch: t.secondsSinceEpoch + duration.approximateSeconds))
        case .utc(let t):
            return .instant(secondsSinceEpoch: t.secondsSinceEpoch + duration.approximateSeconds, utcOffset: 0, zone: nil)
        case .zoned:
            guard case .instant(let seconds, let offset, let zone) = time(start) else { return time(start) }
            return .instant(secondsSinceEpoch: seconds + duration.approximateSeconds, utcOffset: offset, zone: zone)
        }
    }
}
