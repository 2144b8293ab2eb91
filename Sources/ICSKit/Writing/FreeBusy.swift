import Foundation

/// Free/busy time for sharing availability without the details (RFC 5545 3.6.4, 3.8.2.6): from
/// the calendars' occurrences in a range, only when they are busy, nothing of their titles,
/// places, descriptions, attendees or UIDs.
///
/// An occurrence counts when it is an event (todos and journals do not block time), not
/// cancelled and not TRANSPARENT; a TENTATIVE one is `BUSY-TENTATIVE`. All-day and floating
/// times are read in the viewer's zone. Overlapping and touching busy times of one kind are
/// joined into one period.
///
/// ```swift
/// let busy = FreeBusy(calendars: [work], from: start, to: end, viewerTimeZone: zone)
/// let text = ICSWriter().text(for: busy.calendar(asEvents: false))
/// ```
public struct FreeBusy: Sendable, Hashable {
    /// One busy period: UTC instants (seconds since 1970), `start < end`, and whether it is tentative.
    public struct Period: Sendable, Hashable {
        /// The start, in seconds since 1970 (UTC).
        public var start: Int
        /// The end (exclusive), in seconds since 1970 (UTC).
        public var end: Int
        /// Whether the time is only tentatively busy (STATUS:TENTATIVE).
        public var isTentative: Bool
    }

    /// The range asked for, in seconds since 1970 (UTC).
    public let start: Int
    /// The end of the range (exclusive).
    public let end: Int
    /// The busy periods, in order of start, clipped to the range.
    public let periods: [Period]

    /// What the expansion met: series cut at the instance limit, zones it could not resolve.
    public private(set) var diagnostics: [Diagnostic] = []

    /// The busy time of `calendars` over `start..<end`, from at most `instanceLimit` instances
    /// of each series (with a diagnostic in ``diagnostics`` past it).
    /// - Complexity: the expansion of the range, then O(n log n) in its occurrences.
    public init(calendars: [ICalendar], from start: Date, to end: Date, viewerTimeZone: TimeZone, instanceLimit: Int = 100_000) {
        self.start = Int(start.timeIntervalSince1970.rounded(.down))
        self.end = Int(end.timeIntervalSince1970.rounded(.up))
        var raw: [Period] = []
        // At most `instanceLimit` instances of one series (a SECONDLY rule over twelve weeks is
        // 7 million of them): past it, a recurrenceLimit diagnostic says the busy time stops there.
        var iterator = OccurrenceExpansion.Iterator(OccurrenceExpansion(calendars: calendars, from: start, to: end,
                                                                        viewerTimeZone: viewerTimeZone, instanceLimit: instanceLimit),
                                                    capped: true)
        while let occurrence = iterator.next() {
            let incidence = occurrence.incidence
            guard incidence.kind == .event, !incidence.isCancelled, incidence.transparency != .transparent else { continue }
            let from = max(Int(occurrence.start.date(in: viewerTimeZone).timeIntervalSince1970), self.start)
            let to = min(Int(occurrence.end.date(in: viewerTimeZone).timeIntervalSince1970), self.end)
            guard from < to else { continue }
            raw.append(Period(start: from, end: to, isTentative: incidence.status == .tentative))
        }
        diagnostics = iterator.diagnostics
        var joined: [Period] = []
        for tentative in [false, true] {
            var current: Period?
            for period in raw.filter({ $0.isTentative == tentative }).sorted(by: { $0.start < $1.start }) {
                if var open = current, period.start <= open.end {
                    open.end = max(open.end, period.end)
                    current = open
                } else {
                    if let open = current { joined.append(open) }
                    current = period
                }
            }
            if let open = current { joined.append(open) }
        }
        periods = joined.sorted { ($0.start, $0.isTentative ? 1 : 0) < ($1.start, $1.isTentative ? 1 : 0) }
    }

    /// The busy time as a calendar: one VFREEBUSY (`FREEBUSY;FBTYPE=BUSY:start/end`, UTC periods,
    /// DTSTART and DTEND the range), or, with `asEvents`, one event titled "Busy" per period
    /// (opaque, TENTATIVE for tentative time) for clients that show no VFREEBUSY. UIDs are made
    /// from the times only, so that nothing of the source leaks and a new export of the same
    /// time gives the same UIDs.
    /// - Parameter stamp: DTSTAMP (UTC seconds since 1970).
    public func calendar(asEvents: Bool, stamp: Int) -> ICalendar {
        var calendar = ICalendar()
        let stampValue = TimeValue.utc(CivilDateTime(secondsSinceEpoch: stamp))
        func utc(_ seconds: Int) -> TimeValue { .utc(CivilDateTime(secondsSinceEpoch: seconds)) }
        if asEvents {
            for period in periods {
                var event = Incidence(kind: .event)
                event.uid = "busy-\(period.start)-\(period.end)\(period.isTentative ? "-tentative" : "")@icskit"
                event.timestamp = stampValue
                event.start = utc(period.start)
                event.end = utc(period.end)
                event.summary = "Busy"
                event.transparency = .opaque
                if period.isTentative { event.status = .tentative }
                calendar.events.append(event)
            }
            return calendar
        }
        calendar.method = "PUBLISH"
        var properties = [
            Property(name: "UID", value: "freebusy-\(start)-\(end)@icskit"),
            Property(name: "DTSTAMP", value: ValueText.time(stampValue)),
            Property(name: "DTSTART", value: ValueText.time(utc(start))),
            Property(name: "DTEND", value: ValueText.time(utc(end))),
        ]
        for period in periods {
            properties.append(Property(name: "FREEBUSY", parameters: [Parameter(name: "FBTYPE", value: period.isTentative ? "BUSY-TENTATIVE" : "BUSY")],
                                       value: ValueText.time(utc(period.start)) + "/" + ValueText.time(utc(period.end))))
        }
        calendar.otherComponents = [RawComponent(name: "VFREEBUSY", properties: properties)]
        return calendar
    }
}
