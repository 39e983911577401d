import Foundation
import Geometry
import Testing

// Core Animation's interpolation of CATransform3D: decomposed as CSS Transforms Level 2 writes
// Graphics Gems II's unmatrix, parts interpolated, recomposed. Expected values come from the
// rotation, scale, translation and perspective constructors (CATransform3DMake…), never from the
// decomposition itself.

/// The largest difference between two matrices' entries.
private func gap(_ a: Transform3D, _ b: Transform3D) -> Double {
    zip(a.m, b.m).map { abs($0 - $1) }.max() ?? .infinity
}

/// A row-major matrix from Core Animation's sixteen fields.
private func matrix(_ m: [Double]) -> Transform3D { Transform3D(rowMajor: m) }

@Suite("Transform3D decomposition")
struct Transform3DDecompositionTests {
    static let samples: [(String, Transform3D)] = [
        ("a turn about y", .rotation(.degrees(70), axis: (0, 1, 0))),
        ("a turn of 180° about x", .rotation(.degrees(180), axis: (1, 0, 0))),
        ("a turn about a skew axis", .rotation(.degrees(-123), axis: (1, 2, -0.5))),
        ("a tiny turn", .rotation(.degrees(1e-5), axis: (0, 0, 1))),
        ("a half turn about a diagonal", .rotation(.degrees(180), axis: (1, -1, 0))),
        ("scales with skews", matrix([2, 0.3, 0, 0, 0.5, 1.5, 0.2, 0, -0.4, 0.1, 0.8, 0, 0, 0, 0, 1])),
        ("a mirror", Transform3D.scale(-1, 2, 1).concatenating(.rotation(.degrees(30), axis: (0, 0, 1)))),
        (
            "a turn, a move and a perspective",
            Transform3D.rotation(.degrees(40), axis: (0, 1, 0)).concatenating(.translation(12, -7, 30))
                .concatenating(.perspective(distance: 500))
        ),
        (
            "a perspective on every axis",
            matrix([1.2, 0.1, 0, 0.001, -0.2, 0.9, 0.1, -0.002, 0.05, 0, 1.1, -0.003, 5, 6, 7, 1])
        ),
    ]

    @Test("recomposing the parts gives the matrix back to 1e-12", arguments: samples.indices)
    func roundTrip(index: Int) throws {
        let (name, t) = Self.samples[index]
        let parts = try #require(t.decomposed, "\(name)")
        // The parts describe the matrix divided through by m44 (the same projective map).
        let normalized = Transform3D(rowMajor: t.m.map { $0 / t[4, 4] })
        #expect(gap(Transform3D(parts), normalized) < 1e-12, "\(name): \(Transform3D(parts)) against \(normalized)")
    }

    @Test(
        "the parts follow CATransform3D's layout: translation in m41…m43, a turn of θ about u is (u·sin θ/2, cos θ/2)")
    func partsFollowTheRowVectorLayout() throws {
        let theta = 50.0 * .pi / 180
        let turn = try #require(Transform3D.rotation(.radians(theta), axis: (0, 1, 0)).decomposed)
        let expected = [0, sin(theta / 2), 0, cos(theta / 2)]
        #expect(zip(turn.quaternion, expected).allSatisfy { abs($0 - $1) < 1e-15 })
        let moved = try #require(
            Transform3D.scale(2, 3, 4).concatenating(.translation(10, 20, 30)).decomposed)
        #expect(moved.translation == [10, 20, 30])
        #expect(moved.scale == [2, 3, 4])
        #expect(moved.skew == [0, 0, 0])
        let seen = try #require(Transform3D.perspective(distance: 500).decomposed)
        #expect(seen.perspective == [0, 0, -1.0 / 500, 1])
    }

    @Test("identity to rotateY(90°) at 0.5 is rotateY(45°), and past 1 it keeps turning (a spring's overshoot)")
    func halfwayTurn() {
        let quarter = Transform3D.rotation(.degrees(90), axis: (0, 1, 0))
        let half = Transform3D.interpolate(.identity, quarter, 0.5)
        #expect(gap(half, .rotation(.degrees(45), axis: (0, 1, 0))) < 1e-12)
        let over = Transform3D.interpolate(.identity, quarter, 1.2)
        #expect(gap(over, .rotation(.degrees(108), axis: (0, 1, 0))) < 1e-12)
        let before = Transform3D.interpolate(.identity, quarter, -0.1)
        #expect(gap(before, .rotation(.degrees(-9), axis: (0, 1, 0))) < 1e-12)
    }

    @Test("identity to rotateZ(360°) never moves: the two matrices are the same")
    func fullTurnIsNoMotion() {
        let full = Transform3D.rotation(.degrees(360), axis: (0, 0, 1))
        for p in [0.1, 0.25, 0.5, 0.75, 0.9, 1.3] {
            #expect(gap(Transform3D.interpolate(.identity, full, p), .identity) < 1e-12, "p = \(p)")
        }
    }

    @Test("translation and scale interpolate linearly, the scale applied before the move")
    func linearParts() {
        let end = Transform3D.scale(3, 3, 1).concatenating(.translation(100, -40, 0))
        let half = Transform3D.interpolate(.identity, end, 0.5)
        #expect(gap(half, Transform3D.scale(2, 2, 1).concatenating(.translation(50, -20, 0))) < 1e-12)
    }

    @Test("a perspective interpolates its m34 linearly: halfway to d = 500 is d = 1000")
    func perspectiveInterpolates() {
        let half = Transform3D.interpolate(.identity, .perspective(distance: 500), 0.5)
        #expect(gap(half, .perspective(distance: 1000)) < 1e-15)
    }

    @Test("a matrix with no decomposition interpolates discretely: the first value before 0.5, the second from it")
    func discreteFallback() {
        let flat = Transform3D.scale(1, 1, 0)
        #expect(flat.decomposed == nil)
        #expect(matrix([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0]).decomposed == nil)
        let turn = Transform3D.rotation(.degrees(30), axis: (0, 1, 0))
        #expect(Transform3D.interpolate(turn, flat, 0.49) == turn)
        #expect(Transform3D.interpolate(turn, flat, 0.5) == flat)
        #expect(Transform3D.interpolate(flat, turn, 0.2) == flat)
    }

    @Test("the ends are exact: progress 0 gives the first matrix, 1 the second")
    func exactEnds() {
        let a = Transform3D.rotation(.degrees(33), axis: (1, 1, 0)).concatenating(.perspective(distance: 400))
        let b = Transform3D.translation(3, 4, 5)
        #expect(Transform3D.interpolate(a, b, 0) == a)
        #expect(Transform3D.interpolate(a, b, 1) == b)
    }

    @Test("the inverse undoes the transform, and a singular one has none")
    func inverse() throws {
        let t = Transform3D.rotation(.degrees(25), axis: (1, 2, 3)).concatenating(.translation(4, -5, 6))
            .concatenating(.perspective(distance: 300))
        let inverse = try #require(t.inverted)
        #expect(gap(t.concatenating(inverse), .identity) < 1e-12)
        #expect(Transform3D.scale(1, 0, 1).inverted == nil)
    }
}
