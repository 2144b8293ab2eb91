/// The model's components as content lines: each typed field as its property, then every
/// property kept as written (``Property``) with its parameters and value unchanged, then the
/// subcomponents.
extension ContentLineWriter {
    /// A VEVENT, VTODO or VJOURNAL.
    mutating func write(_ incidence: Incidence) {
        begin(incidence.kind.rawValue)
        if let uid = incidence.uid { writeText("UID", uid) }
        if let timestamp = incidence.timestamp { writeTime("DTSTAMP", timestamp) }
        if let start = incidence.start { writeTime("DTSTART", start) }
        if let end = incidence.end { writeTime("DTEND", end) }
        if let due = incidence.due { writeTime("DUE", due) }
        if let duration = incidence.duration { write("DURATION", value: duration.description) }
        if let recurrenceID = incidence.recurrenceID {
            var parameters = ValueText.parameters(recurrenceID)
            if incidence.appliesToFutureInstances { parameters.append(Parameter(name: "RANGE", value: "THISANDFUTURE")) }
            write("RECURRENCE-ID", parameters: parameters, value: ValueText.time(recurrenceID))
        }
        for rule in incidence.recurrenceRules { write("RRULE", value: rule.description) }
        writeRecurrenceDates(incidence.recurrenceDates)
        writeTimes("EXDATE", incidence.exceptionDates)
        let kept = incidence.textParameters
        if let summary = incidence.summary { writeText("SUMMARY", parameters: kept?["SUMMARY"] ?? [], summary) }
        if let notes = incidence.notes { writeText("DESCRIPTION", parameters: kept?["DESCRIPTION"] ?? [], notes) }
        if let location = incidence.location { writeText("LOCATION", parameters: kept?["LOCATION"] ?? [], location) }
        if let geo = incidence.geo { write("GEO", value: ValueText.geo(geo)) }
        if let url = incidence.url { write("URL", parameters: kept?["URL"] ?? [], value: url) }
        if let status = incidence.status { write("STATUS", value: status.rawValue) }
        if let transparency = incidence.transparency { write("TRANSP", value: transparency.rawValue) }
        if let classification = incidence.classification { write("CLASS", value: classification.rawValue) }
        if let priority = incidence.priority { write("PRIORITY", value: String(priority)) }
        if !incidence.categories.isEmpty {
            write("CATEGORIES", value: incidence.categories.map(Self.escapedText).joined(separator: ","))
        }
        if let color = incidence.color { writeText("COLOR", color) }
        if let organizer = incidence.organizer { write("ORGANIZER", parameters: organizer.parameters, value: organizer.address) }
        for attendee in incidence.attendees { write("ATTENDEE", parameters: attendee.parameters, value: attendee.address) }
        if let completed = incidence.completed { writeTime("COMPLETED", completed) }
        if let percent = incidence.percentComplete { write("PERCENT-COMPLETE", value: String(percent)) }
        if incidence.sequence != 0 { write("SEQUENCE", value: String(incidence.sequence)) }
        if let created = incidence.created { writeTime("CREATED", created) }
        if let lastModified = incidence.lastModified { writeTime("LAST-MODIFIED", lastModified) }
        for property in incidence.otherProperties { write(property) }
        for alarm in incidence.alarms { write(alarm) }
        for component in incidence.otherComponents { write(component) }
        end(incidence.kind.rawValue)
    }

