import ArgumentParser
import Foundation
import Pipeline
import Player
import SceneModel

extension Figure {
    /// `--kind player`: the frames of `--from`…`--to` and their player page in one folder, ready to
    /// publish beside a documentation page (the page needs only the folder).
    func writePlayerFolder(scene: Scene, destination: String) throws {
        // Ticks nearest to the times; a range past the scene's end is clamped to it by the renderer.
        let first = from.map { Int(($0 * Double(scene.fps)).rounded()) } ?? 0
        let endExclusive = to.map { Int(($0 * Double(scene.fps)).rounded()) + 1 } ?? Int(Int32.max)
        guard first >= 0, first < endExclusive else {
            throw ValidationError(
                "--from \(from ?? 0) and --to \(to ?? 0) select no frames of \(scene.name); expected 0 ≤ from ≤ to")
        }
        let staging = destination + ".partial"
        let fm = FileManager.default
        try? fm.removeItem(atPath: staging)
        defer { try? fm.removeItem(atPath: staging) }
        var options = RenderOptions(outputDirectory: staging, writeFrames: true, video: [])
        options.writeManifest = false
        options.frames = .range(first..<endExclusive)
        let result = try SceneRenderer.render(scene, options: options)
        try PlayerPage.write(for: scene, result: result)
        guard let frames = result.framesDirectory else { return }
        // Replace the destination with renames only, so it is never half a player.
        let old = destination + ".old"
        try? fm.removeItem(atPath: old)
        if fm.fileExists(atPath: destination) { try fm.moveItem(atPath: destination, toPath: old) }
        try fm.createDirectory(
            atPath: (destination as NSString).deletingLastPathComponent.isEmpty
                ? "." : (destination as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
        try fm.moveItem(atPath: frames, toPath: destination)
        try? fm.removeItem(atPath: old)
        print(
            "\((destination as NSString).appendingPathComponent(PlayerPage.fileName)) (frames \(result.firstFrame)..<\(result.firstFrame + result.frameCount))"
        )
    }
}
