import Determinism
import Dispatch
import Export
import Foundation
import PNG
import Raster
import SceneModel

/// Renders a validated scene to PNG frames and/or a video, in named stages:
/// 1. the plan (`RenderPlan`): the window of frames, the paths, the rates, the scene's hash;
///    pure, decided before any file is touched;
/// 2. the claim on the output folder (`OutputClaim`) and what `--resume` may reuse
///    (`ResumeState`); the sinks open: ffmpeg first (`VideoSink`), so a missing encoder fails
///    before any frame is written, then the PNG sequence and journal (`FrameSequenceSink`) and
///    the trace, which streams to disk as ticks are simulated (`Trace`, `TraceFiles`);
/// 3. the simulation runs once, in order, on the calling thread, in batches of a few frames per
///    worker, so memory stays flat whatever the frame count (`FrameLoop`);
/// 4. each frame gets an explicit source (`FrameScheduler`): skipped (verified by `--resume`),
///    the same as an earlier frame (its display list did not change: a scene at rest), rendered,
///    or decoded from an earlier render's PNG for the video;
/// 5. new frames are rasterized and PNG-encoded in parallel, split by whole frames, so `jobs`
///    never changes a byte (`renderInParallel`); frames go in order to the video and to the
///    `FramePublisher`, which writes them durably and journals them on its own thread while the
///    next batch is simulated;
/// 6. the manifest (`ManifestBuilder`), written atomically once every frame and video is.
public enum SceneRenderer {
    /// Validates `scene` (a scene built in Swift gets the same errors as a file), then renders it.
    /// Throws `SceneError` for an invalid scene, `FrameSelectionError` for an unusable
    /// `options.frames`, `ExportError`, `PNGError` or `FileWriteError` when files cannot be written.
    public static func render(_ scene: Scene, options: RenderOptions = .init()) throws -> RenderResult {
        try scene.validate(limits: options.limits)
        try TraceBudget.check(scene, options: options)
        let start = DispatchTime.now()
        let simulation = try makeSimulation(scene, options)
        var plan = try RenderPlan.make(scene, options)

        // Claim the outputs before reading or touching anything in the folder.
        try createDirectory(plan.outputDirectory)
        let claim = try OutputClaim.take(
            directory: plan.outputDirectory, sceneName: plan.sceneName, stem: plan.stem,
            windowed: plan.window != nil, wait: options.waitForLock)
        defer { claim.release() }
        let resume = ResumeState.load(plan: plan, options: options)
        if resume.videoUpToDate && resume.reusable.count == resume.known.count { plan.video = [] }
        removeStaleTemporaries(plan)

        let video = try VideoSink.start(plan, scene: scene, options: options)
        let sequence = plan.writeFrames ? try PNGSequence(directory: plan.framesDirectory) : nil
        let frames = FrameSequenceSink(
            sequence: sequence, journal: try openJournal(plan, options),
            reusable: resume.reusable, first: plan.first)
        let traceFiles = plan.writesTrace ? try TraceFiles(base: plan.framesDirectory) : nil
        defer { traceFiles?.abandon() }
        let velocityBasedPause = simulation.velocityBasedPauseTick(limit: plan.frames.maxFrames)
        let scheduler = FrameScheduler(
            reusable: resume.reusable, first: plan.first, feedsVideo: video != nil,
            writesPNG: sequence != nil, reusedPath: { sequence?.path(forFrame: $0) ?? "" })
        let loop = FrameLoop(
            plan: plan, options: options, simulation: simulation, scheduler: scheduler, frames: frames,
            video: video, trace: makeTrace(plan, options, traceFiles, velocityBasedPause: velocityBasedPause))
        var timings: RenderManifest.Timings
        do {
            try loop.run(start: start)
            try video?.hold(endsScene: plan.endsScene(at: loop.tick))
            timings = loop.timings
            // Frames first: a video is published only when every frame is.
            timings.writeSeconds = try frames.finish()
            try video?.finish()
        } catch {
            frames.abandon()
            video?.abandon()
            throw error
        }
        // A full render owns the folder: frames an earlier, longer render recorded past this
        // render's end go (`OutputClaim`). A window shares it with the other shards.
        if plan.window == nil, let sequence { claim.removeStaleFrames(from: loop.tick, in: sequence) }
        try traceFiles?.commit()
        timings.videoSeconds = video?.seconds ?? 0
        timings.totalSeconds = seconds(since: start)
        timings.framesReused = frames.reused
        let manifestPath = try writeManifest(plan, scene, options, loop: loop, timings: timings, resume: resume)
        return RenderResult(
            sceneName: plan.sceneName, frameCount: loop.tick - plan.first,
            distinctFrames: loop.scheduler.distinct, pauseTick: simulation.pauseTick,
            velocityBasedPauseTick: velocityBasedPause, framesDirectory: sequence?.directory,
            videoPaths: video?.paths ?? [], tracePath: traceFiles?.text.path,
            elapsedSeconds: seconds(since: start), firstFrame: plan.first,
            manifestPath: manifestPath, framesReused: frames.reused)
    }

