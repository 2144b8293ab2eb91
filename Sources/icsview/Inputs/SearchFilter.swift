import Foundation
import ICSKit

/// `--grep TEXT` and `--calendar NAME`: which calendars, and which of their occurrences, a view
/// shows (every view, the JSON formats, `remind` and `search` alike).
///
/// `--grep` matches an occurrence whose SUMMARY, LOCATION, DESCRIPTION or one of whose
/// CATEGORIES contains the text, ignoring case and accents (`cafe` finds "Café"): both sides are
/// folded with `String.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)`,
/// the text once. It is checked per occurrence, so that an override (RECURRENCE-ID) that renamed
/// one instance is matched by its own text, not its series'.
///
/// `--calendar NAME` (repeatable) keeps the calendars whose display name is NAME, ignoring case:
/// X-WR-CALNAME (or NAME), or the base name of the file or URL, with or without `.ics`.
struct SearchFilter {
    /// The folded `--grep` text; nil when not given.
    let needle: String?
    /// The `--calendar` names as given; empty: every calendar.
    let calendarNames: [String]
    /// The answers already worked out, by the occurrence's shared incidence box: the instances
    /// of a series share one, so its text is folded once, not once per instance (shared by the
    /// copies of this filter; the needle never changes).
    private let memo = MatchMemo()

    init(grep: String? = nil, calendars: [String] = []) {
        needle = grep.map(Self.fold)
        calendarNames = calendars
    }

    init(_ options: Options) {
        self.init(grep: options.grep, calendars: options.calendarFilter)
    }

    /// Whether `--grep` or `--calendar` was given.
    var isActive: Bool { needle != nil || !calendarNames.isEmpty }

    /// Text folded for matching: case and accents removed.
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    // MARK: Text

    /// Whether the component's summary, location, description or a category contains the text
    /// (always true without `--grep`).
    func matches(_ incidence: Incidence) -> Bool {
        guard let needle else { return true }
        return Self.contains(incidence, needle)
    }

    /// Whether the occurrence is shown: its own component (an override's data when overridden)
    /// matches. Folded once per shared incidence (``Occurrence/sharedIncidenceKey``), then remembered.
    func matches(_ occurrence: Occurrence) -> Bool {
        guard let needle else { return true }
        return memo.answer(for: occurrence.sharedIncidenceKey) { Self.contains(occurrence.incidence, needle) }
    }

    /// How many answers are remembered (for tests and the debug counters).
    var rememberedCount: Int { memo.count }

    private static func contains(_ incidence: Incidence, _ needle: String) -> Bool {
        for text in [incidence.summary, incidence.location, incidence.notes] {
            if let text, fold(text).contains(needle) { return true }
        }
        return incidence.categories.contains { fold($0).contains(needle) }
    }

    // MARK: Calendars

    /// The names a calendar answers to with `--calendar`: its X-WR-CALNAME, and its file's or
    /// URL's base name with and without the `.ics` extension.
    static func displayNames(_ calendar: ICalendar) -> [String] {
        var names: [String] = []
        if let name = calendar.name { names.append(name) }
        if let source = calendar.source, source != "-" {
            let last = source.contains("://") ? URL(string: source)?.lastPathComponent ?? source
                : URL(fileURLWithPath: source).lastPathComponent
            names.append(last)
            if last.lowercased().hasSuffix(".ics") { names.append(String(last.dropLast(4))) }
        }
        return names
    }

    /// The name a calendar is listed by in messages.
    static func displayName(_ calendar: ICalendar) -> String {
        displayNames(calendar).first ?? calendar.source ?? "-"
    }

    /// Whether `--calendar` keeps the calendar (always without `--calendar`).
    func keeps(_ calendar: ICalendar) -> Bool {
        guard !calendarNames.isEmpty else { return true }
        let names = Self.displayNames(calendar).map { $0.lowercased() }
        return calendarNames.contains { names.contains($0.lowercased()) }
    }

    /// The `--calendar` names that name none of `calendars`.
    func unknownNames(in calendars: [ICalendar]) -> [String] {
        let known = Set(calendars.flatMap(Self.displayNames).map { $0.lowercased() })
        return calendarNames.filter { !known.contains($0.lowercased()) }
    }

    // MARK: Applying

    /// The calendars `--calendar` keeps, each without the components of any UID none of whose
    /// components match `--grep` (their occurrences could not match: this only spares the
    /// expansion). A UID with one matching component keeps them all, so that an override still
    /// replaces its instance; ``matches(_:)-(Occurrence)`` then decides per occurrence.
    ///
    /// - Complexity: O(n) text folds for n components.
    func apply(_ calendars: [ICalendar]) -> [ICalendar] {
        let kept = calendars.filter(keeps)
        guard let needle else { return kept }
        return kept.map { calendar in
            var copy = calendar
            var matchedUIDs: Set<String> = []
            for incidence in calendar.events + calendar.todos + calendar.journals {
                if let uid = incidence.uid, !matchedUIDs.contains(uid), Self.contains(incidence, needle) { matchedUIDs.insert(uid) }
            }
            // A component without UID stands alone: kept when its own text matches.
            let keep = { (incidence: Incidence) in
                incidence.uid.map(matchedUIDs.contains) ?? Self.contains(incidence, needle)
            }
            copy.events = calendar.events.filter(keep)
            copy.todos = calendar.todos.filter(keep)
            copy.journals = calendar.journals.filter(keep)
            return copy
        }
    }
}

extension SearchFilter {
    /// ``apply(_:)`` for the command line: a `--calendar` name that names no calendar is a
    /// warning on stderr, or an error when no calendar is left (then nil: exit 1).
    func select(_ calendars: [ICalendar]) -> [ICalendar]? {
        guard isActive else { return calendars }
        let unknown = unknownNames(in: calendars)
        let kept = apply(calendars)
        if !unknown.isEmpty {
            let names = calendars.map(Self.displayName).map { "'\($0)'" }.joined(separator: ", ")
            let quoted = unknown.map { "'\($0)'" }.joined(separator: ", ")
            let known = calendars.isEmpty ? "" : " (the calendars read: \(names))"
            printError((kept.isEmpty ? "Error: " : "warning: ") + "--calendar \(quoted) names no calendar\(known)\n")
        }
        if kept.isEmpty && !calendarNames.isEmpty && !calendars.isEmpty { return nil }
        return kept
    }
}
