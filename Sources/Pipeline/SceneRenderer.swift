import Dispatch
import Export
import Foundation
import PNG
import Raster
import SceneModel

/// Renders a validated scene to PNG frames and/or a video.
///
/// The frame pipeline:
/// 1. the simulation runs once, in order, on the calling thread, producing display lists in
///    batches of a few frames per worker (memory stays flat whatever the frame count);
/// 2. frames whose display list equals the previous frame's (a scene at rest) are not
///    rasterized or encoded again: they reuse the earlier pixels and PNG bytes;
/// 3. the other frames are rasterized and PNG-encoded in parallel, split by whole frames, so
///    `jobs` never changes a byte;
/// 4. frames go to ffmpeg in order.
public enum SceneRenderer {
    /// Validates `scene` (a scene built in Swift gets the same errors as a file), then renders it.
    /// Throws `SceneError` for an invalid scene, `ExportError` or `PNGError` when files cannot be written.
    public static func render(_ scene: Scene, options: RenderOptions = .init()) throws -> RenderResult {
        try scene.validate()
        let simulation = try SceneSimulation(scene: scene)
        let start = DispatchTime.now()
        let writeFrames = options.writeFrames ?? scene.output.frames
        let video = options.video ?? scene.output.video
        let plan = FramePlan(scene: scene)
        let width = scene.canvas.pixelWidth, height = scene.canvas.pixelHeight

        // Start ffmpeg first: a missing ffmpeg or encoder fails the render before any frame is written.
        var videoWriter: VideoWriter?
        var assembler: VideoFrameAssembler?
        let videoFPS = options.videoFPS ?? scene.fps
        if !video.isEmpty {
            try createDirectory(options.outputDirectory)
            let formats = video.map { format -> VideoFileFormat in
                guard let f = VideoFileFormat(rawValue: format.rawValue) else {
                    preconditionFailure("every scene video format is an export format")
                }
                return f
            }
            let writer = try VideoWriter(directory: options.outputDirectory, baseName: scene.name, formats: formats,
                                         width: width, height: height, fps: videoFPS,
                                         options: try options.encoding(alpha: scene.canvas.background.a < 255),
                                         backgroundHex: String(scene.canvas.background.hex.dropFirst().prefix(6)))
            options.onFFmpegCommand?(writer.commandLines)
            videoWriter = writer
            assembler = VideoFrameAssembler(videoFPS: videoFPS, simulationFPS: scene.fps, subframes: options.motionBlur)
        }
        let sequence = writeFrames
            ? try PNGSequence(directory: (options.outputDirectory as NSString).appendingPathComponent(scene.name))
            : nil

        var trace = options.writeTrace ? Trace(sceneName: scene.name, fps: scene.fps) : nil
        let batchSize = max(4, options.jobs * 4)
        var frameIndex = 0
        var distinct = 0
        var previous: (list: DisplayList, frame: EncodedFrame)?
        var finishedSimulation = false

        do {
            while !finishedSimulation {
                // 1. Simulate a batch.
                var lists: [DisplayList] = []
                while lists.count < batchSize, frameIndex + lists.count < plan.maxFrames {
                    if frameIndex + lists.count > 0 { simulation.advance() }
                    lists.append(simulation.displayList())
                    trace?.record(simulation)
                    if plan.stopsAtRest, simulation.isAtRest {
                        finishedSimulation = true
                        break
                    }
                }
                if frameIndex + lists.count >= plan.maxFrames { finishedSimulation = true }

                // 2. Find which frames repeat their predecessor.
                var source = [Int](repeating: -1, count: lists.count)  // -1: carried over from the previous batch
                var work: [Int] = []
                for i in lists.indices {
                    if i > 0, lists[i] == lists[i - 1] {
                        source[i] = source[i - 1]
                    } else if i == 0, let prev = previous, prev.list == lists[0] {
                        source[i] = -1
                    } else {
                        source[i] = i
                        work.append(i)
                    }
                }
                distinct += work.count

                // 3. Rasterize and encode the distinct frames in parallel.
                let encoded = try renderInParallel(lists: lists, indices: work, jobs: options.jobs,
                                                   encodePNG: sequence != nil, png: options.png)

                // 4. Write in order.
                for i in lists.indices {
                    let frame: EncodedFrame
                    if source[i] == -1 {
                        guard let prev = previous else { preconditionFailure("no frame to repeat") }
                        frame = prev.frame
                    } else {
                        guard let f = encoded[source[i]] else { preconditionFailure("frame not rendered") }
                        frame = f
                    }
                    if let sequence, let png = frame.png {
                        try sequence.write(encoded: png, frame: frameIndex + i)
                    }
                    if let writer = videoWriter, var a = assembler {
                        for videoFrame in a.add(tick: frameIndex + i, rgba: frame.rgba) {
                            try writer.write(frame: videoFrame)
                        }
                        assembler = a
                    }
                }
                if let last = lists.last {
                    let lastSource = source[lists.count - 1]
                    previous = (last, lastSource == -1 ? previous!.frame : encoded[lastSource]!)
                }
                frameIndex += lists.count
                options.progress?(RenderProgress(sceneName: scene.name, framesDone: frameIndex,
                                                 maxFrames: finishedSimulation ? frameIndex : plan.maxFrames,
                                                 maxFramesIsCap: plan.stopsAtRest && !finishedSimulation,
                                                 elapsedSeconds: seconds(since: start)))
            }
            if let writer = videoWriter, let last = assembler?.lastFrame {
                for _ in 0..<VideoTiming.holdFrameCount(seconds: options.holdSeconds, fps: videoFPS) {
                    try writer.write(frame: last)
                }
            }
            try videoWriter?.finish()
        } catch {
            videoWriter?.abandon()
            throw error
        }
        sequence?.removeFrames(from: frameIndex)
        var tracePath: String?
        if let trace {
            try createDirectory(options.outputDirectory)
            let base = (options.outputDirectory as NSString).appendingPathComponent(scene.name)
            try AtomicFile.write(trace.textContents, to: base + ".trace.txt")
            try AtomicFile.write(trace.csvContents, to: base + ".trace.csv")
            tracePath = base + ".trace.txt"
        }

        return RenderResult(sceneName: scene.name, frameCount: frameIndex, distinctFrames: distinct,
                            pauseTick: simulation.pauseTick, framesDirectory: sequence?.directory,
                            videoPaths: videoWriter?.outputs.map(\.path) ?? [], tracePath: tracePath, elapsedSeconds: seconds(since: start))
    }

