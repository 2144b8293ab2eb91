import ICSKit

/// Text and JSON for a ``CalendarDiff``.
enum DiffRenderer {
    /// One line per event, `+` added, `-` removed, `~` changed (with a line per changed
    /// property giving its old and new values), then a count line:
    /// ```
    /// + offsite@example.org: "Offsite" (Thu 20 Jun 2024)
    /// ~ review@example.org: "Design review (moved)" — SUMMARY (newer)
    ///     SUMMARY: "Design review" → "Design review (moved)"
    /// 2 added, 1 removed, 3 changed, 2 unchanged
    /// ```
    static func text(_ diff: CalendarDiff, values: DiffValues) -> String {
        var out = ""
        for event in diff.added {
            out += "+ \(safe(CalendarDiff.Key(event))): \(title(event))"
            if let recurrenceID = event.recurrenceID, let start = event.start, start != recurrenceID {
                out += ", moved to \(values.human(start))"
            } else if let start = event.start {
                out += " (\(values.human(start)))"
            }
            out += event.isCancelled ? " — cancelled\n" : "\n"
        }
        for event in diff.removed {
            out += "- \(safe(CalendarDiff.Key(event))): \(title(event))" + (event.start.map { " (\(values.human($0)))" } ?? "") + "\n"
        }
        for change in diff.changed {
            var what = change.fields.map(\.rawValue).joined(separator: ", ")
            if change.isCancellation { what = "cancelled; " + what }
            if change.isMove, let start = change.new.start { what = "moved to \(values.human(start)); " + what }
            out += "~ \(safe(change.key)): \(title(change.new)) — \(what)"
            out += change.revision == .same ? "\n" : " (\(change.revision.rawValue))\n"
            for field in change.fields {
                if let line = values.line(field, old: change.old, new: change.new) { out += "    \(TerminalText.safeLine(line))\n" }
            }
        }
        out += "\(diff.added.count) added, \(diff.removed.count) removed, \(diff.changed.count) changed, \(diff.unchangedCount) unchanged\n"
        return out
    }

    /// The JSON object: `added`, `removed` (events with `uid`, `recurrenceId`, `summary`, `start`,
    /// `end`, `status`), `changed` (with old and new `start`, `end` and `sequence`) and
    /// `unchanged`; times in the agenda's forms (``AgendaTime``).
    static func json(_ diff: CalendarDiff) -> JSON {
        .object([
            ("added", .array(diff.added.map(event))),
            ("removed", .array(diff.removed.map(event))),
            ("changed", .array(diff.changed.map { change in
                .object(key(change.key) + [
                    ("summary", .optional(change.new.summary)),
                    ("fields", .array(change.fields.map { JSON.string($0.rawValue) })),
                    ("revision", .string(change.revision.rawValue)),
                    ("cancelled", .bool(change.isCancellation)),
                    ("moved", .bool(change.isMove)),
                    ("sequence", .object([("old", .int(change.old.sequence)), ("new", .int(change.new.sequence))])),
                    ("start", .object([("old", AgendaTime.text(change.old.start)), ("new", AgendaTime.text(change.new.start))])),
                    ("end", .object([("old", AgendaTime.text(change.old.end)), ("new", AgendaTime.text(change.new.end))])),
                ])
            })),
            ("unchanged", .int(diff.unchangedCount)),
        ])
    }

    private static func event(_ incidence: Incidence) -> JSON {
        .object(key(CalendarDiff.Key(incidence)) + [
            ("summary", .optional(incidence.summary)),
            ("start", AgendaTime.text(incidence.start)),
            ("end", AgendaTime.text(incidence.end)),
            ("status", .optional(incidence.status?.rawValue)),
        ])
    }

    private static func key(_ key: CalendarDiff.Key) -> [(String, JSON)] {
        [("uid", .string(key.uid)), ("recurrenceId", AgendaTime.text(key.recurrenceID))]
    }

    /// The summary, quoted and made safe for the terminal.
    private static func title(_ incidence: Incidence) -> String {
        incidence.summary.map { "\"\(TerminalText.safe($0, toWidth: 500))\"" } ?? "(no summary)"
    }

    /// A key (UID and RECURRENCE-ID: feed text) made safe for the terminal.
    private static func safe(_ key: CalendarDiff.Key) -> String {
        TerminalText.safe("\(key)", toWidth: 500)
    }
}
