extension ICalendar {
    /// Several calendars as one, for writing as a single VCALENDAR (a merged subscription).
    ///
    /// - Components: every event, todo and journal of every calendar, in input order. A series
    ///   (the components of one UID) that an earlier calendar has already, equal component for
    ///   component (line numbers aside), is written once. A UID that an earlier calendar used for
    ///   other components is kept apart: every component of that UID in the later calendar gets
    ///   the UID `<uid>-<n>`, `n` being the calendar's position in `calendars` (1 for the first;
    ///   a further `-2`, `-3`… when that is taken too), so that its overrides still name their series.
    /// - Names and colours: each component without a COLOR of its own gets its calendar's colour
    ///   (RFC 7986 allows COLOR on VEVENT, VTODO and VJOURNAL; NAME only on VCALENDAR, so the merged
    ///   calendar's NAME is the calendars' names joined with `, `).
    /// - VTIMEZONEs: each TZID once, the first calendar's definition winning.
    /// - Calendar properties: PRODID, CALSCALE, METHOD and X-WR-TIMEZONE when every calendar that
    ///   has one agrees; other calendar properties only from a single calendar.
    ///
    /// ```swift
    /// let all = ICalendar.merged([work, family, holidays])
    /// try ICSWriter().write(all, toFile: "all.ics")
    /// ```
    /// - Complexity: O(n) in the components (with hashing of each UID's components).
    public static func merged(_ calendars: [ICalendar]) -> ICalendar {
        if calendars.count == 1 { return calendars[0] }
        var result = ICalendar()
        func agreed(_ values: [String?]) -> String? {
            let present = Set(values.compactMap { $0 })
            return present.count == 1 ? present.first : nil
        }
        result.productID = agreed(calendars.map(\.productID))
        result.calendarScale = agreed(calendars.map(\.calendarScale))
        result.method = agreed(calendars.map(\.method))
        result.defaultTimeZone = agreed(calendars.map(\.defaultTimeZone))
        let names = calendars.compactMap(\.name)
        result.name = names.isEmpty ? nil : names.joined(separator: ", ")
        var zones: Set<String> = []
        // The components already written under each UID, without lines, for comparison.
        var seriesByUID: [String: [Incidence]] = [:]
        for (position, calendar) in calendars.enumerated() {
            for zone in calendar.timeZones where zones.insert(zone.tzid).inserted { result.timeZones.append(zone) }
            var groups: [String: [Incidence]] = [:]
            for incidence in calendar.events + calendar.todos + calendar.journals {
                if let uid = incidence.uid { groups[uid, default: []].append(incidence.forComparison) }
            }
            var renamed: [String: String] = [:]
            var duplicate: Set<String> = []
            for (uid, group) in groups {
                guard let earlier = seriesByUID[uid] else { continue }
                if earlier == group {
                    duplicate.insert(uid)
                } else {
                    var candidate = "\(uid)-\(position + 1)", more = 2
                    while seriesByUID[candidate] != nil || groups[candidate] != nil {
                        candidate = "\(uid)-\(position + 1)-\(more)"
                        more += 1
                    }
                    renamed[uid] = candidate
                }
            }
            for (uid, group) in groups where !duplicate.contains(uid) { seriesByUID[renamed[uid] ?? uid] = group }
            func adopt(_ incidence: Incidence) -> Incidence? {
                var copy = incidence
                if let uid = incidence.uid {
                    if duplicate.contains(uid) { return nil }
                    if let new = renamed[uid] { copy.uid = new }
                }
                if copy.color == nil, let color = calendar.color { copy.color = color }
                return copy
            }
            result.events += calendar.events.compactMap(adopt)
            result.todos += calendar.todos.compactMap(adopt)
            result.journals += calendar.journals.compactMap(adopt)
            result.otherComponents += calendar.otherComponents
            result.diagnostics += calendar.diagnostics
        }
        return result
    }
}

extension Incidence {
    /// The component without where it was read (its lines), for comparing two copies of it.
    var forComparison: Incidence {
        var copy = self
        copy.line = nil
        copy.otherProperties = otherProperties.map { var p = $0; p.line = nil; return p }
        copy.alarms = alarms.map { var a = $0; a.line = nil; a.triggerLine = nil; a.otherProperties = a.otherProperties.map { var p = $0; p.line = nil; return p }; return a }
        copy.otherComponents = otherComponents.map(\.forComparison)
        return copy
    }
}

extension RawComponent {
    /// The component without its lines (``Incidence/forComparison``).
    var forComparison: RawComponent {
        var copy = self
        copy.line = nil
        copy.properties = properties.map { var p = $0; p.line = nil; return p }
        copy.components = components.map(\.forComparison)
        return copy
    }
}
