#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A small HTTP/1.1 server on 127.0.0.1 for the feed tests: one thread accepts, one thread
/// per connection answers with what the handler returns, then closes the connection.
///
/// Sendable notes: `requests` and `stopped` are only touched under `lock`.
public final class TestHTTPServer: @unchecked Sendable {
    public struct Request: Sendable {
        public var method: String
        public var path: String
        /// Header names lower-cased.
        public var headers: [String: String]
    }

    public enum Reply: Sendable {
        /// A complete answer (`Content-Length` is added).
        case response(status: Int, headers: [(String, String)], body: [UInt8])
        /// Accepts, reads the request, then says nothing for `seconds` before closing.
        case silent(seconds: Double)
        /// A 200 whose body never ends (until the client goes away).
        case endless
        /// Claims `Content-Length: claimed` but sends `body` (shorter or longer), then closes.
        case truncated(body: [UInt8], claimed: Int)
        /// A 200 with `headers` and no `Content-Length`: `head`, then `block` `count` times (`nil`:
        /// until the client goes away), then `tail`, then the connection closes. Unthrottled.
        case streamed(headers: [(String, String)], head: [UInt8], block: [UInt8], count: Int?, tail: [UInt8])
        /// A 200 whose body arrives one byte every `interval` seconds, until the client goes away.
        case drip(interval: Double)
        /// `bytes` as they are (status line, headers, body: whatever a hostile server sends), then the connection closes.
        case raw([UInt8])
    }

    public let port: Int
    private let listener: Int32
    private let handler: @Sendable (Request) -> Reply
    private let lock = NSLock()
    private var recorded: [Request] = []
    private var stopped = false

    public init(_ handler: @escaping @Sendable (Request) -> Reply) throws {
        self.handler = handler
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        guard bound == 0, listen(fd, 16) == 0 else { close(fd); throw POSIXError(.EADDRINUSE) }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        port = Int(UInt16(bigEndian: address.sin_port))
        listener = fd
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit { stop() }

    /// The base URL, e.g. `http://127.0.0.1:40123`.
    public var base: String { "http://127.0.0.1:\(port)" }

    /// The requests received so far, in order.
    public var requests: [Request] { lock.withLock { recorded } }

    public func stop() {
        let first = lock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        if first {
            // shutdown stops the listening at once, even while the accept thread still polls the descriptor.
            shutdown(listener, Int32(SHUT_RDWR))
            close(listener)
        }
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func acceptLoop() {
        while !isStopped {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0, !isStopped else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            Thread.detachNewThread { [self] in serve(client) }
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !buffer.containsHeaderEnd {
            let n = recv(client, &chunk, chunk.count, 0)
            guard n > 0 else { return }
            buffer += chunk[0..<n]
        }
        let head = String(decoding: buffer, as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = head[0].split(separator: " ")
        guard requestLine.count >= 2 else { return }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let request = Request(method: String(requestLine[0]), path: String(requestLine[1]), headers: headers)
        lock.withLock { recorded.append(request) }
        switch handler(request) {
        case .response(let status, let extra, let body):
            var text = "HTTP/1.1 \(status) \(TestHTTPServer.reason(status))\r\nConnection: close\r\n"
            for (name, value) in extra { text += "\(name): \(value)\r\n" }
            if status != 304 { text += "Content-Length: \(body.count)\r\n" }
            send(client, Array((text + "\r\n").utf8) + (status == 304 ? [] : body))
        case .silent(let seconds):
            var waited = 0.0
            while waited < seconds && !isStopped {
                usleep(50_000)
                waited += 0.05
            }
        case .endless:
            send(client, Array("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Type: text/calendar\r\n\r\n".utf8))
            let line = Array("BEGIN:VCALENDAR\r\nX-PADDING:\(String(repeating: "x", count: 60))\r\n".utf8)
            let block = Array([[UInt8]](repeating: line, count: 512).joined())
            // Endless for the client (it must stop at its size limit), but at a bounded rate and
            // size: swift-corelibs-foundation queues every received chunk for the delegate, so an
            // unthrottled loopback sender on a loaded machine fills memory before the client can
            // cancel (seen: 24 GB). About 18 MB/s, at most 16 MB (64 times the tests' 256 KiB limit).
            var sent = 0
            while !isStopped, sent < 16 << 20, send(client, block) {
                sent += block.count
                usleep(2_000)
            }
        case .truncated(let body, let claimed):
            let text = "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Type: text/calendar\r\nContent-Length: \(claimed)\r\n\r\n"
            send(client, Array(text.utf8) + body)
        case .streamed(let extra, let head, let block, let count, let tail):
            var text = "HTTP/1.1 200 OK\r\nConnection: close\r\n"
            for (name, value) in extra { text += "\(name): \(value)\r\n" }
            guard send(client, Array((text + "\r\n").utf8) + head) else { return }
            var sent = 0
            while count.map({ sent < $0 }) ?? true, !isStopped {
                guard send(client, block) else { return }
                sent += 1
            }
            send(client, tail)
        case .drip(let interval):
            guard send(client, Array("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Type: text/calendar\r\n\r\n".utf8)) else { return }
            while !isStopped, send(client, [0x42]) { usleep(useconds_t(interval * 1_000_000)) }
        case .raw(let bytes):
            send(client, bytes)
        }
    }

    /// Writes everything; false when the client has gone.
    @discardableResult
    private func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            sent += n
        }
        return true
    }

    public static func reason(_ status: Int) -> String {
        [200: "OK", 301: "Moved Permanently", 302: "Found", 304: "Not Modified", 401: "Unauthorized",
         404: "Not Found", 500: "Internal Server Error"][status] ?? "Status"
    }
}

private extension [UInt8] {
    var containsHeaderEnd: Bool {
        guard count >= 4 else { return false }
        for i in 0...(count - 4) where self[i] == 13 && self[i + 1] == 10 && self[i + 2] == 13 && self[i + 3] == 10 { return true }
        return false
    }
}
