/// The manual page `icsview.1` (roff, man(7) macros), rendered from ``OptionTable`` like
/// `--help`. `docs/icsview.1` is this output; a test keeps the two equal.
enum ManPage {
    static var text: String {
        var out = """
        .TH ICSVIEW 1 "" "icsview 0.1.0" "User Commands"
        .SH NAME
        icsview \\- \(escape(OptionTable.overview))
        .SH SYNOPSIS
        .B icsview
        [\\fIoptions\\fR] \\fIfile\\fR ...

        """
        for subcommand in Subcommands.all {
            out += ".br\n.B icsview \(subcommand.name)\n\(escape(subcommand.synopsis))\n"
        }
        for section in OptionTable.sections {
            let title = section.title.hasSuffix(":") ? String(section.title.dropLast()) : section.title
            out += ".SH \(escape(title.uppercased()))\n"
            var inProse = false
            for row in section.rows {
                switch row {
                case .text(let line):
                    if !inProse { out += ".PP\n" }
                    inProse = true
                    out += escape(line) + "\n"
                case .option(let column, let lines):
                    inProse = false
                    out += ".TP\n" + bold(column) + "\n" + lines.map(escape).joined(separator: "\n") + "\n"
                }
            }
        }
        out += configurationFile + environment + examples
        out += ".SH SEE ALSO\n" + Subcommands.all.map { "\\fBicsview \($0.name) \\-\\-help\\fR" }.joined(separator: ", ") + "\n"
        return out
    }

    /// The file's locations, its form and every key (from ``ConfigKeys``), with an example.
    private static var configurationFile: String {
        var out = """
        .SH CONFIGURATION FILE
        The first of \\fB\\-\\-config\\fR \\fIfile\\fR, \\fB$ICSVIEW_CONFIG\\fR, \\fB$XDG_CONFIG_HOME/icsview/config\\fR and
        \\fB~/.config/icsview/config\\fR (the first two must exist; without a file the built\\-in defaults apply).
        Lines are \\fIkey\\fR = \\fIvalue\\fR under a section header; whole lines starting with # or ; are
        comments. \\fBicsview config check\\fR prints what was read and from which line; an error names the
        file and line and stops every command (exit 64).
        .SS [defaults]

        """
        for key in ConfigKeys.defaults { out += entry(key) }
        out += ".SS [calendar \\fINAME\\fR]\n"
        for key in ConfigKeys.calendar { out += entry(key) }
        out += """
        .SS [calendars]
        \\fINAME\\fR = \\fIURL or file\\fR, one a line: the short form of a [calendar \\fINAME\\fR] section
        with url or file only. The same lines may stand before any section.
        A name starts with a letter, a digit or _, holds letters, digits, _, . and \\-, and is not a
        subcommand. It stands wherever a file or URL can (\\fBicsview work \\-\\-month\\fR); with no file
        named, the commands use every configured calendar.
        .SS Example
        .nf

        """
        out += ConfigKeys.example.split(separator: "\n", omittingEmptySubsequences: false).map { escape(String($0)) }.joined(separator: "\n")
        return out + "\n.fi\n"
    }

    private static func entry(_ key: ConfigKeys.Key) -> String {
        ".TP\n\\fB\(escape(key.name))\\fR = \\fI\(escape(key.value))\\fR\n" + key.help.map(escape).joined(separator: "\n") + "\n"
    }

    private static let environment = """
    .SH ENVIRONMENT
    .TP
    .B TZ
    The display time zone when neither \\-\\-tz nor the configuration names one.
    .TP
    .B LANG, LC_ALL, LC_TIME
    Month and weekday names, the first weekday and the time format.
    .TP
    .B COLUMNS, LINES
    The terminal's size when it cannot be asked (output to a pipe keeps 80 columns).
    .TP
    .B NO_COLOR, COLORTERM
    No colour when NO_COLOR is set and not empty; 24\\-bit colour when COLORTERM is truecolor or 24bit.
    .TP
    .B ICSVIEW_CONFIG, XDG_CONFIG_HOME, XDG_CACHE_HOME, XDG_STATE_HOME
    Where the configuration, the feeds' cached copies and the reminders' state are kept.

    """

    private static let examples = """
    .SH EXAMPLES
    .TP
    .B icsview work.ics \\-\\-month 2024\\-10
    October 2024 of a file, with its agenda.
    .TP
    .B icsview https://example.org/team.ics \\-\\-agenda \\-\\-days 14
    The next two weeks of a feed (its last good copy is kept for \\-\\-offline).
    .TP
    .B icsview work holidays \\-\\-week +1w \\-\\-tz America/New_York
    Two configured calendars' next week, seen from New York.
    .TP
    .B icsview search standup \\-\\-from today \\-\\-to +30d \\-\\-format json
    The occurrences whose text matches, as JSON lines.
    .TP
    .B icsview validate \\-\\-strict \\-\\-format sarif calendars/*.ics > ics.sarif
    Check files in CI; exit 1 on an error.
    .TP
    .B icsview export work \\-\\-from 2025\\-01\\-01 \\-\\-to 2025\\-03\\-31 \\-o q1.ics
    A quarter of a calendar as one file others can read.

    """

    /// `--year [<yyyy>], -y` with the option names in bold and the values in italics.
    private static func bold(_ column: String) -> String {
        column.split(separator: " ", omittingEmptySubsequences: false).map { word in
            let text = escape(String(word))
            return word.hasPrefix("-") || !word.contains("<") ? "\\fB\(text)\\fR" : "\\fI\(text)\\fR"
        }.joined(separator: " ")
    }

    /// Backslashes doubled, `-` as `\-` (a minus, so that options can be searched and copied),
    /// and a leading `.` or `'` guarded.
    static func escape(_ text: String) -> String {
        var out = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }
}
