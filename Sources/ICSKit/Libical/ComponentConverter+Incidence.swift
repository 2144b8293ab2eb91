internal import CLibical

extension ComponentConverter {
    /// A VEVENT, VTODO or VJOURNAL; `component` is nil when libical was not needed.
    mutating func incidence(_ component: OpaquePointer?, kind: Incidence.Kind) -> Incidence {
        var result = Incidence(kind: kind)
        result.line = block.line
        let (root, items, dropped) = properties(of: component)
        var other = dropped
        var categories: [String] = [], attendees: [CalendarUser] = [], rules: [RecurrenceRule] = []
        var recurrenceDates: [RecurrenceDate] = [], exceptionDates: [TimeValue] = []
        for item in items {
            // (The most frequent first: a switch over strings compares them in turn.)
            switch item.name {
            case "DTSTART": result.start = time(item, into: &other)
            case "DTEND": result.end = time(item, into: &other)
            case "DTSTAMP": result.timestamp = time(item, into: &other)
            case "UID": result.uid = text(item)
            case "SUMMARY": result.summary = text(item)
            case "DESCRIPTION": result.notes = text(item)
            case "LOCATION": result.location = text(item)
            case "URL": result.url = item.pointer.flatMap(LibicalValues.valueText)
            case "STATUS": result.status = token(item).map(EventStatus.init(rawValue:))
            case "TRANSP": result.transparency = token(item).map(Transparency.init(rawValue:))
            case "CLASS": result.classification = token(item).map(Classification.init(rawValue:))
            case "COLOR": result.color = text(item)
            case "GEO": result.geo = item.pointer.flatMap(LibicalValues.geo)
            case "CATEGORIES":
                if let values = item.simple?.texts {
                    categories.append(contentsOf: values)
                } else if let text = text(item) {
                    categories.append(text)
                }
            case "ORGANIZER": result.organizer = calendarUser(item)
            case "ATTENDEE": attendees.append(calendarUser(item))
            case "CREATED": result.created = time(item, into: &other)
            case "LAST-MODIFIED": result.lastModified = time(item, into: &other)
            case "DUE": result.due = time(item, into: &other)
            case "COMPLETED": result.completed = time(item, into: &other)
            case "DURATION": result.duration = duration(item)
            case "RRULE":
                if let rule = item.pointer.flatMap(LibicalValues.recurrenceRule) { rules.append(rule) } else { other.append(raw(item)) }
            case "RDATE":
                if let times = item.simple?.times {
                    recurrenceDates.append(contentsOf: times.lazy.map { .time($0) })
                } else if let date = item.pointer.flatMap(LibicalValues.recurrenceDate) {
                    recurrenceDates.append(date)
                }
            case "EXDATE":
                if let times = item.simple?.times {
                    exceptionDates.append(contentsOf: times)
                } else if let date = time(item, into: &other) {
                    exceptionDates.append(date)
                }
            case "RECURRENCE-ID":
                result.recurrenceID = time(item, into: &other)
                result.appliesToFutureInstances = parameters(item)[parameter: "RANGE"]?.uppercased() == "THISANDFUTURE"
            case "SEQUENCE": result.sequence = integer(item, into: &other) ?? 0
            case "PRIORITY": result.priority = integer(item, into: &other)
            case "PERCENT-COMPLETE": result.percentComplete = integer(item, into: &other)
            default: other.append(raw(item))
            }
        }
        // Arrays are built here and assigned once (linear in the number of values).
        result.categories = categories
        result.attendees = attendees
        result.recurrenceRules = rules
        result.recurrenceDates = recurrenceDates
        result.exceptionDates = exceptionDates
        other.sort { ($0.line ?? 0) < ($1.line ?? 0) }
        result.otherProperties = other
        var alarms: [Alarm] = [], otherComponents: [RawComponent] = []
        if component == nil, let root {
            // No tree (``BlockOutline/needsLibical``): the only children are alarms read in Swift.
            while let next = cursor.peek(outline), outline.isInside(next, of: root) { alarms.append(alarm(nil)) }
        }
        for child in children(of: component) {
            let name = childName(child)
            if name == "VALARM" {
                alarms.append(alarm(child))
            } else {
                otherComponents.append(rawComponent(child, name: name))
            }
        }
        result.alarms = alarms
        result.otherComponents = otherComponents
        return result
    }

    /// A VALARM: libical's component, or nil when its lines were all read in Swift.
    private mutating func alarm(_ component: OpaquePointer?) -> Alarm {
        var result = Alarm()
        result.line = childLine()
        let (index, items, dropped) = properties(of: component)
        var other = dropped
        var attendees: [CalendarUser] = []
        for item in items {
            switch item.name {
            case "ACTION": result.action = token(item).map(AlarmAction.init(rawValue:))
            case "TRIGGER":
                let toEnd = parameters(item)[parameter: "RELATED"]?.uppercased() == "END"
                if let offset = item.simple?.duration {
                    result.trigger = .relative(offset, toEnd: toEnd)
                } else {
                    result.trigger = item.pointer.flatMap { LibicalValues.trigger(of: $0, relatedToEnd: toEnd) }
                }
                result.triggerLine = number(item)
            case "DESCRIPTION": result.notes = text(item)
            case "SUMMARY": result.summary = text(item)
            case "DURATION": result.duration = duration(item)
            case "REPEAT": result.repeatCount = integer(item, into: &other)
            case "ATTENDEE": attendees.append(calendarUser(item))
            default: other.append(raw(item))
            }
        }
        result.attendees = attendees
        result.otherProperties = other
        // An alarm keeps no components: its children are skipped, their libical errors still said.
        for child in children(of: component) { skip(child) }
        if let index { cursor.leave(index, of: outline) }
        return result
    }

    mutating func rawComponent(_ component: OpaquePointer?, name: String) -> RawComponent {
        var result = RawComponent(name: name)
        let (_, items, dropped) = properties(of: component)
        result.properties = (items.map { raw($0) } + dropped).sorted { ($0.line ?? 0) < ($1.line ?? 0) }
        var components: [RawComponent] = []
        for child in children(of: component) { components.append(rawComponent(child, name: childName(child))) }
        result.components = components
        return result
    }
}
