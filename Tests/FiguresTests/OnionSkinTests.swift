import Figures
import Geometry
import Raster
import SceneLoading
import SceneModel
import Testing

/// Onion skins on a light interface: an opaque screen under the moving card must not hide the
/// ghosts, and only what moves is ghosted.
@Suite("Onion skins")
struct OnionSkinTests {
    /// A white screen filling the canvas, a static grey bar over it, and a red card sliding right
    /// from x 20 to x 80 in 0.5 s (view animation, linear): ticks 0…5, the card at 80 on tick 5.
    static func lightScreen() throws -> MotionRecording {
        let scene = try SceneLoader.decode(
            """
            canvas: { size: [100, 40], scale: 1 }
            fps: 10
            duration: 0.6
            items:
              - { id: screen, size: [100, 40], center: [50, 20], fill: "#FFFFFF" }
              - { id: card, size: [10, 10], center: [20, 20], fill: "#FF0000" }
              - { id: bar, size: [100, 4], center: [50, 2], fill: "#8E8E93" }
            viewAnimations:
              - { at: 0, item: card, duration: 0.5, options: [curveLinear], changes: { center: [80, 20] } }
            """, fileName: "light.yaml", format: .yaml)
        return try MotionRecording(scene: scene)
    }

    @Test("on an opaque screen the ghosts of the moving card show, under the solid card and the bar over it")
    func ghostsShowOnOpaqueScreens() throws {
        let recording = try Self.lightScreen()
        let document = try OnionSkin.document(
            recording,
            options: OnionSkin.Options(
                every: 2, viewport: FrameViewport(crop: Rect(x: 0, y: 0, width: 100, height: 40), pixelsPerPoint: 1)),
            fonts: FontBook())
        guard case .frame(let placed)? = document.elements.first(where: { if case .frame = $0 { true } else { false } })
        else {
            Issue.record("no frame in the onion skin")
            return
        }
        let fills = placed.list.rects.map(\.fill)
        let white = ColorRGBA8(hex: "#FFFFFF")!
        let red = ColorRGBA8(hex: "#FF0000")!
        let grey = ColorRGBA8(hex: "#8E8E93")!
        // Reference tick 5 (the last): the screen, then ghosts at ticks 0, 2, 4 (farthest first,
        // 0.2 to 0.6 by distance 5, 3, 1), then the solid card, then the bar; the screen and the
        // bar never change, so are not ghosted.
        #expect(fills == [white, red, red, red, red, grey])
        #expect(placed.list.rects.map(\.opacity) == [1, 0.2, 0.4, 0.6, 1, 1])
        // The ghost at tick 0 sits at x 20 over the white screen: a pale red, not white.
        let pixels = Rasterizer.render(placed.list)
        let ghost = pixels[x: 20, y: 20]
        #expect(ghost.r == 255 && ghost.g < 255 && ghost.g > 150, "\(ghost)")
        #expect(pixels[x: 80, y: 20] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
    }

    @Test("--items ghosts only the items named, a moving one or a static one")
    func chosenItems() throws {
        let recording = try Self.lightScreen()
        let viewport = FrameViewport(crop: Rect(x: 0, y: 0, width: 100, height: 40), pixelsPerPoint: 1)
        let document = try OnionSkin.document(
            recording, options: OnionSkin.Options(every: 3, viewport: viewport, items: ["bar"]), fonts: FontBook())
        guard case .frame(let placed)? = document.elements.first(where: { if case .frame = $0 { true } else { false } })
        else {
            Issue.record("no frame in the onion skin")
            return
        }
        // Ghosts of the bar (ticks 0 and 3, distances 5 and 2) just before the solid bar; the
        // card is not ghosted.
        #expect(placed.list.rects.count == 5)
        #expect(placed.list.rects.map(\.opacity) == [1, 1, 0.2, 0.6, 1])
        #expect(throws: FigureError.self) {
            try OnionSkin.document(
                recording, options: OnionSkin.Options(every: 3, viewport: viewport, items: ["nothing"]),
                fonts: FontBook())
        }
    }
}
