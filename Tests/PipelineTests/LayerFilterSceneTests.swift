import Colors
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

    @Test(
        "an unknown material is an error at its key with the materials and a suggestion; overrides are range-checked",
        arguments: [
            ("{ blur: systemMaterail }", "items[0].backgroundEffect.blur", "did you mean 'systemMaterial'"),
            ("{ blur: dark, radius: 120 }", "items[0].backgroundEffect.radius", "0"),
            ("{ blur: light, saturation: -1 }", "items[0].backgroundEffect.saturation", "0"),
            ("{ radius: 4 }", "items[0].backgroundEffect", "blur"),
        ])
    func badMaterialsAreErrors(effect: String, at path: String, says: String) throws {
        #expect {
            _ = try scene("  - { id: a, size: [10, 10], center: [5, 5], backgroundEffect: \(effect) }")
        } throws: { error in
            "\(error)".contains(path) && "\(error)".contains(says)
        }
    }

    @Test(
        "a material's numbers come from the table (alphas rounded to bytes: 0.7 → 179), and overrides replace them one by one"
    )
    func materialTable() throws {
        let list = try SceneSimulation(
            scene: scene(
                """
                  - { id: a, size: [10, 10], center: [5, 5], backgroundEffect: { blur: systemMaterial, style: dark } }
                  - { id: b, size: [10, 10], center: [5, 5], backgroundEffect: { blur: extraLight, radius: 4, tint: "#FF000080" } }
                """)
        ).displayList()
        #expect(
            list.rects[0].backdrop
                == DrawBackdrop(sigma: 60, saturation: 1.8, tint: ColorRGBA8(r: 28, g: 28, b: 30, a: 179)))
        #expect(
            list.rects[1].backdrop
                == DrawBackdrop(sigma: 8, saturation: 1.8, tint: ColorRGBA8(r: 255, g: 0, b: 0, a: 128)))
    }
}
