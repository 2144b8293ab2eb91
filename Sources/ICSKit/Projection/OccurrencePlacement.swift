import Foundation

/// Where an occurrence falls on the days of a display calendar.
///
/// The rules, in the calendar's time zone:
/// - an all-day occurrence keeps its dates, whatever the zone; its end date is exclusive
///   (a missing or non-later end: one day);
/// - a timed occurrence covers every day from the one holding its start to the one holding
///   the last instant before its end: ending exactly at the start of a day does not touch
///   that day, crossing midnight touches both days;
/// - a zero-length occurrence (or one whose end is not after its start) covers its start day.
public struct OccurrencePlacement: Sendable, Hashable {
    /// Which occurrence, as an index into the list placed.
    public var index: Int
    /// The occurrence.
    public var occurrence: Occurrence
    /// Every day it covers, not clipped.
    public var days: ClosedRange<CalendarDay>
    /// Its start, as an instant in the display zone (an all-day start: the start of its day).
    public var startDate: Date
    /// Serial numbers of `days` (days since 1970-01-01, proleptic Gregorian).
    let serials: ClosedRange<Int>

    /// Whether it covers more than one day.
    public var isMultiDay: Bool { serials.count > 1 }

    /// The number of days it covers.
    public var dayCount: Int { serials.count }

    /// Places `occurrence` on the days of `calendar`.
    ///
    /// ```swift
    /// // 2024-03-09 22:00 → 2024-03-10 00:00 in New York: one day, the 9th.
    /// OccurrencePlacement(occurrence, index: 0, calendar: newYork).days // 2024-03-09...2024-03-09
    /// ```
    public init(_ occurrence: Occurrence, index: Int = 0, calendar: Calendar) {
        self.init(occurrence, index: index, arithmetic: DayArithmetic(calendar))
    }

    init(_ occurrence: Occurrence, index: Int, arithmetic: DayArithmetic) {
        let span = Self.span(start: occurrence.start, end: occurrence.end, arithmetic: arithmetic)
        self.init(occurrence, index: index, serials: span.first...span.last, startSeconds: span.start, arithmetic: arithmetic)
    }

    /// A placement whose days and start are known (``span(start:end:arithmetic:)``).
    init(_ occurrence: Occurrence, index: Int, serials: ClosedRange<Int>, startSeconds: Int, arithmetic: DayArithmetic) {
        self.index = index
        self.occurrence = occurrence
        self.startDate = Date(timeIntervalSince1970: TimeInterval(startSeconds))
        self.serials = serials
        self.days = arithmetic.day(atSerial: serials.lowerBound)...arithmetic.day(atSerial: serials.upperBound)
    }

    /// The first and last day serials an occurrence from `start` to `end` covers, and its start
    /// instant (seconds since 1970; an all-day or floating start read in the calendar's zone), by
    /// the rules above; integer arithmetic on the zone's offsets, no `Date` or `TimeZone` call.
    static func span(start: OccurrenceTime, end: OccurrenceTime, arithmetic: DayArithmetic) -> (first: Int, last: Int, start: Int) {
        let startSeconds = seconds(start, arithmetic)
        let first: Int
        let last: Int
        switch (start, end) {
        case (.date(let start), .date(let end)):
            first = start.daysSinceEpoch
            last = max(first, end.daysSinceEpoch - 1)
        case (.date(let start), _):
            first = start.daysSinceEpoch
            last = max(first, lastSerial(before: seconds(end, arithmetic), arithmetic: arithmetic))
        default:
            return span(startSeconds: startSeconds, endSeconds: seconds(end, arithmetic), arithmetic: arithmetic)
        }
        return (first, last, startSeconds)
    }

    /// ``span(start:end:arithmetic:)`` of a start that is not a date, and an end, as instants
    /// (seconds since 1970).
    static func span(startSeconds: Int, endSeconds: Int, arithmetic: DayArithmetic) -> (first: Int, last: Int, start: Int) {
        let first = arithmetic.serial(containingSeconds: startSeconds)
        let last = endSeconds > startSeconds ? max(first, lastSerial(before: endSeconds, arithmetic: arithmetic)) : first
        return (first, last, startSeconds)
    }

    /// The instant of `time` (as ``OccurrenceTime/date(in:)``), in seconds since 1970.
    private static func seconds(_ time: OccurrenceTime, _ arithmetic: DayArithmetic) -> Int {
        switch time {
        case .instant(let seconds, _, _): return seconds
        case .date(let date): return arithmetic.instant(ofWall: date.daysSinceEpoch * 86_400)
        case .floating(let wall): return arithmetic.instant(ofWall: wall.secondsSinceEpoch)
        }
    }

    /// The serial of the day that holds the last instant before `end` (seconds since 1970).
    private static func lastSerial(before end: Int, arithmetic: DayArithmetic) -> Int {
        let serial = arithmetic.serial(containingSeconds: end)
        return arithmetic.startSeconds(ofSerial: serial) == end ? serial - 1 : serial
    }

    /// The order in which occurrences are listed on a day and stacked in lanes: earlier
    /// first day first, then all-day before timed, then earlier start, then longer first,
    /// then by UID, then by summary, then by index (a total order, independent of hashing).
    static func precedes(_ a: OccurrencePlacement, _ b: OccurrencePlacement) -> Bool {
        if a.serials.lowerBound != b.serials.lowerBound { return a.serials.lowerBound < b.serials.lowerBound }
        if a.occurrence.isAllDay != b.occurrence.isAllDay { return a.occurrence.isAllDay }
        if a.startDate != b.startDate { return a.startDate < b.startDate }
        if a.serials.count != b.serials.count { return a.serials.count > b.serials.count }
        let uidA = a.occurrence.incidence.uid ?? "", uidB = b.occurrence.incidence.uid ?? ""
        if uidA != uidB { return uidA < uidB }
        let sumA = a.occurrence.incidence.summary ?? "", sumB = b.occurrence.incidence.summary ?? ""
        if sumA != sumB { return sumA < sumB }
        return a.index < b.index
    }
}
