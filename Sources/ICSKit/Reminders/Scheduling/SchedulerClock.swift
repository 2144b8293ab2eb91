#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// Where a ``ReminderScheduler`` reads the time: the wall clock (what triggers are compared
/// with) and a monotonic clock (which neither jumps when the wall clock is set nor counts a
/// suspended machine's sleep), whose disagreement tells a wall-clock jump.
///
/// ``SystemClock`` reads the machine's clocks; ``ManualClock`` is set by hand, for tests and
/// for apps that simulate a day.
public protocol SchedulerClock: Sendable {
    /// The wall-clock time now.
    func now() -> Date
    /// Seconds on a monotonic clock that stops while the machine sleeps (Linux `CLOCK_MONOTONIC`):
    /// only differences between two readings mean anything.
    func uptime() -> TimeInterval
}

/// The machine's clocks: `Date()` and `CLOCK_MONOTONIC`.
public struct SystemClock: SchedulerClock {
    /// The machine's clocks.
    public init() {}

    /// `Date()`.
    public func now() -> Date { Date() }

    /// `clock_gettime(CLOCK_MONOTONIC)` in seconds.
    public func uptime() -> TimeInterval {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return TimeInterval(spec.tv_sec) + TimeInterval(spec.tv_nsec) / 1e9
    }
}

/// A clock set by hand: ``advance(by:)`` moves both clocks as time passing does, ``jump(by:)``
/// moves only the wall clock (the clock was set, or the machine slept).
///
/// ```swift
/// let clock = ManualClock(now: Date(timeIntervalSince1970: 1_717_398_000))
/// clock.advance(by: 60)       // a minute passes
/// clock.jump(by: 3600)        // the machine slept an hour
/// ```
public final class ManualClock: SchedulerClock {
    // Sendable notes: both readings live in a Mutex.
    private let state: Mutex<(now: Date, uptime: TimeInterval)>

    /// A clock that reads `now`, with its monotonic clock at `uptime`.
    public init(now: Date, uptime: TimeInterval = 1_000) {
        state = Mutex((now, uptime))
    }

    /// The wall-clock time it was set to.
    public func now() -> Date { state.withLock { $0.now } }

    /// The monotonic reading it was set to.
    public func uptime() -> TimeInterval { state.withLock { $0.uptime } }

    /// Lets `seconds` pass: both clocks move.
    public func advance(by seconds: TimeInterval) {
        state.withLock { $0 = ($0.now.addingTimeInterval(seconds), $0.uptime + seconds) }
    }

    /// Sets the wall clock to `date` by letting time pass (both clocks move by the difference).
    public func advance(to date: Date) {
        advance(by: date.timeIntervalSince(now()))
    }

    /// Moves the wall clock alone by `seconds` (forward: the machine slept or the clock was set
    /// ahead; backward: the clock was set back).
    public func jump(by seconds: TimeInterval) {
        state.withLock { $0.now = $0.now.addingTimeInterval(seconds) }
    }
}
