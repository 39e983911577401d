import Dispatch
import Foundation
import Pipeline
import Raster
import Synchronization

/// Renders frames on `jobs` worker threads while the caller's thread consumes them in frame order,
/// so rendering overlaps with writing (and with ffmpeg encoding what was written). Each worker owns
/// two canvases and renders into one while the other is being written: memory stays at 2·jobs
/// frames whatever the frame count, and a worker waits only when both of its canvases are queued.
/// `@unchecked Sendable`: a canvas slot is owned by one thread at a time, handed over by the
/// `ready` / `free` semaphores; `stopped` is read and written only under `stopLock`.
final class PipelinedFrames: @unchecked Sendable {
    private let lists: [DisplayList]
    private let jobs: Int
    /// Slot 2·worker + (k mod 2) is the canvas of a worker's k-th frame. Fixed storage, so threads
    /// touching different slots never touch a shared array.
    private let canvases: UnsafeMutableBufferPointer<FrameCanvas>
    /// Per worker: canvases free to render into, and frames rendered and not yet consumed.
    private let free: [DispatchSemaphore]
    private let ready: [DispatchSemaphore]
    private let stopLock = NSLock()
    private var stopped = false
    /// Nice value the render workers lower themselves to (0: unchanged). See `init`.
    private let workerNice: Int32
    /// The render workers' rasterizers' banding (`flipbook bench --banding`).
    private let banding: Rasterizer.Banding

    /// `workerNice` (0...19, default 0): with a positive value each render worker lowers its own
    /// scheduling priority, so that when the encoder downstream (ffmpeg, a separate process) and
    /// the workers both want a core, the encoder gets it and the workers fill the time it leaves
    /// idle. The frames already rendered ahead (two per worker) cover the moments they wait.
    init(lists: [DisplayList], jobs: Int, workerNice: Int32 = 0, banding: Rasterizer.Banding = .automatic) {
        self.workerNice = workerNice
        self.banding = banding
        self.lists = lists
        self.jobs = max(1, min(jobs, lists.count))
        canvases = .allocate(capacity: 2 * self.jobs)
        canvases.initialize(repeating: FrameCanvas())
        // Created at 0 and signalled twice rather than created at 2: libdispatch traps when a
        // semaphore is freed below its initial value, which a stopped run can leave behind.
        free = (0..<self.jobs).map { _ in
            let semaphore = DispatchSemaphore(value: 0)
            semaphore.signal()
            semaphore.signal()
            return semaphore
        }
        ready = (0..<self.jobs).map { _ in DispatchSemaphore(value: 0) }
    }

    deinit {
        canvases.deinitialize()
        canvases.deallocate()
    }

    private var isStopped: Bool {
        stopLock.lock()
        defer { stopLock.unlock() }
        return stopped
    }

    /// Calls `consume` with every frame's straight RGBA bytes, in order. If `consume` throws, the
    /// workers stop and the error is rethrown once they have.
    func run(_ consume: ([UInt8]) throws -> Void) throws {
        let finished = DispatchSemaphore(value: 0)
        for worker in 0..<jobs {
            // Threads of their own (see PeakMemoryMonitor): workers block on `free` by design.
            Thread.detachNewThread { [self] in
                defer { finished.signal() }
                if workerNice > 0 { WorkerThreads.lowerCallingThreadPriority(to: workerNice) }
                var rasterizer = Rasterizer(banding: banding)
                var k = 0
                var f = worker
                while f < lists.count {
                    free[worker].wait()
                    if isStopped { return }
                    // A slot is touched by its worker until `ready` hands it over, and by the
                    // consumer until `free` hands it back: never by both at once.
                    rasterizer.render(lists[f], into: &canvases[2 * worker + (k & 1)])
                    ready[worker].signal()
                    k += 1
                    f += jobs
                }
            }
        }
        var failure: Error?
        for f in 0..<lists.count {
            let worker = f % jobs
            let k = f / jobs
            ready[worker].wait()
            do {
                try consume(canvases[2 * worker + (k & 1)].rgba)
            } catch {
                failure = error
                break
            }
            free[worker].signal()
        }
        if failure != nil {
            stopLock.lock()
            stopped = true
            stopLock.unlock()
            for semaphore in free {
                semaphore.signal()
                semaphore.signal()
            }
        }
        for _ in 0..<jobs { finished.wait() }
        if let failure { throw failure }
    }
}

/// Pointers handed to concurrentPerform workers that write disjoint elements.
struct UncheckedSendable<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

final class Failures: Sendable {
    private let messages = Mutex<[String]>([])
    func record(_ message: String) { messages.withLock { $0.append(message) } }
    var first: String? { messages.withLock { $0.first } }
}
