import Foundation

/// The number of active processors, read once per process.
///
/// On Linux `ProcessInfo.activeProcessorCount` reads the cgroup's CPU quota from `/sys` each time
/// it is asked: `validate` over a directory of 10,000 small files asked for each batch of each
/// file, and those reads were 7 % of its time.
enum ActiveProcessors {
    /// `ProcessInfo.processInfo.activeProcessorCount`, as it was when first asked.
    static let count = ProcessInfo.processInfo.activeProcessorCount
}
