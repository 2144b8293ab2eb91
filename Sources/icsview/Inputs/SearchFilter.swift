import Foundation
import ICSKit

/// `--grep TEXT` and `--calendar NAME`: which calendars, and which of their occurrences, a view
/// shows (every view, the JSON formats, `remind` and `search` alike).
///
/// `--grep` matches an occurrence whose SUMMARY, LOCATION, DESCRIPTION or one of whose
/// CATEGORIES contains the text, ignoring case and accents (`cafe` finds "Café"): both sides are
/// folded with `String.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)`,
/// the text once, and the folded text is looked for by its bytes (``TextSearch``, linear in both
/// texts). It is checked per occurrence, so that an override (RECURRENCE-ID) that renamed
/// one instance is matched by its own text, not its series'.
///
/// `--calendar NAME` (repeatable) keeps the calendars whose display name is NAME, ignoring case:
/// X-WR-CALNAME (or NAME), or the base name of the file or URL, with or without `.ics`.
struct SearchFilter {
    /// The folded `--grep` text; nil when not given.
    let needle: String?
    /// The search for ``needle`` (``TextSearch``: linear in the texts searched).
    private let search: TextSearch?
    /// The `--calendar` names as given; empty: every calendar.
    let calendarNames: [String]
    /// The answers already worked out, by the occurrence's shared incidence box: the instances
    /// of a series share one, so its text is folded once, not once per instance (shared by the
    /// copies of this filter; the needle never changes).
    private let memo = MatchMemo()

    init(grep: String? = nil, calendars: [String] = []) {
        needle = grep.map(Self.fold)
        search = needle.map(TextSearch.init)
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
        guard let search else { return true }
        return Self.contains(incidence, search)
    }

    /// Whether the occurrence is shown: its own component (an override's data when overridden)
    /// matches. Folded once per shared incidence (``Occurrence/sharedIncidenceKey``), then remembered.
    func matches(_ occurrence: Occurrence) -> Bool {
        guard let search else { return true }
        return memo.answer(for: occurrence.sharedIncidenceKey) { Self.contains(occurrence.incidence, search) }
    }

    private static func contains(_ incidence: Incidence, _ search: TextSearch) -> Bool {
        for text in [incidence.summary, incidence.location, incidence.notes] {
            if let text, search.occurs(in: fold(text)) { return true }
        }
        return incidence.categories.contains { search.occurs(in: fold($0)) }
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

    /// The calendars `--calendar` keeps, each without the components whose occurrences could not
    /// match `--grep` (this only spares the expansion; ``matches(_:)-(Occurrence)`` then decides
    /// per occurrence).
    ///
    /// Of a UID whose master (the component without RECURRENCE-ID) matches, every component is
    /// kept, so that an override that does not match still replaces its instance. Of a UID whose
    /// master does not match, only the overrides that do are kept, and the master with them only
    /// when one of those needs it: one with `RANGE=THISANDFUTURE` (its text reaches later
    /// instances of the master) or one older than the master (SEQUENCE), which stands or falls
    /// by the master's instances. So a search that matches one override of a frequent series
    /// does not expand the series.
    ///
    /// - Complexity: O(n) text folds for n components.
    func apply(_ calendars: [ICalendar]) -> [ICalendar] {
        let kept = calendars.filter(keeps)
        guard let search else { return kept }
        return kept.map { calendar in
            var copy = calendar
            for kind in 0..<3 {
                let list = kind == 0 ? calendar.events : kind == 1 ? calendar.todos : calendar.journals
                let filtered = Self.keep(list, search)
                if kind == 0 { copy.events = filtered } else if kind == 1 { copy.todos = filtered } else { copy.journals = filtered }
            }
            return copy
        }
    }

    /// The components of one kind that ``apply(_:)`` keeps.
    private static func keep(_ list: [Incidence], _ search: TextSearch) -> [Incidence] {
        let matching = list.map { contains($0, search) }
        // Per UID: whether a master matches, whether a master is needed by a matching override.
        var masterMatches: Set<String> = [], masterNeeded: Set<String> = []
        var masterSequence: [String: Int] = [:]
        for (incidence, match) in zip(list, matching) {
            guard let uid = incidence.uid, incidence.recurrenceID == nil else { continue }
            masterSequence[uid] = max(masterSequence[uid] ?? Int.min, incidence.sequence)
            if match { masterMatches.insert(uid) }
        }
        for (incidence, match) in zip(list, matching) where match {
            guard let uid = incidence.uid, incidence.recurrenceID != nil else { continue }
            if incidence.appliesToFutureInstances || incidence.sequence < masterSequence[uid] ?? Int.min { masterNeeded.insert(uid) }
        }
        return zip(list, matching).compactMap { incidence, match in
            // A component without UID stands alone: kept when its own text matches.
            guard let uid = incidence.uid else { return match ? incidence : nil }
            if masterMatches.contains(uid) { return incidence }
            if incidence.recurrenceID == nil { return masterNeeded.contains(uid) ? incidence : nil }
            return match ? incidence : nil
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
            // Each name made safe on its own (``TerminalMessage/part(_:)``): a name ending in U+009B
            // would take the rest of the line.
            let names = calendars.map(Self.displayName).map { "'\(TerminalMessage.part($0))'" }.joined(separator: ", ")
            let quoted = unknown.map { "'\(TerminalMessage.part($0))'" }.joined(separator: ", ")
            let known = calendars.isEmpty ? "" : " (the calendars read: \(names))"
            printError(TerminalMessage(verbatim: (kept.isEmpty ? "Error: " : "warning: ") + "--calendar \(quoted) names no calendar\(known)\n"))
        }
        if kept.isEmpty && !calendarNames.isEmpty && !calendars.isEmpty { return nil }
        return kept
    }
}
