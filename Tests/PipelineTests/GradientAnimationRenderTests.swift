import Colors
import Foundation
import Geometry
import Raster
import SceneLoading
import SceneModel
import Testing
import Timing

@testable import Pipeline

/// Animated gradient keys drawn: each pixel of a frame against the gradient formula at that
/// tick (linear t = (x + 0.5) / width along a horizontal axis; each premultiplied channel
/// a + (b − a)·f rounded half up between the stops around t).
@Suite("Animated gradients in renders")
struct GradientAnimationRenderTests {
    /// A 100 × 1 canvas filled by one item `g` with a horizontal linear gradient.
    static func scene(fill: String, _ rest: String) throws -> Scene {
        let yaml = """
            canvas: { size: [100, 1], scale: 1 }
            fps: 8
            duration: 1
            items:
              - id: g
                size: [100, 1]
                center: [50, 0.5]
                fill: { linear: { \(fill), startPoint: [0, 0.5], endPoint: [1, 0.5] } }
            """
        return try SceneLoader.decode(yaml + "\n" + rest, fileName: "gradient.yaml", format: .yaml)
    }

    static func frame(_ scene: Scene, tick: Int) throws -> Pixmap {
        let simulation = try SceneSimulation(scene: scene)
        for _ in 0..<tick { simulation.advance() }
        return Rasterizer.render(simulation.displayList())
    }

    /// round-half-up of a + (b − a)·f, the shader's per-channel interpolation.
    static func mix(_ a: Int, _ b: Int, _ f: Double) -> UInt8 {
        UInt8((Double(a) + Double(b - a) * f + 0.5).rounded(.down))
    }

    @Test(
        "a basic animation of colors draws, at tick 2 of 8 per second, the gradient between the stops a quarter of the way"
    )
    func colorsFrame() throws {
        let scene = try Self.scene(
            fill: "colors: [\"#000000\", \"#FFFFFF\"]",
            """
                animations:
                  - basic: { property: colors, to: ["#FF0000", "#0000FF"], duration: 1 }
            """)
        let pixmap = try Self.frame(scene, tick: 2)
        // t = 0.25 s, linear: p = 0.25. Stop 0: black → red, (63.75, 0, 0) → (64, 0, 0); stop 1:
        // white → blue, (191.25, 191.25, 255) → (191, 191, 255). Opaque, so premultiplied = straight.
        for x in 0..<100 {
            let f = (Double(x) + 0.5) / 100
            let expected = PremultipliedRGBA8(
                r: Self.mix(64, 191, f), g: Self.mix(0, 191, f), b: Self.mix(0, 255, f), a: 255)
            #expect(pixmap[x: x, y: 0] == expected, "x = \(x)")
        }
    }

    @Test("a shimmer's locations beyond 0…1 draw the stops where they lie: [−1, −0.5, 0] → [1, 1.5, 2] at a quarter")
    func shimmerFrame() throws {
        let scene = try Self.scene(
            fill: "colors: [\"#000000\", \"#FFFFFF\", \"#000000\"]",
            """
                animations:
                  - basic: { property: locations, from: [-1, -0.5, 0], to: [1, 1.5, 2], duration: 1 }
            """)
        let pixmap = try Self.frame(scene, tick: 2)
        // p = 0.25: locations [−0.5, 0, 0.5]. t < 0.5 lies between white (0) and black (0.5); beyond, black.
        for x in 0..<100 {
            let t = (Double(x) + 0.5) / 100
            let v = t < 0.5 ? Self.mix(255, 0, t / 0.5) : 0
            #expect(pixmap[x: x, y: 0] == PremultipliedRGBA8(r: v, g: v, b: v, a: 255), "x = \(x)")
        }
    }

    @Test("a scrubbed property animator draws colors and locations at the scrub's fraction")
    func scrubbedAnimator() throws {
        let scene = try Self.scene(
            fill: "colors: [\"#000000\", \"#000000\"], locations: [0, 1]",
            """
            animators:
              - id: a
                duration: 1
                timingParameters: { curve: linear }
                animations:
                  - changes: { g: { colors: ["#FF0000", "#00FF00"], locations: [0.5, 1] } }
                timeline:
                  - { at: 0, call: pauseAnimation }
                  - { at: 0, call: scrub, ramp: [[0, 0], [1, 1]] }
            """)
        // Tick 4: t = 0.5, fraction 0.5: stops (127.5 → 128, 0, 0) and (0, 128, 0), locations [0.25, 1].
        let pixmap = try Self.frame(scene, tick: 4)
        for x in 0..<100 {
            let t = (Double(x) + 0.5) / 100
            let f = t <= 0.25 ? 0 : (t - 0.25) / 0.75
            let expected = PremultipliedRGBA8(r: Self.mix(128, 0, f), g: Self.mix(0, 128, f), b: 0, a: 255)
            #expect(pixmap[x: x, y: 0] == expected, "x = \(x)")
        }
    }

    @Test("a view animation moves startPoint and endPoint; an unanimated gradient keeps its stops as written")
    func viewAnimationPoints() throws {
        let scene = try Self.scene(
            fill: "colors: [\"#FF000000\", \"#0000FF\"]",
            """
            viewAnimations:
              - { item: g, duration: 1, options: [curveLinear], changes: { startPoint: [0.5, 0.5], endPoint: [1.5, 0.5] } }
            """)
        let simulation = try SceneSimulation(scene: scene)
        func gradient() throws -> Gradient {
            guard case .gradient(let paint)? = simulation.displayList().rects.first?.fillPaint else {
                throw CancellationError()
            }
            return paint.gradient
        }
        // Tick 0 draws the model, whose clear stop keeps its red (SVG interpolates straight colours).
        #expect(try gradient().colors == [ColorRGBA8(r: 255, g: 0, b: 0, a: 0), ColorRGBA8(r: 0, g: 0, b: 255)])
        for _ in 0..<2 { simulation.advance() }
        // UIView.animate from the old model value: linear, a quarter of the way at tick 2 (within
        // the Bézier solver's ε: UIKit's linear curve is the cubic (0, 0, 1, 1), solved numerically).
        let g = try gradient()
        #expect(abs(g.startPoint.x - 0.125) < 1e-8 && abs(g.endPoint.x - 1.125) < 1e-8, "\(g.startPoint) \(g.endPoint)")
        #expect(g.startPoint.y == 0.5 && g.endPoint.y == 0.5)
    }
}
