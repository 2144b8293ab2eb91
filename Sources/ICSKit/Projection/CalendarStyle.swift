/// How a calendar is told apart on screen: its name and color, and the calendar it is for.
public struct CalendarStyle: Sendable, Hashable, Codable {
    /// The calendar it styles (``Occurrence/calendarID``).
    public var id: CalendarID
    /// NAME or X-WR-CALNAME.
    public var name: String?
    /// COLOR or X-APPLE-CALENDAR-COLOR, when it names a color.
    public var color: RGBColor?

    /// A calendar's style: its identity, name and color (`nil`: a palette color chosen by identity, else position).
    public init(id: CalendarID = .unspecified, name: String?, color: RGBColor?) {
        self.id = id
        self.name = name
        self.color = color
    }

    /// The style of an imported calendar: its name, and its color when that parses
    /// (a CSS3 name, `#RRGGBB`, `#RGB` or `#RRGGBBAA`).
    public init(_ calendar: ICalendar) {
        self.init(id: calendar.id, name: calendar.name, color: calendar.color.flatMap(RGBColor.init(css:)))
    }

    /// A fixed palette for calendars that name no color: eight hues that stay apart on light
    /// and dark backgrounds (the Tableau 10 palette's first eight).
    public static let palette: [RGBColor] = [
        0x4E79A7, 0xF28E2B, 0xE15759, 0x76B7B2, 0x59A14F, 0xEDC948, 0xB07AA1, 0xFF9DA7,
    ].map(RGBColor.init(rgb:))

    /// The palette color of the calendar called `name`, the same in every run and on every
    /// machine: the palette indexed by the 64-bit FNV-1a hash of the name's UTF-8 bytes
    /// (Swift's `hashValue` is seeded per process, so it cannot be used).
    /// A calendar without a name takes the palette entry of its position.
    public static func stableColor(forName name: String?, index: Int) -> RGBColor {
        guard let name else { return palette[(index % palette.count + palette.count) % palette.count] }
        return palette[Int(fnv1a64(name) % UInt64(palette.count))]
    }

    /// 64-bit FNV-1a over the UTF-8 bytes of `text`.
    static func fnv1a64(_ text: String) -> UInt64 { FNV1a.hash(text.utf8) }

    /// The color that shows this calendar, at position `index` in the list: its own color,
    /// else its stable palette color.
    public func resolvedColor(index: Int) -> RGBColor {
        color ?? Self.stableColor(forName: name, index: index)
    }
}

extension [CalendarStyle] {
    /// The style of `occurrence`'s calendar and its position in the list: the style at the
    /// position of its calendar in the expansion's list when that style has its
    /// ``Occurrence/calendarID`` (the usual case: one style per calendar, in the same order), else
    /// the first style with it; for an occurrence made without a calendar
    /// (``CalendarID/unspecified``), the style at the position of its calendar.
    ///
    /// - Complexity: O(1) when the styles are in the calendars' order; else O(styles) (3,000
    ///   calendars in a month's agenda were 270 million comparisons of their IDs).
    public func style(for occurrence: Occurrence) -> (style: CalendarStyle, index: Int)? {
        let position = occurrence.calendarIndex
        if occurrence.calendarID != .unspecified {
            if indices.contains(position) && self[position].id == occurrence.calendarID { return (self[position], position) }
            if let index = firstIndex(where: { $0.id == occurrence.calendarID }) { return (self[index], index) }
        }
        let index = occurrence.calendarIndex
        return indices.contains(index) && self[index].id == .unspecified ? (self[index], index) : nil
    }
}
