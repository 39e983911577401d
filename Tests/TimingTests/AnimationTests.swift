import Colors
import Geometry
import Testing

@testable import Timing

@Suite("Animations")
struct AnimationTests {
    @Test("§7.18 cumulative rc=3 from 0 to 10 ends at 30; additive ⇒ presentation = model + animated")
    func acceptance18() throws {
        let layer = try TimingLayer(name: "v")
        try layer.add(
            BasicAnimation(
                fromValue: .scalar(0), toValue: .scalar(10),
                timing: MediaTiming(duration: 1, repeatCount: 3, fillMode: .forwards),
                isCumulative: true, isRemovedOnCompletion: false), for: .cornerRadius, committedAt: 0)
        #expect(layer.presentationValue(of: .cornerRadius, at: 3).x == 30)
        #expect(layer.presentationValue(of: .cornerRadius, at: 1.5).x == 15)
        #expect(layer.presentationValue(of: .cornerRadius, at: 99).x == 30)

        try layer.setModelValue(.point(Point(100, 50)), for: .center)
        try layer.add(
            BasicAnimation(
                fromValue: .point(Point(-40, 0)), toValue: .point(.zero), timing: MediaTiming(duration: 1),
                isAdditive: true), for: .center, committedAt: 0)
        #expect(layer.presentationValue(of: .center, at: 0.25).point == Point(70, 50))
    }

