import Dispatch
import Export
import SceneModel

/// The video frame sink: ffmpeg, fed every tick's pixels in order. It owns all the video-timing
/// arithmetic of a render (`VideoTiming`, through `VideoFrameAssembler`): which ticks a window
/// must be fed from, which video frames a window's ticks make, the frames `--hold` adds, and the
/// video frame numbers the manifest records.
final class VideoSink {
    let writer: VideoWriter
    private var assembler: VideoFrameAssembler
    private let videoFPS: Int
    private let sceneFPS: Int
    private let motionBlur: Int
    private let holdSeconds: Double
    /// Seconds spent feeding ffmpeg and waiting for it.
    private(set) var seconds = 0.0

    /// Starts ffmpeg for `plan.video` (nil when there is none). It starts before any frame is
    /// drawn, so a missing ffmpeg or encoder fails the render before a file is written.
    static func start(_ plan: RenderPlan, scene: Scene, options: RenderOptions) throws -> VideoSink? {
        guard !plan.video.isEmpty else { return nil }
        var files: [(format: VideoFormat, path: String)] = []
        for format in plan.video where !files.contains(where: { $0.format == format }) {
            files.append((format, plan.base + "." + format.fileExtension))
        }
        let writer = try VideoWriter(
            files: files, width: plan.width, height: plan.height, fps: plan.videoFPS,
            options: try options.encoding(alpha: scene.canvas.background.a < 255, sceneScale: scene.output.scale),
            backgroundHex: String(scene.canvas.background.hex.dropFirst().prefix(6)),
            stallSeconds: options.ffmpegStallSeconds)
        options.onFFmpegCommand?(writer.commandLines)
        return VideoSink(writer: writer, plan: plan, motionBlur: options.motionBlur, holdSeconds: options.holdSeconds)
    }

    init(writer: VideoWriter, plan: RenderPlan, motionBlur: Int, holdSeconds: Double) {
        self.writer = writer
        videoFPS = plan.videoFPS
        sceneFPS = plan.sceneFPS
        self.motionBlur = motionBlur
        self.holdSeconds = holdSeconds
        assembler = VideoFrameAssembler(
            videoFPS: plan.videoFPS, simulationFPS: plan.sceneFPS,
            subframes: motionBlur, window: plan.first..<plan.end)
    }

    /// The first tick a render of frames from `first` on draws: with a video, the ticks before
    /// `first` that its first motion-blurred frames average in.
    static func firstDrawnTick(_ first: Int, video: VideoSink?) -> Int {
        guard let video else { return first }
        return VideoFrameAssembler.contextStart(first, subframes: video.motionBlur)
    }

    /// Takes tick `tick`'s pixels (ticks in order) and writes the video frames they complete.
    func add(tick: Int, rgba: [UInt8]) throws {
        let start = DispatchTime.now()
        for frame in assembler.add(tick: tick, rgba: rgba) { try writer.write(frame: frame) }
        seconds += SceneRenderer.seconds(since: start)
    }

    /// Repeats the last frame for `--hold` when the render ends the scene.
    func hold(endsScene: Bool) throws {
        guard endsScene, let last = assembler.lastFrame else { return }
        let start = DispatchTime.now()
        for _ in 0..<VideoTiming.holdFrameCount(seconds: holdSeconds, fps: videoFPS) { try writer.write(frame: last) }
        seconds += SceneRenderer.seconds(since: start)
    }

    /// Waits for ffmpeg and publishes the videos.
    func finish() throws {
        let start = DispatchTime.now()
        try writer.finish()
        seconds += SceneRenderer.seconds(since: start)
    }

    func abandon() { writer.abandon() }

    var paths: [String] { writer.outputs.map(\.path) }

    /// The manifest's record of each finished video of frames `first ..< end`.
    func manifestEntries(first: Int, end: Int) -> [RenderManifest.VideoInfo] {
        let videoFrames =
            VideoTiming.videoFrameCount(
                tickCount: first, videoFPS: videoFPS, simulationFPS: sceneFPS)..<VideoTiming.videoFrameCount(
                tickCount: end, videoFPS: videoFPS, simulationFPS: sceneFPS)
        return writer.outputs.map {
            .finished(
                $0, ffmpegVersion: writer.capabilities.version, videoFrames: videoFrames,
                motionBlur: motionBlur, holdSeconds: holdSeconds)
        }
    }
}
