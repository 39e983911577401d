import Foundation
import Geometry
import Pipeline
import Raster
import SceneLoading
import SceneModel
import TestSupport
import Testing

/// `shadowOpacity`, `shadowRadius`, `shadowOffset` and `shadowColor` animate like any layer
/// property: a card whose shadow deepens as it lifts.
@Suite("Animatable shadows")
struct ShadowAnimationTests {
    private func shadows(_ yaml: String, ticks: [Int]) throws -> [DrawShadow?] {
        let scene = try SceneLoader.decode(
            "canvas: { size: [200, 200], scale: 2 }\nfps: 60\nduration: 2\n" + yaml,
            fileName: repositoryRoot + "/scenes/shadow-test.yaml", format: .yaml)
        let simulation = try SceneSimulation(scene: scene)
        var result: [DrawShadow?] = []
        var tick = 0
        for target in ticks {
            while tick < target {
                simulation.advance()
                tick += 1
            }
            result.append(simulation.displayList().rects[0].shadow)
        }
        return result
    }

    @Test("a basic animation moves every shadow property linearly; the offset and radius are scaled to pixels")
    func basicAnimation() throws {
        let result = try shadows(
            """
            items:
              - id: card
                size: [100, 60]
                center: [100, 100]
                fill: "#FFFFFF"
                shadow: { opacity: 0.1, radius: 4, offset: [0, 2] }
                animations:
                  - basic: { property: shadowOpacity, to: 0.5, duration: 1, timingFunction: linear, fillMode: forwards, removedOnCompletion: false }
                  - basic: { property: shadowRadius, to: 12, duration: 1, timingFunction: linear, fillMode: forwards, removedOnCompletion: false }
                  - basic: { property: shadowOffset, to: [0, 10], duration: 1, timingFunction: linear, fillMode: forwards, removedOnCompletion: false }
                  - basic: { property: shadowColor, from: "#000000", to: "#FF0000", duration: 1, timingFunction: linear, fillMode: forwards, removedOnCompletion: false }
            """, ticks: [0, 30, 90])
        let start = try #require(result[0])
        #expect(start.opacity == 0.1 && start.radius == 8 && start.offset == Point(0, 4))
        let middle = try #require(result[1])
        #expect(abs(middle.opacity - 0.3) < 1e-12)
        #expect(abs(middle.radius - 16) < 1e-9, "8 pt at t = 0.5, × scale 2")
        #expect(abs(middle.offset.y - 12) < 1e-9 && middle.offset.x == 0)
        #expect(middle.color.r == 128 && middle.color.g == 0 && middle.color.a == 255)
        let end = try #require(result[2])
        #expect(end.opacity == 0.5 && end.radius == 24 && end.offset == Point(0, 20))
        #expect(end.color == ColorRGBA8(r: 255, g: 0, b: 0, a: 255))
    }

    @Test(
        "without shadow: the opacity is Core Animation's 0, so no shadow until an animation raises it (radius 3, offset (0, −3) by default)"
    )
    func shadowAppears() throws {
        let result = try shadows(
            """
            items:
              - id: card
                size: [100, 60]
                center: [100, 100]
                animations:
                  - basic: { property: shadowOpacity, from: 0, to: 0.4, duration: 1, timingFunction: linear, fillMode: forwards, removedOnCompletion: false }
            """, ticks: [0, 60])
        #expect(result[0] == nil)
        #expect(result[1] == DrawShadow(color: .black, opacity: 0.4, offset: Point(0, -6), radius: 6))
    }

    @Test("a property animator carries shadow changes with its curve, as it does any layer property")
    func animatorAnimation() throws {
        let result = try shadows(
            """
            items:
              - id: card
                size: [100, 60]
                center: [100, 100]
                shadow: { opacity: 0.1, radius: 2, offset: [0, 1] }
            animators:
              - id: lift
                duration: 1
                timingParameters: { curve: linear }
                animations:
                  - changes: { card: { shadowOpacity: 0.3, shadowRadius: 10 } }
                timeline:
                  - { at: 0, call: startAnimation }
            """, ticks: [30])
        let middle = try #require(result[0])
        #expect(abs(middle.opacity - 0.2) < 1e-9)
        #expect(abs(middle.radius - 12) < 1e-9, "6 pt half way, × scale 2")
    }

