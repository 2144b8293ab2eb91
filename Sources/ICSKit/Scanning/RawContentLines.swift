#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The content lines of raw bytes held whole in memory, cut and unfolded exactly as
/// ``ContentLineReader/next()`` cuts them (RFC 5545 3.1): a physical line ends at LF, a CR before
/// the LF is dropped, a line that starts with a space or TAB continues the content line before it
/// (without that octet), an empty physical line makes no content line and ends the one before (a
/// blank-led line after it then starts a content line of its own, blank and all).
///
/// For bytes a skim has already read to a block's end (``BlockSkim``), so that the block is made
/// without the reader copying every line into its buffer again.
enum RawContentLines {
    /// Calls `body` with each content line of `raw` (its bytes, without line breaks; valid only
    /// during the call) and the physical line it starts on, counting `raw`'s first physical line as
    /// `firstLine`; returns the number of the last content line's first physical line (`firstLine`
    /// − 1 when there is none).
    ///
    /// Only for bytes where the reader's other cases cannot arise: every physical line ends with LF
    /// (the last one too), none with CR CR LF (which the reader reads as one line end and notes),
    /// and no content line is longer than the reader keeps (``ScanLimits/maxContentLineBytes``).
    /// - Parameter scratch: where a folded line is joined (reused: no allocation per line).
    /// - Complexity: O(n) in the bytes, with `memchr` for each physical line.
    @discardableResult
    static func forEach(_ raw: UnsafeBufferPointer<UInt8>, firstLine: Int, scratch: inout [UInt8],
                        _ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) -> Int {
        guard let base = raw.baseAddress else { return firstLine - 1 }
        let count = raw.count
        var s = 0, number = firstLine, last = firstLine - 1
        while s < count {
            var (e, c) = lineEnd(base, from: s, count: count)
            let start = number
            number += 1
            guard c > s else {  // an empty physical line: no content line
                s = e + 1
                continue
            }
            // Folds: the next physical lines that start with a blank.
            if e + 1 < count, isBlank(base[e + 1]) {
                scratch.removeAll(keepingCapacity: true)
                scratch.append(contentsOf: UnsafeBufferPointer(start: base + s, count: c - s))
                while e + 1 < count, isBlank(base[e + 1]) {
                    let from = e + 2
                    (e, c) = lineEnd(base, from: e + 1, count: count)
                    number += 1
                    if c > from { scratch.append(contentsOf: UnsafeBufferPointer(start: base + from, count: c - from)) }
                }
                scratch.withUnsafeBufferPointer { body($0, start) }
            } else {
                body(UnsafeBufferPointer(start: base + s, count: c - s), start)
            }
            last = start
            s = e + 1
        }
        return last
    }

    /// The LF that ends the physical line starting at `from`, and where its content ends (before
    /// a CR that precedes the LF); `count` when there is no LF.
    @inline(__always)
    private static func lineEnd(_ base: UnsafePointer<UInt8>, from: Int, count: Int) -> (lf: Int, content: Int) {
        guard let hit = memchr(base + from, 0x0A, count - from) else { return (count, count) }
        let e = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
        return (e, e > from && base[e - 1] == 0x0D ? e - 1 : e)
    }

    @inline(__always) private static func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
}
