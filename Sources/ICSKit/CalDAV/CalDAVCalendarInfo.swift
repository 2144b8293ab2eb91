import Foundation

/// A calendar collection on a CalDAV server, as discovery finds it (RFC 4791 5.2, RFC 6578,
/// Apple's `calendar-color`).
public struct CalDAVCalendarInfo: Sendable, Hashable, Codable {
    /// The collection's URL.
    public var url: URL
    /// `DAV:displayname`.
    public var displayName: String?
    /// Apple's `calendar-color` as `#RRGGBB` (an alpha byte the server adds is dropped).
    public var color: String?
    /// `CALDAV:calendar-description`.
    public var notes: String?
    /// The component kinds it holds (`VEVENT`, `VTODO`), from `supported-calendar-component-set`;
    /// empty when the server does not say (RFC 4791: then any).
    public var components: [String]
    /// `DAV:sync-token` (RFC 6578), when the server keeps one: it supports incremental sync.
    public var syncToken: String?

    /// A calendar's description.
    public init(url: URL, displayName: String? = nil, color: String? = nil, notes: String? = nil,
                components: [String] = [], syncToken: String? = nil) {
        self.url = url
        self.displayName = displayName
        self.color = color
        self.notes = notes
        self.components = components
        self.syncToken = syncToken
    }

    /// Reads the properties of one `DAV:response`.
    init(url: URL, response: Multistatus.Response) {
        self.url = url
        displayName = response.property("displayname").map(\.trimmed).flatMap { $0.isEmpty ? nil : $0 }
        color = response.property("calendar-color", DAVElement.apple).map(\.trimmed).flatMap(CalDAVCalendarInfo.color)
        notes = response.property("calendar-description", DAVElement.caldav).map(\.trimmed).flatMap { $0.isEmpty ? nil : $0 }
        components = response.property("supported-calendar-component-set", DAVElement.caldav)?
            .all("comp", DAVElement.caldav).compactMap { $0.attributes["name"]?.uppercased() } ?? []
        syncToken = response.property("sync-token").map(\.trimmed).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `#RRGGBB` or `#RRGGBBAA` → `#RRGGBB` (upper-case kept as sent); anything else → `nil`.
    static func color(_ text: String) -> String? {
        let hex = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard hex.count == 6 || hex.count == 8, hex.allSatisfy(\.isHexDigit) else { return nil }
        return "#" + hex.prefix(6)
    }
}
