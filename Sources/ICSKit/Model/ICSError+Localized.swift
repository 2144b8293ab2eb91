import Foundation

/// The text an app shows for an ``ICSError``: `localizedDescription` is one sentence that says
/// what failed, where, why and what to do (English; ICSKit ships no translations).
extension ICSError: LocalizedError {
    /// What failed and where, the system's reason, and what to do:
    /// `The server of “https://example.com/team.ics” did not send it: HTTP 404 Not Found.
    /// Check the address: the calendar may have moved or been deleted.`
    public var errorDescription: String? {
        [failureSentence, recoverySuggestion].compactMap { $0 }.joined(separator: " ")
    }

    /// The reason, as ``message`` says it.
    public var failureReason: String? { message }

    /// What the person can do about it, or nil when nothing helps.
    public var recoverySuggestion: String? {
        switch code {
        case .unreadable: return "Check that the file or address exists and can be read."
        case .notICalendar: return "Check that it is an iCalendar (.ics) file or feed, not a web page or another format."
        case .hostNotFound: return "Check the address and the internet connection."
        case .connectionFailed: return "Check the internet connection, or try again later."
        case .tlsFailure: return "The server’s certificate may be expired or not trusted; try again later or ask its owner."
        case .httpStatus: return httpAdvice
        case .timedOut: return "Try again later, or allow more time."
        case .tooLarge: return "Raise the maximum size if the calendar is meant to be this large."
        case .badRedirect: return "Check the address; the calendar may have moved."
        case .truncated: return "Try again."
        case .network: return "Check the internet connection and try again."
        case .badEncoding: return "Try again later; if it persists, the server sends a damaged or unsupported compression."
        case .emptyFeed: return "The previous copy is kept; if the calendar was emptied on purpose, remove and add it again."
        case .notCached: return "Connect to the internet and refresh."
        default: return nil
        }
    }

    /// What failed, where, and why, as one sentence.
    private var failureSentence: String {
        let place = source.map { "“\($0)”" + (line.map { " (line \($0))" } ?? "") }
        let reason = Self.clause(message)
        switch code {
        case .unreadable: return "\(place.map { "The calendar \($0)" } ?? "The calendar") could not be read: \(reason)"
        case .notICalendar: return "\(place ?? "The input") is not an iCalendar calendar: \(reason)"
        case .hostNotFound: return "The server of \(place ?? "the calendar") could not be found: \(reason)"
        case .connectionFailed: return "Could not connect to the server of \(place ?? "the calendar"): \(reason)"
        case .tlsFailure: return "A secure connection to the server of \(place ?? "the calendar") could not be made: \(reason)"
        case .httpStatus: return "The server of \(place ?? "the calendar") did not send it: \(reason)"
        case .timedOut: return "Downloading \(place ?? "the calendar") took too long: \(reason)"
        case .tooLarge: return "\(place.map { "The calendar \($0)" } ?? "The calendar") is too large: \(reason)"
        case .badRedirect: return "The server of \(place ?? "the calendar") redirected to where it cannot be followed: \(reason)"
        case .truncated: return "Downloading \(place ?? "the calendar") broke off before the end: \(reason)"
        case .network: return "\(place.map { "The calendar \($0)" } ?? "The calendar") could not be downloaded: \(reason)"
        case .badEncoding: return "\(place.map { "The calendar \($0)" } ?? "The calendar") arrived in a form that cannot be decoded: \(reason)"
        case .emptyFeed: return "The new copy of \(place ?? "the calendar") was not taken: \(reason)"
        case .notCached: return "\(place.map { "The calendar \($0)" } ?? "The calendar") cannot be shown offline: \(reason)"
        default: return "\(place.map { "The calendar \($0)" } ?? "The calendar") could not be loaded (\(code.rawValue)): \(reason)"
        }
    }

    /// What to do about an HTTP status, by its class (RFC 9110 section 15).
    private var httpAdvice: String {
        switch httpStatus ?? 0 {
        case 401, 403: return "The calendar needs permission: check the address or its access token."
        case 404, 410: return "Check the address: the calendar may have moved or been deleted."
        case 429: return "The server asks to wait: try again later."
        case 500...599: return "The server has a problem: try again later."
        default: return "Check the address and try again later."
        }
    }

    /// `message`, ending in a full stop.
    private static func clause(_ text: String) -> String {
        guard let last = text.last else { return "no reason given." }
        return ".!?".contains(last) ? text : text + "."
    }
}
