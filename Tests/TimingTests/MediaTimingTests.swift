import Geometry
import Testing

@testable import Timing

@Suite("Media timing (model M3')")
struct MediaTimingTests {
    typealias Row = (tp: Double, phase: TimingPhase, applied: Bool, local: Double, k: Int)

    func check(_ timing: MediaTiming, _ rows: [Row], zeroDuration: Double = 0.25) {
        for r in rows {
            let s = timing.sample(parentTime: r.tp, zeroDuration: zeroDuration)
            #expect(s.phase == r.phase, "tp \(r.tp): phase \(s.phase)")
            #expect(s.isApplied == r.applied, "tp \(r.tp): applied \(s.isApplied)")
            if r.applied {
                #expect(near(s.localTime, r.local, 1e-12), "tp \(r.tp): local \(s.localTime)")
                #expect(s.iteration == r.k, "tp \(r.tp): k \(s.iteration)")
            }
        }
    }

    @Test("§6.5 d=1, rc=2.5, autoreverses, fill forwards")
    func repeatAutoreverse() {
        check(
            MediaTiming(duration: 1, repeatCount: 2.5, autoreverses: true, fillMode: .forwards),
            [
                (0.25, .active, true, 0.25, 0), (1.25, .active, true, 0.75, 0), (2.25, .active, true, 0.25, 1),
                (4.5, .active, true, 0.5, 2), (5.0, .active, true, 1.0, 2), (6.0, .after, true, 1.0, 2),
            ])
    }

    @Test("§6.5 / §7.15 offset wrap: d=1, o=0.5, b=10 shows 0.5→1 then 0→0.5, active exactly 1 s")
    func offsetWrap() {
        let t = MediaTiming(beginTime: 10, timeOffset: 0.5, duration: 1)
        check(
            t,
            [
                (9.9, .before, false, 0, 0), (10, .active, true, 0.5, 0), (10.3, .active, true, 0.8, 0),
                (10.6, .active, true, 0.1, 1), (11.0, .active, true, 0.5, 1), (11.01, .after, false, 0, 0),
            ])
        // Active span measured on a 1 ms grid: 10.000 … 11.000 inclusive.
        let active = (9_000...12_000).filter { t.sample(parentTime: Double($0) / 1000).phase == .active }
        #expect(active.first == 10_000 && active.last == 11_000)
    }

    @Test("§6.5 d=1, s=2, b=10")
    func doubleSpeed() {
        check(
            MediaTiming(beginTime: 10, speed: 2, duration: 1),
            [
                (10.25, .active, true, 0.5, 0), (10.5, .active, true, 1.0, 0), (10.51, .after, false, 0, 0),
            ])
    }

    @Test("§6.5 reverse idiom d=1, s=−1, o=1, b=10")
    func reverseIdiom() {
        check(
            MediaTiming(beginTime: 10, timeOffset: 1, speed: -1, duration: 1),
            [
                (10.0, .active, true, 1.0, 0), (10.25, .active, true, 0.75, 0), (11.0, .active, true, 0.0, 0),
                (11.01, .after, false, 0, 0),
            ])
        // Without the offset a reversed animation is never visible (§1.7).
        #expect(MediaTiming(speed: -1, duration: 1).sample(parentTime: 0.5).isApplied == false)
    }

    @Test("§6.5 / §7.17 autoreverses + repeatCount 1 ends at local 0 after 2·d; rc 2.5 lasts 2.5 cycles")
    func autoreverseEndsAtStart() {
        let t = MediaTiming(duration: 1, repeatCount: 1, autoreverses: true, fillMode: .forwards)
        check(t, [(2.5, .after, true, 0, 0)])
        #expect(t.activeDuration(zeroDuration: 0.25) == 2)
        #expect(MediaTiming(duration: 1, repeatCount: 2.5, autoreverses: true).activeDuration(zeroDuration: 0.25) == 5)
        // repeatCount 2 without autoreverse ends at local = d (boundary rule).
        check(
            MediaTiming(duration: 1, repeatCount: 2, fillMode: .forwards),
            [(2.0, .active, true, 1.0, 1), (3, .after, true, 1.0, 1)])
    }

    @Test("§6.5 d=1, rd=2.5")
    func repeatDuration() {
        check(MediaTiming(duration: 1, repeatDuration: 2.5), [(2.25, .active, true, 0.25, 2)])
        check(MediaTiming(duration: 1, repeatDuration: 2.5, fillMode: .forwards), [(2.6, .after, true, 0.5, 2)])
    }

