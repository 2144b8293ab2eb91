#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal in full-screen mode: raw input through termios, the alternate screen, the cursor
/// hidden (and, when asked, xterm's SGR mouse reporting); and always given back as it was.
///
/// Restoring happens on every way out: ``leave()`` on a normal quit; a signal handler for
/// SIGTERM, SIGHUP, SIGINT, SIGQUIT and the traps a Swift runtime error raises (SIGILL, SIGTRAP,
/// SIGABRT, SIGSEGV, SIGBUS), which restores the settings with async-signal-safe calls only
/// (`tcsetattr`, `write`) and re-raises the signal with its default action, so the exit status
/// still tells what happened. Ctrl-Z (read as a byte, since ISIG is off) and an outside SIGTSTP
/// suspend: the terminal is restored, the process stops, and on `fg` raw mode comes back and
/// the screen is redrawn (``suspend()`` and the wake-up pipe).
enum RawTerminal {
    /// The settings found at start, written back on the way out (nil until ``enter(mouse:)``).
    nonisolated(unsafe) private static var saved: termios?
    /// Whether raw mode is on (so that a restore happens at most once per entry).
    nonisolated(unsafe) private static var active = false
    /// Whether mouse reporting was asked for.
    nonisolated(unsafe) private static var mouse = false
    /// The pipe that signal handlers write one byte to (SIGWINCH: `W`; SIGTSTP: `Z`; SIGCONT: `C`),
    /// read by the event loop beside standard input.
    nonisolated(unsafe) static var wakeRead: Int32 = -1
    nonisolated(unsafe) private static var wakeWrite: Int32 = -1

    /// What is written to enter: the alternate screen, cursor hidden, (mouse on), screen cleared.
    static func enterSequence(mouse: Bool) -> String {
        "\u{1B}[?1049h\u{1B}[?25l" + (mouse ? "\u{1B}[?1000h\u{1B}[?1006h" : "") + "\u{1B}[H\u{1B}[2J"
    }

    /// What is written to leave: mouse off, attributes reset, cursor shown, main screen back.
    static let leaveSequence = "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    /// Puts the terminal in raw mode and full screen; installs the signal handlers.
    /// - Returns: false when standard input or output is not a terminal.
    static func enter(mouse: Bool) -> Bool {
        guard isatty(0) != 0, isatty(1) != 0 else { return false }
        var settings = termios()
        guard tcgetattr(0, &settings) == 0 else { return false }
        if saved == nil { saved = settings }
        self.mouse = mouse
        if wakeRead < 0 {
            var fds: [Int32] = [0, 0]
            if pipe(&fds) == 0 {
                wakeRead = fds[0]
                wakeWrite = fds[1]
                _ = fcntl(wakeRead, F_SETFL, fcntl(wakeRead, F_GETFL) | O_NONBLOCK)
                _ = fcntl(wakeWrite, F_SETFL, fcntl(wakeWrite, F_GETFL) | O_NONBLOCK)
            }
            installHandlers()
        }
        makeRaw()
        writeAll(enterSequence(mouse: mouse))
        return true
    }

    /// Raw mode from the saved settings: no echo, no line buffering, no signals from keys
    /// (Ctrl-C, Ctrl-Z arrive as bytes), no output post-processing of newlines.
    private static func makeRaw() {
        guard var raw = saved else { return }
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        _ = tcsetattr(0, TCSAFLUSH, &raw)
        active = true
    }

    /// Gives the terminal back: main screen, cursor, the settings found at start.
    static func leave() {
        guard active else { return }
        active = false
        writeAll(leaveSequence)
        if var settings = saved { _ = tcsetattr(0, TCSAFLUSH, &settings) }
    }

    /// Ctrl-Z: restores the terminal, stops the process, and on `fg` takes raw mode back.
    /// The caller redraws everything afterwards.
    static func suspend() {
        leave()
        _ = kill(getpid(), SIGSTOP)
        // Continued (fg).
        makeRaw()
        writeAll(enterSequence(mouse: mouse))
    }

    /// The terminal's size in cells (80×24 when it cannot be asked).
    static func size() -> (columns: Int, rows: Int) {
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
            return (Int(size.ws_col), Int(size.ws_row))
        }
        return (80, 24)
    }

    /// Writes `text` to standard output, whole (retrying short writes).
    static func writeAll(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { write(1, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            offset += written
        }
    }

    // MARK: Signals

    /// The restore sequence as bytes that a signal handler can write without allocating.
    nonisolated(unsafe) private static var leaveBytes: [UInt8] = Array(leaveSequence.utf8)

    private static func installHandlers() {
        // Ending signals: restore, then die of the same signal.
        for signal in [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS] {
            install(signal) { number in
                RawTerminal.restoreFromHandler()
                Glibc.signal(number, SIG_DFL)
                _ = raise(number)
            }
        }
        install(SIGWINCH) { _ in RawTerminal.wake(UInt8(ascii: "W")) }
        install(SIGTSTP) { _ in RawTerminal.wake(UInt8(ascii: "Z")) }
        install(SIGCONT) { _ in RawTerminal.wake(UInt8(ascii: "C")) }
    }

    private static func install(_ number: Int32, _ handler: @convention(c) (Int32) -> Void) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        _ = sigaction(number, &action, nil)
    }

    /// Async-signal-safe: writes the leave sequence and the saved settings back.
    private static func restoreFromHandler() {
        guard active else { return }
        active = false
        leaveBytes.withUnsafeBytes { _ = write(1, $0.baseAddress, $0.count) }
        if var settings = saved { _ = tcsetattr(0, TCSAFLUSH, &settings) }
    }

    private static func wake(_ byte: UInt8) {
        var value = byte
        _ = write(wakeWrite, &value, 1)
    }
}
