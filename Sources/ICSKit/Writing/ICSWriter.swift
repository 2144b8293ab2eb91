import Foundation

/// Writes an ``ICalendar`` as iCalendar text (RFC 5545): CRLF line ends, lines folded at 75
/// octets (never inside a UTF-8 character), TEXT values escaped, parameter values quoted where
/// they must be, and a VTIMEZONE for every TZID the components use.
///
/// What the model keeps is written back: each typed field as its property, and every property,
/// parameter and component it has no field for (``Property``, ``RawComponent``) with its name,
/// parameters and value exactly as they were read. Importing the text gives an equal model
/// (apart from line numbers and diagnostics). The parameters of SUMMARY, DESCRIPTION, LOCATION
/// and URL (`SUMMARY;LANGUAGE=de`, `DESCRIPTION;ALTREP="cid:…"`) are kept in
/// ``Incidence/textParameters`` and written back; those of other typed properties beyond what
/// their value needs (a TZID, VALUE=DATE), and a property repeated where the model keeps one
/// value (a second DTSTART), are not in the model and so are not written.
///
/// A TZID that no VTIMEZONE of the calendar defines (an IANA name, a Windows name such as
/// `W. Europe Standard Time`, an Outlook display name) gets one generated from the system's zone
/// data over the years the calendar uses it (``addsMissingTimeZones``).
///
/// ```swift
/// let calendar = try ICalendar(contentsOfFile: "team.ics")
/// let text = ICSWriter().text(for: calendar)
/// try ICSWriter().write(calendar, toFile: "copy.ics")
/// ```
public struct ICSWriter: Sendable {
    /// The PRODID written when the calendar has none.
    public var productID: String
    /// Whether TZIDs without a VTIMEZONE get one generated from the system's zone data.
    public var addsMissingTimeZones: Bool
    /// The year that a generated VTIMEZONE of a series without end reaches at least (with its
    /// yearly rules going on beyond it); by default, the current year (UTC).
    public var referenceYear: Int?

    /// The PRODID written when the calendar has none and the caller names no product
    /// (`-//ICSKit//EN`); an app passes its own (icsview: `-//ICSKit//icsview//EN`).
    public static let defaultProductID = "-//ICSKit//EN"

    /// A writer.
    /// - Parameters:
    ///   - productID: the PRODID written when the calendar has none.
    ///   - addsMissingTimeZones: whether TZIDs without a VTIMEZONE get one from the system's zone data.
    ///   - referenceYear: see ``referenceYear``.
    public init(productID: String = ICSWriter.defaultProductID, addsMissingTimeZones: Bool = true, referenceYear: Int? = nil) {
        self.productID = productID
        self.addsMissingTimeZones = addsMissingTimeZones
        self.referenceYear = referenceYear
    }

    /// The calendar as iCalendar bytes (UTF-8).
    /// - Complexity: O(n) in the size of the calendar, plus the zone changes of generated VTIMEZONEs.
    public func bytes(for calendar: ICalendar) -> [UInt8] {
        var writer = ContentLineWriter(capacity: 256 * (calendar.events.count + calendar.todos.count + 4))
        writer.begin("VCALENDAR")
        writeProperties(of: calendar, into: &writer)
        for zone in calendar.timeZones { writer.write(zone) }
        if addsMissingTimeZones {
            for zone in missingTimeZones(for: calendar).generated { writer.write(zone) }
        }
        for incidence in calendar.events { writer.write(incidence) }
        for incidence in calendar.todos { writer.write(incidence) }
        for incidence in calendar.journals { writer.write(incidence) }
        for component in calendar.otherComponents { writer.write(component) }
        writer.end("VCALENDAR")
        return writer.bytes
    }

    /// The calendar as iCalendar text (``bytes(for:)`` as a `String`).
    public func text(for calendar: ICalendar) -> String {
        String(decoding: bytes(for: calendar), as: UTF8.self)
    }

    /// Writes the calendar to `path` atomically: a temporary file in the same directory,
    /// flushed, then renamed over `path`, so that a reader sees the old file or the new one.
    /// - Throws: ``ICSError`` with ``ICSError/Code/unreadable`` and the system's reason when the
    ///   file cannot be written.
    public func write(_ calendar: ICalendar, toFile path: String) throws(ICSError) {
        try Self.writeAtomically(bytes(for: calendar), toFile: path)
    }

