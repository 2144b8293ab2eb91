import ICSKit

/// The default view: one summary per calendar.
enum SummaryRenderer {
    /// - Parameter context: when given, each summary adds its events' span and next occurrence.
    static func text(_ calendars: [ICalendar], context: ViewContext? = nil) -> String {
        var out = ""
        // Feed text (names, TZIDs, PRODID) and file names, made safe for the terminal.
        func safe(_ text: String) -> String { TerminalText.safe(text, toWidth: 500) }
        for calendar in calendars {
            let title = calendar.name.map(safe) ?? "(unnamed calendar)"
            let source = calendar.source.map(safe) ?? "-"
            out += "\(title) — \(source)\n"
            let recurring = calendar.events.count(where: \.isRecurring)
            out += "  events:     \(calendar.events.count)" + (recurring > 0 ? " (\(recurring) recurring)" : "") + "\n"
            let duplicates = calendar.droppedDuplicates
            if !duplicates.isEmpty {
                let dropped = duplicates.reduce(0) { $0 + $1.dropped }
                out += "  duplicates: \(dropped) not shown (\(duplicates.count) UID\(duplicates.count == 1 ? "" : "s") used without RECURRENCE-ID more than once; the highest SEQUENCE is shown)\n"
            }
            out += "  todos:      \(calendar.todos.count)\n"
            out += "  journals:   \(calendar.journals.count)\n"
            let zones = calendar.timeZones.map { safe($0.tzid) }
            out += "  time zones: " + (zones.isEmpty ? "none" : zones.joined(separator: ", ")) + "\n"
            if let zone = calendar.defaultTimeZone { out += "  default zone: \(safe(zone))\n" }
            if let product = calendar.productID { out += "  made by:    \(safe(product))\n" }
            if let context { out += SummaryWhen.lines(calendar, context: context) }
            let errors = calendar.diagnostics.count { $0.severity == .error }
            let warnings = calendar.diagnostics.count { $0.severity == .warning }
            if errors + warnings > 0 {
                // (Not "see stderr": with --quiet, or by default in one line, stderr does not list them.)
                out += "  problems:   \(errors) errors, \(warnings) warnings ('icsview validate \(source)' lists them)\n"
            }
        }
        return out
    }

    static func json(_ calendars: [ICalendar], failures: [ICSError]) -> String {
        let entries: [JSON] = calendars.map { calendar in
            .object([
                ("source", .optional(calendar.source)),
                ("name", .optional(calendar.name)),
                ("events", .int(calendar.events.count)),
                ("todos", .int(calendar.todos.count)),
                ("journals", .int(calendar.journals.count)),
                ("timeZones", .array(calendar.timeZones.map { .string($0.tzid) })),
            ])
        }
        var diagnostics: [JSON] = calendars.flatMap { $0.diagnostics.map(diagnosticJSON) }
        diagnostics += failures.map { failure in
            .object([
                ("source", .optional(failure.source)),
                ("line", failure.line.map(JSON.int) ?? .null),
                ("severity", .string("error")),
                ("code", .string(failure.code.rawValue)),
                ("message", .string(failure.message)),
            ])
        }
        return JSON.object([("calendars", .array(entries)), ("diagnostics", .array(diagnostics))]).text + "\n"
    }

    static func diagnosticJSON(_ d: Diagnostic) -> JSON {
        .object([
            ("source", .optional(d.source)),
            ("line", d.line.map(JSON.int) ?? .null),
            ("severity", .string(d.severity.rawValue)),
            ("code", .string(d.code.rawValue)),
            ("message", .string(d.message)),
        ])
    }
}
