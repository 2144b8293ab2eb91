/// Joins the calendars of a source's items (the files of a vdir, the resources of a CalDAV
/// collection) into the one ``ICalendar`` the views read: one copy of each VTIMEZONE (by TZID,
/// the first wins), the components of every item in item order, and each item's diagnostics
/// with the item named as their source.
enum ResourceMerge {
    /// One item: where it is (a path or an href) and what it imported to.
    struct Part {
        var location: String
        var calendar: ICalendar
    }

    /// The merged calendar.
    /// - Parameters:
    ///   - source: the source's own name (the vdir's path, the collection's URL): the calendar's ``ICalendar/source``.
    ///   - name: the display name, if the source has one.
    ///   - color: the colour, if the source has one.
    /// - Complexity: O(n) in the components of all items.
    static func merge(_ parts: [Part], source: String, name: String?, color: String?,
                      diagnostics extra: [Diagnostic] = []) -> ICalendar {
        var merged = ICalendar(source: source)
        merged.name = name
        merged.color = color
        var zones: Set<String> = []
        var count = 0
        for part in parts { count += part.calendar.events.count }
        merged.events.reserveCapacity(count)
        for part in parts {
            let calendar = part.calendar
            if merged.productID == nil { merged.productID = calendar.productID }
            if merged.version == nil { merged.version = calendar.version }
            if merged.defaultTimeZone == nil { merged.defaultTimeZone = calendar.defaultTimeZone }
            for zone in calendar.timeZones where zones.insert(zone.tzid).inserted {
                merged.timeZones.append(zone)
            }
            merged.events += calendar.events
            merged.todos += calendar.todos
            merged.journals += calendar.journals
            merged.otherComponents += calendar.otherComponents
            for var diagnostic in calendar.diagnostics {
                if diagnostic.source == nil || diagnostic.source == source { diagnostic.source = part.location }
                merged.diagnostics.append(diagnostic)
            }
        }
        merged.diagnostics += extra
        return merged
    }
}
