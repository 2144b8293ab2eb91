import Foundation

/// A link to join an online meeting, found in an event: its URL, the service it belongs to, and
/// the property it was found in.
///
/// ```swift
/// if let link = MeetingLink.first(in: event) {
///     print(link.provider?.name ?? "meeting", link.url)   // "Zoom https://example.zoom.us/j/123…"
/// }
/// ```
public struct MeetingLink: Sendable, Hashable {
    /// The link, as written (an Outlook Safe Links or Google redirect unwrapped, `&amp;` read as `&`).
    public var url: String
    /// The service, when the link is one of a known service's meeting links; nil for a link
    /// that a conferencing property gives for a service not in ``MeetingProvider/all``.
    public var provider: MeetingProvider?
    /// The property it was found in: `CONFERENCE`, `X-GOOGLE-CONFERENCE`, `URL`, `LOCATION`, `DESCRIPTION`, ….
    public var property: String

    /// Creates a link (the finder makes them; this is for tests and apps).
    public init(url: String, provider: MeetingProvider?, property: String) {
        self.url = url
        self.provider = provider
        self.property = property
    }

    /// The properties that hold nothing but a meeting's address, searched first, in this order:
    /// RFC 7986 `CONFERENCE` (a URI), Google's `X-GOOGLE-CONFERENCE`, Microsoft's Teams links.
    public static let conferenceProperties = ["CONFERENCE", "X-GOOGLE-CONFERENCE", "X-MICROSOFT-SKYPETEAMSMEETINGURL",
                                              "X-MICROSOFT-ONLINEMEETINGEXTERNALLINK"]

    /// The first meeting link of `incidence`: a web link in a conferencing property
    /// (``conferenceProperties``, any service; of several `CONFERENCE` properties, the first
    /// with `FEATURE=VIDEO`, else the first web one), else the first link of a known service
    /// (``MeetingProvider/all``) in URL, LOCATION, DESCRIPTION, then `X-ALT-DESC` (HTML).
    ///
    /// - Complexity: O(n) in the length of the texts searched.
    public static func first(in incidence: Incidence) -> MeetingLink? {
        for name in conferenceProperties {
            let values = incidence.otherProperties.filter { $0.name == name }
            let ordered = values.filter { ($0.parameter("FEATURE") ?? "").uppercased().contains("VIDEO") } + values
            for property in ordered {
                let text = property.value.trimmingCharacters(in: .whitespacesAndNewlines)
                if let url = webLinks(in: text).first {
                    return MeetingLink(url: url, provider: MeetingProvider.of(url), property: name)
                }
            }
        }
        let texts: [(String, String?)] = [("URL", incidence.url), ("LOCATION", incidence.location), ("DESCRIPTION", incidence.notes),
                                          ("X-ALT-DESC", incidence.otherProperties.first { $0.name == "X-ALT-DESC" }?.value)]
        for (name, text) in texts {
            guard let text else { continue }
            for url in webLinks(in: text) {
                if let provider = MeetingProvider.of(url) { return MeetingLink(url: url, provider: provider, property: name) }
            }
        }
        return nil
    }

    /// The `http://` and `https://` links in `text`, in order: each runs to white space, a quote,
    /// `<`, `>` or a closing bracket it did not open, without trailing punctuation (`.`, `,`, `;`,
    /// `:`, `!`, `?`); `&amp;` is read as `&`, and Outlook Safe Links and Google redirects are
    /// unwrapped to the address they lead to.
    ///
    /// ```swift
    /// MeetingLink.webLinks(in: "Join: <https://meet.google.com/abc-defg-hij>.")   // ["https://meet.google.com/abc-defg-hij"]
    /// ```
    /// - Complexity: O(n) in the length of `text`.
    public static func webLinks(in text: String) -> [String] {
        var found: [String] = []
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            guard scalars[i] == "h" || scalars[i] == "H", let length = schemeLength(scalars, at: i) else {
                i += 1
                continue
            }
            var end = i + length
            var opened = 0
            scan: while end < scalars.count {
                let c = scalars[end]
                switch c {
                case " ", "\t", "\r", "\n", "\"", "'", "<", ">", "`", "\u{A0}": break scan
                case "(", "[": opened += 1
                case ")", "]":
                    if opened == 0 { break scan }
                    opened -= 1
                default: if c.value < 0x20 { break scan }
                }
                end += 1
            }
            while end > i + length, ".,;:!?".unicodeScalars.contains(scalars[end - 1]) { end -= 1 }
            if end > i + length {
                var link = String(String.UnicodeScalarView(scalars[i..<end]))
                link = link.replacingOccurrences(of: "&amp;", with: "&")
                found.append(unwrapped(link))
            }
            i = end
        }
        return found
    }

    /// The length of `http://` or `https://` at `i` (any case), or nil.
    private static func schemeLength(_ scalars: [Unicode.Scalar], at i: Int) -> Int? {
        for scheme in ["https://", "http://"] {
            let count = scheme.unicodeScalars.count
            guard i + count <= scalars.count else { continue }
            if String(String.UnicodeScalarView(scalars[i..<i + count])).lowercased() == scheme { return count }
        }
        return nil
    }

    /// The address an Outlook Safe Links (`…safelinks.protection.outlook.com/?url=…`) or Google
    /// (`www.google.com/url?q=…`) redirect leads to; any other link as it is.
    static func unwrapped(_ link: String) -> String {
        guard let components = URLComponents(string: link), let host = components.host?.lowercased() else { return link }
        let parameter: String
        if host.hasSuffix(".safelinks.protection.outlook.com") {
            parameter = "url"
        } else if (host == "www.google.com" || host == "google.com") && components.path == "/url" {
            parameter = "q"
        } else {
            return link
        }
        guard let target = components.queryItems?.first(where: { $0.name == parameter })?.value,
              target.lowercased().hasPrefix("http") else { return link }
        return target
    }
}
