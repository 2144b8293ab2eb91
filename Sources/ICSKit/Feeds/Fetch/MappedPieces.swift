#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A body kept as it streams in, in pieces of 1 MiB each mapped for it alone (`mmap`), and
/// joined once at the end.
///
/// A piece is given back to the system the moment it is let go (`munmap`), which the join
/// relies on: it copies piece after piece into the joined body and lets each go, so that the
/// body is resident about once. Pieces from the heap were not given back: the allocator kept
/// them for reuse, and a 73 MB answer was resident twice while it was joined.
final class MappedPieces {
    /// The size of a piece: a multiple of every page size.
    static let pieceSize = 1 << 20

    private var pieces: [UnsafeMutableRawPointer] = []
    /// The bytes in the last piece.
    private var lastCount = MappedPieces.pieceSize
    /// All the bytes kept.
    private(set) var count = 0

    deinit {
        for piece in pieces { munmap(piece, MappedPieces.pieceSize) }
    }

    /// Keeps `bytes` after those already kept.
    /// - Throws: ``ICSError/Code/tooLarge`` when the system has no memory for another piece.
    func append(_ bytes: UnsafeRawBufferPointer) throws(ICSError) {
        var rest = bytes[...]
        while !rest.isEmpty {
            if lastCount == MappedPieces.pieceSize {
                let piece = mmap(nil, MappedPieces.pieceSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
                guard let piece, piece != MAP_FAILED else {
                    throw ICSError(.tooLarge, "no memory for the body past \(FetchSession.bytes(count))")
                }
                pieces.append(piece)
                lastCount = 0
            }
            let taken = UnsafeRawBufferPointer(rebasing: rest.prefix(MappedPieces.pieceSize - lastCount))
            (pieces[pieces.count - 1] + lastCount).copyMemory(from: taken.baseAddress!, byteCount: taken.count)
            lastCount += taken.count
            count += taken.count
            rest = rest.dropFirst(taken.count)
        }
    }

    /// The bytes kept, joined; the pieces are let go one by one as they are copied, and none is
    /// kept afterwards.
    func joined() -> [UInt8] {
        let total = count
        let body = [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
            var offset = 0
            for piece in pieces {
                let length = min(MappedPieces.pieceSize, total - offset)
                UnsafeMutableRawPointer(buffer.baseAddress! + offset).copyMemory(from: piece, byteCount: length)
                munmap(piece, MappedPieces.pieceSize)
                offset += length
            }
            initialized = total
        }
        pieces = []
        lastCount = MappedPieces.pieceSize
        count = 0
        return body
    }
}
