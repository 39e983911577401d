import Dispatch
import Export
import Foundation

/// Publishes a render's PNG frames on its own thread, batch by batch and in order: each frame is
/// written durably (`PNGSequence.write`: temporary name, fsync, rename), then the folder is
/// flushed once, and only then does the resume journal record the batch.
///
/// Why a thread: a frame's fsync waits on the disk (about 9 ms per frame on this project's VM,
/// over a second in a 90-frame 640×1136 render), and on the render's own thread that wait
/// stalled the rasterizers; here it overlaps with the next batch's simulation and rasterizing.
/// At most `queuedBatches` batches wait (their PNG bytes are held), so memory stays bounded.
/// A failure (a full disk) stops the thread and comes back from the next `push` or from
/// `finish`; nothing after the failed frame is written or journaled.
/// `@unchecked Sendable`: the queue's `var`s are touched only under `condition` (a condition
/// variable, which `Mutex` does not offer); `running` only by the owner's thread (`stop`).
final class FramePublisher: @unchecked Sendable {
    struct Batch {
        /// Frames to write, in order.
        var frames: [(index: Int, png: [UInt8])]
        /// What the journal records once the frames are durable (also frames without PNGs).
        var journal: [(frame: Int, hash: String)]
    }

    /// Batches that may wait for the thread: 2 (the one being written and the next).
    static let queuedBatches = 2

    private let condition = NSCondition()
    private var batches: [Batch] = []
    private var closed = false
    private var failure: Error?
    private var busySeconds = 0.0
    private let done = DispatchSemaphore(value: 0)
    private var running = true

    init(sequence: PNGSequence?, journal: RenderJournal?) {
        Thread.detachNewThread { [self] in
            while let batch = next() {
                let start = DispatchTime.now()
                do {
                    for frame in batch.frames { try sequence?.write(encoded: frame.png, frame: frame.index) }
                    if !batch.frames.isEmpty { try sequence?.syncFolder() }
                    try journal?.append(batch.journal)
                } catch {
                    fail(error)
                }
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
                condition.lock()
                busySeconds += elapsed
                condition.unlock()
            }
            done.signal()
        }
    }

    /// Queues a batch, waiting while `queuedBatches` are queued; throws an earlier failure.
    func push(_ batch: Batch) throws {
        condition.lock()
        defer { condition.unlock() }
        while batches.count >= FramePublisher.queuedBatches && failure == nil { condition.wait() }
        if let failure { throw failure }
        batches.append(batch)
        condition.broadcast()
    }

    /// Waits until every queued batch is published; throws the first failure. Returns the
    /// seconds the thread spent writing (for the manifest's timings).
    @discardableResult
    func finish() throws -> Double {
        stop()
        condition.lock()
        defer { condition.unlock() }
        if let failure { throw failure }
        return busySeconds
    }

    /// Stops after the batch in progress, dropping the rest (a failed render).
    func abandon() {
        condition.lock()
        batches.removeAll()
        condition.unlock()
        stop()
    }

    private func stop() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
        guard running else { return }
        running = false
        done.wait()
    }

    private func next() -> Batch? {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty && !closed && failure == nil { condition.wait() }
        guard failure == nil, !batches.isEmpty else { return nil }
        let batch = batches.removeFirst()
        condition.broadcast()
        return batch
    }

    private func fail(_ error: Error) {
        condition.lock()
        if failure == nil { failure = error }
        batches.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}
