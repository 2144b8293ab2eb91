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
        let zone = arithmetic.zone
        let first: Int
        let last: Int
        let startDate = occurrence.start.date(in: zone)
        switch (occurrence.start, occurrence.end) {
        case (.date(let start), .date(let end)):
            first = start.daysSinceEpoch
            last = max(first, end.daysSinceEpoch - 1)
        case (.date(let start), _):
            first = start.daysSinceEpoch
            last = max(first, Self.lastSerial(before: occurrence.end.date(in: zone), arithmetic: arithmetic))
        default:
            first = arithmetic.serial(containing: startDate)
            let endDate = occurrence.end.date(in: zone)
            last = endDate > startDate ? max(first, Self.lastSerial(before: endDate, arithmetic: arithmetic)) : first
        }
        self.index = index
        self.occurrence = occurrence
        self.startDate = startDate
        self.serials = first...last
        self.days = arithmetic.day(atSerial: first)...arithmetic.day(atSerial: last)
    }

    /// The serial of the day that holds the last instant before `end`.
    private static func lastSerial(before end: Date, arithmetic: DayArithmetic) -> Int {
        let serial = arithmetic.serial(containing: end)
        return arithmetic.startDate(ofSerial: serial) == end ? serial - 1 : serial
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

/// The occurrences of each visible day: every occurrence placed on the days it covers,
/// clipped to the visible days, in a stable order (see ``OccurrencePlacement``).
///
/// Each day lists at most `maxPerDay` placements (the first ones in display order); the others
/// are only counted, so that the cost follows what a grid can draw.
public struct DayOccurrences: Sendable {
    /// The placements of the occurrences that touch the visible days, in display order.
    public private(set) var placements: [OccurrencePlacement]
    /// The visible days.
    public let visibleDays: ClosedRange<CalendarDay>
    /// The most placements a day lists.
    public let maxPerDay: Int
    /// Day serial → positions in `placements` (at most `maxPerDay`).
    private var bySerial: [Int: [Int]]
    /// The clipped first and last serials of every placement, each sorted: a day's count is
    /// the firsts at or before it minus the lasts before it.
    private let firsts: [Int], lasts: [Int]
    private let visibleSerials: ClosedRange<Int>
    private let arithmetic: DayArithmetic
    /// The rank of each placement's UID among those placed (``PlacementOrder/uidRanks``), for the lane order.
    let uidRanks: [Int32]

    /// Places `occurrences` on the days of `visibleDays` in `calendar`.
    ///
    /// - Parameters:
    ///   - includeCancelled: whether occurrences with STATUS:CANCELLED are shown (default: no).
    ///   - maxPerDay: the most occurrences a day lists (default: all); ``count(on:)`` counts them all.
    /// - Complexity: O(n log n + l) for n occurrences and l listed day slots (at most `maxPerDay` a day).
    public init(_ occurrences: [Occurrence], visibleDays: ClosedRange<CalendarDay>,
                calendar: Calendar, includeCancelled: Bool = false, maxPerDay: Int = .max) {
        let arithmetic = DayArithmetic(calendar)
        self.init(occurrences, visibleSerials: arithmetic.serial(of: visibleDays.lowerBound)...arithmetic.serial(of: visibleDays.upperBound),
                  arithmetic: arithmetic, includeCancelled: includeCancelled, maxPerDay: maxPerDay)
    }

    init(_ occurrences: [Occurrence], visibleSerials: ClosedRange<Int>, arithmetic: DayArithmetic, includeCancelled: Bool,
         maxPerDay: Int) {
        precondition(maxPerDay >= 1, "a day must list at least one occurrence")
        var placements: [OccurrencePlacement] = []
        for (index, occurrence) in occurrences.enumerated() where includeCancelled || !occurrence.incidence.isCancelled {
            let placement = OccurrencePlacement(occurrence, index: index, arithmetic: arithmetic)
            if placement.serials.overlaps(visibleSerials) { placements.append(placement) }
        }
        // Sorted on small keys (``PlacementOrder``): no placement is copied during the sort.
        let order = PlacementOrder(placements)
        let positions = order.displayOrder(placements)
        placements = positions.map { [placements] in placements[$0] }
        self.uidRanks = positions.map { order.uidRanks[$0] }
        var bySerial: [Int: [Int]] = [:]
        var open = OpenDays()
        var firsts: [Int] = [], lasts: [Int] = []
        firsts.reserveCapacity(placements.count)
        lasts.reserveCapacity(placements.count)
        for (position, placement) in placements.enumerated() {
            let clipped = placement.serials.clamped(to: visibleSerials)
            firsts.append(clipped.lowerBound)
            lasts.append(clipped.upperBound)
            var serial = open.firstOpen(from: clipped.lowerBound)
            while serial <= clipped.upperBound {
                bySerial[serial, default: []].append(position)
                if bySerial[serial]!.count >= maxPerDay { open.close(serial) }
                serial = open.firstOpen(from: serial + 1)
            }
        }
        self.placements = placements
        self.bySerial = bySerial
        self.firsts = firsts.sorted()
        self.lasts = lasts.sorted()
        self.maxPerDay = maxPerDay
        self.visibleSerials = visibleSerials
        self.arithmetic = arithmetic
        self.visibleDays = arithmetic.day(atSerial: visibleSerials.lowerBound)...arithmetic.day(atSerial: visibleSerials.upperBound)
    }

    /// The occurrences on `day`, in display order (empty outside the visible days), at most `maxPerDay`.
    public subscript(day: CalendarDay) -> [Occurrence] {
        placements(onSerial: arithmetic.serial(of: day)).map(\.occurrence)
    }

    /// The placements on `day`, in display order, at most `maxPerDay`.
    public func placements(on day: CalendarDay) -> [OccurrencePlacement] {
        placements(onSerial: arithmetic.serial(of: day))
    }

    /// How many occurrences cover `day` (listed or not; 0 outside the visible days).
    ///
    /// - Complexity: O(log n).
    public func count(on day: CalendarDay) -> Int {
        count(onSerial: arithmetic.serial(of: day))
    }

    func placements(onSerial serial: Int) -> [OccurrencePlacement] {
        (bySerial[serial] ?? []).map { placements[$0] }
    }

    func count(onSerial serial: Int) -> Int {
        guard visibleSerials.contains(serial) else { return 0 }
        return Self.countNotAfter(serial, in: firsts) - Self.countNotAfter(serial - 1, in: lasts)
    }

    /// How many of the sorted `values` are at most `value`.
    private static func countNotAfter(_ value: Int, in values: [Int]) -> Int {
        var low = 0, high = values.count
        while low < high {
            let mid = (low + high) >> 1
            if values[mid] <= value { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
