extension [CalendarStyle] {
    /// The styles with a palette color filled in for every calendar that names none, chosen so
    /// that calendars shown together get different colors while each keeps the same one from run
    /// to run.
    ///
    /// Each such calendar asks for the palette entry its name hashes to
    /// (``CalendarStyle/stableColor(forName:index:)``). An entry already taken goes to the calendar
    /// with the smaller hash, so the order the calendars are listed in does not matter; a calendar
    /// that loses its entry takes the next free one. Entries near a color that another calendar
    /// names itself count as taken. Only beyond ``CalendarStyle/palette``'s size are entries
    /// shared, the least used first.
    ///
    /// ```swift
    /// let styles = calendars.map(CalendarStyle.init).withDistinctColors()
    /// ```
    /// - Complexity: O(n log n + n × p) for n calendars and a palette of p colors.
    public func withDistinctColors() -> [CalendarStyle] {
        let palette = CalendarStyle.palette
        var uses = [Int](repeating: 0, count: palette.count)
        for style in self {
            guard let color = style.color, let near = palette.indices.min(by: { colorDistance(palette[$0], color) < colorDistance(palette[$1], color) }),
                  colorDistance(palette[near], color) < 80 * 80 else { continue }
            uses[near] += 1
        }
        // The calendars without a color, by their hash (ties by name, then position).
        let open = indices.filter { self[$0].color == nil }.map { index -> (index: Int, hash: UInt64, name: String) in
            let name = self[index].name
            return (index, name.map(CalendarStyle.fnv1a64) ?? UInt64(index), name ?? "")
        }.sorted { ($0.hash, $0.name, $0.index) < ($1.hash, $1.name, $1.index) }
        var styles = self
        for calendar in open {
            let wanted = Int(calendar.hash % UInt64(palette.count))
            let fewest = uses.min() ?? 0
            // The first entry from the wanted one on that is used least.
            let slot = (0..<palette.count).map { (wanted + $0) % palette.count }.first { uses[$0] == fewest } ?? wanted
            uses[slot] += 1
            styles[calendar.index].color = palette[slot]
        }
        return styles
    }
}

/// The squared RGB distance between two colors.
private func colorDistance(_ a: RGBColor, _ b: RGBColor) -> Int {
    let red = Int(a.red) - Int(b.red), green = Int(a.green) - Int(b.green), blue = Int(a.blue) - Int(b.blue)
    return red * red + green * green + blue * blue
}
