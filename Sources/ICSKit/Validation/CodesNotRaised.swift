extension Validator {
    /// Where a code the validator does not raise comes from, and what it reports instead.
    public struct CodeNotRaised: Sendable {
        /// What raises such a code instead of the validator.
        public enum Origin: String, Sendable {
            /// libical's reports while a calendar is imported.
            case importer = "import"
            /// The expansion of occurrences for a view.
            case views
        }

        /// What raises the code.
        public let raisedBy: Origin
        /// The validator's codes that report the same faults more precisely.
        public let instead: [DiagnosticCode]
    }

    /// Codes of ``DiagnosticCode/all`` that the validator does not raise.
    ///
    /// Its own pass reads every line before libical does, and libical's report on a line it
    /// explained is dropped: ICS2001 and ICS2002 are libical's "property/parameter does not
    /// parse", and ICS2005 an X-LIC-ERROR of a kind libical 3.0 does not raise while parsing
    /// iCalendar. ICS3002 is the expansion's cap on the occurrences of one series in a view; the
    /// validator's walks are bounded too, without a finding (no proof, no report).
    public static let codesNotRaised: [DiagnosticCode: CodeNotRaised] = [
        .propertyParseError: CodeNotRaised(raisedBy: .importer, instead: [.malformedLine, .invalidPropertyName]),
        .parameterParseError: CodeNotRaised(raisedBy: .importer, instead: [.malformedParameter, .invalidParameterValue]),
        .libicalError: CodeNotRaised(raisedBy: .importer, instead: [.malformedLine, .valueParseError]),
        .recurrenceLimit: CodeNotRaised(raisedBy: .views, instead: []),
    ]
}
