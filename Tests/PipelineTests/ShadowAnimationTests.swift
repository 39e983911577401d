import Foundation
import Geometry
import Pipeline
import Raster
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
}
