/// The TZIDs a calendar's components use, and the years each is used in: what a writer needs
/// to give every TZID a VTIMEZONE.
struct UsedTimeZones {
    /// The TZIDs in order of first use.
    private(set) var tzids: [String] = []
    /// The years each TZID's values fall in (and the last year of each bounded rule).
    private(set) var years: [String: ClosedRange<Int>] = [:]
    /// The TZIDs of series that go on without end (a rule without UNTIL).
    private(set) var unbounded: Set<String> = []

    /// The TZIDs of `calendar`'s events, todos, journals, their alarms and every property kept as
    /// written (a `TZID` parameter), and of its other components.
    init(_ calendar: ICalendar) {
        for incidence in calendar.events { add(incidence) }
        for incidence in calendar.todos { add(incidence) }
        for incidence in calendar.journals { add(incidence) }
        for component in calendar.otherComponents { add(component) }
    }

    private mutating func note(_ tzid: String, year: Int) {
        if let known = years[tzid] {
            years[tzid] = min(known.lowerBound, year)...max(known.upperBound, year)
        } else {
            tzids.append(tzid)
            years[tzid] = year...year
        }
    }

    private mutating func note(_ value: TimeValue?) {
        if case .zoned(let t, let tzid)? = value { note(tzid, year: t.date.year) }
    }

    private mutating func add(_ incidence: Incidence) {
        note(incidence.start)
        note(incidence.end)
        note(incidence.due)
        note(incidence.completed)
        note(incidence.recurrenceID)
        for date in incidence.recurrenceDates {
            note(date.start)
            if case .period(_, .time(let end)) = date { note(end) }
        }
        for date in incidence.exceptionDates { note(date) }
        if case .zoned(_, let tzid)? = incidence.start {
            for rule in incidence.recurrenceRules {
                if let until = rule.until { note(tzid, year: until.date.year) } else { unbounded.insert(tzid) }
            }
        }
        for alarm in incidence.alarms {
            if case .absolute(let time)? = alarm.trigger { note(time) }
            for property in alarm.otherProperties { add(property) }
        }
        for property in incidence.otherProperties { add(property) }
        for component in incidence.otherComponents { add(component) }
    }

    private mutating func add(_ component: RawComponent) {
        for property in component.properties { add(property) }
        for child in component.components { add(child) }
    }

    /// A property kept as written with a TZID parameter: its year from the value's first digits.
    private mutating func add(_ property: Property) {
        guard let tzid = property.parameter("TZID") else { return }
        let digits = property.value.utf8.prefix(4)
        let year = digits.count == 4 && digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) ? Int(String(decoding: digits, as: UTF8.self)) : nil
        if let year { note(tzid, year: year) } else if years[tzid] == nil { tzids.append(tzid); years[tzid] = 1970...1970 }
    }
}
