/// How many events a file will hold, guessed from the first batches that have events and the
/// file's size, so that the importer can reserve the events array once (see
/// ``CalendarAssembler/reserveEvents(_:)``: growing it by doubling was the import's peak memory).
///
/// A guess a quarter above the rate seen so far: room that is reserved and never written is
/// address space, not resident memory, while a guess that falls short only means one doubling
/// more. Never more than one event per 26 bytes (`BEGIN:VEVENT` and `END:VEVENT` with CRLFs).
struct EventCountEstimate {
    /// The input's size, when known before reading (``ByteStream/expectedSize``).
    let inputBytes: Int?
    private var scannedBytes = 0
    private var done = false

    init(inputBytes: Int?) {
        self.inputBytes = inputBytes
        done = inputBytes == nil
    }

    /// What a batch counts towards the scanned bytes: its blocks' text and two bytes of line
    /// break per line.
    static func bytes(of batch: [ComponentBlock]) -> Int {
        var bytes = 0
        for block in batch { bytes += block.text.count + 2 * block.lines.count }
        return bytes
    }

    /// The estimate, once: after the first batch that brings the events added so far above
    /// zero; `nil` before that, after it, or when the input's size is unknown. `bytes` is the
    /// batch's ``bytes(of:)``, counted before the batch was handed on.
    mutating func events(afterBytes bytes: Int, eventsSoFar: Int) -> Int? {
        guard !done, let inputBytes else { return nil }
        scannedBytes += bytes
        guard eventsSoFar > 0, scannedBytes > 0 else { return nil }
        done = true
        let rate = Double(eventsSoFar) / Double(scannedBytes)
        let guess = Double(inputBytes) * rate * 1.25 + 16
        return Int(min(guess, Double(inputBytes / 26 + 1)))
    }
}
