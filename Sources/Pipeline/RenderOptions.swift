import Dynamics
import Export
import Foundation
import PNG
import SceneModel

/// What a render writes and how hard it works. Every field's default is what `flipbook render`
/// uses without flags.
public struct RenderOptions: Sendable {
    /// Folder that receives `<scene>/frame_00000.png …` and `<scene>.mp4`. Default "output".
    public var outputDirectory: String
    /// Override the scene's `output.frames`; nil keeps the scene's choice.
    public var writeFrames: Bool?
    /// Override the scene's `output.video` (an empty list: no video); nil keeps the scene's choice.
    public var video: [VideoFormat]?
    /// Video frame rate; nil: the scene's fps. Frames are resampled by whole ticks
    /// (`VideoTiming.sourceTick`).
    public var videoFPS: Int?
    /// The video's size as a fraction of the frames' (`--output-scale`), in
    /// `VideoEncodingOptions.scaleRange`; nil: the scene's `output.scale` (default 1).
    public var outputScale: Double?
    /// Sub-frames averaged into each video frame (`--motion-blur`), ≥ 1; 1 is no blur.
    public var motionBlur: Int
    /// Seconds the last video frame is held at the end (`--hold`), ≥ 0.
    public var holdSeconds: Double
    /// Quality settings of the video encoders (alpha is decided by the canvas background).
    public var encoding: VideoEncodingOptions
    /// Write `<scene>.trace.txt` and `<scene>.trace.csv` beside the video. Default true.
    public var writeTrace: Bool
    /// Trace rows for child layers too (true, the default) or for top-level items only.
    public var traceChildLayers = true
    /// Worker threads for rasterizing and encoding, ≥ 1. Default: the machine's core count.
    /// Never changes a byte of output: work is split by whole frames.
    public var jobs: Int
    /// zlib/filter settings of the PNG frames.
    public var png: PNGOptions
    /// Behaviours written in Swift to add to the scene's animator before the first tick (see the
    /// README's "Custom behaviors"). Called once with the simulation, whose items they may use.
    public var additionalBehaviors: (@Sendable (SceneSimulation) -> [DynamicBehavior])?
    /// Called after each batch of frames with the frames done so far (for a progress line).
    public var progress: (@Sendable (RenderProgress) -> Void)?
    /// Asked before each batch of frames; when it answers true the render stops at once and throws
    /// `RenderCancelled` (the studio restarts a render when its scene is saved again). Frames
    /// already written stay; callers that cancel render into a folder they then discard. Default nil.
    public var isCancelled: (@Sendable () -> Bool)?
    /// Called once with the exact ffmpeg command lines, shell-quoted, before encoding starts (`--verbose`).
    public var onFFmpegCommand: (@Sendable ([String]) -> Void)?
    /// Render only these frames (`--frames`, `--shard`); nil: all. A selected render names its
    /// outputs `<scene>.frames-AAAAAA-BBBBBB.*` (see `FrameSelection`). Default nil.
    public var frames: FrameSelection?
    /// Re-render only the frames an earlier, interrupted render of the same frames did not finish
    /// (missing, or failing the hash its journal or manifest recorded). Default false.
    public var resume: Bool = false
    /// Write `<scene>.manifest.json` (and the resume journal while rendering). Default true.
    public var writeManifest: Bool = true
    /// The version recorded in the manifest (the CLI passes its own, "0.1.0"). Default "unversioned".
    public var flipbookVersion: String = "unversioned"
    /// The scene limits validation applies (raised by the CLI's `--max-…` flags). Default `.default`.
    public var limits: SceneLimits = .default
    /// When another render holds this scene's outputs in `outputDirectory` (`OutputLock`): wait
    /// for it (true, `--wait-lock`) or fail at once naming its pid (false). Default false.
    public var waitForLock: Bool = false
    /// Seconds an ffmpeg may make no progress before it is ended (`--ffmpeg-timeout`), > 0.
    /// Default 300 (`VideoWriter.defaultStallSeconds`).
    public var ffmpegStallSeconds: Double = VideoWriter.defaultStallSeconds
    /// Most trace rows (items × frames) written without asking (`--max-trace-rows`), ≥ 0; a
    /// scene over it is refused before anything is written unless `writeTrace` is false.
    /// Default 20,000,000 (`TraceBudget.defaultMaxRows`, ≈ 4 GB of trace files).
    public var maxTraceRows: Int = TraceBudget.defaultMaxRows

