import Foundation
import PNG
import SceneModel

/// Stage 1 of a render (`SceneRenderer.render`): what it will produce and where, decided from the
/// scene and the options alone. Building one touches no file; only `make` may simulate, to count
/// the frames of an `until: rest` scene cut into a window (`RenderWindow`).
struct RenderPlan: Equatable {
    var sceneName: String
    var width: Int
    var height: Int
    /// Simulation ticks per second (the scene's `fps`).
    var sceneFPS: Int
    /// The video's frame rate (`--video-fps`, else the scene's `output.fps`, else its `fps`).
    var videoFPS: Int
    var frames: FramePlan
    /// The frames rendered; nil: all of them (`0 ..< frames.maxFrames`, or until rest).
    var window: Range<Int>?
    /// The scene's frame count, when a window needed it.
    var sceneFrameCount: Int?
    var writeFrames: Bool
    /// The video formats to write (emptied by `--resume` when the earlier videos are complete).
    var video: [VideoFormat]
    var outputDirectory: String
    /// `SceneHash` of the scene: what the manifest, the journal and `--resume` compare.
    var sceneHash: String
    /// `zlib level/strategy/filter` and the libpng/zlib versions: they change a frame's bytes.
    var pngSettings: String
    var writeTrace: Bool
    var writeManifest: Bool

    init(scene: Scene, options: RenderOptions, window: RenderWindow) {
        sceneName = scene.name
        width = scene.canvas.pixelWidth
        height = scene.canvas.pixelHeight
        sceneFPS = scene.fps
        videoFPS = options.videoFPS ?? scene.output.fps ?? scene.fps
        frames = FramePlan(scene: scene)
        self.window = window.window
        sceneFrameCount = window.sceneFrameCount
        writeFrames = options.writeFrames ?? scene.output.frames
        video = options.video ?? scene.output.video
        outputDirectory = options.outputDirectory
        sceneHash = SceneHash.hex(scene)
        pngSettings = "\(options.png), \(PNG.libraryVersions)"
        writeTrace = options.writeTrace
        writeManifest = options.writeManifest
    }

    /// The plan of `scene` under `options`, its window cut by `RenderWindow.plan`.
    static func make(_ scene: Scene, _ options: RenderOptions) throws -> RenderPlan {
        let video = options.video ?? scene.output.video
        let window = try RenderWindow.plan(scene, options, plan: FramePlan(scene: scene), video: video)
        return RenderPlan(scene: scene, options: options, window: window)
    }

    /// First frame of this render.
    var first: Int { window?.lowerBound ?? 0 }
    /// One past the last frame this render may produce (an `until: rest` scene may stop sooner).
    var end: Int { window?.upperBound ?? frames.maxFrames }
    /// `<scene>[.frames-AAAAAA-BBBBBB]`: the stem of the manifest, journal and segment videos.
    var stem: String { RenderManifest.stem(scene: sceneName, window: window) }
    /// `<out>/<stem>`: the manifest, journal and videos are this plus their extension.
    var base: String { (outputDirectory as NSString).appendingPathComponent(stem) }
    var manifestPath: String { base + ".manifest.json" }
    var journalPath: String { base + ".manifest.partial" }
    /// `<out>/<scene>`: the PNG frames.
    var framesDirectory: String { (outputDirectory as NSString).appendingPathComponent(sceneName) }
    /// What frame hashes are of: "png" (the file bytes) or "rgba" (no PNG is written).
    var hashOf: String { writeFrames ? "png" : "rgba" }
    var journalHeader: String {
        RenderJournal.header(sceneHash: sceneHash, window: first..<end, hashOf: hashOf, pngSettings: pngSettings)
    }

    /// The trace covers every tick from 0, so only a render that reaches the scene's end writes
    /// it (a window that ends the scene is known before the first tick).
    var writesTrace: Bool { writeTrace && (window == nil || end == sceneFrameCount) }

    /// Whether a render that stopped at `tick` (one past its last frame) ended the scene: then
    /// the video holds its last frame (`--hold`).
    func endsScene(at tick: Int) -> Bool { window == nil || tick == sceneFrameCount }

    /// The `--shard` and `--frames` values the manifest records.
    static func selectionDescriptions(_ selection: FrameSelection?) -> (shard: String?, range: String?) {
        guard let selection else { return (nil, nil) }
        if case .shard = selection { return (selection.description, nil) }
        return (nil, selection.description)
    }
}
