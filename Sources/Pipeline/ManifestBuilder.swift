import Foundation
import LottiePlayback
import SceneModel
import Text

/// The last stage of a render: the manifest (`RenderManifest`) of what it produced.
///
/// Every file it names is relative to the output folder or to the scene's folder, never an
/// absolute path: the manifest is published with the frames, and the rendering machine's folders
/// (home directories, CI workspaces) are neither anyone's business nor needed to check anything.
enum ManifestBuilder {
    /// The manifest of a render of `plan` that stopped at `frameEnd`. `videos` are the finished
    /// videos' records, or those of an earlier render whose videos `--resume` kept. `fontFaces`:
    /// the faces the scene's text was drawn with.
    static func manifest(
        plan: RenderPlan, scene: Scene, options: RenderOptions, frameEnd: Int,
        hashes: [RenderManifest.FrameHash], videos: [RenderManifest.VideoInfo],
        ffmpeg: RenderManifest.FFmpegInfo?, timings: RenderManifest.Timings,
        dropped: [RenderManifest.DroppedItem], fontFaces: [FontFace]
    ) -> RenderManifest {
        let selection = RenderPlan.selectionDescriptions(options.frames)
        var manifest = RenderManifest(
            flipbookVersion: options.flipbookVersion,
            scene: .init(
                name: plan.sceneName, hash: plan.sceneHash, hashOf: SceneHash.version + " (SceneHash)",
                fps: plan.sceneFPS, width: plan.width, height: plan.height),
            frames: .init(
                sceneFrameCount: plan.sceneFrameCount ?? frameEnd, start: plan.first, end: frameEnd,
                shard: selection.shard, requestedRange: selection.range,
                directory: plan.writeFrames ? plan.sceneName : nil, hashOf: plan.hashOf,
                pngSettings: plan.pngSettings, hashes: hashes),
            videos: videos, ffmpeg: ffmpeg, timings: timings, droppedNonFinite: dropped)
        var icons: [RenderManifest.AssetFile] = []
        var images: [RenderManifest.ImageInfo] = []
        var lottie: [RenderManifest.AssetFile] = []
        scene.forEachItemWithAttributes { item in
            if let icon = item.icon { icons.append(RenderManifest.AssetFile(file: icon.file, hash: icon.icon.hash)) }
            if let image = item.image {
                images.append(RenderManifest.ImageInfo(file: lexicallyNormalized(image.file), hash: image.hash))
            }
            if let file = item.lottie {
                lottie.append(RenderManifest.AssetFile(file: lexicallyNormalized(file.file), hash: file.document.hash))
            }
        }
        if !icons.isEmpty { manifest.icons = icons }
        if !images.isEmpty { manifest.images = images }
        if !lottie.isEmpty { (manifest.lottie, manifest.lottiePlayer) = (lottie, LottiePlayer.libraryVersion) }
        let fonts = fontRecords(fontFaces, sceneFonts: scene.fonts)
        if !fonts.isEmpty { manifest.fonts = fonts }
        return manifest
    }

    /// A scene's own font by the name its `fonts:` gave (relative to the scene's folder); any
    /// other face is a system font (`FontRegistry`), named by family, weight and file name, so
    /// `verify` finds it again the way a render does. The scene's fonts first, each part sorted
    /// by file: the order depends on nothing of the machine.
    static func fontRecords(_ faces: [FontFace], sceneFonts: [SceneFont]) -> [RenderManifest.FontInfo] {
        let records = faces.map { face -> RenderManifest.FontInfo in
            if let own = sceneFonts.first(where: { $0.face === face || $0.face.path == face.path }) {
                return .init(
                    source: RenderManifest.FontInfo.scene, file: lexicallyNormalized(own.path),
                    family: face.familyName, weight: face.weight, hash: face.contentHash)
            }
            return .init(
                source: RenderManifest.FontInfo.system, file: (face.path as NSString).lastPathComponent,
                family: face.familyName, weight: face.weight, hash: face.contentHash)
        }
        return records.sorted { ($0.source ?? "", $0.file ?? "") < ($1.source ?? "", $1.file ?? "") }
    }

    /// `a/./b/../c.png` → `a/c.png`: `.` and `x/..` steps taken out by their text, so a name the
    /// scene wrote with them passes `verify`'s confinement. The scene loader already resolved the
    /// file inside the scene's folder; a leading `..` (impossible there) is kept, and refused later.
    static func lexicallyNormalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