    /// The pixels and (optionally) PNG bytes of one frame.
    struct EncodedFrame {
        var rgba: [UInt8]
        var png: [UInt8]?
    }

    /// Rasterizes `lists[indices]` on `jobs` threads; the result is indexed like `lists`.
    static func renderInParallel(lists: [DisplayList], indices: [Int], jobs: Int,
                                 encodePNG: Bool, png: PNGOptions) throws -> [EncodedFrame?] {
        let results = ResultSlots<EncodedFrame>(count: lists.count)
        let workers = max(1, min(jobs, indices.count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var k = worker
            while k < indices.count {
                let i = indices[k]
                let list = lists[i]
                let rgba = Rasterizer.render(list).straightRGBA()
                do {
                    let bytes = encodePNG
                        ? try PNG.encode(rgba: rgba, width: list.width, height: list.height, options: png)
                        : nil
                    results.set(i, .success(EncodedFrame(rgba: rgba, png: bytes)))
                } catch {
                    results.set(i, .failure(error))
                }
                k += workers
            }
        }
        return try results.collect()
    }

    static func createDirectory(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw ExportError.io(path: path, operation: "create the folder", reason: error.localizedDescription)
        }
    }

    static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }
}

/// Per-index result slots written from several threads; the first failure by index wins, so
/// the error reported does not depend on thread timing.
final class ResultSlots<Value>: @unchecked Sendable {
    private var slots: [Result<Value, Error>?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Result<Value, Error>) {
        lock.lock(); slots[index] = value; lock.unlock()
    }

    func collect() throws -> [Value?] {
        try slots.map { slot in try slot.map { try $0.get() } }
    }
}
