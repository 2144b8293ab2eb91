internal import CLibical

extension ComponentConverter {
    /// Puts the values of a date line read in Swift into `list`: taken as they are when the list
    /// is still empty (a run of a million RDATE lines, joined by ``BlockOutline``, is not copied),
    /// else appended; the list's room is reserved once for `total` values.
    /// - Returns: whether there were values (nil: the caller reads the line another way).
    private static func gather<Element>(_ values: [Element]?, into list: inout [Element], total: Int) -> Bool {
        if list.isEmpty, let values {
            list = values
            return true
        }
        if list.capacity < total { list.reserveCapacity(total) }
        guard let values else { return false }
        list.append(contentsOf: values)
        return true
    }

    /// A VEVENT, VTODO or VJOURNAL; `component` is nil when libical was not needed.
    mutating func incidence(_ component: OpaquePointer?, kind: Incidence.Kind) -> Incidence {
        var result = Incidence(kind: kind)
        result.line = block.line
        var items: [PropertyItem]
        let root: Int?, dropped: [Property]
        (root, items, dropped) = properties(of: component, lastFirst: true)
        var other = dropped
        var categories: [String] = [], attendees: [CalendarUser] = [], rules: [RecurrenceRule] = []
        var recurrenceDates: [RecurrenceDate] = [], exceptionDates: [TimeValue] = []
        var textParameters: [String: [Parameter]] = [:]
        let id = IncidenceNameIDs.shared
        // The date lists' room reserved once (grown by doubling, a million RDATE values held the
        // old and the new buffer at once), when the first line of their name comes: the list of
        // a first line read in Swift (a run of lines joined, ``BlockOutline``) is taken as it is.
        var dateCount = 0, exceptionCount = 0
        for item in items where item.nameID == id.rdate || item.nameID == id.exdate {
            let count = item.simple?.times?.count ?? item.simple?.dates?.count ?? 1
            if item.nameID == id.rdate { dateCount += count } else { exceptionCount += count }
        }
        var lastRawLine: Int?
        // Each item is moved out in line order (handed over last first, then popped), not copied.
        while let item = items.popLast() {
            // By the name's KnownNames id: no string compares (the most frequent first).
            switch item.nameID {
            case id.dtstart: result.start = time(item, into: &other)
            case id.dtend: result.end = time(item, into: &other)
            case id.dtstamp: result.timestamp = time(item, into: &other)
            case id.uid: result.uid = text(item)
            case id.summary:
                result.summary = text(item)
                keepParameters(of: item, as: "SUMMARY", in: &textParameters)
            case id.description:
                result.notes = text(item)
                keepParameters(of: item, as: "DESCRIPTION", in: &textParameters)
            case id.location:
                result.location = text(item)
                keepParameters(of: item, as: "LOCATION", in: &textParameters)
            case id.url:
                result.url = item.pointer.flatMap(LibicalValues.valueText)
                keepParameters(of: item, as: "URL", in: &textParameters)
            case id.status: result.status = token(item).map(EventStatus.init(rawValue:))
            case id.transp: result.transparency = token(item).map(Transparency.init(rawValue:))
            case id.classification: result.classification = token(item).map(Classification.init(rawValue:))
            case id.color: result.color = text(item)
            case id.geo: result.geo = geo(item, into: &other)
            case id.categories:
                if let values = item.simple?.texts {
                    categories.append(contentsOf: values)
                } else if let text = text(item) {
                    categories.append(text)
                }
            case id.organizer: result.organizer = calendarUser(item)
            case id.attendee: attendees.append(calendarUser(item))
            case id.created: result.created = time(item, into: &other)
            case id.lastModified: result.lastModified = time(item, into: &other)
            case id.due: result.due = time(item, into: &other)
            case id.completed: result.completed = time(item, into: &other)
            case id.duration: result.duration = duration(item, into: &other)
            case id.rrule:
                if let rule = item.simple?.rule ?? item.pointer.flatMap(LibicalValues.recurrenceRule) {
                    rules.append(rule)
                } else {
                    other.append(raw(item))
                }
            case id.rdate:
                if Self.gather(item.simple?.dates, into: &recurrenceDates, total: dateCount) { continue }
                if let times = item.simple?.times {
                    recurrenceDates.append(contentsOf: times.lazy.map { .time($0) })
                } else if let date = item.pointer.flatMap(LibicalValues.recurrenceDate) {
                    recurrenceDates.append(date)
                }
            case id.exdate:
                if Self.gather(item.simple?.times, into: &exceptionDates, total: exceptionCount) { continue }
                if let date = time(item, into: &other) { exceptionDates.append(date) }
            case id.recurrenceId:
                result.recurrenceID = time(item, into: &other)
                result.appliesToFutureInstances = parameters(item)[parameter: "RANGE"]?.uppercased() == "THISANDFUTURE"
            case id.sequence: result.sequence = integer(item, into: &other) ?? 0
            case id.priority: result.priority = integer(item, into: &other)
            case id.percentComplete: result.percentComplete = integer(item, into: &other)
            default: if isFirstOfItsLine(item, after: &lastRawLine) { other.append(raw(item)) }
            }
        }
        // Arrays are built here and assigned once (linear in the number of values).
        result.categories = categories
        result.attendees = attendees
        result.recurrenceRules = rules
        result.recurrenceDates = recurrenceDates
        result.exceptionDates = exceptionDates
        if !textParameters.isEmpty { result.textParameters = textParameters }
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

    /// Keeps the parameters `item` was written with under `name`, when it has any. Only libical
    /// reads a TEXT line with parameters (the Swift reader takes none), and libical counts them
    /// before the line is split again: a line without parameters costs one call.
    private func keepParameters(of item: PropertyItem, as name: String, in kept: inout [String: [Parameter]]) {
        guard item.simple == nil, let pointer = item.pointer, icalproperty_count_parameters(pointer) > 0 else { return }
        let parameters = self.parameters(item)
        if !parameters.isEmpty { kept[name] = parameters }
    }

    /// A VALARM: libical's component, or nil when its lines were all read in Swift.
    private mutating func alarm(_ component: OpaquePointer?) -> Alarm {
        var result = Alarm()
        result.line = childLine()
        var items: [PropertyItem]
        let index: Int?, dropped: [Property]
        (index, items, dropped) = properties(of: component, lastFirst: true)
        var other = dropped
        var attendees: [CalendarUser] = []
        let id = AlarmNameIDs.shared
        var lastRawLine: Int?
        // Moved out in line order, as in ``incidence(_:kind:)``.
        while let item = items.popLast() {
            // By the name's KnownNames id, as for the incidence: no string compares.
            switch item.nameID {
            case id.action: result.action = token(item).map(AlarmAction.init(rawValue:))
            case id.trigger:
                let toEnd = parameters(item)[parameter: "RELATED"]?.uppercased() == "END"
                if let offset = item.simple?.duration {
                    result.trigger = .relative(offset, toEnd: toEnd)
                } else if hasOverlongNumber(item, into: &other) {
                    result.trigger = nil
                } else {
                    result.trigger = item.pointer.flatMap { LibicalValues.trigger(of: $0, relatedToEnd: toEnd) }
                }
                result.triggerLine = number(item)
            case id.description: result.notes = text(item)
            case id.summary: result.summary = text(item)
            case id.duration: result.duration = duration(item, into: &other)
            case id.repeatCount: result.repeatCount = integer(item, into: &other)
            case id.attendee: attendees.append(calendarUser(item))
            default: if isFirstOfItsLine(item, after: &lastRawLine) { other.append(raw(item)) }
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
        var lastRawLine: Int?
        result.properties = (items.filter { isFirstOfItsLine($0, after: &lastRawLine) }.map { raw($0) } + dropped).sorted { ($0.line ?? 0) < ($1.line ?? 0) }
        var components: [RawComponent] = []
        for child in children(of: component) { components.append(rawComponent(child, name: childName(child))) }
        result.components = components
        return result
    }
}

/// The ``KnownNames/id(_:)`` of the properties ``ComponentConverter/incidence(_:kind:)`` reads,
/// looked up once.
private struct IncidenceNameIDs {
    static let shared = IncidenceNameIDs()

    let dtstart = KnownNames.id(of: "DTSTART")
    let dtend = KnownNames.id(of: "DTEND")
    let dtstamp = KnownNames.id(of: "DTSTAMP")
    let uid = KnownNames.id(of: "UID")
    let summary = KnownNames.id(of: "SUMMARY")
    let description = KnownNames.id(of: "DESCRIPTION")
    let location = KnownNames.id(of: "LOCATION")
    let url = KnownNames.id(of: "URL")
    let status = KnownNames.id(of: "STATUS")
    let transp = KnownNames.id(of: "TRANSP")
    let classification = KnownNames.id(of: "CLASS")
    let color = KnownNames.id(of: "COLOR")
    let geo = KnownNames.id(of: "GEO")
    let categories = KnownNames.id(of: "CATEGORIES")
    let organizer = KnownNames.id(of: "ORGANIZER")
    let attendee = KnownNames.id(of: "ATTENDEE")
    let created = KnownNames.id(of: "CREATED")
    let lastModified = KnownNames.id(of: "LAST-MODIFIED")
    let due = KnownNames.id(of: "DUE")
    let completed = KnownNames.id(of: "COMPLETED")
    let duration = KnownNames.id(of: "DURATION")
    let rrule = KnownNames.id(of: "RRULE")
    let rdate = KnownNames.id(of: "RDATE")
    let exdate = KnownNames.id(of: "EXDATE")
    let recurrenceId = KnownNames.id(of: "RECURRENCE-ID")
    let sequence = KnownNames.id(of: "SEQUENCE")
    let priority = KnownNames.id(of: "PRIORITY")
    let percentComplete = KnownNames.id(of: "PERCENT-COMPLETE")

    init() {
        let all = [dtstart, dtend, dtstamp, uid, summary, description, location, url, status, transp, classification, color, geo, categories, organizer, attendee, created, lastModified, due, completed, duration, rrule, rdate, exdate, recurrenceId, sequence, priority, percentComplete]
        precondition(!all.contains(0) && Set(all).count == all.count, "each property an incidence reads is a known name")
    }
}

/// The ``KnownNames/id(_:)`` of the properties ``ComponentConverter/alarm(_:)`` reads, looked up once.
private struct AlarmNameIDs {
    static let shared = AlarmNameIDs()

    let action = KnownNames.id(of: "ACTION")
    let trigger = KnownNames.id(of: "TRIGGER")
    let description = KnownNames.id(of: "DESCRIPTION")
    let summary = KnownNames.id(of: "SUMMARY")
    let duration = KnownNames.id(of: "DURATION")
    let repeatCount = KnownNames.id(of: "REPEAT")
    let attendee = KnownNames.id(of: "ATTENDEE")

    init() {
        let all = [action, trigger, description, summary, duration, repeatCount, attendee]
        precondition(!all.contains(0) && Set(all).count == all.count, "each property an alarm reads is a known name")
    }
}
