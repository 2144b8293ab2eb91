import Foundation
import ICSKit

/// The example's database: a row per occurrence, keyed by `Occurrence.ID.stringValue`, and per
/// calendar the copy its rows were last made from, with that window.
///
/// ```sql
/// CREATE TABLE occurrences (id TEXT PRIMARY KEY, source TEXT, uid TEXT, start TEXT, "end" TEXT,
///                           all_day INTEGER, summary TEXT, status TEXT);
/// CREATE TABLE applied (source TEXT PRIMARY KEY, calendar BLOB, window_start REAL, window_end REAL);
/// ```
final class OccurrenceRows {
    private let database: Database

    init(path: String) throws {
        database = try Database(path: path)
        try database.execute("""
            CREATE TABLE IF NOT EXISTS occurrences (id TEXT PRIMARY KEY, source TEXT NOT NULL, uid TEXT, start TEXT NOT NULL,
                                                    "end" TEXT NOT NULL, all_day INTEGER NOT NULL, summary TEXT, status TEXT);
            CREATE TABLE IF NOT EXISTS applied (source TEXT PRIMARY KEY, calendar BLOB NOT NULL,
                                                window_start REAL NOT NULL, window_end REAL NOT NULL);
            """)
    }

    /// The calendar the rows of `source` were last made from, and its window.
    func lastApplied(_ source: String) throws -> (bytes: [UInt8], from: Date, to: Date)? {
        guard let row = try database.run("SELECT window_start, window_end FROM applied WHERE source = ?", [.text(source)]).first,
              let start = row[0].flatMap(Double.init), let end = row[1].flatMap(Double.init),
              let bytes = try database.blob("SELECT calendar FROM applied WHERE source = ?", [.text(source)]) else { return nil }
        return (bytes, Date(timeIntervalSince1970: start), Date(timeIntervalSince1970: end))
    }

    /// Writes the change set: removed rows deleted, added ones inserted, moved and changed ones
    /// replaced; and `bytes` kept as the copy the rows now come from. All or nothing.
    func apply(_ diff: OccurrenceDiff, source: String, bytes: [UInt8], from: Date, to: Date) throws {
        try database.transaction {
            for occurrence in diff.removed {
                try database.run("DELETE FROM occurrences WHERE id = ?", [.text(occurrence.id.stringValue)])
            }
            for occurrence in diff.added + (diff.moved + diff.changed).map(\.new) {
                try database.run("INSERT OR REPLACE INTO occurrences VALUES (?, ?, ?, ?, ?, ?, ?, ?)", row(occurrence, source: source))
            }
            try database.run("INSERT OR REPLACE INTO applied VALUES (?, ?, ?, ?)",
                             [.text(source), .blob(bytes), .real(from.timeIntervalSince1970), .real(to.timeIntervalSince1970)])
        }
    }

    /// An occurrence's columns: its key, times as ISO 8601 in UTC (a date for an all-day one).
    private func row(_ occurrence: Occurrence, source: String) -> [Database.Value] {
        let zone = TimeZone(identifier: "UTC")!
        let format = Date.ISO8601FormatStyle(timeZone: zone)
        let day = Date.ISO8601FormatStyle(timeZone: zone).year().month().day()
        let text = { (date: Date) in occurrence.isAllDay ? date.formatted(day) : date.formatted(format) }
        let incidence = occurrence.incidence
        return [.text(occurrence.id.stringValue), .text(source), incidence.uid.map(Database.Value.text) ?? .null,
                .text(text(occurrence.start.date(in: zone))), .text(text(occurrence.end.date(in: zone))),
                .text(occurrence.isAllDay ? "1" : "0"), incidence.summary.map(Database.Value.text) ?? .null,
                occurrence.status.map { .text($0.rawValue) } ?? .null]
    }
}
