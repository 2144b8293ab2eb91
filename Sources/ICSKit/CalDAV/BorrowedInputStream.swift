import Foundation

/// An `InputStream` that reads bytes it does not own, for `XMLParser(stream:)`.
///
/// Foundation's `InputStream(data:)` copies its data first (into an `NSData`), so a multistatus
/// answer of 73 MB was held twice while it was parsed. This stream hands the parser pieces of the
/// caller's buffer, which must outlive it (the parse runs inside `withUnsafeBytes`).
final class BorrowedInputStream: InputStream {
    private let bytes: UnsafeRawBufferPointer
    private var offset = 0

    /// A stream over `bytes`, read from the start.
    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        super.init(data: Data())
    }

    override func open() {}
    override func close() {}
    override var hasBytesAvailable: Bool { offset < bytes.count }
    override var streamStatus: Stream.Status { offset < bytes.count ? .open : .atEnd }
    override var streamError: Error? { nil }

    /// Copies up to `length` of the next bytes into `buffer`; 0 at the end.
    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        let count = min(max(length, 0), bytes.count - offset)
        guard count > 0, let base = bytes.baseAddress else { return 0 }
        UnsafeMutableRawPointer(buffer).copyMemory(from: base + offset, byteCount: count)
        offset += count
        return count
    }

    override func getBuffer(_ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>,
                            length: UnsafeMutablePointer<Int>) -> Bool { false }
}
