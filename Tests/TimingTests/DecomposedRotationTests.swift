import Geometry
import Testing

@testable import Timing

// UIView.animate and property animators animate a rotation as the decomposed transform between
// the start and end matrices (spec compositing, "View animations of rotations"): a turn of 2π is
// no change, 3π/2 animates by −π/2. Explicit CABasicAnimations interpolate the angle itself.

/// The presented rotation of a view animated from 0 to `degrees` (linear, 1 s), at `t`, as the
/// angle its matrix decomposes to.
private func viewRotation(to degrees: Double, at t: Double) throws -> Double {
    let layer = try TimingLayer(name: "v")
    _ = try ViewAnimation.animate(
        layer, withDuration: 1, options: [.curveLinear], changes: [(.rotation, .angle(.degrees(degrees)))],
        committedAt: 0)
    let angle = try #require(layer.presentationValue(of: .rotation, at: t).angle)
    return LayerProperty.decomposed(angle.radians) * 180 / .pi
}

@Test("a view animation of rotation 360° does not move, and 270° turns by −90°")
func viewAnimationRotatesByTheDecomposedAngle() throws {
    for t in [0.0, 0.25, 0.5, 0.75, 1.0] {
        let (full, threeQuarters, quarter) = (
            try viewRotation(to: 360, at: t), try viewRotation(to: 270, at: t), try viewRotation(to: 90, at: t)
        )
        #expect(abs(full) < 1e-9, "t = \(t): \(full)")
        // The linear curve is a cubic solved to Core Animation's precision (about 1e-9 of the
        // progress): 1e-6 degrees.
        #expect(abs(threeQuarters - (-90 * t)) < 1e-6, "t = \(t): \(threeQuarters)")
        #expect(abs(quarter - 90 * t) < 1e-6, "t = \(t): \(quarter)")
    }
}

@Test("a property animator's rotation starts where the decomposed change says; other properties start where they are")
func animatorRotationStart() throws {
    let r = LayerProperty.rotation
    #expect(r.viewAnimationStart(from: .angle(.zero), to: .angle(.radians(2 * .pi))) == .angle(.radians(2 * .pi)))
    let threeQuarters = r.viewAnimationStart(from: .angle(.zero), to: .angle(.radians(3 * .pi / 2)))
    #expect(threeQuarters == .angle(.radians(3 * .pi / 2 + .pi / 2)))
    // From 170° to −170° the matrices decompose to exactly those angles: the long way, −340°.
    let across = r.viewAnimationStart(from: .angle(.degrees(170)), to: .angle(.degrees(-170)))
    #expect(abs((try #require(across.angle)).degrees - 170) < 1e-9)
    #expect(LayerProperty.opacity.viewAnimationStart(from: .scalar(0.2), to: .scalar(1)) == .scalar(0.2))
    #expect(LayerProperty.decomposed(.pi) == .pi)
    #expect(LayerProperty.decomposed(-.pi) == .pi)
    #expect(LayerProperty.decomposed(4 * .pi) == 0)
}
