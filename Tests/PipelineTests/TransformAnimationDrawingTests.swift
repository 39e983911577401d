import Foundation
import Geometry
import SceneLoading
import SceneModel
import SceneSyntax
import Testing

@testable import Pipeline

/// A card whose whole `transform3D` animates, drawn at the middle tick: the corners must be those
/// of Core Animation's decomposed interpolation, computed here from the parts (scale, turn about
/// y, translation, each interpolated linearly; the turn's quaternion halfway along the same axis
/// is the half angle), not from the code under test.
@Suite("Animated transform3D, drawn")
struct TransformAnimationDrawingTests {
    /// The card goes from the identity to a scale of 1.5, a turn of 80° about y and a move of
    /// (20, 0, 40): halfway, a scale of 1.25, a turn of 40°, a move of (10, 0, 20).
    static func expectedCorner(_ u: Double, _ v: Double) -> Point {
        let (s, theta, move) = (1.25, 40.0 * .pi / 180, (x: 10.0, y: 0.0, z: 20.0))
        let (dx, dy) = ((u - 0.5) * 160 * s, (v - 0.5) * 100 * s)
        // About y with row vectors: (x, y, z) → (x·cos + z·sin, y, −x·sin + z·cos).
        let (x, y, z) = (dx * cos(theta) + move.x, dy + move.y, -dx * sin(theta) + move.z)
        // The stage's perspective: the eye 500 pt in front of its middle (200, 300).
        let w = 1 - z / 500
        return Point(200 + (230 + x - 200) / w, 300 + (280 + y - 300) / w)
    }

    @Test("at the middle tick the projected corners are the decomposed interpolation's to 1e-9 pt, drawn and traced")
    func middleTickCorners() throws {
        let simulation = try Transform3DTests.stage(
            "animations: [{ basic: { property: transform3D, to: [{ scale: 1.5 }, { rotateY: 80 }, { translate: [20, 0, 40] }], duration: 1 } }]"
        )
        while simulation.tick < 30 { simulation.advance() }
        let expected = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)].map { Self.expectedCorner($0.0, $0.1) }
        for (drawn, corner) in zip(try Transform3DTests.drawnCorners(simulation), expected) {
            #expect(drawn.distance(to: corner) < 1e-9, "drawn \(drawn) against \(corner)")
        }
        let row = try #require(simulation.tracedLayers().first { $0.id == "card" })
        let (xs, ys) = (expected.map(\.x), expected.map(\.y))
        #expect(abs(row.frame.minX - xs.min()!) < 1e-9 && abs(row.frame.maxX - xs.max()!) < 1e-9)
        #expect(abs(row.frame.minY - ys.min()!) < 1e-9 && abs(row.frame.maxY - ys.max()!) < 1e-9)
        // The traced matrix: 1.25·(the turn's rows), then the move in m41…m43.
        let (c, s) = (cos(40.0 * .pi / 180), sin(40.0 * .pi / 180))
        let matrix = [1.25 * c, 0, -1.25 * s, 0, 0, 1.25, 0, 0, 1.25 * s, 0, 1.25 * c, 0, 10, 0, 20, 1]
        let traced = try #require(row.transform3D)
        #expect(zip(traced.m, matrix).allSatisfy { abs($0 - $1) < 1e-12 }, "\(traced)")
    }

    @Test("the end of the animation draws the new value exactly, and a static scene draws as before")
    func endsAtTheNewValue() throws {
        let simulation = try Transform3DTests.stage(
            "animations: [{ basic: { property: transform3D, from: [{ rotateY: 10 }], to: [{ rotateY: 60 }], duration: 1, fillMode: forwards, removedOnCompletion: false } }]"
        )
        while simulation.tick < 70 { simulation.advance() }
        let still = try Transform3DTests.stage("rotationY: 60")
        for (animated, fixed) in zip(
            try Transform3DTests.drawnCorners(simulation), try Transform3DTests.drawnCorners(still))
        {
            #expect(animated.distance(to: fixed) < 1e-9, "\(animated) against \(fixed)")
        }
    }
}
