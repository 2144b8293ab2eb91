#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A key, a mouse event or a wake-up from a signal, as the browser's event loop sees it.
enum BrowseInput: Equatable {
    enum Arrow: Equatable { case up, down, left, right }

    case character(Character)
    case arrow(Arrow, shift: Bool)
    case pageUp, pageDown, home, end
    case enter, escape, backspace, tab
    /// Ctrl-C.
    case interrupt
    /// Ctrl-Z (or SIGTSTP).
    case suspend
    /// Ctrl-L: draw everything again.
    case redraw
    /// SIGWINCH, or SIGCONT after a stop: lay out again.
    case resized
    /// A mouse button pressed at a cell (from 1), xterm SGR reporting: 0 left, 64 wheel up, 65 wheel down.
    case mouse(button: Int, column: Int, row: Int)
    /// Bytes that name no key.
    case unknown
}

/// Reads standard input in raw mode and turns bytes into ``BrowseInput``s: UTF-8 characters,
/// CSI sequences (arrows, with Shift as modifier 2; PageUp/PageDown `ESC[5~`/`ESC[6~`; Home/End;
/// SGR mouse `ESC[<b;x;yM`), and a lone ESC (no byte following within 30 ms) as Escape.
struct KeyReader {
    private var buffer: [UInt8] = []
    /// Whether standard input has ended (or failed): nothing more will come.
    private(set) var atEnd = false

    /// Waits for the next input (`timeout` in ms, -1: forever); nil on timeout or end of input.
    mutating func next(timeout: Int32 = -1) -> BrowseInput? {
        while true {
            if let input = decode() { return input }
            guard waitForBytes(timeout: timeout) else { return nil }
            if let wake = readWakeUp() { return wake }
            if !readStandardInput() {
                atEnd = true
                return buffer.isEmpty ? nil : decodeLoneEscape()
            }
        }
    }

    /// Whether bytes (or a wake-up) arrived within `timeout` ms.
    private func waitForBytes(timeout: Int32) -> Bool {
        var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: RawTerminal.wakeRead, events: Int16(POLLIN), revents: 0)]
        while true {
            let result = poll(&fds, RawTerminal.wakeRead >= 0 ? 2 : 1, timeout)
            if result < 0 && errno == EINTR { continue }
            return result > 0
        }
    }

    private func readWakeUp() -> BrowseInput? {
        guard RawTerminal.wakeRead >= 0 else { return nil }
        var byte: UInt8 = 0
        guard read(RawTerminal.wakeRead, &byte, 1) == 1 else { return nil }
        switch byte {
        case UInt8(ascii: "Z"): return .suspend
        default: return .resized
        }
    }

    /// Appends what standard input has; false at its end or on an error.
    private mutating func readStandardInput() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 256)
        let count = read(0, &chunk, chunk.count)
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return true }
        guard count > 0 else { return false }
        buffer += chunk[0..<count]
        return true
    }

    private mutating func decodeLoneEscape() -> BrowseInput? {
        buffer.removeFirst()
        return .escape
    }

    /// The first input in the buffer, consumed; nil when more bytes are needed.
    private mutating func decode() -> BrowseInput? {
        guard let first = buffer.first else { return nil }
        switch first {
        case 0x1B:
            if buffer.count == 1 {
                // A lone ESC, unless the rest of a sequence follows at once.
                guard waitForBytes(timeout: 30), readStandardInput(), buffer.count > 1 else { return decodeLoneEscape() }
            }
            return decodeEscape()
        case 0x0D, 0x0A: buffer.removeFirst(); return .enter
        case 0x7F, 0x08: buffer.removeFirst(); return .backspace
        case 0x09: buffer.removeFirst(); return .tab
        case 0x03: buffer.removeFirst(); return .interrupt
        case 0x1A: buffer.removeFirst(); return .suspend
        case 0x0C: buffer.removeFirst(); return .redraw
        case 0..<0x20: buffer.removeFirst(); return .unknown
        default: return decodeUTF8()
        }
    }

    private mutating func decodeUTF8() -> BrowseInput? {
        let first = buffer[0]
        let length = first < 0x80 ? 1 : first >> 5 == 0b110 ? 2 : first >> 4 == 0b1110 ? 3 : first >> 3 == 0b11110 ? 4 : 1
        guard buffer.count >= length else { return nil }
        let bytes = Array(buffer.prefix(length))
        buffer.removeFirst(length)
        guard let text = String(validating: bytes, as: UTF8.self), let character = text.first else { return .unknown }
        return .character(character)
    }

    /// ESC [ … final, ESC O x, or Alt+key (ESC then a key: read as the key).
    private mutating func decodeEscape() -> BrowseInput? {
        let second = buffer[1]
        if second == UInt8(ascii: "O"), buffer.count >= 3 {
            let final = buffer[2]
            buffer.removeFirst(3)
            return arrow(final, shift: false) ?? (final == UInt8(ascii: "H") ? .home : final == UInt8(ascii: "F") ? .end : .unknown)
        }
        guard second == UInt8(ascii: "[") else {
            buffer.removeFirst()
            return .escape
        }
        // Parameters and intermediates up to the final byte (0x40–0x7E).
        var index = 2
        while index < buffer.count, !(0x40...0x7E).contains(buffer[index]) { index += 1 }
        guard index < buffer.count else {
            if buffer.count > 64 { buffer.removeAll(); return .unknown }
            return nil
        }
        let parameters = String(decoding: buffer[2..<index], as: UTF8.self)
        let final = buffer[index]
        buffer.removeFirst(index + 1)
        if parameters.hasPrefix("<") {
            // SGR mouse: <button;column;row, M pressed, m released (only presses are reported).
            let numbers = parameters.dropFirst().split(separator: ";").compactMap { Int($0) }
            guard numbers.count == 3, final == UInt8(ascii: "M") else { return .unknown }
            return .mouse(button: numbers[0], column: numbers[1], row: numbers[2])
        }
        let numbers = parameters.split(separator: ";").map { Int($0) ?? 0 }
        let shift = numbers.count >= 2 && (numbers[1] - 1) & 1 == 1
        if let arrow = arrow(final, shift: shift) { return arrow }
        switch (final, numbers.first ?? 0) {
        case (UInt8(ascii: "~"), 5): return .pageUp
        case (UInt8(ascii: "~"), 6): return .pageDown
        case (UInt8(ascii: "~"), 1), (UInt8(ascii: "~"), 7), (UInt8(ascii: "H"), _): return .home
        case (UInt8(ascii: "~"), 4), (UInt8(ascii: "~"), 8), (UInt8(ascii: "F"), _): return .end
        default: return .unknown
        }
    }

    private func arrow(_ final: UInt8, shift: Bool) -> BrowseInput? {
        switch final {
        case UInt8(ascii: "A"): return .arrow(.up, shift: shift)
        case UInt8(ascii: "B"): return .arrow(.down, shift: shift)
        case UInt8(ascii: "C"): return .arrow(.right, shift: shift)
        case UInt8(ascii: "D"): return .arrow(.left, shift: shift)
        default: return nil
        }
    }
}
