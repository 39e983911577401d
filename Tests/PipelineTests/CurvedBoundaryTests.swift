import Foundation
import Geometry
import SceneLoading
import SceneModel
import TestSupport
import Testing

@testable import Pipeline

/// Collision boundaries from SVG path data: curves flattened within 0.05 pt, one closed shape.
@Suite("Curved collision boundaries")
struct CurvedBoundaryTests {
    /// A bowl: the quadratic from (0, 100) through the control point (100, 300) to (200, 100),
    /// which is the parabola y = 100 + 2x − x²/100 (lowest on screen at x 100, y 200), closed
    /// underneath.
    static let bowl = "M 0 100 Q 100 300 200 100 L 200 210 L 0 210 Z"

    static func scene(_ path: String) throws -> Scene {
        try SceneLoader.decode(
            """
            canvas: { size: [200, 240], scale: 1 }
            until: rest
            maxDuration: 10
            items: [{ id: ball, size: [10, 10], center: [100, 40] }]
            behaviors:
              - gravity: { items: [ball] }
              - collision: { items: [ball], boundaries: [{ id: bowl, path: "\(path)" }] }
            """, fileName: "bowl.yaml", format: .yaml)
    }

    @Test("the curve's points lie on it and every chord stays within 0.05 pt of it")
    func flattenedWithinTolerance() throws {
        guard case .collision(let collision) = try Self.scene(Self.bowl).behaviors[1],
            case .path(let points) = collision.boundaries[0].shape
        else {
            Issue.record("no path boundary")
            return
        }
        func parabola(_ x: Double) -> Double { 100 + 2 * x - x * x / 100 }
        let curve = points.filter { $0.y < 209 }
        #expect(curve.count > 20)
        for p in curve { #expect(abs(p.y - parabola(p.x)) < 1e-9) }
        for (a, b) in zip(curve, curve.dropFirst()) {
            // The vertical gap at the chord's middle bounds its distance from the curve.
            let middle = (a + b) * 0.5
            #expect(abs(parabola(middle.x) - middle.y) <= 0.05)
        }
    }

    @Test("a ball dropped into the bowl rolls to rest at its bottom")
    func ballRestsInTheBowl() throws {
        let simulation = try SceneSimulation(scene: Self.scene(Self.bowl))
        while !simulation.isAtRest && simulation.tick < 600 { simulation.advance() }
        let ball = try #require(simulation.tracedLayers().first).center
        // The bowl's bottom is y 200: a 10 pt square rests 5 pt above it, less Box2D's skins
        // (the polygon's and the edge's, 1 pt each at 100 pt a metre), which hold it 2 pt off.
        #expect(abs(ball.x - 100) < 2, "\(ball)")
        #expect(ball.y > 192 && ball.y < 194, "\(ball)")
    }

    @Test(
        "path data that does not close, or of two shapes, is refused at the key",
        arguments: [
            ("M 0 100 Q 100 300 200 100", "behaviors[1].collision.boundaries[0].path: expected a closed shape"),
            ("M 0 0 L 10 0 L 10 10 Z M 50 50 L 60 50 L 60 60 Z", "expected one closed shape, found 2 subpaths"),
            ("M 0 0 L 10 0 Q", "malformed path data"),
        ])
    func refused(path: String, expected: String) throws {
        do {
            _ = try Self.scene(path)
            Issue.record("accepted \(path)")
        } catch {
            #expect("\(error)".contains(expected), "\(error)")
        }
    }
}
