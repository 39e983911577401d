import Geometry
import Testing

@testable import Timing

// Animations of a whole CATransform3D (`transform`, `sublayerTransform`): interpolated through
// the decomposition wherever a value is evaluated, concatenated where other values add. The
// expected matrices come from CATransform3DMake… (`Transform3D.rotation` and friends).

private func gap(_ a: AnimatableValue, _ b: Transform3D) -> Double {
    guard let t = a.transform else { return .infinity }
    return zip(t.m, b.m).map { abs($0 - $1) }.max() ?? .infinity
}

private func turnY(_ degrees: Double) -> Transform3D { .rotation(.degrees(degrees), axis: (0, 1, 0)) }

@Suite("Transform animations")
struct TransformAnimationTests {
    @Test("a basic animation of transform turns through the decomposed rotation, not the matrix entries")
    func basicAnimationInterpolatesDecomposed() throws {
        let layer = try TimingLayer(name: "card")
        let animation = try BasicAnimation(
            fromValue: .transform(.identity), toValue: .transform(turnY(90)), timing: MediaTiming(duration: 1))
        _ = try layer.add(animation, for: .transform3D, committedAt: 0)
        #expect(gap(layer.presentationValue(of: .transform3D, at: 0.5), turnY(45)) < 1e-12)
        #expect(gap(layer.presentationValue(of: .transform3D, at: 0.25), turnY(22.5)) < 1e-12)
    }

    @Test("an additive transform animation applies its matrix first, then the value beneath it")
    func additiveConcatenates() throws {
        let layer = try TimingLayer(name: "card")
        let model = Transform3D.perspective(distance: 500)
        try layer.setModelValue(.transform(model), for: .transform3D)
        let animation = try BasicAnimation(
            fromValue: .transform(.identity), toValue: .transform(turnY(60)),
            timing: MediaTiming(duration: 1, fillMode: .forwards), isAdditive: true, isRemovedOnCompletion: false)
        _ = try layer.add(animation, for: .transform3D, committedAt: 0)
        #expect(gap(layer.presentationValue(of: .transform3D, at: 0.5), turnY(30).concatenating(model)) < 1e-12)
        #expect(gap(layer.presentationValue(of: .transform3D, at: 2), turnY(60).concatenating(model)) < 1e-12)
    }

    @Test("a spring's overshoot extrapolates the turn past its end")
    func springOvershootExtrapolates() throws {
        let spring = try Spring(mass: 1, stiffness: 100, damping: 4)
        let layer = try TimingLayer(name: "card")
        let animation = try SpringAnimation(
            spring: spring, fromValue: .transform(.identity), toValue: .transform(turnY(90)),
            timing: MediaTiming(duration: 3))
        _ = try layer.add(animation, for: .transform3D, committedAt: 0)
        let t = 0.35
        let q = spring.position(at: t)
        #expect(q > 1.1)
        #expect(gap(layer.presentationValue(of: .transform3D, at: t), turnY(90 * q)) < 1e-12)
    }

    @Test("linear and discrete keyframes interpolate transforms; paced, cubic, cumulative and byValue are refused")
    func keyframesAndRefusals() throws {
        let values: [AnimatableValue] = [.transform(.identity), .transform(turnY(90)), .transform(turnY(120))]
        let linear = try KeyframeAnimation(values: values, timing: MediaTiming(duration: 1))
        #expect(gap(linear.interpolated(at: 0.25), turnY(45)) < 1e-12)
        #expect(gap(linear.interpolated(at: 0.75), turnY(105)) < 1e-12)
        for mode in [CalculationMode.paced, .cubic, .cubicPaced] {
            #expect(throws: TimingError.self) {
                try KeyframeAnimation(values: values, calculationMode: mode, timing: MediaTiming(duration: 1))
            }
        }
        #expect(throws: TimingError.self) {
            try KeyframeAnimation(values: values, timing: MediaTiming(duration: 1), isCumulative: true)
        }
        #expect(throws: TimingError.self) {
            try BasicAnimation(fromValue: .transform(.identity), byValue: .transform(turnY(10)))
        }
        #expect(throws: TimingError.self) {
            try BasicAnimation(toValue: .transform(turnY(10)), isCumulative: true)
        }
    }

    @Test("a view animation of transform runs additively and ends exactly at the new value")
    func viewAnimationEndsAtNewValue() throws {
        let layer = try TimingLayer(name: "card")
        let old = turnY(30).concatenating(.perspective(distance: 500))
        let new = turnY(150).concatenating(.translation(20, 0, 0)).concatenating(.perspective(distance: 500))
        try layer.setModelValue(.transform(old), for: .transform3D)
        _ = try ViewAnimation.animate(
            layer, withDuration: 1, options: [.curveLinear], changes: [(.transform3D, .transform(new))],
            committedAt: 0)
        #expect(layer.animationKeys.count == 1)
        #expect(gap(layer.presentationValue(of: .transform3D, at: 0), old) < 1e-12)
        #expect(layer.presentationValue(of: .transform3D, at: 1) == .transform(new))
        #expect(layer.presentationValue(of: .transform3D, at: 1.5) == .transform(new))
        // Halfway the delta old·new⁻¹ is halfway to the identity, then new applies.
        let delta = Transform3D.interpolate(old.concatenating(try #require(new.inverted)), .identity, 0.5)
        let half = try #require(layer.presentationValue(of: .transform3D, at: 0.5).transform)
        #expect(gap(.transform(half), delta.concatenating(new)) < 1e-9)
    }

    @Test("a view animation from identity to rotateZ(360°) does not move")
    func viewAnimationOfAFullTurnIsStill() throws {
        let layer = try TimingLayer(name: "card")
        _ = try ViewAnimation.animate(
            layer, withDuration: 1, changes: [(.transform3D, .transform(.rotation(.degrees(360), axis: (0, 0, 1))))],
            committedAt: 0)
        for t in [0.1, 0.3, 0.5, 0.7, 0.9] {
            #expect(gap(layer.presentationValue(of: .transform3D, at: t), .identity) < 1e-12, "t = \(t)")
        }
    }

    @Test("a view animation to a singular transform runs from the old value to the new, not additively")
    func singularTargetIsNotAdditive() throws {
        let layer = try TimingLayer(name: "card")
        let flat = Transform3D.scale(1, 1, 0)
        _ = try ViewAnimation.animate(
            layer, withDuration: 1, options: [.curveLinear], changes: [(.transform3D, .transform(flat))],
            committedAt: 0)
        #expect(layer.animationKeys == ["transform3D"])
        #expect(layer.presentationValue(of: .transform3D, at: 0.4) == .transform(.identity))
        #expect(layer.presentationValue(of: .transform3D, at: 1) == .transform(flat))
    }

    @Test("a property animator interpolates a transform decomposed")
    func propertyAnimatorInterpolatesDecomposed() throws {
        let animator = try PropertyAnimator(duration: 1, curve: .linear)
        try animator.addAnimations([
            try AnimatorChange(
                target: "card", property: .sublayerTransform, from: .transform(.identity),
                to: .transform(turnY(90)))
        ])
        try animator.startAnimation()
        _ = try animator.advance(to: 0.5)
        let value = try #require(animator.presentationValue(of: "card", .sublayerTransform))
        // The linear curve is a cubic solved to about 1e-9 of the progress.
        #expect(gap(value, turnY(45)) < 1e-8)
    }
}
