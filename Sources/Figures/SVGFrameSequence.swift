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
    /// Writes the frames and returns how many.
    @discardableResult
    public static func render(_ scene: Scene, file: String = "<swift>", outputDirectory: String) throws -> Int {
        try scene.validate(file: file)
        let simulation = try SceneSimulation(scene: scene, file: file)
        let plan = FramePlan(scene: scene)
        let folder = (outputDirectory as NSString).appendingPathComponent(scene.name)
        var count = 0
        while true {
            let name = "frame_" + String(format: "%05d", count) + ".svg"
            try FigureFile.writeSVG(SVGWriter.svg(simulation.displayList()), to: (folder as NSString).appendingPathComponent(name))
            count += 1
            if count >= plan.maxFrames || (plan.stopsAtRest && simulation.isAtRest) { break }
            simulation.advance()
        }
        return count
    }
}
