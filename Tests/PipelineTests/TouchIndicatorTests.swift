import Geometry
import Pipeline
import Raster
import SceneLoading
import SceneModel
import TestSupport
import Testing

/// The touch indicator (`touches:`) and device framing (`canvas.screenCornerRadius`, `frame`),
/// checked on display lists with exact numbers and on rasterized pixels.
@Suite("Touch indicator and device framing")
struct TouchIndicatorTests {
    static func simulation(_ yaml: String, canvas: String = "canvas: { size: [200, 200], scale: 1 }") throws
        -> SceneSimulation
    {
        try SceneSimulation(
            scene: try SceneLoader.decode(
                canvas + "\nfps: 60\nduration: 1\n" + yaml, fileName: "test.yaml", format: .yaml))
    }

    /// Runs to `tick` and returns the touches then.
    static func touches(_ s: SceneSimulation, at tick: Int) -> [(center: Point, opacity: Double)] {
        while s.tick < tick { s.advance() }
        return s.touches
    }

    static let dragScene = """
        items:
          - { id: card, size: [40, 40], center: [50, 100], fill: "#007AFF" }
        dynamicsTimeline:
          - { at: 0.1, drag: { item: card, path: [[0, 50, 100], [0.2, 150, 100]] }, add: { snap: { item: card, to: [150, 100] } } }
        """