    @Test("§6.5 / §7.19 a layer with speed −1 is not rendered at any tp > 0 (O-FORUM)")
    func reversedLayerHidden() throws {
        let layer = try TimingLayer(name: "v", timing: MediaTiming(speed: -1))
        for tp in [0.001, 1, 100] { #expect(!layer.isVisible(at: tp)) }
        #expect(layer.isVisible(at: 0))
        // §1.7: a layer whose beginTime is later than its parent's time is not drawn.
        let late = try TimingLayer(name: "late", timing: MediaTiming(beginTime: 5))
        #expect(!late.isVisible(at: 4.99) && late.isVisible(at: 5))
        // §1.7: an animation with speed 0 is frozen at t = o.
        let frozen = MediaTiming(timeOffset: 0.3, speed: 0, duration: 1)
        #expect(frozen.sample(parentTime: 7).localTime == 0.3)
    }

    @Test("§6.5 a paused layer (s=0, o=12.5) reads 12.5 at any tp ≥ b")
    func pausedLayer() throws {
        let layer = try TimingLayer(name: "p", timing: MediaTiming(timeOffset: 12.5, speed: 0))
        for tp in [0.0, 3, 1000] { #expect(layer.localTime(at: tp) == 12.5 && layer.isVisible(at: tp)) }
    }

    @Test("§7.12 time fold: parent speed 2, child (b 5, s 0.5, o 1) at 100 ⇒ 98.5; converting back ⇒ 100")
    func acceptance12() throws {
        let parent = try TimingLayer(name: "parent", timing: MediaTiming(speed: 2))
        let child = try TimingLayer(name: "child", timing: MediaTiming(beginTime: 5, timeOffset: 1, speed: 0.5))
        try parent.addSublayer(child)
        #expect(parent.localTime(at: 100) == 200)
        #expect(child.localTime(at: 100) == 98.5)
        #expect(child.convertTime(100, from: nil) == 98.5)
        #expect(child.convertTime(98.5, to: nil) == 100)
        #expect(child.convertTime(200, from: parent) == 98.5)
        #expect(parent.convertTime(98.5, from: child) == 200)
        // Effective rate = product of speeds: the child advances 1 s per media second.
        #expect(child.localTime(at: 101) - child.localTime(at: 100) == 1)
        // A speed-0 layer is not invertible: ±∞/NaN, never a trap (§1.4).
        try child.updateTiming { $0.speed = 0 }
        #expect(!child.convertTime(3, to: nil).isFinite)
        // Cycles are refused.
        #expect(throws: TimingError.self) { try child.addSublayer(parent) }
    }

    @Test("§7.13 QA1673 pause at 50 / resume at 53: beginTime 3, local(53) = 50, local(54) = 51; values continuous")
    func acceptance13() throws {
        let layer = try TimingLayer(name: "v")
        try layer.add(
            BasicAnimation(fromValue: .scalar(0), toValue: .scalar(100), timing: MediaTiming(duration: 100)),
            for: .opacity, committedAt: 0)
        let before = layer.presentationValue(of: .opacity, at: 50)
        try layer.pause(at: 50)
        #expect(layer.localTime(at: 51) == 50)
        #expect(layer.presentationValue(of: .opacity, at: 52) == before)
        try layer.resume(at: 53)
        #expect(layer.timing.beginTime == 3)
        #expect(layer.localTime(at: 53) == 50)
        #expect(layer.localTime(at: 54) == 51)
        #expect(layer.presentationValue(of: .opacity, at: 53) == before)
    }

    @Test("§7.14 beginTime 0 resolves to the layer-local time of the commit tick; 0 under a paused layer")
    func acceptance14() throws {
        let layer = try TimingLayer(name: "v", timing: MediaTiming(beginTime: 1, speed: 2))
        let n = 30
        let t = tick(n)
        try layer.add(
            BasicAnimation(toValue: .scalar(0), timing: MediaTiming(duration: 1)), for: .opacity, forKey: "a",
            committedAt: t)
        #expect(layer.animation(forKey: "a")?.timing.beginTime == layer.localTime(at: t))
        let paused = try TimingLayer(name: "p", timing: MediaTiming(speed: 0))
        try paused.add(
            BasicAnimation(toValue: .scalar(0), timing: MediaTiming(duration: 1)), for: .opacity, forKey: "a",
            committedAt: t)
        #expect(paused.animation(forKey: "a")?.timing.beginTime == 0)
        // UIKit's relative mode adds the delay to the commit time.
        try layer.add(
            BasicAnimation(toValue: .scalar(0), timing: MediaTiming(beginTime: 0.5, duration: 1)), for: .opacity,
            forKey: "b", committedAt: t, beginTimeMode: .relative)
        #expect(layer.animation(forKey: "b")?.timing.beginTime == layer.localTime(at: t) + 0.5)
    }

    @Test(
        "§7.16 fill: before begin removed/forwards show the model, backwards/both the value at t = o; forwards holds forever"
    )
    func acceptance16() throws {
        for fill in FillMode.allCases {
            let layer = try TimingLayer(name: "v")
            try layer.setModelValue(.scalar(0.5), for: .opacity)
            let anim = try BasicAnimation(
                fromValue: .scalar(0), toValue: .scalar(1),
                timing: MediaTiming(beginTime: 10, timeOffset: 0.25, duration: 1, fillMode: fill),
                isRemovedOnCompletion: false)
            try layer.add(anim, for: .opacity, committedAt: 0)
            let early = layer.presentationValue(of: .opacity, at: 5).x
            #expect(early == (fill.fillsBackwards ? 0.25 : 0.5), "\(fill)")
            // The offset wraps (M3'), so the last frame is local 0.25 at tp = 11; forwards holds it.
            let last = layer.presentationValue(of: .opacity, at: 11).x
            #expect(near(last, 0.25, 1e-12))
            for late in [20.0, 1e6] {
                #expect(
                    layer.presentationValue(of: .opacity, at: late).x == (fill.fillsForwards ? last : 0.5), "\(fill)")
            }
            let plain = try TimingLayer(name: "w")
            try plain.setModelValue(.scalar(0.5), for: .opacity)
            try plain.add(
                BasicAnimation(
                    fromValue: .scalar(0), toValue: .scalar(1), timing: MediaTiming(duration: 1, fillMode: fill),
                    isRemovedOnCompletion: false), for: .opacity, committedAt: 0)
            #expect(plain.presentationValue(of: .opacity, at: 1e6).x == (fill.fillsForwards ? 1 : 0.5), "\(fill)")
        }
    }

    @Test(
        "§7.20 removedOnCompletion: gone on the first frame after the end; finished=true once; removeAnimation ⇒ false")
    func acceptance20() throws {
        let layer = try TimingLayer(name: "v")
        try layer.add(
            BasicAnimation(
                fromValue: .scalar(0), toValue: .scalar(1), timing: MediaTiming(duration: 1, fillMode: .forwards)),
            for: .opacity, forKey: "fade", committedAt: 0)
        var stops: [AnimationEvent] = []
        for n in 0...120 {
            let t = tick(n)
            stops += layer.advance(to: t)
            let v = layer.presentationValue(of: .opacity, at: t).x
            if n == 60 { #expect(v == 1) }
            if n == 61 {
                #expect(v == 1, "model value shows")
                #expect(layer.animationKeys.isEmpty)
            }
        }
        #expect(stops.count == 1 && stops[0].finished && stops[0].time == tick(61))
        try layer.setModelValue(.scalar(0.3), for: .opacity)
        try layer.add(
            BasicAnimation(toValue: .scalar(1), timing: MediaTiming(duration: 1)), for: .opacity, forKey: "b",
            committedAt: 3)
        let removed = layer.removeAnimation(forKey: "b", at: 3.5)
        #expect(removed?.finished == false)
        #expect(layer.presentationValue(of: .opacity, at: 3.5).x == 0.3)
        // Replacing a key stops the old one with finished=false.
        try layer.add(
            BasicAnimation(toValue: .scalar(1), timing: MediaTiming(duration: 1)), for: .opacity, forKey: "c",
            committedAt: 4)
        let replaced = try layer.add(
            BasicAnimation(toValue: .scalar(0), timing: MediaTiming(duration: 1)), for: .opacity,
            forKey: "c", committedAt: 4.2)
        #expect(replaced.map(\.finished) == [false])
    }

    @Test("§7.19 / §6.3 S2 reverse v1: rendered until T + pD, then hidden, completion fired")
    func acceptance19() throws {
        // D = 1, p = 0.4, T = 100: the view's implicit animation was created under a paused layer.
        let layer = try TimingLayer(name: "view", timing: MediaTiming(speed: 0))
        try layer.setModelValue(.point(Point(0, 0)), for: .center)
        let tx = try ViewAnimation.animate(
            layer, withDuration: 1, changes: [(.center, .point(Point(0, 500)))], committedAt: 90)
        var completion = ViewAnimationTransaction.Completion(tx)
        #expect(layer.animation(forKey: tx.keys[0])?.timing.beginTime == 0)
        try layer.updateTiming { $0.timeOffset = 0.4 }  // scrub: p·D
        #expect(near(layer.presentationValue(of: .center, at: 95).point!.y, 500 * 0.331884, 500 * 1e-5))
        // gs_continueReverseAnimation at T = 100.
        try layer.setTiming(MediaTiming())
        try layer.setTiming(
            MediaTiming(beginTime: layer.convertTime(100, from: nil) - (1 - 0.4), timeOffset: 1, speed: -1))
        #expect(near(layer.timing.beginTime, 99.4, 1e-12))
        #expect(near(layer.localTime(at: 100.1), 0.3, 1e-12))
        #expect(near(layer.presentationValue(of: .center, at: 100.1).point!.y, 500 * 0.187396, 500 * 1e-5))
        var fired: (Double, Bool)?
        for n in 6000...6060 {
            let t = tick(n)
            if let f = completion.consume(layer.advance(to: t)), fired == nil { fired = (t, f) }
            #expect(layer.isVisible(at: t) == (t <= 100.4 + 1e-9), "t = \(t)")
        }
        #expect(near(layer.localTime(at: 100.4), 0, 1e-12))
        #expect(near(layer.localTime(at: tick(6025)), -0.016667, 1e-6))
        #expect(fired.map { near($0.0, tick(6025), 1e-12) && $0.1 } == true, "completion \(String(describing: fired))")
    }

    @Test("§6.3 S2 continue: beginTime T − pD, finishes at T + (1 − p)D, fraction 0.5 at 100.1")
    func s2Continue() throws {
        let layer = try TimingLayer(name: "view", timing: MediaTiming(speed: 0))
        let tx = try ViewAnimation.animate(layer, withDuration: 1, changes: [(.opacity, .scalar(0))], committedAt: 90)
        try layer.updateTiming { $0.timeOffset = 0.6 }
        // gs_continueAnimationWithTimeProgress(pD) at T = 100, p = 0.6 > 0.5 (the spec's vector uses p = 0.4).
        let p = 0.4
        try layer.setTiming(MediaTiming())
        try layer.updateTiming { $0.beginTime = layer.convertTime(100, from: nil) - p }
        #expect(near(layer.timing.beginTime, 99.6, 1e-12))
        #expect(near(1 - layer.presentationValue(of: .opacity, at: 100.1).x, 0.5, 1e-12))
        var done: Double?
        var completion = ViewAnimationTransaction.Completion(tx)
        for n in 5990...6100 where done == nil {
            if completion.consume(layer.advance(to: tick(n))) == true { done = tick(n) }
        }
        // End at 100.6; the first tick after it is 100.61667 (6037).
        #expect(done == tick(6037))
        #expect(layer.isVisible(at: 100.7))
    }

    @Test("§6.3 S2 reverse v2 display-link offsets and fractions at 60 Hz")
    func s2DisplayLink() throws {
        let layer = try TimingLayer(name: "view", timing: MediaTiming(speed: 0))
        _ = try ViewAnimation.animate(layer, withDuration: 1, changes: [(.opacity, .scalar(0))], committedAt: 90)
        let expected: [(Int, Double, Double?)] = [
            (0, 0.4, 0.331884), (1, 0.383333, 0.305620), (2, 0.366667, 0.280126), (24, 0.0, nil),
        ]
        for (n, offset, fraction) in expected {
            let o = 0.4 - tick(n)
            #expect(near(o, offset, 1e-6))
            try layer.updateTiming { $0.timeOffset = max(o, 0) }
            if let fraction { #expect(near(1 - layer.presentationValue(of: .opacity, at: 100).x, fraction, 1e-6)) }
        }
        #expect(0.4 - tick(25) < 0, "n = 25 invalidates")
    }

    @Test("invalid media timing is rejected: negative duration, NaN offset, negative repeatCount")
    func rejections() {
        #expect(throws: TimingError.self) { try MediaTiming(duration: -1).validate() }
        #expect(throws: TimingError.self) { try MediaTiming(timeOffset: .nan).validate() }
        #expect(throws: TimingError.self) { try MediaTiming(repeatCount: -2).validate() }
        #expect(throws: TimingError.self) {
            try BasicAnimation(toValue: .scalar(1), timing: MediaTiming(duration: -0.5))
        }
        do { try MediaTiming(duration: -1).validate(call: "anim") } catch {
            #expect("\(error)" == "anim.duration: invalid value -1.0; expected a finite duration ≥ 0 s")
        }
    }
}
