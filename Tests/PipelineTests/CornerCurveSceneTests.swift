import Foundation
import Geometry
import Pipeline
import Raster
import SceneLoading
import SceneModel
import TestSupport
import Testing

/// `cornerCurve:` from the scene file to the display list, its clips and SVG frames.
@Suite("Corner curve in scenes")
struct CornerCurveSceneTests {
    private func scene(_ items: String) throws -> Scene {
        try SceneLoader.decode(
            "canvas: { size: [120, 80], scale: 1 }\nduration: 0.1\nitems:\n" + items,
            fileName: repositoryRoot + "/scenes/curve-test.yaml", format: .yaml)
    }

    @Test("cornerCurve reaches the layer and the clip its masksToBounds gives its children; circular is the default")
    func curveReachesLayerAndClip() throws {
        let list = try SceneSimulation(
            scene: scene(
                """
                  - { id: card, size: [100, 60], center: [60, 40], cornerRadius: 16, cornerCurve: continuous, masksToBounds: true,
                      children: [{ id: photo, size: [100, 60], center: [50, 30], fill: "#FF9500" }] }
                  - { id: plain, size: [10, 10], center: [5, 5], cornerRadius: 3 }
                """)
        ).displayList()
        #expect(list.rects[0].cornerCurve == .continuous)
        #expect(list.rects[1].clips.map(\.cornerCurve) == [.continuous])
        #expect(list.rects[2].cornerCurve == .circular)
    }

    @Test("an unknown corner curve is an error at the key with the allowed words and a suggestion")
    func badCurveIsAnError() throws {
        #expect {
            _ = try scene("  - { id: card, size: [100, 60], center: [60, 40], cornerCurve: continous }")
        } throws: { error in
            let text = "\(error)"
            return text.contains("items[0].cornerCurve") && text.contains("continuous")
        }
    }
}
