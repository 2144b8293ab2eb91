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
        out += ".SH SEE ALSO\n" + Subcommands.all.map { "\\fBicsview \($0.name) \\-\\-help\\fR" }.joined(separator: ", ") + "\n"
        return out
    }

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
