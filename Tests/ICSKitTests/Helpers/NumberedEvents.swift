import Foundation

/// The calendar the import's threading tests read: `count` VEVENTs with UIDs `event-0`,
/// `event-1`, … in file order (about 190 bytes each), and a VTODO `todo-k` after every
/// `todoEvery`-th event when given (`todo-0` after `event-(todoEvery - 1)`).
func numberedEventsText(count: Int, todoEvery: Int? = nil) -> String {
    var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ICSKit tests//EN"]
    for i in 0..<count {
        lines += ["BEGIN:VEVENT", "UID:event-\(i)", "DTSTAMP:20250101T000000Z",
                  String(format: "DTSTART:2025%02d%02dT%02d0000Z", 1 + i % 12, 1 + i % 28, i % 24),
                  "DURATION:PT1H", "SUMMARY:Event \(i) of the assembly test, long enough to fill batches",
                  "END:VEVENT"]
        if let todoEvery, i % todoEvery == todoEvery - 1 {
            lines += ["BEGIN:VTODO", "UID:todo-\(i / todoEvery)", "DTSTAMP:20250101T000000Z", "END:VTODO"]
        }
    }
    lines.append("END:VCALENDAR")
    return lines.joined(separator: "\r\n") + "\r\n"
}