    public init(
        outputDirectory: String = "output", writeFrames: Bool? = nil, video: [VideoFormat]? = nil,
        videoFPS: Int? = nil, motionBlur: Int = 1, holdSeconds: Double = 0,
        encoding: VideoEncodingOptions = .standard, writeTrace: Bool = true, jobs: Int = RenderOptions.defaultJobs,
        png: PNGOptions = .default,
        progress: (@Sendable (RenderProgress) -> Void)? = nil,
        onFFmpegCommand: (@Sendable ([String]) -> Void)? = nil
    ) {
        precondition(jobs >= 1, "jobs must be at least 1")
        self.outputDirectory = outputDirectory
        self.writeFrames = writeFrames
        precondition(motionBlur >= 1, "motion blur needs at least one sub-frame")
        precondition(holdSeconds.isFinite && holdSeconds >= 0, "hold must be finite and not negative")
        precondition(videoFPS.map { $0 > 0 } ?? true, "video fps must be positive")
        self.video = video
        self.videoFPS = videoFPS
        self.motionBlur = motionBlur
        self.holdSeconds = holdSeconds
        self.encoding = encoding
        self.writeTrace = writeTrace
        self.jobs = jobs
        self.png = png
        self.progress = progress
        self.onFFmpegCommand = onFFmpegCommand
    }

    /// `encoding` with alpha on or off, at `outputScale` or else the scene's scale.
    func encoding(alpha: Bool, sceneScale: Double) throws -> VideoEncodingOptions {
        try VideoEncodingOptions(
            h264CRF: encoding.h264CRF, h264Preset: encoding.h264Preset, vp9CRF: encoding.vp9CRF,
            vp9Speed: encoding.vp9Speed, gifDither: encoding.gifDither,
            playCount: encoding.playCount, alpha: alpha, scale: outputScale ?? sceneScale)
    }

    public static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}

/// A snapshot of a running render, for progress displays.
public struct RenderProgress: Sendable {
    public var sceneName: String
    public var framesDone: Int
    /// Upper bound: the exact count for `duration` scenes, the `maxDuration` cap for `until: rest`.
    public var maxFrames: Int
    /// True while `maxFrames` is only a cap (an `until: rest` scene that has not paused yet).
    public var maxFramesIsCap: Bool
    /// Wall-clock seconds since the render started (progress display only; never reaches output).
    public var elapsedSeconds: Double

    public var framesPerSecond: Double { elapsedSeconds > 0 ? Double(framesDone) / elapsedSeconds : 0 }
    /// Estimated seconds left, from the frame rate so far (an upper bound for `until: rest`).
    public var secondsLeft: Double? {
        let fps = framesPerSecond
        return fps > 0 ? Double(maxFrames - framesDone) / fps : nil
    }
}

/// What a finished render produced.
/// A render stopped because `RenderOptions.isCancelled` said so.
public struct RenderCancelled: Error, CustomStringConvertible, Equatable {
    public var sceneName: String
    public var description: String { "the render of \(sceneName) was cancelled" }
}

public struct RenderResult: Sendable {
    public var sceneName: String
    public var frameCount: Int
    /// Frames whose display list differed from the previous frame's (the rest reuse its pixels).
    public var distinctFrames: Int
    /// The tick after which the animator paused, if it did within the render.
    public var pauseTick: Int?
    /// With frame watchers: when it would have paused without them (`SceneSimulation.velocityBasedPauseTick`).
    public var velocityBasedPauseTick: Int?
    public var framesDirectory: String?
    /// One file per video format.
    public var videoPaths: [String]
    /// The human-readable trace (`.trace.txt`; the CSV sits beside it), when written.
    public var tracePath: String?
    public var elapsedSeconds: Double
    /// The first frame rendered (0 unless `RenderOptions.frames` selected a window); the frames
    /// are `firstFrame ..< firstFrame + frameCount`.
    public var firstFrame: Int = 0
    /// The manifest written, if any.
    public var manifestPath: String?
    /// Frames taken over from an interrupted render (`resume`) instead of rendered again.
    public var framesReused: Int = 0
    /// The player page written beside the frames (by the CLI), if any.
    public var playerPath: String?
}
