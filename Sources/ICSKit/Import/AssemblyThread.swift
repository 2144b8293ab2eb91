import Foundation

/// Assembles an import's parsed batches in the order they are sent: the importer's one
/// "assemble this batch" step (for a windowed import, sifting out the marks of the blocks the
/// window skipped, ``SkippedBlocks/sift(_:_:)``, then adding), run either on a thread of its own
/// or inline on the sender's.
///
/// On a thread of its own the calling thread goes on to parse the next batch while the previous
/// one is added to the model. Without it a full import's calling thread parsed its share of a
/// batch, waited for the other worker, then assembled alone while that worker sat idle: on the
/// 100,000-event benchmark the calling thread was the critical path (1.07 s of CPU in a 1.78 s
/// import, with 0.6 of the two cores idle on average). With one parsing thread
/// (``ImportOptions/parallelism`` 1) it runs inline, so that such an import parses and
/// assembles on the calling thread alone (the scanner keeps its own thread).
///
/// ```swift
/// let assembly = AssemblyThread(CalendarAssembler(source: file), skipped: SkippedBlocks(window: nil),
///                               estimate: estimate, inline: false)
/// assembly.send(.parsed(parse(batch), scanned: EventCountEstimate.bytes(of: batch)))
/// var (assembler, skipped) = assembly.finish()
/// ```
///
/// Sendable notes: the assembler, the skipped blocks and the estimate are touched only by the
/// assembly thread between ``init(_:skipped:estimate:inline:)`` and the end of ``finish()``, which
/// waits for that thread to stop before it hands them back; batches cross over through a ``BoundedChannel``.
/// Inline, everything runs on the one thread that sends.
final class AssemblyThread: @unchecked Sendable {
    /// At most this many parsed batches wait to be assembled (each about
    /// ``CalendarImporter/batchBytes`` of text, now as model values).
    static let capacity = 2

    /// `nil` when inline.
    private let channel: BoundedChannel<Batch>?
    private let done = DispatchSemaphore(value: 0)
    private var assembler: CalendarAssembler
    private var skipped: SkippedBlocks
    private var estimate: EventCountEstimate
    private var finished = false

    /// What the parsing side sends.
    enum Batch: Sendable {
        /// A full import's batch, parsed; `scanned` is what ``EventCountEstimate/bytes(of:)``
        /// counted for its blocks.
        case parsed([ParsedBlock], scanned: EventCountEstimate.Scanned)
        /// A windowed import's batch and the parses of its blocks, in order.
        case windowed(WindowedBatch, [ParsedBlock])
    }

    /// Starts the thread (unless `inline`); it assembles into `assembler` (noting a windowed
    /// import's skipped blocks in `skipped`) until ``finish()``.
    init(_ assembler: consuming CalendarAssembler, skipped: consuming SkippedBlocks, estimate: EventCountEstimate,
         inline: Bool) {
        self.assembler = assembler
        self.skipped = skipped
        self.estimate = estimate
        guard !inline else {
            channel = nil
            return
        }
        let channel = BoundedChannel<Batch>(capacity: AssemblyThread.capacity)
        self.channel = channel
        Thread.detachNewThread { [self] in
            while let batch = channel.receive() { assemble(batch) }
            done.signal()
        }
    }

    /// The one step: adds a batch's blocks in order, and reserves the events once the estimate
    /// has its first rate (``EventCountEstimate/events(after:eventsSoFar:)``; a windowed import's
    /// counts the events it keeps, per byte of events read, the skipped ones too).
    private func assemble(_ batch: consuming Batch) {
        let scanned: EventCountEstimate.Scanned
        switch consume batch {
        case .parsed(let blocks, let counted):
            scanned = counted
            assembler.add(blocks)
        case .windowed(let batch, let parsed):
            scanned = batch.scanned
            assembler.add(skipped.sift(batch, parsed))
        }
        if let events = estimate.events(after: scanned, eventsSoFar: assembler.eventCount) {
            assembler.reserveEvents(events)
        }
    }

    /// Queues a batch (waiting while ``capacity`` batches wait), or assembles it at once when inline.
    func send(_ batch: consuming Batch) {
        precondition(!finished, "send after finish")
        if let channel { channel.send(batch) } else { assemble(batch) }
    }

    /// Ends the input, waits until every batch sent is assembled, and returns the assembler and
    /// the skipped blocks. Call it exactly once, also when the scan fails, so that the thread stops.
    func finish() -> (assembler: CalendarAssembler, skipped: SkippedBlocks) {
        precondition(!finished, "finish called twice")
        finished = true
        if let channel {
            channel.close()
            done.wait()
        }
        // Moved out, not shared: a copy left here would keep the events' first buffer alive, so
        // that the caller's changes (``CalendarAssembler/finish()``) copied every event, and this
        // object freed them one by one when it went.
        let taken = (assembler, skipped)
        assembler = CalendarAssembler(source: nil)
        skipped = SkippedBlocks(window: nil)
        return taken
    }
}
