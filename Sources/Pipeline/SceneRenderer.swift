import Determinism
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
/// 4. frames go to ffmpeg in order, and to the `FramePublisher`, which writes them durably and
///    journals them on its own thread while the next batch is simulated and rasterized;
/// 5. the trace streams to disk as ticks are simulated (`Trace`, `TraceFiles`).
///
/// Before the first frame: the window (`RenderWindow`), the claim on the output folder
/// (`OutputClaim`), what `--resume` may reuse (`ResumeState`) and the trace budget (`TraceBudget`).
public enum SceneRenderer {
    /// Validates `scene` (a scene built in Swift gets the same errors as a file), then renders it.
    /// Throws `SceneError` for an invalid scene, `FrameSelectionError` for an unusable
    /// `options.frames`, `ExportError` or `PNGError` when files cannot be written.
    public static func render(_ scene: Scene, options: RenderOptions = .init()) throws -> RenderResult {
        try scene.validate(limits: options.limits)
        try TraceBudget.check(scene, options: options)
        let start = DispatchTime.now()
        var timings = RenderManifest.Timings()
        let simulation = try makeSimulation(scene, options)
        let writeFrames = options.writeFrames ?? scene.output.frames
        var video = options.video ?? scene.output.video
        let plan = FramePlan(scene: scene)
        let width = scene.canvas.pixelWidth, height = scene.canvas.pixelHeight
        let videoFPS = options.videoFPS ?? scene.fps

        let planned = try RenderWindow.plan(scene, options, plan: plan, video: video)
        let window = planned.window, sceneFrameCount = planned.sceneFrameCount
        let first = window?.lowerBound ?? 0
        let end = window?.upperBound ?? plan.maxFrames
        let stem = RenderManifest.stem(scene: scene.name, window: window)
        let base = (options.outputDirectory as NSString).appendingPathComponent(stem)
        let manifestPath = base + ".manifest.json"
        let sceneHash = FNV1a64.hexHash(String(reflecting: scene).utf8)
        let hashOf = writeFrames ? "png" : "rgba"
        let pngSettings = "\(options.png), \(PNG.libraryVersions)"
        let header = RenderJournal.header(sceneHash: sceneHash, window: first..<end, hashOf: hashOf, pngSettings: pngSettings)

        let framesDirectory = (options.outputDirectory as NSString).appendingPathComponent(scene.name)

        // Claim the outputs before reading or touching anything in the folder.
        try createDirectory(options.outputDirectory)
        let claim = try OutputClaim.take(directory: options.outputDirectory, sceneName: scene.name, stem: stem,
                                         windowed: window != nil, wait: options.waitForLock)
        defer { claim.release() }

        // --resume: what an earlier render of the same frames left behind, checked byte by byte.
        let resume = ResumeState.load(options: options, manifestPath: manifestPath, journalPath: base + ".manifest.partial",
                                      journalHeader: header, sceneHash: sceneHash, first: first, hashOf: hashOf,
                                      pngSettings: pngSettings, video: video.map(\.rawValue),
                                      framesDirectory: framesDirectory, writeFrames: writeFrames)
        let reusable = resume.reusable, videoUpToDate = resume.videoUpToDate
        if videoUpToDate && reusable.count == resume.known.count { video = [] }
        removeStaleTemporaries(in: options.outputDirectory, prefix: "." + stem + ".")
        removeStaleTemporaries(in: options.outputDirectory, prefix: "." + scene.name + ".trace.")
        removeStaleTemporaries(in: framesDirectory, prefix: ".frame_")

        // Start ffmpeg first: a missing ffmpeg or encoder fails the render before any frame is written.
        var videoWriter: VideoWriter?
        var assembler: VideoFrameAssembler?
        if !video.isEmpty {
            let files = video.map { format -> (format: VideoFileFormat, path: String) in
                guard let f = VideoFileFormat(rawValue: format.rawValue) else {
                    preconditionFailure("every scene video format is an export format")
                }
                return (f, base + "." + f.fileExtension)
            }
            var unique: [(format: VideoFileFormat, path: String)] = []
            for file in files where !unique.contains(where: { $0.format == file.format }) { unique.append(file) }
            let writer = try VideoWriter(files: unique, width: width, height: height, fps: videoFPS,
                                         options: try options.encoding(alpha: scene.canvas.background.a < 255),
                                         backgroundHex: String(scene.canvas.background.hex.dropFirst().prefix(6)),
                                         stallSeconds: options.ffmpegStallSeconds)
            options.onFFmpegCommand?(writer.commandLines)
            videoWriter = writer
            assembler = VideoFrameAssembler(videoFPS: videoFPS, simulationFPS: scene.fps, subframes: options.motionBlur,
                                            window: first..<end)
        }
        let sequence = writeFrames ? try PNGSequence(directory: framesDirectory) : nil
        // Ticks before `first` that a motion-blurred video frame of the window averages in.
        let firstDrawn = videoWriter == nil ? first : VideoFrameAssembler.contextStart(first, subframes: options.motionBlur)

        var journal: RenderJournal?
        if options.writeManifest {
            let j = RenderJournal(path: base + ".manifest.partial")
            let keep = options.resume && !RenderJournal.read(path: j.path, header: header).isEmpty
            try j.open(header: header, fresh: !keep)
            journal = j
        }

        // The trace covers every tick from 0, so only a render that reaches the scene's end writes
        // it (a window that ends the scene is known before the first tick); it streams to disk.
        var trace: Trace?
        var traceFiles: TraceFiles?
        if options.writeTrace, window == nil || end == sceneFrameCount {
            let files = try TraceFiles(base: (options.outputDirectory as NSString).appendingPathComponent(scene.name))
            traceFiles = files
            trace = Trace(sceneName: scene.name, fps: scene.fps, files: files)
            trace?.includesChildLayers = options.traceChildLayers
        }
        defer { traceFiles?.abandon() }
        let velocityBasedPause = simulation.velocityBasedPauseTick(limit: plan.maxFrames)
        if let tick = velocityBasedPause { trace?.noteVelocityBasedPause(tick: tick, fps: scene.fps) }
        let publisher = FramePublisher(sequence: sequence, journal: journal)
        let batchSize = max(4, options.jobs * 4)
        var tick = 0            // frames simulated so far
        var distinct = 0
        var previous: (list: DisplayList, frame: EncodedFrame)?
        var finishedSimulation = false
        var hashes: [RenderManifest.FrameHash] = []
        var dropped: [RenderManifest.DroppedItem] = []
        var reused = 0

        do {
            // Replay the ticks before the window without drawing them.
            let replayStart = DispatchTime.now()
            while tick < firstDrawn, !finishedSimulation {
                if tick > 0 { simulation.advance() }
                trace?.record(simulation)
                tick += 1
                if plan.stopsAtRest, simulation.isAtRest { finishedSimulation = true }
            }
            timings.simulateSeconds += seconds(since: replayStart)

            while !finishedSimulation, tick < end {
                if options.isCancelled?() == true { throw RenderCancelled(sceneName: scene.name) }
                // 1. Simulate a batch.
                let simulateStart = DispatchTime.now()
                let batchFirst = tick
                var lists: [DisplayList] = []
                while lists.count < batchSize, tick < end {
                    if tick > 0 { simulation.advance() }
                    var list = simulation.displayList()
                    for index in dropNonFinite(&list) { dropped.append(.init(frame: tick, drawIndex: index)) }
                    lists.append(list)
                    trace?.record(simulation)
                    tick += 1
                    if plan.stopsAtRest, simulation.isAtRest {
                        finishedSimulation = true
                        break
                    }
                }
                if tick >= end { finishedSimulation = true }
                timings.simulateSeconds += seconds(since: simulateStart)

                // 2. Decide per frame: skip (a verified frame from an earlier render, no video to
                //    feed), repeat its predecessor, or render (or decode, when reused for video).
                var source = [Int](repeating: -1, count: lists.count)  // -1: carried over from the previous batch
                var skip = [Bool](repeating: false, count: lists.count)
                var work: [FrameWork] = []
                var decoded = Set<Int>()  // indexes whose pixels come from a reused PNG (no PNG bytes in memory)
                for i in lists.indices {
                    let t = batchFirst + i
                    let isReusable = t >= first && reusable[t] != nil
                    // A frame that must be written needs PNG bytes: it cannot repeat a decoded one.
                    let needsBytes = sequence != nil && t >= first && !isReusable
                    if isReusable, videoWriter == nil {
                        skip[i] = true
                    } else if i > 0, !skip[i - 1], lists[i] == lists[i - 1], !(needsBytes && decoded.contains(source[i - 1])) {
                        source[i] = source[i - 1]
                    } else if i == 0, let prev = previous, prev.list == lists[0], !(needsBytes && prev.frame.png == nil) {
                        source[i] = -1
                    } else {
                        source[i] = i
                        work.append(FrameWork(index: i, reuse: isReusable ? sequence?.path(forFrame: t) : nil))
                        if isReusable { decoded.insert(i) } else { distinct += 1 }
                    }
                }

                // 3. Rasterize and encode (or read back) the frames in parallel.
                let (encoded, stage) = try renderInParallel(lists: lists, work: work, jobs: options.jobs,
                                                            encodePNG: sequence != nil, png: options.png)
                timings.rasterSeconds += stage.raster
                timings.encodeSeconds += stage.encode

                // 4. Hand the frames to the publisher (written, then journaled, on its thread) and
                //    the video, in order.
                var videoSeconds = 0.0
                var journalEntries: [(frame: Int, hash: String)] = []
                var pngs: [(index: Int, png: [UInt8])] = []
                for i in lists.indices where !skip[i] {
                    let t = batchFirst + i
                    let frame: EncodedFrame
                    if source[i] == -1 {
                        guard let prev = previous else { preconditionFailure("no frame to repeat") }
                        frame = prev.frame
                    } else {
                        guard let f = encoded[source[i]] else { preconditionFailure("frame not rendered") }
                        frame = f
                    }
                    if t >= first {
                        if sequence != nil, let png = frame.png, reusable[t] == nil {
                            pngs.append((t, png))
                            journalEntries.append((t, frame.hash))
                        } else if sequence == nil {
                            journalEntries.append((t, frame.hash))
                        }
                    }
                    if let writer = videoWriter, var a = assembler {
                        let videoStart = DispatchTime.now()
                        for videoFrame in a.add(tick: t, rgba: frame.rgba) {
                            try writer.write(frame: videoFrame)
                        }
                        assembler = a
                        videoSeconds += seconds(since: videoStart)
                    }
                }
                for i in lists.indices where batchFirst + i >= first {
                    let t = batchFirst + i
                    if let hash = reusable[t] {
                        hashes.append(.init(frame: t, hash: hash))
                        reused += 1
                    } else if let hash = journalEntries.first(where: { $0.frame == t })?.hash {
                        hashes.append(.init(frame: t, hash: hash))
                    }
                }
                try publisher.push(.init(frames: pngs, journal: journalEntries))
                timings.videoSeconds += videoSeconds

                if let last = lists.last, !skip[lists.count - 1] {
                    let lastSource = source[lists.count - 1]
                    if lastSource == -1, let prev = previous {
                        previous = (last, prev.frame)
                    } else if lastSource >= 0, let f = encoded[lastSource] {
                        previous = (last, f)
                    }
                } else {
                    previous = nil
                }
                options.progress?(RenderProgress(sceneName: scene.name, framesDone: max(0, tick - first),
                                                 maxFrames: finishedSimulation ? tick - first : end - first,
                                                 maxFramesIsCap: plan.stopsAtRest && !finishedSimulation && window == nil,
                                                 elapsedSeconds: seconds(since: start)))
            }
            let videoStart = DispatchTime.now()
            let endsScene = window == nil || tick == sceneFrameCount
            if endsScene, let writer = videoWriter, let last = assembler?.lastFrame {
                for _ in 0..<VideoTiming.holdFrameCount(seconds: options.holdSeconds, fps: videoFPS) {
                    try writer.write(frame: last)
                }
            }
            // Frames first: a video is published only when every frame is.
            timings.writeSeconds = try publisher.finish()
            try videoWriter?.finish()
            timings.videoSeconds += seconds(since: videoStart)
        } catch {
            publisher.abandon()
            videoWriter?.abandon()
            throw error
        }
        let frameEnd = tick
        // A full render owns the folder: frames an earlier, longer render recorded past this
        // render's end go (`OutputClaim`). A window shares it with the other shards and touches
        // nothing outside itself.
        if window == nil, let sequence { claim.removeStaleFrames(from: frameEnd, in: sequence) }
        var tracePath: String?
        if let traceFiles {
            try traceFiles.commit()
            tracePath = traceFiles.text.path
        }

        var manifestFile: String?
        timings.totalSeconds = seconds(since: start)
        timings.framesReused = reused
        if options.writeManifest {
            var videos: [RenderManifest.VideoInfo] = []
            if let writer = videoWriter {
                videos = writer.outputs.map {
                    .finished($0, ffmpegVersion: writer.capabilities.version, first: first, end: frameEnd, videoFPS: videoFPS,
                              sceneFPS: scene.fps, motionBlur: options.motionBlur, holdSeconds: options.holdSeconds)
                }
            } else if videoUpToDate, let previous = try? RenderManifest.read(manifestPath) {
                videos = previous.videos
            }
            let capabilities = videoWriter?.capabilities
            var manifest = RenderManifest(
                flipbookVersion: options.flipbookVersion,
                scene: .init(name: scene.name, hash: sceneHash, hashOf: "resolved scene (Swift String(reflecting:))",
                             fps: scene.fps, width: width, height: height),
                frames: .init(sceneFrameCount: sceneFrameCount ?? frameEnd, start: first, end: frameEnd,
                              shard: options.frames.flatMap { if case .shard = $0 { return $0.description } else { return nil } },
                              requestedRange: options.frames.flatMap { if case .range = $0 { return $0.description } else { return nil } },
                              directory: sequence.map { _ in scene.name }, hashOf: hashOf, pngSettings: pngSettings,
                              hashes: hashes),
                videos: videos,
                ffmpeg: capabilities.map { .init(executable: $0.executable, version: $0.version) },
                timings: timings, droppedNonFinite: dropped)
            let icons = scene.allItems.compactMap { $0.item.icon }.map { RenderManifest.AssetFile(file: $0.file, hash: $0.icon.hash) }
            if !icons.isEmpty { manifest.icons = icons }
            let images = scene.allItems.compactMap { $0.item.image }.map { RenderManifest.ImageInfo(file: $0.file, path: $0.path, hash: $0.hash) }
            if !images.isEmpty { manifest.images = images }
            let fonts = simulation.fontFiles
            if !fonts.isEmpty { manifest.fonts = fonts.map { .init(path: $0.path, hash: $0.hash) } }
            try AtomicFile.write(try manifest.encoded(), to: manifestPath)
            journal?.finish()
            manifestFile = manifestPath
        }

        return RenderResult(sceneName: scene.name, frameCount: frameEnd - first, distinctFrames: distinct,
                            pauseTick: simulation.pauseTick, velocityBasedPauseTick: velocityBasedPause,
                            framesDirectory: sequence?.directory,
                            videoPaths: videoWriter?.outputs.map(\.path) ?? [], tracePath: tracePath, elapsedSeconds: seconds(since: start),
                            firstFrame: first, manifestPath: manifestFile, framesReused: reused)
    }

