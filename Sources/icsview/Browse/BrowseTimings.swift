import Foundation

/// How long the browser takes (`--benchmark`, or `ICSVIEW_BROWSE_TIMINGS=1`): from start to the
/// calendars read, to the first full screen, and from each key to its frame written. Printed to
/// standard error once the terminal is given back.
final class BrowseTimings {
    private let start: DispatchTime
    private var readDone: Double?
    private var first: Double?
    private var keys: [Double] = []

    /// Starts the clock (at the start of the command).
    init(start: DispatchTime = .now()) {
        self.start = start
    }

    private func milliseconds(since time: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - time.uptimeNanoseconds) / 1_000_000
    }

    func read() { readDone = milliseconds(since: start) }
    func firstFrame() { first = milliseconds(since: start) }
    func key(since time: DispatchTime) { keys.append(milliseconds(since: time)) }

    /// "browse timings: read 120.3 ms, first screen 180.2 ms; 12 keys: median 3.1 ms, max 20.4 ms".
    var report: String {
        let f = { (value: Double?) in value.map { String(format: "%.1f ms", $0) } ?? "-" }
        var text = "browse timings: calendars read \(f(readDone)), first full screen \(f(first))"
        if !keys.isEmpty {
            let sorted = keys.sorted()
            text += "; \(keys.count) keys: median \(f(sorted[sorted.count / 2])), max \(f(sorted.last))"
            text += " (each: " + keys.map { String(format: "%.1f", $0) }.joined(separator: " ") + ")"
        }
        return text + "\n"
    }
}
