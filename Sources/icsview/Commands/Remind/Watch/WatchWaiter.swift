#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The watcher's one place of sleep: it blocks in `poll(2)` until a wall-clock instant, a
/// signal (SIGTERM, SIGINT, SIGHUP), a finished refresh, or a change of the system clock.
///
/// The instant is a Linux `timerfd` on `CLOCK_REALTIME`, absolute, with
/// `TFD_TIMER_CANCEL_ON_SET`: it fires when the wall clock reaches the instant, also after the
/// machine slept through it, and it is cancelled (`read` fails with `ECANCELED`) when the clock
/// is set, so a jump is acted on at once. (`timerfd_create` and `timerfd_settime` are looked up
/// with `dlsym`, as Swift's Glibc module does not import `<sys/timerfd.h>`; without them the
/// sleep is cut into pieces of at most a minute.) Signals reach the loop through a pipe that
/// their handlers write the signal's number to (the self-pipe trick: `write` is
/// async-signal-safe).
final class WatchWaiter: Sendable {
    /// Why ``wait(until:)`` returned.
    enum Wake: Equatable {
        /// The instant was reached (or the sleep piece ran out).
        case timer
        /// The wall clock was set.
        case clockSet
        /// A signal arrived.
        case signal(Int32)
        /// Something posted with ``post()`` (a refresh finished).
        case posted
    }

    private typealias CreateFunction = @convention(c) (Int32, Int32) -> Int32
    private typealias SetFunction = @convention(c) (Int32, Int32, UnsafePointer<itimerspec>, UnsafeMutablePointer<itimerspec>?) -> Int32

    private let timer: Int32
    private let setTime: SetFunction?
    /// The pipe signals and posts write to: [read end, write end].
    private let pipeEnds: [Int32]

    init() {
        let handle = dlopen(nil, RTLD_NOW)
        let create = handle.flatMap { dlsym($0, "timerfd_create") }.map { unsafeBitCast($0, to: CreateFunction.self) }
        setTime = handle.flatMap { dlsym($0, "timerfd_settime") }.map { unsafeBitCast($0, to: SetFunction.self) }
        // TFD_CLOEXEC | TFD_NONBLOCK are O_CLOEXEC | O_NONBLOCK.
        timer = setTime == nil ? -1 : create?(CLOCK_REALTIME, Int32(O_CLOEXEC | O_NONBLOCK)) ?? -1
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for fd in ends {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
        }
        pipeEnds = ends
        WatchWaiter.signalPipe = ends[1]
    }

    deinit {
        if timer >= 0 { close(timer) }
        pipeEnds.forEach { if $0 >= 0 { close($0) } }
    }

    /// The write end of the pipe, for the signal handlers (a C function cannot capture).
    nonisolated(unsafe) private static var signalPipe: Int32 = -1

    /// Routes SIGTERM, SIGINT and SIGHUP to the pipe, and ignores SIGPIPE (a notifier that
    /// closes its input must not end the watcher). The three are unblocked on the calling thread:
    /// a process may inherit them blocked (a test runner's thread, a service manager), and a
    /// blocked signal would stay pending for ever.
    func catchSignals() {
        var caught = sigset_t()
        sigemptyset(&caught)
        for signal in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&caught, signal) }
        pthread_sigmask(SIG_UNBLOCK, &caught, nil)
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(WatchWaiter.signalPipe, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
        }
        Glibc.signal(SIGPIPE, SIG_IGN)
    }

    /// Wakes ``wait(until:)`` from another thread.
    func post() {
        var byte: UInt8 = 0
        _ = write(pipeEnds[1], &byte, 1)
    }

    /// Sleeps until `instant` (wall clock; nil: until something else happens) or an event.
    /// A signal that arrived before the call is returned at once.
    func wait(until instant: Date?) -> Wake {
        var timeout: Int32 = -1
        if let instant {
            let seconds = instant.timeIntervalSinceNow
            if seconds <= 0 { return .timer }
            if timer >= 0, let setTime {
                let whole = instant.timeIntervalSince1970.rounded(.down)
                var spec = itimerspec()
                spec.it_value.tv_sec = Int(whole)
                spec.it_value.tv_nsec = Int((instant.timeIntervalSince1970 - whole) * 1e9)
                // TFD_TIMER_ABSTIME (1) | TFD_TIMER_CANCEL_ON_SET (2).
                if setTime(timer, 3, &spec, nil) != 0 { timeout = Int32(min(seconds, 60) * 1000) + 1 }
            } else {
                timeout = Int32(min(seconds, 60) * 1000) + 1
            }
        }
        var fds = [pollfd(fd: pipeEnds[0], events: Int16(POLLIN), revents: 0)]
        if timer >= 0 && instant != nil { fds.append(pollfd(fd: timer, events: Int16(POLLIN), revents: 0)) }
        while true {
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { return .timer }
            if fds[0].revents != 0 {
                var byte: UInt8 = 0
                if read(pipeEnds[0], &byte, 1) == 1 { return byte == 0 ? .posted : .signal(Int32(byte)) }
            }
            if fds.count > 1 && fds[1].revents != 0 {
                var expirations: UInt64 = 0
                let n = read(timer, &expirations, 8)
                disarm()
                return n < 0 && errno == ECANCELED ? .clockSet : .timer
            }
        }
    }

    /// Stops the timer (a cancelled or fired one stays readable otherwise).
    private func disarm() {
        guard timer >= 0, let setTime else { return }
        var spec = itimerspec()
        _ = setTime(timer, 0, &spec, nil)
    }
}
