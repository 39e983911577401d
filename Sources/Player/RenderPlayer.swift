import Export
import Foundation
import Pipeline
import SceneModel

extension PlayerPage {
    /// Writes the player of a finished render into its frames folder, from the trace files the
    /// render wrote (none with `--no-trace`: then the page has frames only). Returns the page's
    /// path, or nil when the render wrote no frames. The one place a render gets its page: the CLI's
    /// `render`, `figure --kind player` and the studio all call it.
    @discardableResult
    public static func write(for scene: Scene, result: RenderResult) throws -> String? {
        guard let folder = result.framesDirectory else { return nil }
        var data = PlayerData(
            sceneName: scene.name, fps: scene.fps, pixelWidth: scene.canvas.pixelWidth,
            pixelHeight: scene.canvas.pixelHeight, scale: scene.canvas.scale,
            firstFrame: result.firstFrame, frameCount: result.frameCount)
        if let text = result.tracePath {
            try data.readTraceText(at: text)
            try data.readTraceCSV(at: String(text.dropLast(".txt".count)) + ".csv")
        }
        return try write(data, toFolder: folder) { try AtomicFile.write($0, to: $1) }
    }
}
