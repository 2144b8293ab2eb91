import Foundation

/// Assembles parsed batches on a thread of its own, in the order they are sent, so that the
/// calling thread goes on to parse the next batch while the previous one is added to the model.
///
/// Without it a full import's calling thread parsed its share of a batch, waited for the other
/// worker, then assembled alone while that worker sat idle: on the 100,000-event benchmark the
/// calling thread was the critical path (1.07 s of CPU in a 1.78 s import, with 0.6 of the two
/// cores idle on average).
///
/// ```swift
/// let assembly = AssemblyThread(CalendarAssembler(source: file), estimate: estimate)
/// assembly.send(parse(batch), scannedBytes: EventCountEstimate.bytes(of: batch))
/// var assembler = assembly.finish()
/// ```
///
/// Sendable notes: the assembler and the estimate are touched only by the assembly thread
/// between ``init(_:estimate:)`` and the end of ``finish()``, which waits for that thread to
/// stop before it hands the assembler back; batches cross over through a ``BoundedChannel``.
final class AssemblyThread: @unchecked Sendable {
    /// At most this many parsed batches wait to be assembled (each about
    /// ``CalendarImporter/batchBytes`` of text, now as model values).
    static let capacity = 2

    private let channel = BoundedChannel<Batch>(capacity: AssemblyThread.capacity)
    private let done = DispatchSemaphore(value: 0)
    private var assembler: CalendarAssembler
    private var estimate: EventCountEstimate

    private struct Batch: Sendable {
        let blocks: [SiftedBlock]
        let scannedBytes: Int
    }

    /// Starts the thread; it assembles into `assembler` until ``finish()``.
    init(_ assembler: consuming CalendarAssembler, estimate: EventCountEstimate) {
        self.assembler = assembler
        self.estimate = estimate
        Thread.detachNewThread { [self] in
            while let batch = channel.receive() {
                self.assembler.add(batch.blocks)
                let soFar = self.assembler.eventCount
                if let events = self.estimate.events(afterBytes: batch.scannedBytes, eventsSoFar: soFar) {
                    self.assembler.reserveEvents(events)
                }
            }
            done.signal()
        }
    }

    /// Queues a parsed batch (waiting while ``capacity`` batches wait); `scannedBytes` is what
    /// ``EventCountEstimate/bytes(of:)`` counted for its blocks.
    func send(_ blocks: [SiftedBlock], scannedBytes: Int) {
        channel.send(Batch(blocks: blocks, scannedBytes: scannedBytes))
    }

    /// Ends the input, waits until every batch sent is assembled, and returns the assembler.
    /// Call it exactly once, also when the scan fails, so that the thread stops.
    func finish() -> CalendarAssembler {
        channel.close()
        done.wait()
        return assembler
    }
}
