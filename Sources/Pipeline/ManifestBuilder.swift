import SceneModel

/// The last stage of a render: the manifest (`RenderManifest`) of what it produced.
enum ManifestBuilder {
    /// The manifest of a render of `plan` that stopped at `frameEnd`. `videos` are the finished
    /// videos' records, or those of an earlier render whose videos `--resume` kept.
    static func manifest(
        plan: RenderPlan, scene: Scene, options: RenderOptions, frameEnd: Int,
        hashes: [RenderManifest.FrameHash], videos: [RenderManifest.VideoInfo],
        ffmpeg: RenderManifest.FFmpegInfo?, timings: RenderManifest.Timings,
        dropped: [RenderManifest.DroppedItem], fontFiles: [(path: String, hash: String)]
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
        let icons = scene.allItems.compactMap { $0.item.icon }.map {
            RenderManifest.AssetFile(file: $0.file, hash: $0.icon.hash)
        }
        if !icons.isEmpty { manifest.icons = icons }
        let images = scene.allItems.compactMap { $0.item.image }.map {
            RenderManifest.ImageInfo(file: $0.file, path: $0.path, hash: $0.hash)
        }
        if !images.isEmpty { manifest.images = images }
        if !fontFiles.isEmpty { manifest.fonts = fontFiles.map { .init(path: $0.path, hash: $0.hash) } }
        return manifest
    }
}
