import ICSKit

/// Reads one input named on the command line into a calendar: a file path or `-`.
enum InputLoader {
    /// - Throws: ``ICSError`` (unreadable, not iCalendar).
    static func load(_ input: String) throws(ICSError) -> ICalendar {
        try ICalendar(contentsOfFile: input)
    }
}
