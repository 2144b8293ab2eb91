import Foundation
import ICSKit

/// An input named on the command line, with what it stands for.
struct ResolvedInput: Equatable {
    /// As typed: a file, a URL, `-`, or a configured calendar's name.
    var word: String
    /// What is read: the word itself, or the configured calendar's source.
    var source: String
    /// The configured calendar the word names, if it names one.
    var entry: Configuration.CalendarEntry?
}

/// Configured names where files and URLs can stand: `icsview work --month`.
///
/// A word that is a configured calendar's name stands for that calendar, even when a file of
/// that name exists (write `./work` for the file); every other word is a file or URL.
enum ConfiguredInputs {
    static func resolve(_ words: [String], configuration: Configuration?) -> [ResolvedInput] {
        words.map { word in
            guard let entry = configuration?.calendar(named: word) else { return ResolvedInput(word: word, source: word) }
            return ResolvedInput(word: word, source: entry.source, entry: entry)
        }
    }

    /// The calendar as configured: its label (`name = …`, else the configured name: the name
    /// the user chose, not the feed's own X-WR-CALNAME) and colour (`color = …`, else its own).
    static func apply(_ entry: Configuration.CalendarEntry?, to calendar: inout ICalendar) {
        guard let entry else { return }
        calendar.name = entry.displayName ?? entry.key
        if let color = entry.color { calendar.color = color }
    }

    /// Loads every input (configured names through their sources) and registers each with
    /// ``DiagnosticOutput`` so that its problems are summarised under the name typed.
    /// Unreadable inputs are reported on stderr (always, even with `--quiet`).
    static func load(_ inputs: [ResolvedInput], options: Options, window: DateInterval? = nil) -> (calendars: [ICalendar], failures: [ICSError]) {
        var calendars: [ICalendar] = []
        var failures: [ICSError] = []
        for input in inputs {
            do {
                var calendar = try InputLoader.load(input.source, options: options, window: window)
                apply(input.entry, to: &calendar)
                DiagnosticOutput.shared.register(source: calendar.source ?? input.source, word: input.word)
                calendars.append(calendar)
            } catch {
                failures.append(error)
                printError("Error: \(error)\n")
            }
        }
        return (calendars, failures)
    }
}
