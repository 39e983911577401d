import Foundation
import Geometry
import Pipeline
import Raster
import SceneLoading
import SceneModel
import TestSupport
import Testing

/// `layers: { svg: }` in frames: the design screen's parts as items draw what the whole file
/// draws, and move by their names.
@Suite("Design screens as layers in frames")
struct LayeredDesignTests {
    private static let screen = repositoryRoot + "/scenes/screens/home.svg"

    private func scene(_ item: String, extra: String = "") throws -> Scene {
        let folder = try makeTemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder + "/screens", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.screen, toPath: folder + "/screens/home.svg")
        return try SceneLoader.decode(
            """
            canvas: { size: [390, 844], scale: 2, background: "#FFFFFF" }
            duration: 0.5
            items:
              - { id: home, size: [390, 844], center: [195, 422], fill: clear, \(item) }
            \(extra)
            output: { video: [] }
            """,
            fileName: folder + "/design.yaml", format: .yaml)
    }

    private func frame(_ scene: Scene, tick: Int = 0) throws -> Pixmap {
        let simulation = try SceneSimulation(scene: scene)
        for _ in 0..<tick { simulation.advance() }
        return Rasterizer.render(simulation.displayList())
    }

    @Test("the layers of a design screen draw exactly the pixels of the whole file drawn as an icon")
    func layersDrawTheWholeFile() throws {
        let layered = try scene("layers: { svg: screens/home.svg }")
        let whole = try scene("icon: screens/home.svg")
        #expect(layered.items[0].children.count == 1)
        #expect(try frame(layered) == frame(whole))
    }

    @Test("the layer items are named after the file's ids, nested as its groups are")
    func names() throws {
        var ids: [String] = []
        try scene("layers: { svg: screens/home.svg }").forEachItem { item, _, _ in ids.append(item.id) }
        #expect(
            ids == [
                "home", "home.Home", "home.Home.header", "home.Home.header.title", "home.Home.card",
                "home.Home.card.avatar", "home.Home.card.after-avatar", "home.Home.card.badge",
                "home.Home.card.progress", "home.Home.card.after-progress", "home.Home.promo", "home.Home.row-1",
                "home.Home.row-2", "home.Home.row-3", "home.Home.fab", "home.Home.tab-bar",
            ])
    }

    @Test("a view animation moves one part of the screen and leaves the rest where the file drew it")
    func partMoves() throws {
        let moved = try scene(
            "layers: { svg: screens/home.svg }",
            extra: "viewAnimations:\n  - { at: 0, item: home.Home.card, duration: 0, changes: { center: [195, 445] } }")
        let still = try scene("layers: { svg: screens/home.svg }")
        let (a, b) = (try frame(moved, tick: 1), try frame(still, tick: 1))
        func rgb(_ p: PremultipliedRGBA8) -> [UInt8] { [p.r, p.g, p.b] }
        // The header above the card is untouched; where the card's top was (y 200 pt), the
        // header's gradient shows through, the card 200 pt lower.
        #expect(a[x: 100, y: 120] == b[x: 100, y: 120])
        #expect(rgb(b[x: 390, y: 400]) == [255, 255, 255])
        #expect(rgb(a[x: 390, y: 400]) != [255, 255, 255])
        #expect(a[x: 390, y: 400].b > a[x: 390, y: 400].r)
    }
}
