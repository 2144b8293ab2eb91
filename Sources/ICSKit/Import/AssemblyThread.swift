import Foundation

/// Assembles a full import's parsed batches in the order they are sent: the importer's one
/// "assemble this batch" step, run either on a thread of its own or inline on the sender's.
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
/// let assembly = AssemblyThread(CalendarAssembler(source: file), estimate: estimate, inline: false)
/// assembly.send(parse(batch), scannedBytes: EventCountEstimate.bytes(of: batch))
/// var assembler = assembly.finish()
/// ```
///
/// Sendable notes: the assembler and the estimate are touched only by the assembly thread
/// between ``init(_:estimate:inline:)`` and the end of ``finish()``, which waits for that thread
/// to stop before it hands the assembler back; batches cross over through a ``BoundedChannel``.
/// Inline, everything runs on the one thread that sends.
final class AssemblyThread: @unchecked Sendable {
    /// At most this many parsed batches wait to be assembled (each about
    /// ``CalendarImporter/batchBytes`` of text, now as model values).
    static let capacity = 2

    /// `nil` when inline.
    private let channel: BoundedChannel<Batch>?
    private let done = DispatchSemaphore(value: 0)
    private var assembler: CalendarAssembler
    private var estimate: EventCountEstimate
    private var finished = false

    private struct Batch: Sendable {
        let blocks: [ParsedBlock]
        let scannedBytes: Int
    }

    /// Starts the thread (unless `inline`); it assembles into `assembler` until ``finish()``.
    init(_ assembler: consuming CalendarAssembler, estimate: EventCountEstimate, inline: Bool) {
        self.assembler = assembler
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
    /// has its first rate (``EventCountEstimate/events(afterBytes:eventsSoFar:)``).
    private func assemble(_ batch: consuming Batch) {
        assembler.add(batch.blocks)
        if let events = estimate.events(afterBytes: batch.scannedBytes, eventsSoFar: assembler.eventCount) {
            assembler.reserveEvents(events)
        }
    }

    /// Queues a parsed batch (waiting while ``capacity`` batches wait), or assembles it at once
    /// when inline; `scannedBytes` is what ``EventCountEstimate/bytes(of:)`` counted for its blocks.
    func send(_ blocks: [ParsedBlock], scannedBytes: Int) {
        precondition(!finished, "send after finish")
        let batch = Batch(blocks: blocks, scannedBytes: scannedBytes)
        if let channel { channel.send(batch) } else { assemble(batch) }
    }

    /// Ends the input, waits until every batch sent is assembled, and returns the assembler.
    /// Call it exactly once, also when the scan fails, so that the thread stops.
    func finish() -> CalendarAssembler {
        precondition(!finished, "finish called twice")
        finished = true
        if let channel {
            channel.close()
            done.wait()
        }
        return assembler
    }
}
