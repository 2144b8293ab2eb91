/// Cuts a title to the width an SVG picture has for it, ending with `…`.
///
/// An SVG picture has no line breaking and the renderer cannot ask the viewer's font for its
/// metrics, so widths are estimated from a table of advance widths, in ems, taken from DejaVu
/// Sans (the widest of the fallbacks the pictures name, so that the estimate errs on the wide
/// side in Noto Sans, Segoe UI or Helvetica): `i` 0.28, `a` 0.61, `m` 0.97, `M` 0.86, digits
/// 0.64, a space 0.32, `…` 0.80; ideographs, kana and Hangul (and emoji) 1 em. The pictures
/// keep their clip paths as well: a font wider than the table still never draws outside a cell.
///
/// ```swift
/// SVGTextFit.cut("Quarterly planning", width: 60, fontSize: 10)   // "Quarterly…"
/// ```
enum SVGTextFit {
    /// The ellipsis that ends a cut title.
    static let ellipsis = "…"

    /// The estimated advance of `character`, in ems.
    static func advance(_ character: Character) -> Double {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        let value = scalar.value
        switch value {
        case 0x20: return 0.32
        case 0x30...0x39: return 0.64
        case 0x2026: return 0.80
        case 0x41...0x5A:
            switch scalar {
            case "I", "J": return 0.32
            case "M": return 0.86
            case "W": return 0.99
            default: return 0.78
            }
        case 0x61...0x7A:
            switch scalar {
            case "i", "j", "l": return 0.28
            case "f", "t": return 0.40
            case "r": return 0.42
            case "m": return 0.98
            case "w": return 0.82
            default: return 0.64
            }
        case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E:
            return "&%@#".unicodeScalars.contains(scalar) ? 1.0 : 0.52
        case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F: return 0
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F000...0x1FAFF, 0x20000...0x3FFFD:
            return 1.0
        default: return 0.72
        }
    }

    /// The estimated width of `text` at `fontSize` pixels.
    ///
    /// - Complexity: O(n) in the length of `text`.
    static func width(_ text: String, fontSize: Double) -> Double {
        text.reduce(0) { $0 + advance($1) } * fontSize
    }

    /// `text` whole when it fits in `width` pixels at `fontSize`, else as much of it as fits
    /// before `…` (only the ellipsis when nothing does; empty when not even that fits).
    ///
    /// - Complexity: O(k) for the k characters that fit, whatever the length of `text`.
    static func cut(_ text: String, width: Double, fontSize: Double) -> String {
        let room = width / fontSize
        let ellipsisWidth = advance("…")
        var used = 0.0
        var end = text.startIndex  // the end of what fits before an ellipsis
        var index = text.startIndex
        while index < text.endIndex {
            let step = advance(text[index])
            if used + step > room {
                guard ellipsisWidth <= room else { return "" }
                // "Team…", not "Team …": the ellipsis follows the last word shown.
                return String(String(text[..<end]).trimmingSpaces) + ellipsis
            }
            used += step
            index = text.index(after: index)
            if used + ellipsisWidth <= room { end = index }
        }
        return text
    }
}
