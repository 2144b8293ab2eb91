import Foundation
import Glibc
import ICSKit

/// Text measured in terminal cells, as the C library's `wcwidth` counts them (C.UTF-8 locale):
/// CJK and emoji take 2 cells, combining marks and other zero-width scalars 0.
///
/// `wcwidth` is looked up with `dlsym`, because Swift's Glibc module does not import it
/// (it sits behind `_XOPEN_SOURCE` in `<wchar.h>`); if the lookup fails, every printable
/// scalar counts as 1 cell.
enum TerminalText {
    typealias WidthFunction = @convention(c) (wchar_t) -> Int32

    /// `wcwidth`, after `setlocale(LC_CTYPE, "C.UTF-8")` (done once, before the first measurement).
    private static let wcwidth: WidthFunction? = {
        _ = setlocale(LC_CTYPE, "C.UTF-8")
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "wcwidth") else { return nil }
        return unsafeBitCast(symbol, to: WidthFunction.self)
    }()

    /// The cells one scalar takes (0 for controls and zero-width scalars).
    static func width(of scalar: Unicode.Scalar) -> Int {
        guard let wcwidth else { return scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) ? 0 : 1 }
        return max(0, Int(wcwidth(wchar_t(scalar.value))))
    }

    /// The cells one grapheme cluster takes: the width of its first scalar, 2 for a flag
    /// (a pair of regional indicators) and for a narrow symbol with emoji presentation (U+FE0F);
    /// joined and combining scalars add nothing.
    static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if (0x1F1E6...0x1F1FF).contains(first.value) { return 2 }
        let base = width(of: first)
        if base == 1 && scalars.contains("\u{FE0F}") { return 2 }
        return base
    }

    /// The cells `text` takes (no escape sequences in it).
    ///
    /// - Complexity: O(n) in the length of `text`.
    static func width(_ text: String) -> Int {
        // Printable ASCII is a cell a byte: no grapheme breaking, no `wcwidth` per character.
        if isPlain(text.utf8) { return text.utf8.count }
        return text.reduce(0) { $0 + width(of: $1) }
    }

    /// The most scalars a cut to `cells` cells looks at: a character drawn in a cell rarely has
    /// more than a few (a base and its marks, an emoji sequence), and the cut must not read a
    /// 100 KB title to draw 20 cells of it.
    static func scanLimit(_ cells: Int) -> Int { min(cells, 1 << 20) * 8 + 8 }

    /// `text` cut to at most `cells` cells, ending with `ellipsis` when cut.
    ///
    /// Every character counts at least one cell toward the cut, zero-width and format ones too
    /// (so a title of a million zero-width scalars is cut like any other), and at most
    /// ``scanLimit(_:)`` scalars are read.
    /// - Complexity: O(`cells`), whatever the length of `text`.
    static func truncate(_ text: String, toWidth cells: Int, ellipsis: String = "…") -> String {
        guard cells > 0 else { return "" }
        if isPlain(text.utf8) {  // a cell a byte
            if text.utf8.count <= cells { return text }
            let room = cells - width(ellipsis)
            guard room >= 0 else { return String(repeating: ".", count: cells) }
            return String(decoding: text.utf8.prefix(room), as: UTF8.self) + ellipsis
        }
        let scalars = text.unicodeScalars
        let windowEnd = scalars.index(scalars.startIndex, offsetBy: scanLimit(cells), limitedBy: scalars.endIndex) ?? scalars.endIndex
        let window = Substring(scalars[..<windowEnd])
        let room = cells - width(ellipsis)
        var used = 0
        var cut: Substring.Index? = nil  // where the text stops when an ellipsis follows
        for index in window.indices {
            let w = max(1, width(of: window[index]))
            if cut == nil && used + w > room { cut = index }
            used += w
            if used > cells { break }
        }
        if used <= cells && windowEnd == scalars.endIndex { return text }
        guard room >= 0 else { return String(repeating: ".", count: cells) }
        return String(window[..<(cut ?? window.endIndex)]) + ellipsis
    }

    /// `text` without its SGR escape sequences.
    static func stripANSI(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    enum Alignment { case left, right, center }

    /// `text` truncated to `cells` and padded with spaces to exactly `cells` cells.
    static func fit(_ text: String, _ cells: Int, _ alignment: Alignment = .left, ellipsis: String = "…") -> String {
        let cut = truncate(text, toWidth: cells, ellipsis: ellipsis)
        let gap = max(0, cells - width(cut))
        switch alignment {
        case .left: return cut + String(repeating: " ", count: gap)
        case .right: return String(repeating: " ", count: gap) + cut
        case .center: return String(repeating: " ", count: gap / 2) + cut + String(repeating: " ", count: gap - gap / 2)
        }
    }
}

/// ANSI SGR styling that is a no-op when colors are off.
struct TerminalStyle {
    var enabled: Bool

    /// `text` wrapped in the SGR parameters `codes` (`"1"`, `"2"`, `"7"`, `"38;2;r;g;b"`, …).
    func apply(_ text: String, _ codes: String...) -> String {
        apply(text, codes)
    }

    /// `text` wrapped in the SGR parameters `codes` (none: `text` as it is).
    func apply(_ text: String, _ codes: [String]) -> String {
        guard enabled, !codes.isEmpty, !text.isEmpty else { return text }
        return "\u{1B}[" + codes.joined(separator: ";") + "m" + text + "\u{1B}[0m"
    }

    /// Whether the terminal says it shows 24-bit colour (`COLORTERM` is `truecolor` or `24bit`);
    /// otherwise colours are sent as the nearest of the 256 (see ``Palette256``).
    static let trueColor: Bool = {
        let value = ProcessInfo.processInfo.environment["COLORTERM"]?.lowercased() ?? ""
        return value == "truecolor" || value == "24bit"
    }()

    static func foreground(_ color: RGBColor) -> String {
        trueColor ? "38;2;\(color.red);\(color.green);\(color.blue)" : "38;5;\(Palette256.nearest(color))"
    }

    static func background(_ color: RGBColor) -> String {
        trueColor ? "48;2;\(color.red);\(color.green);\(color.blue)" : "48;5;\(Palette256.nearest(color))"
    }

    /// Black or white, whichever reads better on `color` (relative luminance, Rec. 709 weights).
    static func contrasting(_ color: RGBColor) -> RGBColor {
        let luminance = 0.2126 * Double(color.red) + 0.7152 * Double(color.green) + 0.0722 * Double(color.blue)
        return luminance > 140 ? RGBColor(rgb: 0x000000) : RGBColor(rgb: 0xFFFFFF)
    }
}