    /// A VALARM.
    mutating func write(_ alarm: Alarm) {
        begin("VALARM")
        if let action = alarm.action { write("ACTION", value: action.rawValue) }
        switch alarm.trigger {
        case .relative(let offset, let toEnd)?:
            write("TRIGGER", parameters: toEnd ? [Parameter(name: "RELATED", value: "END")] : [], value: offset.description)
        case .absolute(let time)?:
            write("TRIGGER", parameters: [Parameter(name: "VALUE", value: "DATE-TIME")] + ValueText.parameters(time),
                  value: ValueText.time(time))
        case nil: break
        }
        if let duration = alarm.duration { write("DURATION", value: duration.description) }
        if let repeatCount = alarm.repeatCount { write("REPEAT", value: String(repeatCount)) }
        if let summary = alarm.summary { writeText("SUMMARY", summary) }
        if let notes = alarm.notes { writeText("DESCRIPTION", notes) }
        for attendee in alarm.attendees { write("ATTENDEE", parameters: attendee.parameters, value: attendee.address) }
        for property in alarm.otherProperties { write(property) }
        end("VALARM")
    }

    /// A component kept whole (VFREEBUSY, VAVAILABILITY, X- components), as written; none when
    /// its name has nothing a name keeps (a caller's, ``ContentLineWriter/appendName(_:to:)``).
    mutating func write(_ component: RawComponent) {
        guard component.name.utf8.contains(where: Self.isKeptInName) else { return }
        begin(component.name)
        for property in component.properties { write(property) }
        for child in component.components { write(child) }
        end(component.name)
    }

    /// A VTIMEZONE.
    mutating func write(_ zone: TimeZoneDefinition) {
        begin("VTIMEZONE")
        writeText("TZID", zone.tzid)
        if let url = zone.url { write("TZURL", value: url) }
        if let lastModified = zone.lastModified { writeTime("LAST-MODIFIED", lastModified) }
        for property in zone.otherProperties { write(property) }
        for observance in zone.observances {
            begin(observance.kind.rawValue)
            write("DTSTART", value: ValueText.basic(observance.start))
            write("TZOFFSETFROM", value: ValueText.utcOffset(observance.offsetFrom))
            write("TZOFFSETTO", value: ValueText.utcOffset(observance.offsetTo))
            if let rule = observance.recurrenceRule { write("RRULE", value: rule.description) }
            if !observance.recurrenceDates.isEmpty {
                write("RDATE", value: observance.recurrenceDates.map(ValueText.basic).joined(separator: ","))
            }
            for name in observance.names { writeText("TZNAME", name) }
            end(observance.kind.rawValue)
        }
        end("VTIMEZONE")
    }

    /// A property kept as written: name, parameters and value unchanged.
    mutating func write(_ property: Property) {
        write(property.name, parameters: property.parameters, value: property.value)
    }

    /// A DATE or DATE-TIME property with the parameters its form needs.
    mutating func writeTime(_ name: String, _ value: TimeValue) {
        write(name, parameters: ValueText.parameters(value), value: ValueText.time(value))
    }

    /// Values of one list property (EXDATE), a line for each run of values of the same form.
    mutating func writeTimes(_ name: String, _ values: [TimeValue]) {
        var index = values.startIndex
        while index < values.endIndex {
            var next = index + 1
            while next < values.endIndex && ValueText.sameForm(values[index], values[next]) { next += 1 }
            write(name, parameters: ValueText.parameters(values[index]),
                  value: values[index..<next].map(ValueText.time).joined(separator: ","))
            index = next
        }
    }

    /// RDATE values: runs of dates or times as ``writeTimes(_:_:)`` writes them, and each PERIOD
    /// on a line of its own (`VALUE=PERIOD`).
    mutating func writeRecurrenceDates(_ dates: [RecurrenceDate]) {
        var times: [TimeValue] = []
        for date in dates {
            switch date {
            case .time(let t):
                times.append(t)
            case .period(let start, let end):
                writeTimes("RDATE", times)
                times.removeAll()
                let endText: String
                switch end {
                case .time(let t): endText = ValueText.time(t)
                case .duration(let d): endText = d.description
                }
                let parameters = [Parameter(name: "VALUE", value: "PERIOD")] + ValueText.parameters(start).filter { $0.name != "VALUE" }
                write("RDATE", parameters: parameters, value: ValueText.time(start) + "/" + endText)
            }
        }
        writeTimes("RDATE", times)
    }
}
