import ICSKit

/// The xterm 256-colour palette's colours beyond the first 16 (whose values each terminal
/// chooses): the 6 × 6 × 6 cube (16–231, levels 0, 95, 135, 175, 215, 255) and the grey
/// ramp (232–255, 8 to 238 in steps of 10), as xterm's `256colres.pl` defines them.
enum Palette256 {
    static let levels = [0, 95, 135, 175, 215, 255]

    /// The palette index (16–255) nearest to `color` in RGB distance: the nearest cube colour
    /// (each channel to its nearest level) or the nearest grey, whichever is closer.
    static func nearest(_ color: RGBColor) -> Int {
        let rgb = [Int(color.red), Int(color.green), Int(color.blue)]
        let cube = rgb.map { channel in levels.indices.min { abs(levels[$0] - channel) < abs(levels[$1] - channel) }! }
        let cubeDistance = zip(rgb, cube).reduce(0) { $0 + square($1.0 - levels[$1.1]) }
        let average = (rgb[0] + rgb[1] + rgb[2]) / 3
        let grey = max(0, min(23, (average - 8 + 5) / 10))
        let greyValue = 8 + 10 * grey
        let greyDistance = rgb.reduce(0) { $0 + square($1 - greyValue) }
        return greyDistance < cubeDistance ? 232 + grey : 16 + 36 * cube[0] + 6 * cube[1] + cube[2]
    }

    private static func square(_ x: Int) -> Int { x * x }
}
