import Foundation

/// Whether the tests run under AddressSanitizer (`scripts/asan.sh` sets `ICSKIT_SANITIZER`),
/// and the smaller share of a long parameter list that such a run takes.
///
/// The sanitizer run looks for memory errors and leaks, not for wrong results: the ordinary run
/// checks every argument, and the sanitizer's shadow memory makes each one several times slower.
/// A test over every fixture (hundreds of imports each) takes one fixture in `stride` there,
/// spread over the whole list, so that every folder of fixtures still goes through the sanitizer.
public enum SanitizerRun {
    /// Whether this process runs under a sanitizer.
    public static let isOn = ProcessInfo.processInfo.environment["ICSKIT_SANITIZER"] != nil

    /// `items` whole in an ordinary run; under a sanitizer, every `stride`-th of them (the first
    /// included).
    public static func sample<Item>(_ items: [Item], stride: Int = 3) -> [Item] {
        guard isOn, stride > 1 else { return items }
        return items.enumerated().compactMap { $0.offset % stride == 0 ? $0.element : nil }
    }
}
