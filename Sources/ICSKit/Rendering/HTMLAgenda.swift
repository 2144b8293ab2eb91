/// The agenda under a calendar page's grids: a heading for each day that has occurrences,
/// then each occurrence with its time and title (a to-do with its box instead); a multi-day one
/// listed once, on its first shown day. Built from the projection's ``DayItem``s.
enum HTMLAgenda {
    static func render(_ days: [DayItem], text: PageText) -> String {
        var html = "<section class=\"agenda\" aria-label=\"\(HTMLEscaping.attribute(text.options.labels.agenda))\">\n"
        html += "<h2>\(HTMLEscaping.text(text.options.labels.agenda))</h2>\n"
        var listed = Set<Occurrence>()
        var any = false
        for item in days where text.options.agendaDays?.contains(item.day) ?? true {
            let fresh = item.occurrences.filter { !listed.contains($0) }
            guard !fresh.isEmpty else { continue }
            any = true
            html += "<h3>\(HTMLEscaping.text(text.full(item.day)))</h3>\n<ul>"
            for occurrence in fresh {
                listed.insert(occurrence)
                if let box = PageText.todoBox(occurrence) {
                    // A to-do: its box in its calendar's colour where an event has its dot and time.
                    let done = occurrence.incidence.isCompletedTodo ? " done" : ""
                    html += "<li class=\"todo\(done)\" style=\"\(text.colorStyle(text.color(occurrence)))\"><span class=\"box\">\(box)</span>"
                } else {
                    let time = text.startTime(occurrence) ?? text.options.labels.allDay
                    html += "<li><span class=\"dot\" style=\"background: \(text.color(occurrence))\"></span>"
                    html += "<span class=\"time\">\(HTMLEscaping.text(time))</span>"
                }
                // <wbr/>: the title may start a line of its own (else a long first word is
                // glued to the time and broken to fit beside it).
                html += "<wbr/><bdi>\(HTMLEscaping.text(text.summary(occurrence)))</bdi>"
                if let location = occurrence.incidence.location, !location.isEmpty {
                    html += " <span class=\"more\">· \(HTMLEscaping.text(location))</span>"
                }
                html += "</li>"
            }
            html += "</ul>\n"
        }
        if !any { html += "<p>\(HTMLEscaping.text(text.options.labels.noEvents))</p>\n" }
        return html + "</section>\n"
    }
}
