import Colors
import Foundation
import Raster
import SceneLoading
import SceneModel
import TestSupport
import Testing

@testable import Pipeline

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
        "blurRadius animates the filter's σ: each tick draws the blur of the presented radius, and an item without filters blurs from 0"
    )
    func blurRadiusAnimates() throws {
        let card = ##"id: card, size: [50, 30], center: [60, 40], fill: "#0A84FF", cornerRadius: 6"##
        func groups(_ animation: String, ticks: Int) throws -> [[DrawGroup]] {
            let simulation = try SceneSimulation(
                scene: scene("  - { \(card), filters: [{ gaussianBlur: { radius: 2 } }], animations: [\(animation)] }"))
            var result: [[DrawGroup]] = []
            for _ in 0..<ticks {
                result.append(simulation.displayList().groups)
                simulation.advance()
            }
            return result
        }
        // Linear from 2 to 8 pt over 0.1 s (6 ticks at 60 fps): σ = 2 + t·60 pt, × 2 px.
        let linear = try groups(
            "{ basic: { property: blurRadius, from: 2, to: 8, duration: 0.1, fillMode: forwards, removedOnCompletion: false } }",
            ticks: 8)
        #expect(linear.map { $0.first?.blur } == [4, 6, 8, 10, 12, 14, 16, 16])
        // The Core Animation key path names the same property.
        let keyPath = try groups(
            "{ basic: { property: filters.gaussianBlur.inputRadius, from: 2, to: 8, duration: 0.1, fillMode: forwards, removedOnCompletion: false } }",
            ticks: 8)
        #expect(keyPath == linear)
        // Without `filters:` the model σ is 0: no group until the animation gives one.
        let plain = try SceneSimulation(
            scene: scene(
                "  - { \(card), animations: [{ basic: { property: blurRadius, from: 0, to: 6, duration: 0.1 } }] }"))
        #expect(plain.displayList().groups.isEmpty)
        plain.advance()
        plain.advance()
        #expect(plain.displayList().groups == [DrawGroup(rects: 0..<1, opacity: 1, blur: 4)])
        // The frame of an animated σ is the frame of that σ written as a filter.
        let still = try SceneSimulation(scene: scene("  - { \(card), filters: [{ gaussianBlur: { radius: 2 } }] }"))
        #expect(Rasterizer.render(plain.displayList()).data == Rasterizer.render(still.displayList()).data)
    }

    @Test("an animated σ is drawn between 0 and the largest radius (or the filters' own σ when larger)")
    func animatedBlurIsHeldToItsRange() throws {
        var item = try scene("  - { id: a, size: [10, 10], center: [5, 5] }").items[0]
        #expect(DisplayListBuilder.blurSigma(nil, of: item) == 0)
        #expect(DisplayListBuilder.blurSigma(-3, of: item) == 0)
        #expect(DisplayListBuilder.blurSigma(250, of: item) == 100)
        #expect(DisplayListBuilder.blurSigma(.infinity, of: item) == 0)
        item.filters = [
            LayerFilter(gaussianBlur: GaussianBlur(radius: 90)), LayerFilter(gaussianBlur: GaussianBlur(radius: 120)),
        ]
        #expect(DisplayListBuilder.blurSigma(nil, of: item) == 150)
        #expect(DisplayListBuilder.blurSigma(400, of: item) == 150)
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
