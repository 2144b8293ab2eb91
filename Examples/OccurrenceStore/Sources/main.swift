// OccurrenceStore: an importer an app builds on. It keeps the next 90 days of occurrences of
// some calendars in an SQLite database, one row per occurrence keyed by `Occurrence.ID`'s string
// form, and on each refresh applies only what changed (`OccurrenceDiff`): the rows of
// occurrences added, removed, moved and changed are written, and no other row is touched.
//
//   swift run OccurrenceStore store.sqlite work.ics home.ics              # from today, 90 days
//   swift run OccurrenceStore store.sqlite work.ics --today 2024-06-10 --days 90
//
// Each refresh compares the calendar as last applied (kept in the database beside the rows,
// with its window) with the new import over the new window, so a calendar edit and the window
// moving on (days that leave it, days that enter it) are one change set. Times are in UTC here;
// an app passes its user's zone.
import Foundation
import ICSKit

let usage = "usage: OccurrenceStore STORE.sqlite CALENDAR.ics ... [--today YYYY-MM-DD] [--days N]\n"
var arguments = Array(CommandLine.arguments.dropFirst())
var today = Date()
var days = 90
var utc = Calendar(identifier: .gregorian)
utc.timeZone = TimeZone(identifier: "UTC")!

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("OccurrenceStore: \(message)\n".utf8))
    exit(1)
}

while let index = arguments.firstIndex(where: { $0 == "--today" || $0 == "--days" }) {
    guard index + 1 < arguments.count else { fail("\(arguments[index]) needs a value\n\(usage)") }
    let value = arguments[index + 1]
    if arguments[index] == "--days" {
        guard let number = Int(value), number > 0 else { fail("--days takes a positive number") }
        days = number
    } else {
        let parts = value.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, let date = utc.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])) else {
            fail("--today takes YYYY-MM-DD")
        }
        today = date
    }
    arguments.removeSubrange(index...(index + 1))
}
guard arguments.count >= 2 else { fail("a store and at least one calendar are needed\n\(usage)") }

// The window: today's midnight (UTC) and `days` days on.
let from = utc.startOfDay(for: today)
let to = utc.date(byAdding: .day, value: days, to: from)!

do {
    let store = try OccurrenceRows(path: arguments[0])
    for path in arguments.dropFirst() {
        // 1. The new import. Its source is the path: it is part of every occurrence's key.
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let new = try ICalendar(bytes: bytes, source: path)

        // 2. What the rows hold now: the calendar as last applied, over its window then.
        var old: [Occurrence] = []
        if let last = try store.lastApplied(path) {
            let calendar = try ICalendar(bytes: last.bytes, source: path)
            old = Array(OccurrenceExpansion(calendars: [calendar], from: last.from, to: last.to, viewerTimeZone: utc.timeZone))
        }

        // 3. What they should hold, and the difference: the change set to apply.
        let now = Array(OccurrenceExpansion(calendars: [new], from: from, to: to, viewerTimeZone: utc.timeZone))
        let diff = OccurrenceDiff(old: old, new: now, zone: utc.timeZone)

        // 4. Only the changed rows, in one transaction with the copy they were made from.
        try store.apply(diff, source: path, bytes: bytes, from: from, to: to)
        print("\(path): \(diff.added.count) added, \(diff.removed.count) removed, \(diff.moved.count) moved, "
              + "\(diff.changed.count) changed, \(diff.unchangedCount) unchanged")
    }
} catch {
    fail("\(error)")
}
