import Foundation

extension ICalendar {
    /// A copy with only the series that `isIncluded` picks, each whole: when one component of a
    /// UID is picked (a master or one of its overrides), every component of that UID stays, so that
    /// the overrides still replace their instances. A component without UID stands alone. Other
    /// components (VFREEBUSY, X- ones) are dropped, and the VTIMEZONEs no kept component uses
    /// (nor X-WR-TIMEZONE) with them.
    ///
    /// ```swift
    /// let standups = calendar.selecting { $0.summary?.contains("Standup") == true }
    /// ```
    /// - Complexity: O(n) in the components.
    public func selecting(_ isIncluded: (Incidence) -> Bool) -> ICalendar {
        var uids: Set<String> = []
        var loose: Set<Int> = []  // positions (in events + todos + journals) of picked components without UID
        var position = 0
        for incidence in events + todos + journals {
            if isIncluded(incidence) {
                if let uid = incidence.uid { uids.insert(uid) } else { loose.insert(position) }
            }
            position += 1
        }
        var copy = self
        var index = 0
        func keep(_ incidence: Incidence) -> Bool {
            defer { index += 1 }
            if let uid = incidence.uid { return uids.contains(uid) }
            return loose.contains(index)
        }
        copy.events = events.filter(keep)
        copy.todos = todos.filter(keep)
        copy.journals = journals.filter(keep)
        copy.otherComponents = []
        copy.keepUsedTimeZones()
        return copy
    }

    /// The series with a UID in `uids`, each whole (``selecting(_:)``).
    public func selecting(uids: Set<String>) -> ICalendar {
        selecting { $0.uid.map(uids.contains) ?? false }
    }

    /// The series with an occurrence that overlaps `start..<end`, each whole with its overrides
    /// (``selecting(_:)``), as the views expand them (``OccurrenceExpansion``): floating and all-day
    /// times are read in `viewerTimeZone`. A series whose expansion stops at its work limit before
    /// it shows an instance (a minutely rule begun months before the range walks a few hours of
    /// instances to reach it; a COUNT rule begun years before cannot jump) is kept too: what the
    /// selection cannot rule out it does not drop.
    /// - Complexity: the expansion of the range, one instance a series.
    public func selecting(occurringFrom start: Date, to end: Date, viewerTimeZone: TimeZone) -> ICalendar {
        var picked: Set<Incidence> = []
        var uids: Set<String> = []
        var lines: Set<Int> = []
        // One occurrence of each series is enough to pick it; read, not collected (a collect
        // holds at most 250,000 in all).
        var occurrences = OccurrenceExpansion.Iterator(
            OccurrenceExpansion(calendars: [self], from: start, to: end, viewerTimeZone: viewerTimeZone, instanceLimit: 1), capped: true)
        while let occurrence = occurrences.next() {
            if let uid = occurrence.incidence.uid { uids.insert(uid) } else { picked.insert(occurrence.incidence) }
        }
        for diagnostic in occurrences.diagnostics where diagnostic.code == .recurrenceLimit {
            if let uid = diagnostic.uid { uids.insert(uid) } else if let line = diagnostic.line { lines.insert(line) }
        }
        return selecting { incidence in
            incidence.uid.map(uids.contains) ?? (picked.contains(incidence) || incidence.line.map(lines.contains) ?? false)
        }
    }

    /// Drops the VTIMEZONEs that no component uses and that X-WR-TIMEZONE does not name.
    mutating func keepUsedTimeZones() {
        let used = Set(UsedTimeZones(self).tzids + (defaultTimeZone.map { [$0] } ?? []))
        timeZones = timeZones.filter { used.contains($0.tzid) }
    }
}
