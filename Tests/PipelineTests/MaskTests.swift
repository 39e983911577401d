import Foundation
import Geometry
import Pipeline
import Raster
import SceneLoading
import SceneModel
import TestSupport
import Testing

/// `mask:` (CALayer.mask): the mask's alpha multiplies the layer's composited content, in the
/// layer's coordinates (spec compositing.md, "Masks"), against the formula on premultiplied bytes.
@Suite("Masks")
struct MaskTests {
    private func scene(_ items: String, duration: Double = 1) throws -> Scene {
        try SceneLoader.decode(
            "canvas: { size: [60, 40], scale: 1, background: \"#FFFFFF\" }\nfps: 60\nduration: \(duration)\nitems:\n"
                + items,
            fileName: repositoryRoot + "/scenes/mask-test.yaml", format: .yaml)
    }

    /// round(a·b/255), independent of the rasterizer's mul255.
    private func product(_ a: Int, _ b: Int) -> Int { Int((Double(a * b) / 255).rounded()) }

    @Test(
        "content × the mask's alpha, over the background; outside what the mask draws the layer is invisible; the mask's colour is ignored"
    )
    func maskMultipliesAlpha() throws {
        let pixmap = Rasterizer.render(
            try SceneSimulation(
                scene: scene(
                    """
                      - { id: card, size: [40, 40], center: [20, 20], fill: "#FF0000", opacity: 0.5, children: [
                            { id: stripe, size: [10, 40], center: [35, 20], fill: "#00FF00" } ],
                          mask: { id: half, size: [20, 40], center: [10, 20], fill: "#12345680" } }
                    """)
            ).displayList())
        // Left half: red (opacity 1 inside the group) × mask alpha 0x80, then the group's 0.5 (128).
        let masked = product(255, 128)
        let faded = product(masked, 128)
        let expected = [
            UInt8(faded + product(255, 255 - faded)), UInt8(product(255, 255 - faded)),
            UInt8(product(255, 255 - faded)),
        ]
        let p = pixmap[x: 5, y: 20]
        #expect([p.r, p.g, p.b] == expected)
        // Right of the mask, the red and the green stripe are gone.
        for x in [25, 35, 39] {
            let q = pixmap[x: x, y: 20]
            #expect([q.r, q.g, q.b] == [255, 255, 255], "x = \(x)")
        }
    }

    @Test(
        "an animated mask is drawn from its presentation values each tick: a circle growing from 10 to 50 pt reveals the photo"
    )
    func animatedMaskBounds() throws {
        let s = try scene(
            """
              - { id: photo, size: [60, 40], center: [30, 20], fill: "#007AFF",
                  mask: { id: circle, size: [10, 10], center: [30, 20], cornerRadius: 5, fill: "#000000",
                          animations: [
                            { basic: { property: size, to: [50, 50], duration: 1, timingFunction: linear, fillMode: forwards, removedOnCompletion: false } },
                            { basic: { property: cornerRadius, to: 25, duration: 1, timingFunction: linear, fillMode: forwards, removedOnCompletion: false } } ] } }
            """)
        let simulation = try SceneSimulation(scene: s)
        for tick in 0...60 {
            if tick > 0 { simulation.advance() }
            guard tick % 15 == 0 else { continue }
            let (list, items) = simulation.labelledDisplayList()
            let maskIndex = try #require(items.firstIndex(of: "circle"))
            #expect(list.groups.first?.mask == maskIndex..<(maskIndex + 1))
            let side = 10 + 40 * Double(tick) / 60
            // Within the timing curve solver's precision (its linear curve is a cubic solved to ~1e-7).
            #expect(abs(list.rects[maskIndex].size.width - side) < 1e-6, "tick \(tick)")
            let pixmap = Rasterizer.render(list)
            // Inside the circle the photo, just outside it (on the row through the centre) white.
            #expect(pixmap[x: 30, y: 20].b == 255 && pixmap[x: 30, y: 20].r == 0)
            let outside = Int((30 + side / 2 + 1).rounded(.up))
            if outside < 60 { #expect(pixmap[x: outside, y: 20].r == 255, "tick \(tick), x = \(outside)") }
        }
    }

    @Test(
        "a mask with a mask of its own is an error at its key; the mask's keys are an item's, errors named under .mask")
    func badMasks() throws {
        #expect {
            _ = try scene(
                """
                  - { id: a, size: [10, 10], center: [5, 5], mask: { id: m, size: [10, 10], center: [5, 5],
                      mask: { id: mm, size: [4, 4], center: [2, 2] } } }
                """)
        } throws: { "\($0)".contains("items[0].mask.mask") && "\($0)".contains("mask of its own") }
        #expect {
            _ = try scene(
                "  - { id: a, size: [10, 10], center: [5, 5], mask: { id: m, size: [10, 10], center: [5, 5], opacty: 1 } }"
            )
        } throws: { "\($0)".contains("items[0].mask.opacty") && "\($0)".contains("did you mean 'opacity'") }
        #expect {
            _ = try scene(
                "  - { id: a, size: [10, 10], center: [5, 5], mask: { id: a, size: [10, 10], center: [5, 5] } }")
        } throws: { "\($0)".contains("duplicate item id 'a'") }
    }
}