    /// Writes `bytes` (a calendar's text, or its jCal) to `path` atomically, as
    /// ``write(_:toFile:)`` does. The file keeps the permissions of the file it replaces (a
    /// calendar fixed in place stays readable by whoever could read it); a new file gets those
    /// of any new file (0666 less the umask), or `permissions` when given (a backup copy given
    /// its original's).
    /// - Throws: ``ICSError`` with ``ICSError/Code/unreadable`` and the system's reason.
    public static func writeAtomically(_ bytes: [UInt8], toFile path: String, permissions: Int? = nil) throws(ICSError) {
        try CacheFile.writeAtomically(bytes, to: path, mode: mode_t(permissions ?? filePermissions(replacing: path)))
    }

    /// The permission bits of the regular file at `path`, else those a new file gets (0666 less the umask).
    static func filePermissions(replacing path: String) -> Int {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG { return Int(info.st_mode & 0o7777) }
        let mask = umask(0o022)
        umask(mask)
        return 0o666 & ~Int(mask)
    }

    /// The VTIMEZONEs that the calendar lacks for the TZIDs its components use, generated from
    /// the system's zone data, and the TZIDs for which none could be (no VTIMEZONE, and no
    /// IANA, Windows or Outlook name the system knows).
    /// - Complexity: O(n) in the components, plus the zone changes over the years used.
    public func missingTimeZones(for calendar: ICalendar) -> (generated: [TimeZoneDefinition], unresolved: [String]) {
        let used = UsedTimeZones(calendar)
        let defined = Set(calendar.timeZones.map(\.tzid))
        let reference = referenceYear ?? Foundation.Calendar(identifier: .gregorian)
            .dateComponents(in: TimeZone(identifier: "UTC")!, from: Date()).year!
        var generated: [TimeZoneDefinition] = [], unresolved: [String] = []
        for tzid in used.tzids where !defined.contains(tzid) {
            guard let zone = TimeZoneNames.displayTimeZone(named: tzid) else {
                unresolved.append(tzid)
                continue
            }
            var years = used.years[tzid]!
            if used.unbounded.contains(tzid) { years = years.lowerBound...max(years.upperBound, reference) }
            // A year either side: a span near New Year, and a series' UNTIL in another zone's year.
            years = (years.lowerBound - 1)...(years.upperBound + 1)
            generated.append(ZoneDefinitionMaker.definition(tzid: tzid, zone: zone, years: years))
        }
        return (generated, unresolved)
    }

    /// VERSION, PRODID and the calendar's other typed properties; each typed one only when the
    /// properties kept as written have none of that name (REFRESH-INTERVAL is read from one).
    private func writeProperties(of calendar: ICalendar, into writer: inout ContentLineWriter) {
        let kept = Set(calendar.otherProperties.map(\.name))
        writer.write("VERSION", value: "2.0")
        writer.writeText("PRODID", calendar.productID ?? productID)
        if let scale = calendar.calendarScale, !kept.contains("CALSCALE") { writer.write("CALSCALE", value: scale) }
        if let method = calendar.method, !kept.contains("METHOD") { writer.write("METHOD", value: method) }
        if let name = calendar.name, !kept.contains("NAME") { writer.writeText("NAME", name) }
        if let notes = calendar.notes, !kept.contains("DESCRIPTION") { writer.writeText("DESCRIPTION", notes) }
        if let color = calendar.color, !kept.contains("COLOR") { writer.writeText("COLOR", color) }
        if let zone = calendar.defaultTimeZone, !kept.contains("X-WR-TIMEZONE") { writer.writeText("X-WR-TIMEZONE", zone) }
        if let interval = calendar.refreshInterval, !kept.contains("REFRESH-INTERVAL") {
            writer.write("REFRESH-INTERVAL", parameters: [Parameter(name: "VALUE", value: "DURATION")], value: interval.description)
        }
        if let ttl = calendar.publishedTTL, !kept.contains("X-PUBLISHED-TTL") { writer.write("X-PUBLISHED-TTL", value: ttl.description) }
        for property in calendar.otherProperties { writer.write(property) }
    }
}

extension ICalendar {
    /// The calendar as iCalendar text, by an ``ICSWriter`` with its defaults.
    ///
    /// ```swift
    /// let text = try ICalendar(contentsOfFile: "team.ics").icsText
    /// ```
    public var icsText: String { ICSWriter().text(for: self) }
}
