import ICSKit

/// Text and JSON for what `icsview sync` did.
enum SyncRenderer {
    /// A calendar's report:
    /// ```
    /// work/Team: synced (sync-collection, 3 requests)
    /// + offsite@example.org: "Offsite" (Thu 20 Jun 2024)
    /// 1 added, 0 removed, 0 changed, 4 unchanged
    /// ```
    /// A calendar that failed: `work/Team: not synced; its last copy is kept` (why: on standard error).
    static func text(_ report: LocalCopies.SyncReport, values: DiffValues, quiet: Bool) -> String {
        let name = TerminalText.safe(report.word, toWidth: 200)
        guard let changes = report.changes else {
            // Why is on standard error (`Error: work: HTTP 401 …`).
            return "\(name): not synced; \(report.first ? "there is no copy yet" : "its last copy is kept")\n"
        }
        var how = [report.method ?? "synced"]
        if report.requests > 0 { how.append("\(report.requests) request\(report.requests == 1 ? "" : "s")") }
        var out = "\(name): \(report.first ? "first sync" : "synced") (\(how.joined(separator: ", ")))\n"
        let lines = DiffRenderer.text(changes, values: values)
        if quiet {
            out += lines.split(separator: "\n").last.map { $0 + "\n" } ?? ""
        } else {
            out += lines
        }
        for diagnostic in report.diagnostics where !quiet {
            out += "  warning: \(TerminalText.safe(diagnostic.source ?? "", toWidth: 200)): \(TerminalText.safe(diagnostic.message, toWidth: 500))\n"
        }
        return out
    }

    /// An array of one object per calendar: `calendar`, `source`, `synced`, `first`, `method`,
    /// `requests`, `error` and `changes` (as `icsview diff --format json` writes them; null when not synced).
    static func json(_ reports: [LocalCopies.SyncReport]) -> JSON {
        .array(reports.map { report in
            .object([
                ("calendar", .string(report.word)),
                ("source", .string(report.source)),
                ("synced", .bool(report.error == nil)),
                ("first", .bool(report.first)),
                ("method", .optional(report.method)),
                ("requests", .int(report.requests)),
                ("error", .optional(report.error?.message)),
                ("changes", report.changes.map(DiffRenderer.json) ?? .null),
                ("skipped", .array(report.diagnostics.map { .object([("item", .optional($0.source)), ("message", .string($0.message))]) })),
            ])
        })
    }
}
