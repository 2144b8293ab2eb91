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
    /// times are read in `viewerTimeZone`.
    /// - Complexity: the expansion of the range.
    public func selecting(occurringFrom start: Date, to end: Date, viewerTimeZone: TimeZone) -> ICalendar {
        var picked: Set<Incidence> = []
        var uids: Set<String> = []
        // One occurrence of each series is enough to pick it.
        let found = OccurrenceExpansion(calendars: [self], from: start, to: end, viewerTimeZone: viewerTimeZone, instanceLimit: 1)
        for occurrence in found.collect().occurrences {
            if let uid = occurrence.incidence.uid { uids.insert(uid) } else { picked.insert(occurrence.incidence) }
        }
        return selecting { incidence in incidence.uid.map(uids.contains) ?? picked.contains(incidence) }
    }

    /// Drops the VTIMEZONEs that no component uses and that X-WR-TIMEZONE does not name.
    mutating func keepUsedTimeZones() {
        let used = Set(UsedTimeZones(self).tzids + (defaultTimeZone.map { [$0] } ?? []))
        timeZones = timeZones.filter { used.contains($0.tzid) }
    }
}
