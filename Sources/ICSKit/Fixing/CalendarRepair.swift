import Foundation

/// A calendar file with what can be fixed safely fixed (`icsview validate --fix`): the fixes
/// keep what the views show (every occurrence, its times and its text), and a second repair of
/// the result changes nothing.
///
/// Fixed: line ends (CRLF) and folding (75 octets), a missing VERSION or PRODID, a missing UID
/// (one made from the component's position and content, so that a second run makes the same) or
/// DTSTAMP (the repair's time), an empty RRULE (dropped), a rule part repeated with the same
/// value and a COUNT ≤ 0 (written as the views read them), a DTEND before DTSTART (swapped, as
/// the views read it), a floating DTEND, EXDATE, RDATE or RECURRENCE-ID on a zoned series (given
/// DTSTART's TZID, as the views read it), and TZIDs without VTIMEZONE (one generated from the
/// system's zone data, ``ICSWriter/missingTimeZones(for:)``), and control characters in a
/// value (removed, as `export` removes them: every C0 control but HTAB, DEL and the C1 controls,
/// ``ControlCharacterFix``; a fixed file written to a terminal carries no escape sequence).
///
/// The file is written by ``ICSWriter`` only when one of these was found: a file with nothing
/// to fix is left as it is (``isChanged`` false). What the validator still finds in the written
/// text is in ``remaining``.
///
/// ```swift
/// let repair = try CalendarRepair(bytes: bytes, file: "team.ics")
/// if repair.isChanged { try ICSWriter.writeAtomically(repair.bytes, toFile: "team.ics") }
/// for change in repair.changes { print(change) }
/// ```
public struct CalendarRepair: Sendable {
    /// One fix made.
    public struct Change: Sendable, Hashable, CustomStringConvertible {
        /// The line of the input it concerns, when known.
        public var line: Int?
        /// The component's UID, when it has one.
        public var uid: String?
        /// What was done.
        public var message: String

        /// `line 12: DTEND before DTSTART swapped (uid x)`.
        public var description: String {
            (line.map { "line \($0): " } ?? "") + message + (uid.map { " (UID \($0))" } ?? "")
        }
    }

    /// The text to write: the fixed calendar, or the input unchanged when there was nothing to fix.
    public let bytes: [UInt8]
    /// The fixes made, in line order.
    public let changes: [Change]
    /// The validator's findings (errors and warnings) in ``bytes``: what could not be fixed; when
    /// the file was written again, also the input's findings about what its import did not keep
    /// (``notKeptCodes``), which the written text no longer shows.
    public let remaining: [Finding]
    /// Whether ``bytes`` differ from the input.
    public var isChanged: Bool { !changes.isEmpty }

    /// The codes of what the repair fixes, as the validator reports them.
    public static let fixedCodes: Set<DiagnosticCode> = [
        .bareLineFeed, .longLine, .missingVersion, .missingProductID, .missingUID, .missingTimestamp, .endNotAfterStart,
        .floatingTimeOnZonedSeries, .emptyRecurrenceRule, .repeatedRulePart, .countNotPositive, .windowsZoneName,
        .controlCharacter,
    ]

    /// Repairs a calendar file's bytes.
    /// - Parameters:
    ///   - bytes: the file.
    ///   - file: its name, for messages and findings.
    ///   - stamp: the DTSTAMP given to components without one (default: now).
    ///   - productID: the PRODID given to a calendar without one.
    /// - Throws: ``ICSError`` when the bytes are not iCalendar.
    /// - Complexity: an import, a validation and a write of the file (two validations when it changes).
    public init(bytes: [UInt8], file: String, stamp: Date = Date(), productID: String = ICSWriter.defaultProductID) throws(ICSError) {
        let before = Validator().validate(bytes: bytes, file: file)
        var calendar = try ICalendar(bytes: bytes, source: file)
        var changes: [Change] = []
        for finding in before.findings where finding.code == .bareLineFeed || finding.code == .longLine
            || finding.code == .missingVersion || finding.code == .missingProductID {
            let what: String
            switch finding.code {
            case .bareLineFeed: what = "line ends made CRLF"
            case .longLine: what = "long lines folded at 75 octets"
            case .missingVersion: what = "VERSION:2.0 added"
            default: what = "PRODID added"
            }
            changes.append(Change(line: finding.line, uid: nil, message: what))
        }
        changes += ControlCharacterFix.changes(in: bytes)
        let stampValue = TimeValue.utc(CivilDateTime(secondsSinceEpoch: Int(stamp.timeIntervalSince1970.rounded(.down))))
        var position = 0
        func fix(_ list: inout [Incidence]) {
            for index in list.indices {
                IncidenceRepair.apply(to: &list[index], position: position, stamp: stampValue, changes: &changes)
                position += 1
            }
        }
        fix(&calendar.events)
        fix(&calendar.todos)
        fix(&calendar.journals)
        let writer = ICSWriter(productID: productID)
        let missing = writer.missingTimeZones(for: calendar).generated
        for zone in missing { changes.append(Change(line: nil, uid: nil, message: "VTIMEZONE generated for TZID \(zone.tzid)")) }
        // Rules repaired on import (an empty one, a repeated part, COUNT ≤ 0) are written as read.
        let ruleFixes: [DiagnosticCode: String] = [
            .emptyRecurrenceRule: "empty RRULE dropped", .repeatedRulePart: "repeated RRULE part written once",
            .countNotPositive: "RRULE COUNT ≤ 0 dropped",
        ]
        for diagnostic in calendar.diagnostics {
            if let message = ruleFixes[diagnostic.code] { changes.append(Change(line: diagnostic.line, uid: diagnostic.uid, message: message)) }
        }
        guard !changes.isEmpty else {
            self.bytes = bytes
            self.changes = []
            remaining = before.findings.filter { $0.severity != .note }
            return
        }
        let written = writer.bytes(for: calendar)
        self.bytes = written
        self.changes = changes.sorted { ($0.line ?? 0) < ($1.line ?? 0) }
        let left = Validator().validate(bytes: written, file: file).findings.filter { $0.severity != .note }
        remaining = left + Self.notKept(before.findings, stillFound: left)
    }

    /// The codes of what the import does not keep of the input (a line's parameters past the
    /// thousandth, X- properties past the ten thousandth, a line or component over its limit,
    /// components nested too deep): the written file has none of it, so that the written text's
    /// findings no longer show it.
    static let notKeptCodes: Set<DiagnosticCode> = [.lineTooLong, .nestingTooDeep, .componentTooLarge]

    /// The input's findings about what the written file lost (``notKeptCodes``), but those the
    /// written text's own findings repeat: they stay in ``remaining``, so that a file written
    /// without 199,000 of an ATTENDEE's parameters is not called one with no problem left.
    private static func notKept(_ input: [Finding], stillFound: [Finding]) -> [Finding] {
        input.filter { finding in
            notKeptCodes.contains(finding.code) && finding.severity != .note
                && !stillFound.contains { $0.code == finding.code && $0.message == finding.message }
        }
    }
}
