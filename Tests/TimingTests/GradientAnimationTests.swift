import Colors
import Geometry
import Testing

@testable import Timing

/// CAGradientLayer's `colors` and `locations`: lists interpolated element by element, colours in
/// premultiplied space, through every kind of animation.
@Suite("Gradient list animations")
struct GradientAnimationTests {
    static func colors(_ hex: [String]) -> AnimatableValue {
        .colorList(ListValue(premultiplying: hex.map { ColorRGBA8(hex: $0)! }))
    }
    static func numbers(_ v: [Double]) -> AnimatableValue { .numberList(ListValue(v)) }

    @Test(
        "a linear basic animation of colors interpolates each stop premultiplied: clear → green passes translucent green"
    )
    func basicColorsPremultiplied() throws {
        let layer = try TimingLayer(name: "g")
        try layer.setModelValue(Self.colors(["#FF0000", "#00000000"]), for: .gradientColors)
        try layer.add(
            BasicAnimation(toValue: Self.colors(["#0000FF", "#00FF00"]), timing: MediaTiming(duration: 2)),
            for: .gradientColors, committedAt: 0)
        // Linear timing (CABasicAnimation's default), t = 0.5 of 2 s: p = 0.25.
        // Stop 0, opaque: (1 − p)·red + p·blue = (0.75, 0, 0.25, 1) → #BF0040 (191.25, 63.75 rounded).
        // Stop 1: premultiplied (0, 0, 0, 0) → (0, 1, 0, 1) gives (0, 0.25, 0, 0.25): straight
        // green at alpha 64 (63.75); straight components would give the darker (0, 64, 0, 64).
        let v = try #require(layer.presentationValue(of: .gradientColors, at: 0.5).colorList)
        #expect(
            v.straightColors == [ColorRGBA8(r: 191, g: 0, b: 64, a: 255), ColorRGBA8(r: 0, g: 255, b: 0, a: 64)])
        #expect(v.elements[1] == PremultipliedColor(r: 0, g: 0.25, b: 0, a: 0.25))
        // After the end (fill removed) the model shows again.
        #expect(layer.presentationValue(of: .gradientColors, at: 2.5) == Self.colors(["#FF0000", "#00000000"]))
    }

    @Test("the midpoint of an easeInEaseOut animation of locations is the lists' mean (the curve is symmetric)")
    func easedLocationsMidpoint() throws {
        let layer = try TimingLayer(name: "g")
        try layer.setModelValue(Self.numbers([0, 0.5, 1]), for: .gradientLocations)
        try layer.add(
            BasicAnimation(
                fromValue: Self.numbers([-1, -0.5, 0]), toValue: Self.numbers([1, 1.5, 2]),
                timing: MediaTiming(duration: 1), timingFunction: MediaTimingFunction(name: .easeInEaseOut)),
            for: .gradientLocations, committedAt: 0)
        let mid = try #require(layer.presentationValue(of: .gradientLocations, at: 0.5).numberList)
        // The curve's solver stops within 1e-5 of the exact 0.5 (MediaTimingFunction).
        for (v, expected) in zip(mid.elements, [0, 0.5, 1.0]) { #expect(abs(v - expected) < 1e-5, "\(mid)") }
        // A quarter in: p = easeInEaseOut(0.25), the same for every element.
        let p = MediaTimingFunction(name: .easeInEaseOut).evaluate(0.25)
        let quarter = try #require(layer.presentationValue(of: .gradientLocations, at: 0.25).numberList)
        #expect(quarter.elements == [-1 + 2 * p, -0.5 + 2 * p, 0 + 2 * p])
    }

    @Test("by adds element-wise to the model; additive animations present model + animated value")
    func byAndAdditive() throws {
        let layer = try TimingLayer(name: "g")
        try layer.setModelValue(Self.numbers([0, 0.5, 1]), for: .gradientLocations)
        try layer.add(
            BasicAnimation(byValue: Self.numbers([0.25, 0.25, 0]), timing: MediaTiming(duration: 1)),
            for: .gradientLocations, forKey: "by", committedAt: 0)
        #expect(layer.presentationValue(of: .gradientLocations, at: 0.5) == Self.numbers([0.125, 0.625, 1]))
        layer.removeAnimation(forKey: "by", at: 0)
        try layer.add(
            BasicAnimation(
                fromValue: Self.numbers([0.5, 0.5, 0.5]), toValue: Self.numbers([0, 0, 0]),
                timing: MediaTiming(duration: 1), isAdditive: true), for: .gradientLocations, committedAt: 0)
        #expect(layer.presentationValue(of: .gradientLocations, at: 0.5) == Self.numbers([0.25, 0.75, 1.25]))
        // An additive colour delta adds premultiplied components.
        try layer.setModelValue(Self.colors(["#000000", "#00000000"]), for: .gradientColors)
        try layer.add(
            BasicAnimation(
                fromValue: Self.colors(["#FF0000", "#00FF0080"]), toValue: Self.colors(["#FF0000", "#00FF0080"]),
                timing: MediaTiming(duration: 1), isAdditive: true), for: .gradientColors, committedAt: 0)
        let sum = try #require(layer.presentationValue(of: .gradientColors, at: 0.5).colorList)
        #expect(sum.elements[0] == PremultipliedColor(r: 1, g: 0, b: 0, a: 2))
        #expect(sum.straightColors == [ColorRGBA8(r: 255, g: 0, b: 0, a: 255), ColorRGBA8(r: 0, g: 255, b: 0, a: 128)])
    }

    @Test("paced keyframes of lists space the keyframes by the lists' Euclidean distance")
    func pacedKeyframes() throws {
        // |b − a| = 1 (a 3-4-5 triangle scaled by 0.2), |c − b| = 3: keyframe b at t = 1/4.
        let a = Self.numbers([0, 0])
        let b = Self.numbers([0.6, 0.8])
        let c = Self.numbers([0.6, 3.8])
        let animation = try KeyframeAnimation(
            values: [a, b, c], calculationMode: .paced, timing: MediaTiming(duration: 1))
        #expect(animation.effectiveKeyTimes == [0, 0.25, 1])
        #expect(animation.interpolated(at: 0.625) == Self.numbers([0.6, 2.3]))
    }

    @Test("every kind of animation of a list equals, element by element, the same animation of each element alone")
    func elementWise() throws {
        let from = [0.0, 0.25, 1]
        let to = [0.5, 0.75, 0.5]
        let spring = try Spring(mass: 1, stiffness: 200, damping: 8)
        func animations(_ f: AnimatableValue, _ t: AnimatableValue) throws -> [any PropertyAnimation] {
            [
                try BasicAnimation(
                    fromValue: f, toValue: t, timing: MediaTiming(duration: 1),
                    timingFunction: MediaTimingFunction(name: .easeIn)),
                try KeyframeAnimation(
                    values: [f, t, f], calculationMode: .cubic, timing: MediaTiming(duration: 1)),
                try SpringAnimation(spring: spring, fromValue: f, toValue: t),
            ]
        }
        let lists = try animations(Self.numbers(from), Self.numbers(to))
        let scalars = try zip(from, to).map { try animations(.scalar($0), .scalar($1)) }
        for (k, list) in lists.enumerated() {
            for n in 0...30 {
                let sample = MediaTiming(duration: 1).sample(parentTime: Double(n) / 30)
                let v = try #require(list.value(at: sample, underlying: .numberList(.zero)).numberList)
                let expected = scalars.map { $0[k].value(at: sample, underlying: .scalar(0)).scalar! }
                #expect(v.elements == expected, "animation \(k) at tick \(n)")
            }
        }
        // A spring overshoots: some tick presents a location beyond `to` (drawing orders them again).
        let overshoot = (0...30).contains { n in
            let s = MediaTiming(duration: 1).sample(parentTime: Double(n) / 30)
            return (lists[2].value(at: s, underlying: .numberList(.zero)).numberList?.elements[0] ?? 0) > 0.5
        }
        #expect(overshoot)
    }

    @Test("a view animation and a scrubbed, reversed property animator interpolate gradient lists")
    func viewAnimationAndAnimator() throws {
        let layer = try TimingLayer(name: "g")
        try layer.setModelValue(Self.colors(["#000000", "#FFFFFF"]), for: .gradientColors)
        _ = try ViewAnimation.animate(
            layer, withDuration: 1, options: [.curveLinear],
            changes: [(.gradientColors, Self.colors(["#FFFFFF", "#000000"]))],
            committedAt: 0)
        // Model value set at once; linear curve, t = 0.25: 0.25 of the way (63.75 → 64, 191.25 → 191).
        #expect(layer.modelValue(of: .gradientColors) == Self.colors(["#FFFFFF", "#000000"]))
        let v = try #require(layer.presentationValue(of: .gradientColors, at: 0.25).colorList)
        #expect(v.straightColors == [ColorRGBA8(r: 64, g: 64, b: 64), ColorRGBA8(r: 191, g: 191, b: 191)])

        let animator = try PropertyAnimator(duration: 1, curve: .linear)
        // Each location moves exactly as a scalar property given the same endpoints in the same block.
        try animator.addAnimations([
            AnimatorChange(
                target: "g", property: .gradientLocations, from: Self.numbers([0, 0.5]), to: Self.numbers([0.5, 1])),
            AnimatorChange(target: "g", property: .opacity, from: .scalar(0), to: .scalar(0.5)),
            AnimatorChange(target: "g", property: .cornerRadius, from: .scalar(0.5), to: .scalar(1)),
        ])
        func scalars() -> AnimatableValue {
            Self.numbers([
                animator.presentationValue(of: "g", .opacity)!.scalar!,
                animator.presentationValue(of: "g", .cornerRadius)!.scalar!,
            ])
        }
        try animator.setFractionComplete(0.5)
        #expect(animator.presentationValue(of: "g", .gradientLocations) == Self.numbers([0.25, 0.75]))
        animator.setReversed(true)
        try animator.setFractionComplete(0.25)
        let reversed = try #require(animator.presentationValue(of: "g", .gradientLocations))
        #expect(reversed == scalars())
        #expect(abs(reversed.numberList!.elements[0] - 0.125) < 1e-15 && reversed.numberList!.elements[1] == 0.625)
        #expect(
            throws: TimingError.self,
            performing: {
                try AnimatorChange(
                    target: "g", property: .gradientLocations, from: Self.colors(["#000000"]), to: Self.numbers([1]))
            })
    }

    @Test("premultiplied colours round-trip every opaque colour and clamp out-of-range sums")
    func premultipliedRoundTrip() {
        for v in stride(from: 0, through: 255, by: 1) {
            let c = ColorRGBA8(r: UInt8(v), g: UInt8(255 - v), b: UInt8(v / 2), a: 255)
            #expect(PremultipliedColor(c).straight == c)
        }
        #expect(
            PremultipliedColor(r: 0.8, g: -0.1, b: 0.2, a: 0.5).straight == ColorRGBA8(r: 255, g: 0, b: 102, a: 128))
        #expect(PremultipliedColor(r: 0.3, g: 0.3, b: 0.3, a: -0.2).straight == .clear)
    }
}
