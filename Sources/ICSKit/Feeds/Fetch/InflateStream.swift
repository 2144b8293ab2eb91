internal import CZlib

/// One zlib inflater: a gzip stream (members one after another, RFC 1952 2.2), or a
/// `deflate` one (RFC 9110 8.4.1.2: zlib-wrapped, RFC 1950; raw RFC 1951 is accepted too,
/// as browsers do), decoded piece by piece into a fixed 64 KiB buffer.
///
/// Owner of one `z_stream`: allocated on the heap (zlib keeps a pointer back to it, so it must
/// not move), initialised once, ended in `deinit` (zlib.h: "inflateEnd ... frees all dynamically
/// allocated data structures for this stream").
final class InflateStream {
    enum Format: Sendable { case gzip, deflate }

    private let format: Format
    private let name: String
    private let stream: UnsafeMutablePointer<z_stream>
    private let output: UnsafeMutablePointer<UInt8>
    private static let outputSize = 64 << 10
    private var started = false
    /// The first bytes of a `deflate` body, until there are two to tell zlib from raw.
    private var lead: [UInt8] = []
    /// Whether the last stream (or gzip member) ended cleanly.
    private(set) var isComplete = false
    /// After a gzip member, bytes that do not start another one are ignored (as gzip(1) does).
    private var ignoringTrailer = false

    init(_ format: Format, name: String) {
        self.format = format
        self.name = name
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        output = .allocate(capacity: InflateStream.outputSize)
    }

    deinit {
        if started { inflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
        output.deallocate()
    }

    /// Inflates `input`, handing each decoded piece to `emit` (which may throw to stop).
    /// - Throws: ``ICSError/Code/badEncoding`` for corrupt data; whatever `emit` throws.
    /// - Complexity: O(n) in the decoded bytes, with at most 64 KiB held here.
    func feed(_ input: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) throws(ICSError) -> Void) throws(ICSError) {
        guard !ignoringTrailer, input.count > 0 else { return }
        if !started {
            if format == .deflate && lead.count + input.count < 2 {
                lead += input
                return
            }
            if !lead.isEmpty {
                let joined = lead + Array(input)
                lead = []
                var failure: ICSError?
                joined.withUnsafeBytes { bytes in
                    do throws(ICSError) { try start(bytes, emit: emit) } catch { failure = error }
                }
                if let failure { throw failure }
                return
            }
            try start(input, emit: emit)
            return
        }
        try run(input, emit: emit)
    }

    /// Checks that the data ended where the stream says it ends.
    /// - Throws: ``ICSError/Code/truncated`` when the compressed body stops early.
    func finish() throws(ICSError) {
        if !started && !lead.isEmpty || started && !isComplete {
            throw ICSError(.truncated, "the \(name) body ends before its compressed stream does (the download was cut short)")
        }
    }

    private func start(_ input: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) throws(ICSError) -> Void) throws(ICSError) {
        let bits: Int32
        switch format {
        case .gzip: bits = 15 + 16          // zlib.h: "windowBits can also be greater than 15 ... +16 to decode only the gzip format"
        case .deflate: bits = InflateStream.looksLikeZlib(input[0], input[1]) ? 15 : -15   // negative: raw deflate
        }
        guard icskit_inflateInit2(stream, bits) == Z_OK else {
            throw ICSError(.badEncoding, "cannot start decoding the \(name) body (zlib out of memory)")
        }
        started = true
        try run(input, emit: emit)
    }

    /// RFC 1950 2.2: CM = 8 (deflate), CINFO ≤ 7, and CMF·256 + FLG a multiple of 31.
    static func looksLikeZlib(_ cmf: UInt8, _ flg: UInt8) -> Bool {
        cmf & 0x0F == 8 && cmf >> 4 <= 7 && (UInt16(cmf) << 8 | UInt16(flg)) % 31 == 0
    }

    private func run(_ input: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) throws(ICSError) -> Void) throws(ICSError) {
        guard let base = input.baseAddress else { return }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self))
        stream.pointee.avail_in = UInt32(input.count)
        defer { stream.pointee.next_in = nil; stream.pointee.avail_in = 0 }
        while true {
            if isComplete {
                // Data after the end: another gzip member, else a trailer to ignore.
                guard stream.pointee.avail_in > 0 else { return }
                guard format == .gzip, stream.pointee.next_in.pointee == 0x1F else { ignoringTrailer = true; return }
                inflateReset(stream)
                isComplete = false
            }
            stream.pointee.next_out = output
            stream.pointee.avail_out = UInt32(InflateStream.outputSize)
            let status = inflate(stream, Z_NO_FLUSH)
            let produced = InflateStream.outputSize - Int(stream.pointee.avail_out)
            if produced > 0 { try emit(UnsafeRawBufferPointer(start: output, count: produced)) }
            switch status {
            case Z_OK:
                if stream.pointee.avail_in == 0 && stream.pointee.avail_out > 0 { return }
            case Z_STREAM_END:
                isComplete = true
            case Z_BUF_ERROR:
                return      // no progress possible until more input arrives
            case Z_MEM_ERROR:
                throw ICSError(.badEncoding, "cannot decode the \(name) body (zlib out of memory)")
            default:        // Z_DATA_ERROR, Z_NEED_DICT, Z_STREAM_ERROR
                let reason = stream.pointee.msg.map { String(cString: $0) } ?? "invalid data"
                throw ICSError(.badEncoding, "the \(name) body is corrupt (\(reason))")
            }
        }
    }
}
