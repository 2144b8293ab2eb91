/// The legend of an SVG picture: along its bottom, each calendar's name after a dot in its
/// colour (the HTML pages' legend, drawn), from the start side (the right in a right-to-left
/// picture). Names that do not all fit share the width equally, each cut with `…`.
extension SVGCalendarRenderer {
    /// The height of the legend's band.
    static let legendHeight = 20.0

    /// The legend's band (nothing when no calendar names are given).
    static func legend(geometry g: Geometry, text: PageText, rtl: Bool) -> String {
        let names = text.options.calendarNames
        guard !names.isEmpty else { return "" }
        let fontSize = 11.0, dot = 12.0, gap = 14.0
        let available = g.width - 2 * g.margin
        let widths = names.map { SVGTextFit.width($0, fontSize: fontSize) }
        let whole = widths.reduce(0, +) + Double(names.count) * (dot + gap) - gap
        // Each name's room when they do not all fit: an equal share of what the dots and gaps leave.
        let share = (available - Double(names.count) * (dot + gap) + gap) / Double(names.count)
        let y = g.height - g.margin - g.legendHeight / 2
        var svg = "<g class=\"legend\" aria-label=\"\(HTMLEscaping.attribute(text.options.labels.calendars))\">"
        var offset = 0.0
        for (index, name) in names.enumerated() {
            let shown = whole <= available ? name : SVGTextFit.cut(name, width: share, fontSize: fontSize)
            let style = text.options.calendars.indices.contains(index) ? text.options.calendars[index] : CalendarStyle(name: name, color: nil)
            let dotX = rtl ? g.width - g.margin - offset - 4 : g.margin + offset + 4
            let textX = rtl ? dotX - 8 : dotX + 8
            svg += "<circle cx=\"\(n(dotX))\" cy=\"\(n(y))\" r=\"4\" fill=\"\(style.resolvedColor(index: index))\"/>"
            svg += "<text x=\"\(n(textX))\" y=\"\(n(y + 4))\" font-size=\"11\" fill=\"#1d1d1f\"\(anchor(rtl))>\(HTMLEscaping.text(shown))</text>"
            offset += dot + SVGTextFit.width(shown, fontSize: fontSize) + gap
        }
        return svg + "</g>\n"
    }
}