    static func makeSimulation(_ scene: Scene, _ options: RenderOptions) throws -> SceneSimulation {
        let simulation = try SceneSimulation(scene: scene)
        for behavior in options.additionalBehaviors?(simulation) ?? [] { simulation.animator.addBehavior(behavior) }
        return simulation
    }

    /// Removes display-list entries whose geometry is not finite and returns their draw indexes.
    ///
    /// Scene validation rejects non-finite input and the rasterizer already treats a non-finite
    /// transform as an empty shape, so this should never fire; it is the pipeline's own guard, so
    /// that a NaN from the physics engine becomes a recorded, dropped item instead of whatever a
    /// later rasterizer change might do with it.
    static func dropNonFinite(_ list: inout DisplayList) -> [Int] {
        var droppedIndexes: [Int] = []
        var kept: [DrawRect] = []
        kept.reserveCapacity(list.rects.count)
        for (index, rect) in list.rects.enumerated() {
            let t = rect.transform
            let finite = [t.a, t.b, t.c, t.d, t.tx, t.ty, rect.size.width, rect.size.height,
                          rect.cornerRadius, rect.borderWidth, rect.opacity].allSatisfy(\.isFinite)
            if finite { kept.append(rect) } else { droppedIndexes.append(index) }
        }
        if !droppedIndexes.isEmpty { list.rects = kept }
        return droppedIndexes
    }

    /// Deletes hidden temporary files (`<prefix>….tmp-PID[-N]`: a video's or a frame's) left by a
    /// killed render, when the process that made them is gone. Final names are never touched.
    static func removeStaleTemporaries(in directory: String, prefix: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let range = name.range(of: ".tmp-") else { continue }
            let pidText = name[range.upperBound...].prefix { $0.isNumber }
            guard let pid = Int32(pidText), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink((directory as NSString).appendingPathComponent(name))
        }
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
