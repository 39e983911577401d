import Foundation
import Geometry
import Pipeline
import Raster
import SceneLoading
import SceneModel
import Testing

/// `maskedCorners` and `isHidden` from scene file to display list and pixels.
@Suite("Everyday layer keys")
struct EverydayKeysTests {
    private func simulation(_ items: String, extra: String = "") throws -> SceneSimulation {
        try SceneSimulation(
            scene: try SceneLoader.decode(
                "canvas: { size: [100, 100], scale: 1 }\nduration: 0.1\nitems:\n" + items + extra,
                fileName: "test.yaml", format: .yaml))
    }

    @Test(
        "a bottom sheet with maskedCorners [topLeft, topRight] is drawn with square bottom corners; the default rounds all four"
    )
    func bottomSheet() throws {
        let sheet = try simulation(
            """
              - { id: sheet, size: [80, 40], center: [50, 60], fill: "#000000", cornerRadius: 12, maskedCorners: [topLeft, topRight] }
            """)
        let list = sheet.displayList()
        #expect(list.rects.map(\.maskedCorners) == [[.topLeft, .topRight]])
        let pixels = Rasterizer.render(list)
        #expect(pixels[x: 10, y: 40] == pixels[x: 0, y: 0], "the top-left corner pixel is background")
        #expect(
            pixels[x: 10, y: 79] == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255),
            "the bottom-left corner pixel is filled")
        let plain = try simulation("  - { id: card, size: [80, 40], center: [50, 60], cornerRadius: 12 }\n")
        #expect(plain.displayList().rects.map(\.maskedCorners) == [.all])
    }

    @Test("a hidden item and its children are not drawn, but behaviours still move it")
    func hidden() throws {
        let scene = try simulation(
            """
              - { id: ghost, size: [20, 20], center: [30, 30], isHidden: true, children: [{ id: dot, size: [4, 4], center: [10, 10] }] }
              - { id: card, size: [20, 20], center: [70, 30] }
            """, extra: "\nbehaviors:\n  - gravity: { items: [ghost, card] }\n")
        #expect(scene.displayList().rects.count == 1)
        let start = try #require(scene.item("ghost")).center
        for _ in 0..<5 { scene.advance() }
        #expect(try #require(scene.item("ghost")).center.y > start.y)
        #expect(scene.displayList().rects.count == 1)
    }
}
