import Export
import SceneModel

/// Which frames one render produces, decided before the first frame is drawn.
///
/// Without a selection, every frame (`window` nil). With `--frames`/`--shard`, a window of the
/// scene's frames: an `until: rest` scene is first simulated once, without drawing, to find its
/// length (`countFrames`), so every shard of it computes the same count, records it in its
/// manifest (`frames.sceneFrameCount`) and cuts the same windows, whichever machine it runs on.
struct RenderWindow {
    /// The frames rendered; nil: all of them (`0 ..< plan.maxFrames`, or until rest).
    var window: Range<Int>?
    /// The scene's frame count, when a selection needed it.
    var sceneFrameCount: Int?

    static func plan(_ scene: Scene, _ options: RenderOptions, plan: FramePlan, video: [VideoFormat]) throws
        -> RenderWindow
    {
        guard let selection = options.frames else { return RenderWindow() }
        let total = plan.stopsAtRest ? try countFrames(scene, options, plan: plan) : plan.maxFrames
        // With a video, segments are cut on whole seconds, where every GOP starts.
        let window = try selection.window(total: total, alignment: video.isEmpty ? 1 : scene.fps)
        if !video.isEmpty, window != 0..<total {
            for format in video where !VideoFormat.segmentable.contains(format) {
                throw FrameSelectionError(
                    "--video \(format.rawValue) cannot be split into segments that join by stream copy; use mp4 or mov with --frames/--shard, or --video none"
                )
            }
        }
        return RenderWindow(window: window, sceneFrameCount: total)
    }

    /// The frame count of an `until: rest` scene: the simulation run to rest, drawing nothing.
    static func countFrames(_ scene: Scene, _ options: RenderOptions, plan: FramePlan) throws -> Int {
        SceneTicks(try SceneRenderer.makeSimulation(scene, options), plan: plan).count()
    }
}
