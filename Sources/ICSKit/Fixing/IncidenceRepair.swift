/// The fixes of one component that ``CalendarRepair`` makes, each as the views already read it.
enum IncidenceRepair {
    /// Fixes `incidence` in place and says what it changed.
    /// - Parameters:
    ///   - position: the component's place among the calendar's events, todos and journals (for a made UID).
    ///   - stamp: the DTSTAMP given when there is none.
    static func apply(to incidence: inout Incidence, position: Int, stamp: TimeValue, changes: inout [CalendarRepair.Change]) {
        let line = incidence.line
        func note(_ message: String) { changes.append(CalendarRepair.Change(line: line, uid: incidence.uid, message: message)) }
        if incidence.uid == nil {
            incidence.uid = madeUID(incidence, position: position)
            note("UID added")
        }
        if incidence.timestamp == nil {
            incidence.timestamp = stamp
            note("DTSTAMP added")
        }
        let empty = incidence.otherProperties.filter { $0.name == "RRULE" && $0.value.allSatisfy { $0 == " " || $0 == "\t" } }
        if !empty.isEmpty {
            incidence.otherProperties.removeAll { $0.name == "RRULE" && $0.value.allSatisfy { $0 == " " || $0 == "\t" } }
            note("empty RRULE dropped")
        }
        if case .zoned(_, let tzid)? = incidence.start {
            func zoned(_ value: TimeValue?) -> TimeValue? {
                if case .floating(let t)? = value { return .zoned(t, tzid: tzid) }
                return value
            }
            if case .floating? = incidence.end {
                incidence.end = zoned(incidence.end)
                note("floating DTEND given DTSTART's TZID \(tzid)")
            }
            if case .floating? = incidence.recurrenceID {
                incidence.recurrenceID = zoned(incidence.recurrenceID)
                note("floating RECURRENCE-ID given DTSTART's TZID \(tzid)")
            }
            if incidence.exceptionDates.contains(where: { if case .floating = $0 { return true } else { return false } }) {
                incidence.exceptionDates = incidence.exceptionDates.map { zoned($0)! }
                note("floating EXDATE given DTSTART's TZID \(tzid)")
            }
            if incidence.recurrenceDates.contains(where: { if case .time(.floating) = $0 { return true } else { return false } }) {
                incidence.recurrenceDates = incidence.recurrenceDates.map {
                    if case .time(let t) = $0 { return .time(zoned(t)!) }
                    return $0
                }
                note("floating RDATE given DTSTART's TZID \(tzid)")
            }
        }
        if let start = incidence.start, let end = incidence.end, ValueText.sameForm(start, end), end.civil < start.civil {
            incidence.start = end
            incidence.end = start
            note("DTEND before DTSTART swapped")
        }
    }

    /// A UID for a component without one: its position and a hash of its start and summary, so
    /// that the same file gets the same UIDs each time.
    static func madeUID(_ incidence: Incidence, position: Int) -> String {
        let key = "\(position)|\(incidence.start.map(ValueText.time) ?? "")|\(incidence.summary ?? "")"
        return "icskit-\(String(FNV1a.hash(Array(key.utf8)), radix: 16))-\(position)@icskit.invalid"
    }
}
