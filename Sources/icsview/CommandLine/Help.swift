import ICSKit

/// The tool's texts: help, usage, version. The help is rendered from ``OptionTable``.
enum Help {
    /// The release number alone (`0.1.0`), as reports name the tool's version.
    static let semanticVersion = "0.1.0"
    static let version = "icsview \(semanticVersion) (ICSKit, libical \(ICalendar.libicalVersion))"
    /// The PRODID of what icsview writes (export, validate --fix) when the input has none.
    static let productID = "-//ICSKit//icsview//EN"

    static let usage = "USAGE: icsview [<options>] <file> ..."

    /// The option column's width: descriptions start in column 27, as swift-argument-parser's.
    static let column = 24

    static let text: String = {
        var out = "OVERVIEW: \(OptionTable.overview)\n\n\(usage)\n"
        for section in OptionTable.sections {
            out += "\n\(section.title)\n"
            for row in section.rows {
                switch row {
                case .text(let line):
                    out += "  \(line)\n"
                case .option(let name, let lines):
                    let padded = name.count < column - 1 ? name + String(repeating: " ", count: column - name.count) : name + "  "
                    out += "  \(padded)\(lines[0])\n"
                    for line in lines.dropFirst() { out += "  " + String(repeating: " ", count: column) + line + "\n" }
                }
            }
        }
        return out
    }()
}
