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
    /// For a configured CalDAV or vdir calendar: what it is read from.
    var local: LocalSource?
    /// For one calendar of a CalDAV or vdir account (`work/Team`): its name after the slash.
    var member: String?
}

/// Configured names where files and URLs can stand: `icsview work --month`.
///
/// A word that is a configured calendar's name stands for that calendar, even when a file of
/// that name exists (write `./work` for the file); every other word is a file or URL.
///
/// A CalDAV or vdir account's name stands for each of its calendars (`work/Team`,
/// `work/Home`), and `work/Team` names one of them.
enum ConfiguredInputs {
    /// - Parameters:
    ///   - options: how a CalDAV account is listed when its list is not known yet (``LocalAccounts``).
    ///   - relist: list CalDAV accounts again (`icsview sync`).
    static func resolve(_ words: [String], configuration: Configuration?, options: Options = Options(),
                        relist: Bool = false) -> [ResolvedInput] {
        words.flatMap { word -> [ResolvedInput] in
            if let entry = configuration?.calendar(named: word) {
                guard entry.kind != .feed else { return [ResolvedInput(word: word, source: entry.source, entry: entry)] }
                return LocalAccounts.members(of: entry, options: options, relist: relist).map { member in
                    local(member, entry: entry, word: member.name.map { word + "/" + $0 } ?? word)
                }
            }
            // `work/Team`: one calendar of a configured account.
            if let slash = word.firstIndex(of: "/"), let entry = configuration?.calendar(named: String(word[..<slash])), entry.kind != .feed {
                let name = String(word[word.index(after: slash)...])
                let members = LocalAccounts.members(of: entry, options: options, relist: relist)
                if let member = members.first(where: { $0.name == name }) ?? members.first(where: { $0.name?.lowercased() == name.lowercased() }) {
                    return [local(member, entry: entry, word: word)]
                }
                let known = members.compactMap(\.name)
                let message = known.isEmpty ? "'\(entry.key)' is one calendar, not an account"
                    : "'\(entry.key)' has no calendar '\(name)' (it has \(Self.someNames(known)))"
                let reason = members.first { if case .unavailable = $0.source { return true } else { return false } }
                return [ResolvedInput(word: word, source: word, entry: entry, local: reason?.source ?? .unavailable(message), member: name)]
            }
            return [ResolvedInput(word: word, source: word)]
        }
    }

    /// The most names of an account's calendars an error lists.
    static let namesListed = 20

    /// `A, B, C`, or the first ``namesListed`` and how many more: an account of 20,000 calendars
    /// made an error of 200 KB.
    static func someNames(_ names: [String]) -> String {
        guard names.count > namesListed else { return names.joined(separator: ", ") }
        return names.prefix(namesListed).joined(separator: ", ") + ", and \(names.count - namesListed) more"
    }

    private static func local(_ member: LocalAccounts.Member, entry: Configuration.CalendarEntry, word: String) -> ResolvedInput {
        let source: String
        switch member.source {
        case .caldav(let url): source = FeedSource.mask(url.absoluteString)
        case .vdir(let path): source = path
        case .unavailable: source = entry.kind == .caldav ? FeedSource.mask(entry.source) : entry.source
        }
        return ResolvedInput(word: word, source: source, entry: entry, local: member.source, member: member.name)
    }

    /// The calendar as configured: its label (`name = …`, else the configured name: the name
    /// the user chose, not the feed's own X-WR-CALNAME) and colour (`color = …`, else its own).
    static func apply(_ entry: Configuration.CalendarEntry?, to calendar: inout ICalendar) {
        guard let entry else { return }
        calendar.name = entry.displayName ?? entry.key
        if let color = entry.color { calendar.color = color }
    }

    /// As ``apply(_:to:)``; one calendar of an account is labelled `NAME/<its name>` (with
    /// `name = …` in place of NAME) and keeps its own colour unless `color = …` is set.
    static func apply(_ input: ResolvedInput, to calendar: inout ICalendar) {
        guard let entry = input.entry else { return }
        guard let member = input.member else { return apply(entry, to: &calendar) }
        calendar.name = (entry.displayName ?? entry.key) + "/" + member
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
                var calendar = try InputLoader.load(input, options: options, window: window)
                apply(input, to: &calendar)
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
