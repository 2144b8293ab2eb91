/// An opaque sRGB color, 8 bits a channel: what COLOR (RFC 7986) and
/// X-APPLE-CALENDAR-COLOR name.
public struct RGBColor: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Red, 0–255.
    public var red: UInt8
    /// Green, 0–255.
    public var green: UInt8
    /// Blue, 0–255.
    public var blue: UInt8

    /// A color from its components.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The color `0xRRGGBB`.
    public init(rgb: UInt32) {
        self.init(red: UInt8(truncatingIfNeeded: rgb >> 16), green: UInt8(truncatingIfNeeded: rgb >> 8),
                  blue: UInt8(truncatingIfNeeded: rgb))
    }

    /// Reads a CSS color as calendars write it: a CSS3 color name (any case, `grey` spellings
    /// included), `#RRGGBB`, `#RGB`, or `#RRGGBBAA` (Apple's calendar colors; alpha ignored).
    /// Surrounding spaces are ignored. Returns `nil` for anything else.
    ///
    /// ```swift
    /// RGBColor(css: "turquoise")  // #40E0D0
    /// RGBColor(css: "#FF2968FF")  // #FF2968
    /// ```
    public init?(css text: String) {
        let trimmed = text.trimmingSpaces.lowercased()
        if trimmed.hasPrefix("#") {
            let hex = trimmed.dropFirst()
            guard hex.allSatisfy(\.isHexDigit), let value = UInt32(hex, radix: 16) else { return nil }
            switch hex.count {
            case 6: self.init(rgb: value)
            case 8: self.init(rgb: value >> 8)
            case 3:
                let r = (value >> 8) & 0xF, g = (value >> 4) & 0xF, b = value & 0xF
                self.init(rgb: (r * 17) << 16 | (g * 17) << 8 | b * 17)
            default: return nil
            }
            return
        }
        guard let value = CSSColorNames.table[trimmed] else { return nil }
        self.init(rgb: value)
    }

    /// The value `0xRRGGBB`.
    public var rgb: UInt32 { UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue) }

    /// `#RRGGBB`, upper-case.
    public var description: String {
        let digits = String(rgb, radix: 16, uppercase: true)
        return "#" + String(repeating: "0", count: 6 - digits.count) + digits
    }
}
