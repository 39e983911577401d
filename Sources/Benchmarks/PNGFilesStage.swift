import Dispatch
import Foundation
import PNG
import Raster

/// The `png-files` stage: what a render with PNG frames does, as the product does it.
/// Workers (one per core, each its own rasterizer and canvas) rasterize and encode whole frames;
/// one writer thread writes each file atomically (temporary name, `fsync`, rename) and the folder
/// is flushed once at the end, as `FramePublisher` flushes it once per batch. So a worker never
/// waits for the disk: encoding frame f + 2 overlaps with writing frame f, and the cores stay
/// busy while the writer sleeps in `fsync`.
enum PNGFilesStage {
    static func run(lists: [DisplayList], jobs: Int, options: PNGOptions, banding: Rasterizer.Banding) throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("flipbook-bench-\(ProcessInfo.processInfo.processIdentifier)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let writer = FileWriterThread(folder: folder, capacity: 2 * jobs)
        let failures = Failures()
        BenchmarkRunner.parallelFrames(count: lists.count, jobs: jobs, banding: banding) { rasterizer, canvas, f in
            rasterizer.render(lists[f], into: &canvas)
            do {
                let png = try PNG.encode(
                    rgba: canvas.rgba, width: lists[f].width, height: lists[f].height, options: options)
                writer.enqueue(png, name: String(format: "frame_%05d.png", f))
            } catch { failures.record("\(error)") }
        }
        if let error = writer.finish() { failures.record(error) }
        if let first = failures.first { throw BenchmarkStageError.ffmpegFailed(status: 0, stderrTail: first) }
    }
}

/// Files handed over by the workers, written in arrival order on a thread of its own (it blocks
/// in `fsync`, so not a Dispatch worker). At most `capacity` files wait, so memory stays bounded.
/// `@unchecked Sendable`: every stored `var` is touched only under `condition` (a condition
/// variable, which `Mutex` does not offer).
final class FileWriterThread: @unchecked Sendable {
    private let condition = NSCondition()
    private var pending: [(bytes: [UInt8], name: String)] = []
    private var closed = false
    private var failure: String?
    private let capacity: Int
    private let done = DispatchSemaphore(value: 0)
    private let folder: String

    init(folder: String, capacity: Int) {
        self.folder = folder
        self.capacity = max(1, capacity)
        Thread.detachNewThread { [self] in
            while let file = next() {
                do {
                    try PNG.writeAtomically(file.bytes, to: folder + "/" + file.name, syncFolder: false)
                } catch {
                    condition.lock()
                    failure = failure ?? "\(error)"
                    condition.unlock()
                }
            }
            done.signal()
        }
    }

    private func next() -> (bytes: [UInt8], name: String)? {
        condition.lock()
        defer { condition.unlock() }
        while pending.isEmpty && !closed { condition.wait() }
        if pending.isEmpty { return nil }
        condition.broadcast()
        return pending.removeFirst()
    }

    func enqueue(_ bytes: [UInt8], name: String) {
        condition.lock()
        defer { condition.unlock() }
        while pending.count >= capacity { condition.wait() }
        pending.append((bytes, name))
        condition.broadcast()
    }

    /// Waits for every file, flushes the folder once, and returns the first failure.
    func finish() -> String? {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
        done.wait()
        do { try PNG.syncFolder(folder) } catch { return failure ?? "\(error)" }
        return failure
    }
}
