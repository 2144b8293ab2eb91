/// Which series the reminder expansion reads with slack, and which exactly.
///
/// A series whose every start, end, due and RDATE is an instant (UTC, or a TZID the calendar
/// resolves) and whose every relative alarm counts exact time (no days or weeks in its offset or
/// its repetition) has its triggers at its occurrences' instants plus the offsets: it is read over
/// the range shifted by the alarms exactly, and the merge's bound follows the last start read. Any
/// other series (a floating or all-day time, an unknown TZID, an alarm a nominal day before) is
/// read with ``ReminderExpansion/slack`` on both sides: a day that a DST change lengthens, a time
/// the expansion orders by one instant and the alarm counts from another.
///
/// The choice is made per series (a UID's master and overrides together, events and to-dos
/// apart), so that one floating event does not make every series be read two days below the
/// range: beside it, 300 secondly series read 172,800 instances each for nothing. Each part is
/// an expansion of the same calendars that builds its own series only
/// (``OccurrenceExpansion/includes``), so that occurrences keep their calendars' identities.
enum ReminderSlack {
    /// Whether `incidence` needs the slack (see above); `lookup` resolves its calendar's TZIDs.
    static func needsSlack(_ incidence: Incidence, lookup: ZoneLookup?) -> Bool {
        func isInstant(_ value: TimeValue) -> Bool {
            switch value {
            case .utc: return true
            case .zoned(_, let tzid): return lookup?(tzid) != nil
            default: return false
            }
        }
        for value in [incidence.start, incidence.end, incidence.due] {
            if let value, !isInstant(value) { return true }
        }
        for date in incidence.recurrenceDates {
            if !isInstant(date.start) { return true }
            if case .period(_, .time(let end)) = date, !isInstant(end) { return true }
        }
        for alarm in incidence.alarms {
            guard case .relative(let offset, _)? = alarm.trigger else { continue }
            if offset.nominalDays != 0 || (alarm.duration?.nominalDays ?? 0) != 0 { return true }
        }
        return false
    }

    /// For each calendar, whether each incidence (its events, then its to-dos) is read with the
    /// slack (``OccurrenceExpansion/includes`` of the part read without it is the opposite), and
    /// whether any incidence is read each way.
    static func split(_ calendars: [ICalendar], lookups: [ZoneLookup]) -> (marks: [[Bool]], anyExact: Bool, anySlack: Bool) {
        var all: [[Bool]] = []
        var anyExact = false
        var anySlack = false
        for (index, calendar) in calendars.enumerated() {
            let lookup = index < lookups.count ? lookups[index] : nil
            let marks = marks(calendar.events, lookup: lookup) + marks(calendar.todos, lookup: lookup)
            anyExact = anyExact || marks.contains(false)
            anySlack = anySlack || marks.contains(true)
            all.append(marks)
        }
        return (all, anyExact, anySlack)
    }

    /// For each incidence of `list`, whether its series needs the slack: whether any incidence of
    /// its UID does (one without UID stands alone).
    private static func marks(_ list: [Incidence], lookup: ZoneLookup?) -> [Bool] {
        var needs = list.map { needsSlack($0, lookup: lookup) }
        guard needs.contains(true), needs.contains(false) else { return needs }
        var slackUIDs = Set<String>()
        for (incidence, needed) in zip(list, needs) where needed { if let uid = incidence.uid { slackUIDs.insert(uid) } }
        for (index, incidence) in list.enumerated() where !needs[index] {
            if let uid = incidence.uid, slackUIDs.contains(uid) { needs[index] = true }
        }
        return needs
    }
}
