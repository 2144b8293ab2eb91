extension Validator {
    /// Where a code the validator does not raise comes from, and what it reports instead.
    struct CodeNotRaised: Sendable {
        /// What raises such a code instead of the validator.
        enum Origin: String, Sendable {
            /// libical's reports while a calendar is imported.
            case importer = "import"
            /// The expansion of occurrences for a view.
            case views
            /// Reading or syncing a source (a vdir, a CalDAV collection): about the source, not a file's text.
            case sources
        }

        /// What raises the code.
        let raisedBy: Origin
        /// The validator's codes that report the same faults more precisely.
        let instead: [DiagnosticCode]
    }

    /// Codes of ``DiagnosticCode/all`` that the validator does not raise.
    ///
    /// Its own pass reads every line before libical does, and libical's report on a line it
    /// explained is dropped: ICS2001 and ICS2002 are libical's "property/parameter does not
    /// parse", and ICS2005 an X-LIC-ERROR of a kind libical 3.0 does not raise while parsing
    /// iCalendar. ICS3002 is the expansion's cap on the occurrences of one series in a view; the
    /// validator's walks are bounded too, without a finding (no proof, no report). ICS4001,
    /// ICS4002 and ICS4003 are about a source (an item of a vdir or a CalDAV collection skipped, a
    /// failed sync, a local copy too large to read).
    static let codesNotRaised: [DiagnosticCode: CodeNotRaised] = [
        .propertyParseError: CodeNotRaised(raisedBy: .importer, instead: [.malformedLine, .invalidPropertyName]),
        .parameterParseError: CodeNotRaised(raisedBy: .importer, instead: [.malformedParameter, .invalidParameterValue]),
        .libicalError: CodeNotRaised(raisedBy: .importer, instead: [.malformedLine, .valueParseError]),
        .recurrenceLimit: CodeNotRaised(raisedBy: .views, instead: []),
        .sourceItemSkipped: CodeNotRaised(raisedBy: .sources, instead: []),
        .staleCopy: CodeNotRaised(raisedBy: .sources, instead: []),
        .localCopyTooLarge: CodeNotRaised(raisedBy: .sources, instead: []),
    ]
}

extension Validator {
    /// Whether the validator reports `code`. A few codes of ``DiagnosticCode/all`` come only from
    /// the import (libical's own reports) or from the expansion of a view (ICS3002); the validator
    /// reports the same faults with more precise codes.
    ///
    /// ```swift
    /// let checked = DiagnosticCode.all.filter(Validator.raises)
    /// ```
    public static func raises(_ code: DiagnosticCode) -> Bool {
        codesNotRaised[code] == nil
    }

    /// For a code the validator does not report, what reports it and what the validator reports
    /// instead, for people: `import only; validate reports ICS1010 or ICS1011`; `nil` for a code it reports.
    public static func whyNotRaised(_ code: DiagnosticCode) -> String? {
        guard let other = codesNotRaised[code] else { return nil }
        let instead = other.instead.isEmpty ? "" : "; validate reports \(other.instead.map(\.rawValue).joined(separator: " or "))"
        return "\(other.raisedBy.rawValue) only\(instead)"
    }
}
