import Colors
import Foundation
import Geometry
import Raster
import SceneLoading
import SceneModel
import TestSupport
import Testing

@testable import Pipeline

/// The plain builder draws items from the animator's state alone; every other item goes through
/// the layer tree. Which builder runs is decided by what the plain builder reads
/// (`DisplayListBuilder.drawsPlain`), not by a list of the features it lacks.
@Suite("Plain builder")
struct PlainBuilderTests {
    /// Three falling cards with what the plain builder draws: borders, rotation, masked and
    /// continuous corners, opacity, z order, a hidden one; `extra` is added to the first card.
    private func scene(extra: String = "") throws -> Scene {
        try SceneLoader.decode(
            """
            canvas: { size: [160, 120], scale: 2, background: "#F2F2F7" }
            fps: 60
            duration: 0.5
            items:
              - { id: a, size: [40, 30], center: [50, 20], rotation: 17, fill: "#FF9500", cornerRadius: 8,
                  border: { width: 2, color: "#FFFFFF" }, opacity: 0.8, z: 2\(extra) }
              - { id: b, size: [30, 30], center: [90, 30], fill: "#34C759", cornerRadius: 15, cornerCurve: continuous,
                  maskedCorners: [topLeft, bottomRight] }
              - { id: c, size: [20, 50], center: [120, 40], fill: "#5AC8FA", isHidden: true }
            behaviors:
              - gravity: { items: [a, b, c] }
              - collision: { items: [a, b, c], translatesReferenceBoundsIntoBoundary: true }
            """,
            fileName: repositoryRoot + "/scenes/plain-test.yaml", format: .yaml)
    }

    @Test(
        "items with only what the plain builder reads are drawn by it; any other property sends the scene to the layer tree"
    )
    func plainItemsAreRecognised() throws {
        let plain = try scene()
        #expect(plain.allItems.allSatisfy { DisplayListBuilder.drawsPlain($0.item) })
        let features = [
            ", shadow: { opacity: 0.3, radius: 4 }", ", text: { string: Hi }", ", masksToBounds: true",
            ", children: [{ id: d, size: [4, 4], center: [2, 2] }]", ", filters: [{ gaussianBlur: { radius: 2 } }]",
            ", backgroundEffect: { blur: systemMaterial }",
            ", shape: { path: \"M0 0 L4 4\", strokeColor: \"#000000\" }",
            ", timing: { speed: 2 }",
        ]
        for extra in features {
            let item = try scene(extra: extra).items[0]
            #expect(!DisplayListBuilder.drawsPlain(item), "\(extra)")
        }
    }

    @Test("a plain scene's frames have the bytes the layer tree draws for it, tick by tick")
    func plainBuilderMatchesTheLayerTree() throws {
        // An opacity animation from 1 to 1 changes nothing drawn but needs the layer tree.
        let viaTree = try SceneSimulation(
            scene: scene(extra: ", animations: [{ basic: { property: opacity, from: 0.8, to: 0.8, duration: 0.5 } }]"))
        let viaPlain = try SceneSimulation(scene: scene())
        for tick in 0..<30 {
            let (tree, plain) = (viaTree.displayList(), viaPlain.displayList())
            #expect(plain.rects == tree.rects, "tick \(tick)")
            #expect(Rasterizer.render(plain).data == Rasterizer.render(tree).data, "tick \(tick)")
            viaTree.advance()
            viaPlain.advance()
        }
    }
}
