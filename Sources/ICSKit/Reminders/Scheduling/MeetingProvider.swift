import Foundation

/// An online-meeting service, recognised by the host and path of its meeting links.
public struct MeetingProvider: Sendable, Hashable {
    /// The service's name: `Zoom`, `Google Meet`, `Microsoft Teams`, ….
    public var name: String
    /// The hosts of its links: a host matches when it is one of them or ends with `.` and one.
    public var hosts: [String]
    /// The starts of the paths of its meeting links (lower case); an empty list: any path but `/`.
    public var pathPrefixes: [String]

    /// A service whose meeting links are on `hosts` (and their subdomains) under `pathPrefixes`.
    public init(name: String, hosts: [String], pathPrefixes: [String] = []) {
        self.name = name
        self.hosts = hosts
        self.pathPrefixes = pathPrefixes
    }

    /// The services recognised, in the order they are tried.
    public static let all: [MeetingProvider] = [
        MeetingProvider(name: "Zoom", hosts: ["zoom.us", "zoomgov.com", "zoom.com"], pathPrefixes: ["/j/", "/my/", "/w/", "/s/", "/wc/"]),
        MeetingProvider(name: "Google Meet", hosts: ["meet.google.com"]),
        MeetingProvider(name: "Microsoft Teams", hosts: ["teams.microsoft.com", "teams.live.com"],
                        pathPrefixes: ["/l/meetup-join/", "/meet/", "/l/meet/"]),
        MeetingProvider(name: "Webex", hosts: ["webex.com"]),
        MeetingProvider(name: "Jitsi Meet", hosts: ["meet.jit.si", "8x8.vc"]),
        MeetingProvider(name: "Whereby", hosts: ["whereby.com", "appear.in"]),
        MeetingProvider(name: "GoTo Meeting", hosts: ["gotomeeting.com", "gotomeet.me", "meet.goto.com", "app.goto.com"],
                        pathPrefixes: []),
        MeetingProvider(name: "BlueJeans", hosts: ["bluejeans.com"]),
        MeetingProvider(name: "Amazon Chime", hosts: ["chime.aws"]),
        MeetingProvider(name: "Skype", hosts: ["join.skype.com"]),
        MeetingProvider(name: "RingCentral", hosts: ["meetings.ringcentral.com", "v.ringcentral.com"]),
        MeetingProvider(name: "Slack huddle", hosts: ["app.slack.com"], pathPrefixes: ["/huddle/"]),
        MeetingProvider(name: "Zoho Meeting", hosts: ["meeting.zoho.com", "meeting.zoho.eu"]),
        MeetingProvider(name: "Lifesize", hosts: ["call.lifesizecloud.com"]),
        MeetingProvider(name: "FaceTime", hosts: ["facetime.apple.com"], pathPrefixes: ["/join"]),
        MeetingProvider(name: "Discord", hosts: ["discord.gg"]),
    ]

    /// Whether `url` is one of this service's meeting links.
    public func matches(host: String, path: String) -> Bool {
        let host = host.lowercased()
        guard hosts.contains(where: { host == $0 || host.hasSuffix("." + $0) }) else { return false }
        let path = path.lowercased()
        if pathPrefixes.isEmpty { return path.count > 1 }
        return pathPrefixes.contains { path.hasPrefix($0) }
    }

    /// The service whose meeting link `url` is, or nil (not a link, or not a known service's
    /// meeting link: a Zoom home page is not one).
    ///
    /// ```swift
    /// MeetingProvider.of("https://us02web.zoom.us/j/85512345678?pwd=x")?.name   // "Zoom"
    /// ```
    public static func of(_ url: String) -> MeetingProvider? {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
              scheme == "https" || scheme == "http", let host = components.host else { return nil }
        return all.first { $0.matches(host: host, path: components.path) }
    }
}