    /// One frame of a clear 40×40 pt layer at (50, 50) on a 100×100 white canvas (scale 1) whose
    /// unblurred, half-opaque black shadow has the path `path`, offset (10, 0); `extra` adds keys.
    private func pathShadowFrame(_ path: String, extra: String = "", ticks: Int = 0) throws -> Pixmap {
        let scene = try SceneLoader.decode(
            """
            canvas: { size: [100, 100], scale: 1, background: "#FFFFFF" }
            fps: 60
            duration: 1
            items:
              - { id: card, size: [40, 40], center: [50, 50], fill: "#00000000",
                  shadow: { opacity: 0.5, radius: 0, offset: [10, 0], path: "\(path)" }\(extra) }
            """, fileName: repositoryRoot + "/scenes/shadow-test.yaml", format: .yaml)
        let simulation = try SceneSimulation(scene: scene)
        for _ in 0..<ticks { simulation.advance() }
        return Rasterizer.render(simulation.displayList())
    }

    @Test(
        "shadowPath is the shadow's shape, opaque whatever the layer draws: a clear layer casts the path, moved by the offset"
    )
    func shadowPathShapesTheShadow() throws {
        // The left half of the bounds (x 0…20, y 0…40), at the canvas's (30…50, 30…70), moved 10 right.
        let frame = try pathShadowFrame("M0 0 H20 V40 H0 Z")
        // Black at shadowOpacity 0.5 (byte 128) over white: 255 − round(255·128/255) = 127.
        for (x, y) in [(41, 31), (45, 50), (59, 68)] { #expect(frame[x: x, y: y].r == 127, "(\(x), \(y)) in the path") }
        // Outside the moved path, though inside the layer's bounds: the layer's own alpha casts nothing.
        for (x, y) in [(35, 50), (65, 50), (75, 40)] { #expect(frame[x: x, y: y].r == 255, "(\(x), \(y)) outside") }
    }

    @Test("shadowPath animates between paths of one structure: half way, the frame of the path half way")
    func shadowPathAnimates() throws {
        let animated = try pathShadowFrame(
            "M0 0 H20 V40 H0 Z",
            extra:
                ", animations: [{ basic: { property: shadowPath, to: \"M0 0 H40 V20 H0 Z\", duration: 1, timingFunction: linear, fillMode: forwards, removedOnCompletion: false } }]",
            ticks: 30)
        let still = try pathShadowFrame("M0 0 H30 V30 H0 Z")
        #expect(animated.data == still.data)
        #expect(animated[x: 65, y: 35].r == 127 && animated[x: 45, y: 65].r == 255)
    }

    @Test(
        "a shadowPath animation without a shadow path, or between paths of different structure, is an error at the animation",
        arguments: [
            ("shadow: { radius: 2 }", "M0 0 H40 V20 H0 Z", "has no shadow path"),
            ("shadow: { path: \"M0 0 H20 V40 H0 Z\" }", "M0 0 L40 20 Z", "same structure as the shadow's path"),
        ])
    func badShadowPathAnimations(shadow: String, to path: String, expected: String) throws {
        #expect {
            _ = try SceneLoader.decode(
                """
                canvas: { size: [100, 100], scale: 1 }
                duration: 1
                items:
                  - { id: card, size: [40, 40], center: [50, 50], \(shadow),
                      animations: [{ basic: { property: shadowPath, to: "\(path)", duration: 1 } }] }
                """, fileName: repositoryRoot + "/scenes/shadow-test.yaml", format: .yaml)
        } throws: { error in
            "\(error)".contains("items[0].animations[0]") && "\(error)".contains(expected)
        }
    }
}
