import Foundation
import Testing
@testable import ICSKit

/// The meeting-link finder on links written as the services and calendar producers write them
/// (Google Calendar's X-GOOGLE-CONFERENCE and HTML descriptions, Outlook's Teams blocks and Safe
/// Links, RFC 7986 CONFERENCE); expected values read off the inputs by hand.
@Suite("Meeting links")
struct MeetingLinkTests {
    static func event(url: String? = nil, location: String? = nil, description: String? = nil,
                      properties: [Property] = []) -> Incidence {
        var event = Incidence(kind: .event)
        event.url = url
        event.location = location
        event.notes = description
        event.otherProperties = properties
        return event
    }

    static let cases: [(String, String?)] = [
        ("https://us02web.zoom.us/j/85512345678?pwd=abc", "Zoom"),
        ("https://zoom.us/my/someone", "Zoom"),
        ("https://company.zoomgov.com/j/1611234567", "Zoom"),
        ("https://meet.google.com/abc-defg-hij", "Google Meet"),
        ("https://teams.microsoft.com/l/meetup-join/19%3ameeting_N2Q%40thread.v2/0?context=%7b%22Tid%22%3a%22x%22%7d", "Microsoft Teams"),
        ("https://teams.live.com/meet/9876543210", "Microsoft Teams"),
        ("https://acme.webex.com/acme/j.php?MTID=m0123", "Webex"),
        ("https://meet.jit.si/StandUpRoom", "Jitsi Meet"),
        ("https://whereby.com/team-room", "Whereby"),
        ("https://global.gotomeeting.com/join/123456789", "GoTo Meeting"),
        ("https://meet.goto.com/123456789", "GoTo Meeting"),
        ("https://zoom.us/", nil),
        ("https://zoom.us/pricing", nil),
        ("https://teams.microsoft.com/", nil),
        ("https://example.com/j/123", nil),
        ("https://notzoom.us/j/1", nil),
    ]

    @Test(arguments: cases) func providers(url: String, name: String?) {
        #expect(MeetingProvider.of(url)?.name == name)
    }

    /// Links in running text: delimiters, trailing punctuation, brackets, HTML, &amp;.
    @Test func linksInText() {
        #expect(MeetingLink.webLinks(in: "Join: <https://meet.google.com/abc-defg-hij>.") == ["https://meet.google.com/abc-defg-hij"])
        #expect(MeetingLink.webLinks(in: "(see https://en.wikipedia.org/wiki/Foo_(bar)), then") == ["https://en.wikipedia.org/wiki/Foo_(bar)"])
        #expect(MeetingLink.webLinks(in: "<a href=\"https://zoom.us/j/1?pwd=a&amp;b=c\">Zoom</a>") == ["https://zoom.us/j/1?pwd=a&b=c"])
        #expect(MeetingLink.webLinks(in: "HTTPS://Meet.Google.com/x-y-z, http://a.example") == ["HTTPS://Meet.Google.com/x-y-z", "http://a.example"])
        #expect(MeetingLink.webLinks(in: "no link, just https:// and http") == [])
    }

    /// Conferencing properties first (any web link), then URL, LOCATION, DESCRIPTION (known services only).
    @Test func searchOrder() throws {
        let google = Self.event(description: "Join with Google Meet: https://meet.google.com/aaa-bbbb-ccc\nOr dial…",
                                properties: [Property(name: "X-GOOGLE-CONFERENCE", value: "https://meet.google.com/aaa-bbbb-ccc")])
        #expect(MeetingLink.first(in: google) == MeetingLink(url: "https://meet.google.com/aaa-bbbb-ccc",
                                                              provider: MeetingProvider.all[1], property: "X-GOOGLE-CONFERENCE"))
        let rfc7986 = Self.event(location: "https://zoom.us/j/1", properties: [
            Property(name: "CONFERENCE", parameters: [Parameter(name: "VALUE", value: "URI"), Parameter(name: "FEATURE", value: "PHONE")],
                     value: "tel:+1-412-555-0123,,,654321"),
            Property(name: "CONFERENCE", parameters: [Parameter(name: "VALUE", value: "URI"), Parameter(name: "FEATURE", value: "PHONE,VIDEO")],
                     value: "https://chat.example.com/audio?id=123456"),
        ])
        let found = try #require(MeetingLink.first(in: rfc7986))
        #expect(found.url == "https://chat.example.com/audio?id=123456", "RFC 7986's example: the video one, though of no known service")
        #expect(found.provider == nil && found.property == "CONFERENCE")
        let plain = Self.event(url: "https://example.com/agenda", location: "Room 4, or https://acme.webex.com/meet/jdoe",
                               description: "https://meet.jit.si/later")
        #expect(MeetingLink.first(in: plain)?.url == "https://acme.webex.com/meet/jdoe")
        #expect(MeetingLink.first(in: plain)?.property == "LOCATION")
        #expect(MeetingLink.first(in: Self.event(url: "https://example.com", description: "Lunch at https://example.org/menu")) == nil)
    }

    /// Outlook's Safe Links and Google's redirects lead to the meeting.
    @Test func redirectsAreUnwrapped() {
        let outlook = "Microsoft Teams meeting\nJoin: https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Fteams.microsoft.com%2Fl%2Fmeetup-join%2F19%253ameeting_X%2540thread.v2%2F0&data=05%7C01"
        let link = MeetingLink.first(in: Self.event(description: outlook))
        #expect(link?.url == "https://teams.microsoft.com/l/meetup-join/19%3ameeting_X%40thread.v2/0")
        #expect(link?.provider?.name == "Microsoft Teams")
        let google = "https://www.google.com/url?q=https://meet.google.com/xyz-abcd-efg&sa=D"
        #expect(MeetingLink.first(in: Self.event(description: google))?.url == "https://meet.google.com/xyz-abcd-efg")
    }
}