    /// The resume journal, opened for this render (kept when `--resume` continues it).
    static func openJournal(_ plan: RenderPlan, _ options: RenderOptions) throws -> RenderJournal? {
        guard plan.writeManifest else { return nil }
        let journal = RenderJournal(path: plan.journalPath)
        let keep = options.resume && !RenderJournal.read(path: journal.path, header: plan.journalHeader).isEmpty
        try journal.open(header: plan.journalHeader, fresh: !keep)
        return journal
    }

    /// The trace streaming to `files`, when this render writes one.
    static func makeTrace(_ plan: RenderPlan, _ options: RenderOptions, _ files: TraceFiles?, velocityBasedPause: Int?)
        -> Trace?
    {
        guard let files else { return nil }
        var trace = Trace(sceneName: plan.sceneName, fps: plan.sceneFPS, files: files)
        trace.includesChildLayers = options.traceChildLayers
        if let tick = velocityBasedPause { trace.noteVelocityBasedPause(tick: tick, fps: plan.sceneFPS) }
        return trace
    }

    /// Writes the manifest (when asked) and retires the journal; returns its path.
    static func writeManifest(
        _ plan: RenderPlan, _ scene: Scene, _ options: RenderOptions, loop: FrameLoop,
        timings: RenderManifest.Timings, resume: ResumeState
    ) throws -> String? {
        guard plan.writeManifest else { return nil }
        var videos: [RenderManifest.VideoInfo] = []
        if let video = loop.video {
            videos = video.manifestEntries(first: plan.first, end: loop.tick)
        } else if resume.videoUpToDate, let previous = try? RenderManifest.read(plan.manifestPath) {
            videos = previous.videos
        }
        let ffmpeg = loop.video.map {
            RenderManifest.FFmpegInfo(
                executable: ($0.writer.capabilities.executable as NSString).lastPathComponent,
                version: $0.writer.capabilities.version)
        }
        let manifest = ManifestBuilder.manifest(
            plan: plan, scene: scene, options: options, frameEnd: loop.tick,
            hashes: loop.frames.hashes, videos: videos, ffmpeg: ffmpeg, timings: timings,
            dropped: loop.dropped, fontFaces: loop.simulation.texts.fonts)
        try AtomicFile.write(try manifest.encoded(), to: plan.manifestPath)
        loop.frames.retireJournal()
        return plan.manifestPath
    }

    /// Removes what a killed render of the same outputs left under temporary names.
    static func removeStaleTemporaries(_ plan: RenderPlan) {
        removeStaleTemporaries(in: plan.outputDirectory, prefix: "." + plan.stem + ".")
        removeStaleTemporaries(in: plan.outputDirectory, prefix: "." + plan.sceneName + ".trace.")
        removeStaleTemporaries(in: plan.framesDirectory, prefix: ".frame_")
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
        for (index, rect) in list.rects.enumerated() {
            let t = rect.transform
            let finite = [
                t.a, t.b, t.c, t.d, t.tx, t.ty, rect.size.width, rect.size.height,
                rect.cornerRadius, rect.borderWidth, rect.opacity,
            ].allSatisfy(\.isFinite)
            if !finite { droppedIndexes.append(index) }
        }
        list.removeRects(at: droppedIndexes)
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
            try TemporaryFiles.shared.createDirectory(atPath: path)
        } catch {
            throw ExportError.io(path: path, operation: "create the folder", reason: error.localizedDescription)
        }
    }

    static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }
}
