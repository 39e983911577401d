import Foundation
import Pipeline
import SceneModel

/// `flipbook render --format svg`: every frame of a scene as an SVG file
/// (`<out>/<scene>/frame_00000.svg …`), each rectangle a vector shape with its exact transform,
/// border, opacity, clipping and shadow (`SVGWriter.svg(_: DisplayList)`).
///
/// The frames come from the same `SceneSimulation` and `FramePlan` as the PNG frames, so frame
/// `i` of either format shows the same tick. Files are written atomically, like PNG frames.
public enum SVGFrameSequence {
    /// Writes the frames and returns how many. `frames` (`--frames`, `--shard`) writes only that
    /// window, each file keeping its frame number (`frame_00150.svg`), as PNG frames do; the
    /// simulation still runs from tick 0, so frame `i` is the same whatever the selection.
    @discardableResult
    public static func render(
        _ scene: Scene, file: String = "<swift>", outputDirectory: String,
        frames selection: Pipeline.FrameSelection? = nil
    ) throws -> Int {
        try scene.validate(file: file)
        let plan = FramePlan(scene: scene)
        var window = 0..<plan.maxFrames
        if let selection {
            window = try selection.window(total: try frameCount(scene, file: file, plan: plan), alignment: 1)
        }
        let simulation = try SceneSimulation(scene: scene, file: file)
        let folder = (outputDirectory as NSString).appendingPathComponent(scene.name)
        var count = 0
        var ticks = SceneTicks(simulation, plan: plan)
        while let frame = ticks.next(before: window.upperBound) {
            guard frame >= window.lowerBound else { continue }
            let name = "frame_" + String(format: "%05d", frame) + ".svg"
            try FigureFile.writeSVG(
                SVGWriter.svg(ticks.simulation.record(.drawing).frame),
                to: (folder as NSString).appendingPathComponent(name))
            count += 1
        }
        return count
    }

    /// The scene's frame count (an `until: rest` scene is simulated once, without drawing).
    private static func frameCount(_ scene: Scene, file: String, plan: FramePlan) throws -> Int {
        guard plan.stopsAtRest else { return plan.maxFrames }
        return SceneTicks(try SceneSimulation(scene: scene, file: file), plan: plan).count()
    }
}
