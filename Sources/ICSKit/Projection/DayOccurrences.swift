import Foundation

/// The occurrences of each visible day: every occurrence placed on the days it covers,
/// clipped to the visible days, in a stable order (see ``OccurrencePlacement``).
///
/// Each day lists at most `maxPerDay` placements (the first ones in display order); the others
/// are only counted, so that the cost follows what a grid can draw.
///
/// Layout: each placed occurrence is a ``Slot`` of four integers (its index in the list given, its
/// days, its start); ``OccurrencePlacement`` values, which hold a copy of their occurrence, are
/// built only for what is asked for (a day's list, ``placements``, the multi-day ranges).
public struct DayOccurrences: Sendable {
    /// One placed occurrence: what the display and lane orders and the per-day lists need.
    struct Slot: Sendable {
        /// The position of the occurrence in the list given.
        var index: Int
        /// The serials of the first and last days it covers, not clipped.
        var first: Int, last: Int
        /// Its start instant, in seconds since 1970 (``OccurrencePlacement/startDate``).
        var start: Int

        var serials: ClosedRange<Int> { first...last }
    }

    /// The placements of the occurrences that touch the visible days, in display order.
    ///
    /// - Complexity: O(n): built on each call.
    public var placements: [OccurrencePlacement] {
        slots.indices.map(placement(at:))
    }

    /// The visible days.
    public let visibleDays: ClosedRange<CalendarDay>
    /// The most placements a day lists.
    public let maxPerDay: Int
    /// The occurrences given (their storage is shared, not copied).
    private let occurrences: [Occurrence]
    /// The placed occurrences, in display order.
    let slots: [Slot]
    /// The listed slot positions of each visible day, and how many cover it.
    private let days: DayLists
    private let visibleSerials: ClosedRange<Int>
    private let arithmetic: DayArithmetic
    /// The counts of the days from a serial, when they were counted over more occurrences than
    /// those given (``GridSample``): they replace the counts of the given ones.
    private let givenCounts: (first: Int, counts: [Int])?
    /// The rank of each slot's UID among those placed (``PlacementOrder/uidRanks``), for the lane order.
    let uidRanks: [Int32]

    /// Places `occurrences` on the days of `visibleDays` in `calendar`.
    ///
    /// - Parameters:
    ///   - includesCancelled: whether occurrences with STATUS:CANCELLED are shown (default: no).
    ///   - maxPerDay: the most occurrences a day lists (default: all); ``count(on:)`` counts them all.
    /// - Complexity: O(n log n + l) for n occurrences and l listed day slots (at most `maxPerDay` a day).
    public init(_ occurrences: [Occurrence], visibleDays: ClosedRange<CalendarDay>,
                calendar: Calendar, includesCancelled: Bool = false, maxPerDay: Int = .max) {
        let arithmetic = DayArithmetic(calendar)
        self.init(occurrences, visibleSerials: arithmetic.serial(of: visibleDays.lowerBound)...arithmetic.serial(of: visibleDays.upperBound),
                  arithmetic: arithmetic, includesCancelled: includesCancelled, maxPerDay: maxPerDay)
    }

    init(_ occurrences: [Occurrence], visibleSerials: ClosedRange<Int>, arithmetic: DayArithmetic, includesCancelled: Bool,
         maxPerDay: Int, counts givenCounts: (first: Int, counts: [Int])? = nil) {
        precondition(maxPerDay >= 1, "a day must list at least one occurrence")
        precondition(givenCounts.map { $0.first <= visibleSerials.lowerBound
            && visibleSerials.upperBound < $0.first + $0.counts.count } ?? true, "the given counts must cover the visible days")
        self.givenCounts = givenCounts
        var slots: [Slot] = []
        for index in occurrences.indices {
            // Read in place: the fields, not a copy of the occurrence or of its incidence.
            if !includesCancelled, occurrences[index].shared.value.status == .cancelled { continue }
            let span = OccurrencePlacement.span(start: occurrences[index].start, end: occurrences[index].end, arithmetic: arithmetic)
            guard span.last >= visibleSerials.lowerBound, span.first <= visibleSerials.upperBound else { continue }
            slots.append(Slot(index: index, first: span.first, last: span.last, start: span.start))
        }
        // Sorted on small keys (``PlacementOrder``).
        let order = PlacementOrder(slots, of: occurrences)
        let positions = order.displayOrder(slots, of: occurrences)
        slots = positions.map { [slots] in slots[$0] }
        self.uidRanks = positions.map { order.uidRanks[$0] }
        self.days = DayLists(slots, visible: visibleSerials, maxPerDay: maxPerDay)
        self.slots = slots
        self.occurrences = occurrences
        self.maxPerDay = maxPerDay
        self.visibleSerials = visibleSerials
        self.arithmetic = arithmetic
        self.visibleDays = arithmetic.day(atSerial: visibleSerials.lowerBound)...arithmetic.day(atSerial: visibleSerials.upperBound)
    }

    /// The placement of the slot at `position` (in display order).
    func placement(at position: Int) -> OccurrencePlacement {
        let slot = slots[position]
        return OccurrencePlacement(occurrences[slot.index], index: slot.index, serials: slot.serials, startSeconds: slot.start,
                                   arithmetic: arithmetic)
    }

    /// The occurrence of the slot at `position`.
    func occurrence(at position: Int) -> Occurrence {
        occurrences[slots[position].index]
    }

    /// The occurrences on `day`, in display order (empty outside the visible days), at most `maxPerDay`.
    public subscript(day: CalendarDay) -> [Occurrence] {
        positions(onSerial: arithmetic.serial(of: day)).map(occurrence(at:))
    }

    /// The placements on `day`, in display order, at most `maxPerDay`.
    public func placements(on day: CalendarDay) -> [OccurrencePlacement] {
        placements(onSerial: arithmetic.serial(of: day))
    }

    /// The placements on `day` whose ``OccurrencePlacement/index`` is not in `skipping`, in
    /// display order: only those are built (an agenda lists a multi-day occurrence once, and
    /// building a placement may ask the calendar for its days, as before 1583).
    package func placements(on day: CalendarDay, skipping: Set<Int>) -> [OccurrencePlacement] {
        guard !skipping.isEmpty else { return placements(on: day) }
        return positions(onSerial: arithmetic.serial(of: day)).compactMap { position in
            skipping.contains(slots[position].index) ? nil : placement(at: position)
        }
    }

    /// How many occurrences cover `day` (listed or not; 0 outside the visible days).
    ///
    /// - Complexity: O(log n).
    public func count(on day: CalendarDay) -> Int {
        count(onSerial: arithmetic.serial(of: day))
    }

    func placements(onSerial serial: Int) -> [OccurrencePlacement] {
        positions(onSerial: serial).map(placement(at:))
    }

    /// The slot positions listed on `serial`, in display order.
    func positions(onSerial serial: Int) -> [Int] {
        guard visibleSerials.contains(serial) else { return [] }
        return days.listed(onSerial: serial)
    }

    func count(onSerial serial: Int) -> Int {
        guard visibleSerials.contains(serial) else { return 0 }
        if let givenCounts { return givenCounts.counts[serial - givenCounts.first] }
        return days.count(onSerial: serial)
    }
}