    @Test("from/to/by resolution follows the CABasicAnimation table")
    func fromToBy() throws {
        let layer = try TimingLayer(name: "v")
        try layer.setModelValue(.scalar(4), for: .borderWidth)
        let cases: [(AnimatableValue?, AnimatableValue?, AnimatableValue?, Double)] = [
            (.scalar(0), .scalar(10), nil, 5), (.scalar(0), nil, .scalar(10), 5), (nil, .scalar(10), .scalar(2), 9),
            (.scalar(0), nil, nil, 2), (nil, .scalar(10), nil, 7), (nil, nil, .scalar(2), 5),
        ]
        for (i, (f, t, b, mid)) in cases.enumerated() {
            let key = "k\(i)"
            try layer.add(
                BasicAnimation(fromValue: f, toValue: t, byValue: b, timing: MediaTiming(duration: 2)),
                for: .borderWidth, forKey: key, committedAt: 0)
            #expect(layer.presentationValue(of: .borderWidth, at: 1).x == mid, "case \(i)")
            layer.removeAnimation(forKey: key, at: 0)
        }
        #expect(throws: TimingError.self) {
            try BasicAnimation(fromValue: .scalar(0), toValue: .scalar(1), byValue: .scalar(1))
        }
        #expect(throws: TimingError.self) { try BasicAnimation() }
        #expect(throws: TimingError.self) { try BasicAnimation(fromValue: .scalar(0), toValue: .point(.zero)) }
        #expect(throws: TimingError.self) {
            try layer.add(BasicAnimation(toValue: .scalar(1)), for: .center, committedAt: 0)
        }
    }

    @Test("a zero duration animation lasts CATransaction's 0.25 s")
    func defaultDuration() throws {
        let layer = try TimingLayer(name: "v")
        try layer.add(BasicAnimation(fromValue: .scalar(0), toValue: .scalar(1)), for: .opacity, committedAt: 0)
        #expect(layer.presentationValue(of: .opacity, at: 0.125).x == 0.5)
    }

    @Test("§7.21 keyframes [0,100,150,350]: linear, discrete and paced")
    func acceptance21() throws {
        let values: [AnimatableValue] = [0, 100, 150, 350].map { .scalar($0) }
        let linear = try KeyframeAnimation(values: values)
        for (x, v) in [(0.25, 75.0), (1.0 / 3, 100), (0.5, 125), (0.9, 290)] {
            #expect(near(linear.interpolated(at: x).x, v, 1e-9), "x = \(x)")
        }
        let discrete = try KeyframeAnimation(values: values, calculationMode: .discrete)
        #expect(discrete.interpolated(at: 0.24).x == 0)
        #expect(discrete.interpolated(at: 0.25).x == 100)
        #expect(discrete.interpolated(at: 1).x == 350)
        let paced = try KeyframeAnimation(values: values, calculationMode: .paced)
        for (a, b) in zip(paced.effectiveKeyTimes, [0, 2.0 / 7, 3.0 / 7, 1]) { #expect(near(a, b, 1e-12)) }
        #expect(near(paced.interpolated(at: 0.5).x, 175, 1e-9))
    }

    @Test("keyframe arrays of the wrong length or order are rejected with the counts in the message")
    func keyframeRejections() {
        let values: [AnimatableValue] = [.scalar(0), .scalar(1), .scalar(2)]
        #expect(throws: TimingError.self) { try KeyframeAnimation(values: values, keyTimes: [0, 1]) }
        #expect(throws: TimingError.self) { try KeyframeAnimation(values: values, keyTimes: [0, 0.7, 0.5]) }
        #expect(throws: TimingError.self) { try KeyframeAnimation(values: values, keyTimes: [0, 0.5, 1.2]) }
        #expect(throws: TimingError.self) {
            try KeyframeAnimation(values: values, keyTimes: [0, 0.5, 1], calculationMode: .discrete)
        }
        #expect(throws: TimingError.self) { try KeyframeAnimation(values: values, timingFunctions: [.linear]) }
        #expect(throws: TimingError.self) { try KeyframeAnimation(values: []) }
        #expect(throws: TimingError.self) { try KeyframeAnimation(values: [.scalar(0), .angle(.zero)]) }
        do { _ = try KeyframeAnimation(values: values, keyTimes: [0, 1]) } catch {
            #expect("\(error)".contains("2 entries for 3 values") && "\(error)".contains("3 entries"))
        }
    }

    @Test("cubic keyframes pass through every value (Catmull-Rom by default); cubicPaced moves at constant speed")
    func cubicModes() throws {
        let values: [AnimatableValue] = [
            .point(Point(0, 0)), .point(Point(100, 0)), .point(Point(100, 100)), .point(Point(0, 100)),
        ]
        let cubic = try KeyframeAnimation(values: values, calculationMode: .cubic)
        for (i, v) in values.enumerated() {
            let p = cubic.interpolated(at: Double(i) / 3).point!
            let q = v.point!
            #expect(p.distance(to: q) < 1e-9)
        }
        // Catmull-Rom overshoots a corner, linear would not.
        #expect(cubic.interpolated(at: 0.5).point!.x > 100)
        let paced = try KeyframeAnimation(values: values, calculationMode: .cubicPaced)
        var steps: [Double] = []
        var previous = paced.interpolated(at: 0).point!
        for i in 1...100 {
            let p = paced.interpolated(at: Double(i) / 100).point!
            steps.append(p.distance(to: previous))
            previous = p
        }
        let mean = steps.reduce(0, +) / Double(steps.count)
        #expect(steps.allSatisfy { abs($0 - mean) / mean < 0.01 }, "speed varies: \(steps.min()!)…\(steps.max()!)")
    }

    @Test("segment timing functions apply after the animation's own function")
    func segmentFunctions() throws {
        let k = try KeyframeAnimation(
            values: [.scalar(0), .scalar(1), .scalar(2)], timingFunctions: [.easeIn, .easeOut])
        #expect(near(k.interpolated(at: 0.25).x, MediaTimingFunction.easeIn.evaluate(0.5), 1e-12))
        #expect(near(k.interpolated(at: 0.75).x, 1 + MediaTimingFunction.easeOut.evaluate(0.5), 1e-12))
    }

    @Test(
        "§7.22 UIView.animate defaults to easeInEaseOut; duration 0 sets values with no animation and completes finished"
    )
    func acceptance22() throws {
        let layer = try TimingLayer(name: "v")
        try layer.setModelValue(.scalar(1), for: .opacity)
        let tx = try ViewAnimation.animate(layer, withDuration: 1, changes: [(.opacity, .scalar(0))], committedAt: 0)
        let anim = try #require(layer.animation(forKey: tx.keys[0]) as? BasicAnimation)
        #expect(anim.timingFunction == .easeInEaseOut)
        #expect(near(layer.presentationValue(of: .opacity, at: 0.4).x, 1 - 0.331884, 1e-6))
        #expect(layer.modelValue(of: .opacity) == .scalar(0))

        let instant = try TimingLayer(name: "w")
        let none = try ViewAnimation.animate(
            instant, withDuration: 0, changes: [(.opacity, .scalar(0.2))], committedAt: 0)
        #expect(none.completesImmediately && instant.animationKeys.isEmpty)
        #expect(instant.presentationValue(of: .opacity, at: 0) == .scalar(0.2))
        var completion = ViewAnimationTransaction.Completion(none)
        #expect(completion.consume([]) == true)
        #expect(completion.consume([]) == nil, "once")
    }

    @Test("UIView additive retargeting blends a second animation with the first instead of jumping")
    func additiveRetarget() throws {
        let layer = try TimingLayer(name: "v")
        try layer.setModelValue(.point(Point(0, 0)), for: .center)
        _ = try ViewAnimation.animate(
            layer, withDuration: 1, changes: [(.center, .point(Point(100, 0)))], committedAt: 0)
        let before = layer.presentationValue(of: .center, at: 0.5).point!
        _ = try ViewAnimation.animate(
            layer, withDuration: 1, changes: [(.center, .point(Point(0, 100)))], committedAt: 0.5)
        let after = layer.presentationValue(of: .center, at: 0.5).point!
        #expect(before.distance(to: after) < 1e-12)
        #expect(layer.animationKeys.count == 2)
        #expect(layer.presentationValue(of: .center, at: 2).point == Point(0, 100))
    }

    @Test("§7.23 UIView keyframes follow easeInEaseOut overall by default and linear with 3<<16")
    func acceptance23() throws {
        for (options, curve) in [
            (KeyframeAnimationOptions(), MediaTimingFunction.easeInEaseOut),
            (KeyframeAnimationOptions(rawValue: 3 << 16), .linear),
        ] {
            let layer = try TimingLayer(name: "v")
            try layer.setModelValue(.scalar(0), for: .cornerRadius)
            _ = try ViewAnimation.animateKeyframes(
                layer, withDuration: 2, options: options,
                keyframes: [
                    ViewKeyframe(relativeStartTime: 0, relativeDuration: 0.5, changes: [(.cornerRadius, .scalar(10))]),
                    ViewKeyframe(
                        relativeStartTime: 0.5, relativeDuration: 0.5, changes: [(.cornerRadius, .scalar(30))]),
                ], committedAt: 0)
            for x in [0.1, 0.3, 0.45, 0.6, 0.9] {
                let y = curve.evaluate(x)
                let expected = y < 0.5 ? 10 * y / 0.5 : 10 + 20 * (y - 0.5) / 0.5
                #expect(
                    near(layer.presentationValue(of: .cornerRadius, at: 2 * x).x, expected, 1e-9),
                    "\(options.rawValue) x \(x)")
            }
        }
        #expect(throws: TimingError.self) {
            try ViewAnimation.animateKeyframes(
                TimingLayer(name: "v"), withDuration: 1,
                keyframes: [
                    ViewKeyframe(relativeStartTime: 0.8, relativeDuration: 0.5, changes: [(.opacity, .scalar(0))])
                ], committedAt: 0)
        }
    }

    @Test("UIView spring animation uses the duration solve and lands within 0.1 % at D")
    func viewSpring() throws {
        let layer = try TimingLayer(name: "v")
        let tx = try ViewAnimation.animate(
            layer, withDuration: 0.5, usingSpringWithDamping: 1, initialSpringVelocity: 0,
            changes: [(.translation, .point(Point(100, 0)))], committedAt: 0)
        let anim = try #require(layer.animation(forKey: tx.keys[0]) as? SpringAnimation)
        #expect(near(anim.spring.stiffness, 341.0237, 5e-4))
        #expect(near(layer.presentationValue(of: .translation, at: 0.5).point!.x, 99.9, 1e-4))
    }

    @Test("colours interpolate straight sRGB components as Doubles and round once at output")
    func colours() throws {
        let layer = try TimingLayer(name: "v")
        let red = AnimatableColor(ColorRGBA8(r: 255, g: 0, b: 0))
        let blue = AnimatableColor(ColorRGBA8(r: 0, g: 0, b: 255, a: 0))
        try layer.add(
            BasicAnimation(fromValue: .color(red), toValue: .color(blue), timing: MediaTiming(duration: 1)),
            for: .fillColor, committedAt: 0)
        #expect(
            layer.presentationValue(of: .fillColor, at: 0.5).color?.rgba8 == ColorRGBA8(r: 128, g: 0, b: 128, a: 128))
    }
}
