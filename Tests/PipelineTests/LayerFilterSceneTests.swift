import Foundation
import Pipeline
import Raster
import SceneModel
import TestSupport
import Testing

/// `filters: [{ gaussianBlur: { radius } }]` from the scene file to the display list.
@Suite("Layer filters in scenes")
struct LayerFilterSceneTests {
    private func scene(_ items: String, scale: Double = 2) throws -> Scene {
        try SceneLoader.decode(
            "canvas: { size: [120, 80], scale: \(scale) }\nduration: 0.1\nitems:\n" + items,
            fileName: repositoryRoot + "/scenes/filter-test.yaml", format: .yaml)
    }

    @Test(
        "a blur filter makes the item and its children one group blurred by σ = radius × scale pixels; two blurs add in quadrature"
    )
    func blurMakesAGroup() throws {
        let list = try SceneSimulation(
            scene: scene(
                """
                  - { id: wallpaper, size: [100, 60], center: [60, 40], fill: "#5E5CE6", filters: [{ gaussianBlur: { radius: 3 } }],
                      children: [{ id: sun, size: [20, 20], center: [20, 20], fill: "#FFD60A", cornerRadius: 10 }] }
                  - { id: frosted, size: [10, 10], center: [5, 5], opacity: 0.5, filters: [{ gaussianBlur: { radius: 3 } }, { gaussianBlur: { radius: 4 } }] }
                  - { id: sharp, size: [10, 10], center: [5, 5] }
                """)
        ).displayList()
        #expect(
            list.groups == [
                DrawGroup(rects: 0..<2, opacity: 1, blur: 6), DrawGroup(rects: 2..<3, opacity: 0.5, blur: 10),
            ])
        #expect(list.rects.map(\.opacity) == [1, 1, 1, 1])
    }

    @Test(
        "a negative or too large blur radius, a filter without a kind and a misspelt one are errors at the key",
        arguments: [
            ("[{ gaussianBlur: { radius: -1 } }]", "items[0].filters[0].gaussianBlur.radius"),
            ("[{ gaussianBlur: { radius: 101 } }]", "items[0].filters[0].gaussianBlur.radius"),
            ("[{ gausianBlur: { radius: 4 } }]", "did you mean 'gaussianBlur'"),
            ("[{}]", "items[0].filters[0]"),
            ("{ gaussianBlur: { radius: 4 } }", "expected a list"),
        ])
    func badFiltersAreErrors(filters: String, expected: String) throws {
        #expect {
            _ = try scene("  - { id: a, size: [10, 10], center: [5, 5], filters: \(filters) }")
        } throws: { error in
            "\(error)".contains(expected)
        }
    }
}
