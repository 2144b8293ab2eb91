import Foundation

/// Decodes a body as its `Content-Encoding` says, as it streams in, and stops as soon as
/// the decoded bytes pass the size limit: a gzip bomb costs at most the limit plus 64 KiB a
/// layer, whatever it would inflate to.
///
/// Encodings (RFC 9110 8.4): `gzip` and `x-gzip`, `deflate` (zlib-wrapped or raw), `identity`,
/// listed in the order they were applied, so `gzip, gzip` is inflated twice, last first.
///
/// ```swift
/// let decoder = try ContentDecoder(contentEncoding: "gzip", limit: 50 << 20)
/// try decoder.feed(chunk)          // for each piece from the network
/// let body = try decoder.finish()
/// ```
final class ContentDecoder {
    private let layers: [InflateStream]
    private let limit: Int
    /// The decoded body in pieces: it grows without the copies of a doubling array (which would
    /// hold 1.5 times the limit at the worst moment), and is joined once at the end.
    private let pieces = MappedPieces()

    /// The bytes decoded so far.
    var decodedCount: Int { pieces.count }

    /// - Parameters:
    ///   - contentEncoding: the header's value, `nil` when absent.
    ///   - limit: the largest decoded body accepted, in bytes.
    /// - Throws: ``ICSError/Code/badEncoding`` for an encoding ICSKit does not decode.
    convenience init(contentEncoding: String?, limit: Int) throws(ICSError) {
        try self.init(codings: ContentDecoder.codings(contentEncoding), limit: limit)
    }

    /// A decoder for `codings`, lower-cased, in the order they were applied.
    init(codings: [String], limit: Int) throws(ICSError) {
        self.limit = limit
        var layers: [InflateStream] = []
        for coding in codings.reversed() {
            switch coding {
            case "identity": continue
            case "gzip", "x-gzip": layers.append(InflateStream(.gzip, name: coding))
            case "deflate": layers.append(InflateStream(.deflate, name: coding))
            default:
                throw ICSError(.badEncoding, "the server sent Content-Encoding \(coding), which cannot be decoded (gzip and deflate can)")
            }
        }
        self.layers = layers
    }

    /// The codings of a `Content-Encoding` value, lower-cased, in the order they were applied.
    static func codings(_ header: String?) -> [String] {
        guard let header else { return [] }
        return header.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
    }

    /// Decodes one piece of the body as it arrived.
    /// - Throws: ``ICSError/Code/tooLarge`` past the limit, ``ICSError/Code/badEncoding`` for corrupt data.
    func feed(_ bytes: UnsafeRawBufferPointer) throws(ICSError) {
        try push(bytes, into: 0)
    }

    /// The whole decoded body.
    /// - Throws: ``ICSError/Code/truncated`` when a compressed stream stops early.
    func finish() throws(ICSError) -> [UInt8] {
        for layer in layers { try layer.finish() }
        return pieces.joined()
    }

    private func push(_ bytes: UnsafeRawBufferPointer, into level: Int) throws(ICSError) {
        guard level < layers.count else {
            guard decodedCount + bytes.count <= limit else {
                throw ICSError(.tooLarge, "the body decodes to more than the \(FetchSession.bytes(limit)) limit; transfer stopped")
            }
            try pieces.append(bytes)
            return
        }
        try layers[level].feed(bytes) { (piece) throws(ICSError) in try push(piece, into: level + 1) }
    }
}
