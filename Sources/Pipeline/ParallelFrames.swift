import Determinism
import Dispatch
import Foundation
import PNG
import Raster
import Synchronization

/// The parallel stage of the frame pipeline: rasterize and PNG-encode a batch's distinct frames
/// on `jobs` threads, split by whole frames (so the thread count never changes a byte).
extension SceneRenderer {
    /// The pixels, PNG bytes (optionally) and content hash of one frame.
    struct EncodedFrame {
        var rgba: [UInt8]
        var png: [UInt8]?
        /// FNV-1a 64 hex of `png`, or of `rgba` when there is no PNG.
        var hash: String
    }

    /// One frame to produce: rasterize `lists[index]`, or, when `reuse` names a verified PNG
    /// from an earlier render, decode its pixels instead (for the video).
    struct FrameWork {
        var index: Int
        var reuse: String?
    }

    /// Seconds spent per stage, summed over worker threads.
    struct StageSeconds {
        var raster = 0.0
        var encode = 0.0
    }

    /// Rasterizes `lists[work]` on `jobs` threads; the result is indexed like `lists`. Once
    /// `isCancelled` says so, each worker stops before its next frame and leaves the rest empty
    /// (a studio's save stops a long frame batch within one frame; the caller throws).
    static func renderInParallel(
        lists: [DisplayList], work: [FrameWork], jobs: Int,
        encodePNG: Bool, png: PNGOptions, isCancelled: (@Sendable () -> Bool)? = nil
    ) throws -> ([EncodedFrame?], StageSeconds) {
        let results = ResultSlots<EncodedFrame>(count: lists.count)
        let stages = ResultSlots<StageSeconds>(count: work.count)
        let workers = max(1, min(jobs, work.count))
        WorkerThreads.run(workers) { worker in
            // One rasterizer per worker: its scratch (outlines, cells) grows once and is reused.
            // Each frame gets its own pixel buffer, because the batch keeps every frame for the video.
            var rasterizer = Rasterizer()
            var k = worker
            while k < work.count {
                if let isCancelled, isCancelled() { break }
                let item = work[k]
                let list = lists[item.index]
                var stage = StageSeconds()
                do {
                    if let path = item.reuse {
                        let readStart = DispatchTime.now()
                        let bytes = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
                        let image = try PNG.decode(bytes)
                        results.set(
                            item.index, .success(EncodedFrame(rgba: image.rgba, png: nil, hash: FNV1a64.hexHash(bytes)))
                        )
                        stage.encode = seconds(since: readStart)
                    } else {
                        let rasterStart = DispatchTime.now()
                        var rgba: [UInt8] = []
                        rasterizer.renderStraightRGBA(list, into: &rgba)
                        stage.raster = seconds(since: rasterStart)
                        let encodeStart = DispatchTime.now()
                        let bytes =
                            encodePNG
                            ? try PNG.encode(rgba: rgba, width: list.width, height: list.height, options: png)
                            : nil
                        let hash = bytes.map { FNV1a64.hexHash($0) } ?? FNV1a64.hexHash(rgba)
                        stage.encode = seconds(since: encodeStart)
                        results.set(item.index, .success(EncodedFrame(rgba: rgba, png: bytes, hash: hash)))
                    }
                } catch {
                    results.set(item.index, .failure(error))
                }
                stages.set(k, .success(stage))
                k += workers
            }
        }
        let total = try stages.collect().compactMap { $0 }.reduce(into: StageSeconds()) {
            $0.raster += $1.raster
            $0.encode += $1.encode
        }
        return (try results.collect(), total)
    }
}

/// `body(0..<count)` on `jobs` threads, each index once, results in index order: what the thread
/// count cannot change (each worker takes every `jobs`-th index).
public enum ParallelMap {
    public static func run<T: Sendable>(_ count: Int, jobs: Int, _ body: @Sendable (Int) -> T) -> [T] {
        guard count > 0 else { return [] }
        let slots = ResultSlots<T>(count: count)
        let workers = max(1, min(jobs, count))
        WorkerThreads.run(workers) { worker in
            for k in stride(from: worker, to: count, by: workers) { slots.set(k, .success(body(k))) }
        }
        // Every slot was set with a success.
        return ((try? slots.collect()) ?? []).map { $0! }
    }
}

/// Per-index result slots written from several threads; the first failure by index wins, so
/// the error reported does not depend on thread timing.
final class ResultSlots<Value: Sendable>: Sendable {
    private let slots: Mutex<[Result<Value, Error>?]>

    init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }

    func set(_ index: Int, _ value: Result<Value, Error>) {
        slots.withLock { $0[index] = value }
    }

    func collect() throws -> [Value?] {
        try slots.withLock { slots in try slots.map { slot in try slot.map { try $0.get() } } }
    }
}
