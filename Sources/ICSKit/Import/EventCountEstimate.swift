/// How many events a file will hold, guessed from the first batches that have events and the
/// file's size, so that the importer can reserve the events array once (see
/// ``CalendarAssembler/reserveEvents(_:)``: growing it by doubling was the import's peak memory).
///
/// The rate is taken over the events' own blocks and applied to the bytes not yet scanned: a
/// file that opens with hundreds of VTIMEZONEs (or a long VCALENDAR header) would otherwise
/// dilute it, guess short, and double the array after all. A guess a quarter above that: room
/// that is reserved and never written is address space, not resident memory, while a guess
/// that falls short only means one doubling more. Never more than one event per 26 bytes
/// (`BEGIN:VEVENT` and `END:VEVENT` with CRLFs).
///
/// A windowed import (``ImportOptions/window``) keeps a share of the events: its batches count
/// the bytes of the blocks the window skipped too (``WindowedBatch/scanned``), so that the rate
/// is events kept per byte of events read, and the guess what the whole file will keep.
struct EventCountEstimate {
    /// What a batch counted (``bytes(of:)``): all its blocks, and its VEVENT blocks alone.
    struct Scanned: Equatable, Sendable {
        var total = 0
        var events = 0

        /// Counts a block's text and two bytes of line break per line.
        mutating func count(_ block: borrowing ComponentBlock) {
            let bytes = block.text.count + 2 * block.lines.count
            total += bytes
            if block.name == "VEVENT" { events += bytes }
        }

        /// Counts a VEVENT that a windowed scan skipped, by its bytes as read.
        mutating func countSkippedEvent(bytes: Int) {
            total += bytes
            events += bytes
        }
    }

    /// The input's size, when known before reading (``ByteStream/expectedSize``).
    let inputBytes: Int?
    private var scanned = Scanned()
    private var done = false

    init(inputBytes: Int?) {
        self.inputBytes = inputBytes
        done = inputBytes == nil
    }

    /// What a batch counts towards the scanned bytes: its blocks' text and two bytes of line
    /// break per line, in all and of its VEVENTs.
    static func bytes(of batch: [ComponentBlock]) -> Scanned {
        var scanned = Scanned()
        for block in batch { scanned.count(block) }
        return scanned
    }

    /// The estimate, once: after the first batch that brings the events added so far above
    /// zero; `nil` before that, after it, or when the input's size is unknown. `batch` is the
    /// batch's ``bytes(of:)``, counted before the batch was handed on.
    mutating func events(after batch: Scanned, eventsSoFar: Int) -> Int? {
        guard !done, let inputBytes else { return nil }
        scanned.total += batch.total
        scanned.events += batch.events
        guard eventsSoFar > 0, scanned.events > 0 else { return nil }
        done = true
        let rate = Double(eventsSoFar) / Double(scanned.events)
        let guess = Double(eventsSoFar) + Double(max(inputBytes - scanned.total, 0)) * rate * 1.25 + 16
        return Int(min(guess, Double(inputBytes / 26 + 1)))
    }
}
