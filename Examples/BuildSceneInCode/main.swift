// Builds the snap scene in Swift instead of a scene file, adds a behavior written in Swift, and
// renders it.
//
//   swift run BuildSceneInCode [output-folder]
//
// Everything a scene file can say has a Swift spelling; `SceneRenderer.render` validates the
// scene with the same rules (and the same messages) as `flipbook validate`.
import Dynamics
import Foundation
import Geometry
import Pipeline
import Raster
import SceneModel

/// A custom behavior: each tick, after the animator has written the card back, the ghost eases a
/// fifth of the way towards the card, so it trails behind it.
final class TrailBehavior: DynamicBehavior {
    init(ghost: DynamicItem, following card: DynamicItem) {
        super.init()
        action = {
            ghost.center = ghost.center + (card.center - ghost.center) * 0.2
            ghost.transform = card.transform
        }
    }
}

let outputFolder = CommandLine.arguments.dropFirst().first ?? "output/examples"

let scene = Scene(
    name: "snap-in-code",
    canvas: Canvas(size: Size(320, 568), scale: 2, background: ColorRGBA8(hex: "#F2F2F7")!),
    fps: 60,
    length: .untilRest(maxDuration: 5),
    items: [
        Item(
            id: "card", size: Size(60, 60), center: Point(160, 252),
            fill: ColorRGBA8(hex: "#FF9500")!, cornerRadius: 8),
        Item(
            id: "ghost", size: Size(60, 60), center: Point(160, 252),
            fill: ColorRGBA8(hex: "#FF950040")!, cornerRadius: 8,
            border: Border(width: 1, color: ColorRGBA8(hex: "#8E8E93")!), zIndex: -1),
    ],
    behaviors: [.snap(SnapSpec(item: "card", snapPoint: Point(80, 252), damping: 0.5))],
    output: OutputSettings(frames: true, video: [])
)

var options = RenderOptions(outputDirectory: outputFolder)
options.additionalBehaviors = { simulation in
    guard let ghost = simulation.item("ghost"), let card = simulation.item("card") else { return [] }
    return [TrailBehavior(ghost: ghost, following: card)]
}

do {
    let result = try SceneRenderer.render(scene, options: options)
    print(
        "\(result.sceneName): \(result.frameCount) frames in \(result.framesDirectory ?? "-")"
            + (result.pauseTick.map { ", animator paused after tick \($0)" } ?? ""))
} catch {
    FileHandle.standardError.write("error: \(error)\n".data(using: .utf8)!)
    exit(1)
}