    @Test(
        "a scripted drag shows a circle from touch-down (tick 6), following the finger, full until touch-up (tick 18), then fading over 12 ticks"
    )
    func dragTimeline() throws {
        let s = try Self.simulation(Self.dragScene)
        #expect(Self.touches(s, at: 5).isEmpty, "before touch-down")
        var shown = Self.touches(s, at: 6)
        #expect(shown.count == 1 && shown[0].center == Point(50, 100) && shown[0].opacity == 1)
        shown = Self.touches(s, at: 12)
        #expect(shown.count == 1 && shown[0].center == Point(100, 100) && shown[0].opacity == 1)
        shown = Self.touches(s, at: 18)
        #expect(shown.count == 1 && shown[0].center == Point(150, 100) && shown[0].opacity == 1)
        shown = Self.touches(s, at: 21)
        #expect(
            shown.count == 1 && shown[0].center == Point(150, 100) && shown[0].opacity == 0.75, "3 of 12 fade ticks")
        shown = Self.touches(s, at: 29)
        #expect(shown.count == 1 && shown[0].opacity == 1 - 11.0 / 12)
        #expect(Self.touches(s, at: 30).isEmpty, "faded out")
        #expect(s.events.contains { $0.tick == 6 && $0.description == "drag of card began" })
        #expect(s.events.contains { $0.tick == 18 && $0.description == "drag of card ended" })
    }

    @Test(
        "the circle is the last display-list rectangle: 44 pt, round, the default colour and a white ring, at the finger in pixels"
    )
    func displayListItem() throws {
        let s = try Self.simulation(Self.dragScene, canvas: "canvas: { size: [200, 200], scale: 2 }")
        while s.tick < 21 { s.advance() }
        let list = s.displayList()
        #expect(list.rects.count == 2)
        let circle = try #require(list.rects.last)
        #expect(circle.size == Size(44, 44) && circle.cornerRadius == 22)
        #expect(circle.fill == ColorRGBA8(r: 0x8E, g: 0x8E, b: 0x93, a: 0x80))
        #expect(circle.borderWidth == 1.5 && circle.borderColor == ColorRGBA8(r: 255, g: 255, b: 255, a: 0xCC))
        #expect(circle.opacity == 0.75)
        #expect(
            circle.transform
                == AffineTransform(translationX: 150, y: 100).concatenating(AffineTransform(scaleX: 2, y: 2)))
    }

    @Test(
        "a bare tap fires on its tick (traced 'tap on card'), lands on the card's centre as drawn then, stays there 6 ticks and fades"
    )
    func tap() throws {
        let s = try Self.simulation(
            """
            items:
              - { id: card, size: [40, 40], center: [100, 40], fill: "#007AFF" }
            behaviors:
              - gravity: { items: [card] }
            dynamicsTimeline:
              - { at: 0.5, tap: card }
            """)
        #expect(Self.touches(s, at: 29).isEmpty)
        let shown = Self.touches(s, at: 30)
        let card = try #require(s.item("card"))
        let landed = card.center
        #expect(shown.count == 1 && shown[0].center == landed && shown[0].opacity == 1)
        #expect(s.events.filter { $0.description == "tap on card" }.map(\.tick) == [30])
        let held = Self.touches(s, at: 36)
        #expect(
            held.count == 1 && held[0].center == landed && held[0].opacity == 1 && card.center != landed,
            "the finger stays where it landed while the card falls")
        #expect(Self.touches(s, at: 42)[0].opacity == 0.5)
        #expect(Self.touches(s, at: 48).isEmpty)
    }

    @Test(
        "touches: { show: false } draws no circle; a scene without scripted touches draws none; size and colour are the scene's"
    )
    func showAndStyle() throws {
        let hidden = try Self.simulation(Self.dragScene + "\ntouches: { show: false }")
        while hidden.tick < 12 { hidden.advance() }
        #expect(hidden.touches.isEmpty && hidden.displayList().rects.count == 1)
        let plain = try Self.simulation(
            "items:\n  - { id: card, size: [40, 40], center: [50, 100] }\ntouches: { show: true }")
        #expect(plain.displayList().rects.count == 1)
        let styled = try Self.simulation(Self.dragScene + "\ntouches: { size: 30, color: \"#FF000040\" }")
        while styled.tick < 12 { styled.advance() }
        let circle = try #require(styled.displayList().rects.last)
        #expect(
            circle.size == Size(30, 30) && circle.cornerRadius == 15
                && circle.fill == ColorRGBA8(r: 255, g: 0, b: 0, a: 0x40))
    }

    @Test(
        "a snap-zone drag's circle goes down on the tick the behaviour reports the drag began and up on the tick it ended"
    )
    func snapZoneDrag() throws {
        let s = try Self.simulation(
            """
            items:
              - { id: card, size: [40, 40], center: [150, 150] }
            behaviors:
              - snapZones: { zones: [{ id: A, rect: [0, 0, 80, 80] }], drags: [{ item: card, path: [[0.2, 150, 150], [0.5, 150, 120]] }] }
            """)
        var downs: [Int] = []
        var ups: [Int] = []
        var wasShownFull = false
        while s.tick < 50 {
            s.advance()
            let full = s.touches.first.map { $0.opacity == 1 } ?? false
            if full && !wasShownFull { downs.append(s.tick) }
            if !full && wasShownFull { ups.append(s.tick - 1) }
            wasShownFull = full
        }
        #expect(s.events.filter { $0.description == "drag began on card" }.map(\.tick) == downs)
        #expect(s.events.filter { $0.description == "drag ended on card" }.map(\.tick) == ups)
        #expect(downs == [12] && ups == [30])
    }

    @Test("a layerTimeline scrub drag puts the finger on its path: pull-down's finger at tick 45 is at (160, 182)")
    func scrubDrag() throws {
        let scene = try SceneLoader.load(path: repositoryRoot + "/scenes/pull-down.yaml")
        let s = try SceneSimulation(scene: scene)
        #expect(Self.touches(s, at: 29).isEmpty)
        #expect(Self.touches(s, at: 30).map(\.center) == [Point(160, 62)])
        #expect(Self.touches(s, at: 45).map(\.center) == [Point(160, 182)])
        #expect(Self.touches(s, at: 60).map(\.center) == [Point(160, 412)])
        #expect(Self.touches(s, at: 72).isEmpty)
    }

    @Test(
        "framing: outside the rounded screen and in the bezel band the pixels are exactly the frame colour; inside, the content"
    )
    func framing() throws {
        let s = try Self.simulation(
            "items:\n  - { id: wall, size: [100, 80], center: [50, 40], fill: \"#0000FF\" }",
            canvas:
                "canvas: { size: [100, 80], scale: 2, screenCornerRadius: 20, frame: { color: \"#FF0000\", width: 5 } }"
        )
        let pixels = Rasterizer.render(s.displayList())
        let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
        let blue = PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255)
        for (x, y) in [(0, 0), (199, 0), (0, 159), (199, 159), (100, 4), (100, 155), (4, 80), (195, 80)] {
            #expect(pixels[x: x, y: y] == red, "bezel band at (\(x), \(y))")
        }
        // Inside the band but outside the screen's rounded corner (centre (25, 25) pt, radius 20).
        for (x, y) in [(11, 11), (188, 11), (11, 148), (188, 148)] {
            #expect(pixels[x: x, y: y] == red, "outside the rounded screen at (\(x), \(y))")
        }
        for (x, y) in [(100, 80), (100, 11), (11, 80), (40, 40)] {
            #expect(pixels[x: x, y: y] == blue, "screen at (\(x), \(y))")
        }
    }

    @Test("screenCornerRadius without a frame paints only the corners outside the rounded screen, black")
    func cornersOnly() throws {
        let s = try Self.simulation(
            "items:\n  - { id: wall, size: [100, 80], center: [50, 40], fill: \"#0000FF\" }",
            canvas: "canvas: { size: [100, 80], scale: 2, screenCornerRadius: 20 }")
        let pixels = Rasterizer.render(s.displayList())
        #expect(pixels[x: 0, y: 0] == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
        #expect(pixels[x: 100, y: 0] == PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255), "no band without a frame")
        let plain = try Self.simulation(
            "items:\n  - { id: wall, size: [100, 80], center: [50, 40], fill: \"#0000FF\" }",
            canvas: "canvas: { size: [100, 80], scale: 2 }")
        #expect(plain.displayList().rects.count == 1, "no framing keys, no bezel rectangle")
    }
}
