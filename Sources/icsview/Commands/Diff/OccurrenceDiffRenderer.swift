import ICSKit

/// Text and JSON for an ``OccurrenceDiff`` (`icsview diff --occurrences`).
enum OccurrenceDiffRenderer {
    /// One line per occurrence, `+` added, `-` removed, `>` moved (old → new start), `~` changed
    /// (with a line per changed property), then a count line:
    /// ```
    /// + Wed 5 Jun 2024 18:00 "Gym" (gym)
    /// - Wed 5 Jun 2024 09:00 "Standup" (standup)
    /// > Thu 6 Jun 2024 09:00 → Thu 6 Jun 2024 10:00 "Standup" (standup)
    /// ~ Tue 4 Jun 2024 12:00 "Team lunch" (lunch) — SUMMARY
    ///     SUMMARY: "Lunch" → "Team lunch"
    /// 2 added, 3 removed, 1 moved, 1 changed, 3 unchanged
    /// ```
    static func text(_ diff: OccurrenceDiff, values: DiffValues) -> String {
        var out = ""
        for occurrence in diff.added { out += "+ \(values.human(occurrence.start)) \(label(occurrence))\n" }
        for occurrence in diff.removed { out += "- \(values.human(occurrence.start)) \(label(occurrence))\n" }
        for change in diff.moved {
            out += "> \(values.human(change.old.start)) → \(values.human(change.new.start)) \(label(change.new))"
            let others = change.fields.filter { $0 != .start && $0 != .end }
            out += others.isEmpty ? "\n" : " — \(others.map(\.rawValue).joined(separator: ", "))\n"
            out += lines(others, change)
        }
        for change in diff.changed {
            out += "~ \(values.human(change.new.start)) \(label(change.new)) — \(change.fields.map(\.rawValue).joined(separator: ", "))\n"
            out += lines(change.fields, change)
        }
        out += "\(diff.added.count) added, \(diff.removed.count) removed, \(diff.moved.count) moved, \(diff.changed.count) changed, "
            + "\(diff.unchangedCount) unchanged\n"
        return out

        func lines(_ fields: [CalendarDiff.Field], _ change: OccurrenceDiff.Change) -> String {
            fields.compactMap { values.line($0, old: change.old.incidence, new: change.new.incidence) }
                .map { "    \(TerminalText.safeLine($0))\n" }.joined()
        }
    }

    /// The JSON object: `from`, `to` (the days compared), `added` and `removed` (occurrences with
    /// `id` — ``Occurrence/ID/stringValue``, the key to store them under — `uid`, `recurrenceId`,
    /// `summary`, `start`, `end`, `status`), `moved` and `changed` (with `fields` and old and new
    /// `start` and `end`), and `unchanged`; times as the agenda's JSON writes them.
    static func json(_ diff: OccurrenceDiff, from: CivilDate, to: CivilDate) -> JSON {
        .object([
            ("from", .string(from.description)),
            ("to", .string(to.description)),
            ("added", .array(diff.added.map(occurrence))),
            ("removed", .array(diff.removed.map(occurrence))),
            ("moved", .array(diff.moved.map(change))),
            ("changed", .array(diff.changed.map(change))),
            ("unchanged", .int(diff.unchangedCount)),
        ] + limits(diff))
    }

    /// `limits`, present only when a series stopped at the instance limit (as in the month JSON).
    private static func limits(_ diff: OccurrenceDiff) -> [(String, JSON)] {
        let cut = diff.diagnostics.filter { $0.code == .recurrenceLimit }
        return cut.isEmpty ? [] : [("limits", .array(cut.map(SummaryRenderer.diagnosticJSON)))]
    }

    private static func occurrence(_ occurrence: Occurrence) -> JSON {
        .object([
            ("id", .string(occurrence.id.stringValue)),
            ("uid", .optional(occurrence.incidence.uid)),
            ("recurrenceId", occurrence.recurrenceIDTime.map { .string(OccurrenceJSON.text($0)) } ?? .null),
            ("summary", .optional(occurrence.incidence.summary)),
            ("start", .string(OccurrenceJSON.text(occurrence.start))),
            ("end", .string(OccurrenceJSON.text(occurrence.end))),
            ("status", .optional(occurrence.status?.rawValue)),
        ])
    }

    private static func change(_ change: OccurrenceDiff.Change) -> JSON {
        .object([
            ("id", .string(change.id.stringValue)),
            ("uid", .optional(change.new.incidence.uid)),
            ("recurrenceId", change.new.recurrenceIDTime.map { .string(OccurrenceJSON.text($0)) } ?? .null),
            ("summary", .optional(change.new.incidence.summary)),
            ("fields", .array(change.fields.map { .string($0.rawValue) })),
            ("start", .object([("old", .string(OccurrenceJSON.text(change.old.start))), ("new", .string(OccurrenceJSON.text(change.new.start)))])),
            ("end", .object([("old", .string(OccurrenceJSON.text(change.old.end))), ("new", .string(OccurrenceJSON.text(change.new.end)))])),
        ])
    }

    /// `"Standup" (standup)`: the summary and the UID, safe for the terminal.
    private static func label(_ occurrence: Occurrence) -> String {
        let title = occurrence.incidence.summary.map { "\"\(TerminalText.safe($0, toWidth: 500))\"" } ?? "(no summary)"
        return title + " (" + TerminalText.safe(occurrence.incidence.uid ?? "no UID", toWidth: 200) + ")"
    }
}
