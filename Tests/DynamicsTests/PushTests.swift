import Dynamics
import DynamicsTestSupport
import Foundation
import Geometry
import Testing

/// Spec dynamics §3.2, §5.2 and §7 properties 4–8, 22: pushes.
struct PushTests {
    /// A 100×100 plain item (1 kg) at (200, 200) with a push; `resistance` nil = engine default.
    static func scene(
        mode: PushBehavior.Mode, direction: Point, offset: Point = .zero,
        resistance: Double? = 0, allowsRotation: Bool = true, size: Size = Size(100, 100), density: Double? = nil
    ) -> (DynamicAnimator, DynamicItem, PushBehavior) {
        let item = DynamicItem(identifier: "pushed", bounds: size, center: Point(200, 200), kind: .plain)
        let animator = DynamicAnimator()
        if resistance != nil || !allowsRotation || density != nil {
            let material = ItemBehavior(items: [item])
            if let resistance {
                material.resistance = resistance
                material.angularResistance = resistance
            }
            if let density { material.density = density }
            material.allowsRotation = allowsRotation
            animator.addBehavior(material)
        }
        let push = PushBehavior(items: [item], mode: mode)
        push.pushDirection = direction
        push.setTargetOffsetFromCenter(offset, for: item)
        animator.addBehavior(push)
        return (animator, item, push)
    }

    static let continuousSpeeds: [(tick: Int, speed: Double)] = [
        (1, 0.833333), (2, 2.500000), (3, 4.166667), (4, 5.833333),
    ]

    @Test("A continuous push of 1 N on 1 kg gains 0.8333 pt/s per sub-step (property 4)")
    func continuousSpeed() {
        let (animator, item, _) = Self.scene(mode: .continuous, direction: Point(1, 0))
        for row in Self.continuousSpeeds {
            animator.step(Scenes.tick)
            let v = animator.linearVelocity(for: item).length
            #expect(abs(v - row.speed) <= 1e-5 * row.speed, "tick \(row.tick): |v| \(v)")
        }
    }

    @Test("Push units: magnitude 1 at π/4 moves 49.583 pt in 60 ticks, 50.417 pt in 120 sub-steps (property 5)")
    func pushUnits() {
        let (animator, item, push) = Self.scene(mode: .continuous, direction: .zero)
        push.magnitude = 1
        push.angle = .pi / 4
        for _ in 1...60 { animator.step(Scenes.tick) }
        #expect(animator.subStepCount == 119)
        let d = item.center - Point(200, 200)
        #expect(abs(d.length - 49.583) <= 0.01, "moved \(d.length)")
        #expect(abs(d.x - 35.061) <= 0.01 && abs(d.y - 35.061) <= 0.01, "moved \(d)")
        // One more 1/120-s tick: exactly 120 sub-steps, 50.417 pt = 50 ± 1 %.
        animator.step(1.0 / 120)
        #expect(animator.subStepCount == 120)
        let d120 = (item.center - Point(200, 200)).length
        #expect(abs(d120 - 50.417) <= 0.01 && abs(d120 - 50) <= 0.5, "moved \(d120)")
    }

    @Test("With the default 0.1 resistance the push moves 47.958 pt at 94.37 pt/s after 60 ticks (property 6)")
    func pushWithDefaultDamping() {
        let (animator, item, push) = Self.scene(mode: .continuous, direction: .zero, resistance: nil)
        push.magnitude = 1
        push.angle = .pi / 4
        for _ in 1...60 { animator.step(Scenes.tick) }
        let d = (item.center - Point(200, 200)).length
        #expect(abs(d - 47.958) <= 0.01, "moved \(d)")
        #expect(abs(animator.linearVelocity(for: item).length - 94.37) <= 0.01)
    }

    static let impulses: [(size: Size, density: Double, magnitude: Double, speed: Double)] = [
        (Size(100, 100), 1, 1, 100),
        (Size(200, 50), 2, 0.3, 15),
    ]

    @Test(
        "An instantaneous push acts once: Δv = impulse / mass, then active reads false (property 7)",
        arguments: impulses)
    func instantaneous(row: (size: Size, density: Double, magnitude: Double, speed: Double)) {
        let (animator, item, push) = Self.scene(
            mode: .instantaneous, direction: Point(row.magnitude, 0), size: row.size, density: row.density)
        #expect(push.active)
        animator.step(Scenes.tick)
        #expect(!push.active)
        let v = animator.linearVelocity(for: item).length
        #expect(abs(v - row.speed) <= 1e-4 * row.speed, "v \(v)")
        for _ in 1...5 { animator.step(Scenes.tick) }
        #expect(
            abs(animator.linearVelocity(for: item).length - row.speed) <= 1e-4 * row.speed, "later ticks add nothing")
        push.active = true  // re-arms
        animator.step(Scenes.tick)
        #expect(abs(animator.linearVelocity(for: item).length - 2 * row.speed) <= 2e-4 * row.speed)
    }

    static let torqueOmegas: [(tick: Int, omega: Double)] = [(1, -0.025), (2, -0.075), (3, -0.125), (4, -0.175)]

    @Test("A continuous push off the centre turns the item: ω −0.025, −0.075, −0.125, −0.175 rad/s (property 8)")
    func continuousTorque() {
        let (animator, item, _) = Self.scene(mode: .continuous, direction: Point(1, 0), offset: Point(0, 50))
        for row in Self.torqueOmegas {
            animator.step(Scenes.tick)
            let w = animator.angularVelocity(for: item)
            #expect(abs(w - row.omega) <= 1e-6, "tick \(row.tick): ω \(w)")
        }
    }

    @Test("An impulse (0, 1) at offset (50, 0) spins the item at +3.0 rad/s (property 8)")
    func impulseTorque() {
        let (animator, item, _) = Self.scene(mode: .instantaneous, direction: Point(0, 1), offset: Point(50, 0))
        animator.step(Scenes.tick)
        #expect(abs(animator.angularVelocity(for: item) - 3.0) <= 1e-5)
    }

    @Test("allowsRotation false: the off-centre push leaves θ exactly 0 and moves like a centred push (property 22)")
    func fixedRotation() {
        let (a1, item1, _) = Self.scene(
            mode: .continuous, direction: Point(1, 0), offset: Point(0, 50), allowsRotation: false)
        let (a2, item2, _) = Self.scene(mode: .continuous, direction: Point(1, 0))
        for _ in 1...30 {
            a1.step(Scenes.tick)
            a2.step(Scenes.tick)
            #expect(item1.theta == 0)
            #expect(a1.linearVelocity(for: item1) == a2.linearVelocity(for: item2))
        }
    }

    @Test("angle, magnitude and pushDirection describe one vector with UIKit's float trig (T3)")
    func polar() {
        let push = PushBehavior(mode: .continuous)
        #expect(push.angle == 0 && push.magnitude == 0 && push.pushDirection == .zero && push.active)
        push.pushDirection = Point(3, 4)
        #expect(abs(push.angle - 0.927295218) < 1e-9 && push.magnitude == 5)
        let p2 = PushBehavior(mode: .continuous)
        p2.angle = 1
        p2.magnitude = -1
        #expect(abs(p2.pushDirection.x + 0.540302277) < 1e-8 && abs(p2.pushDirection.y + 0.841470957) < 1e-8)
    }

    // MARK: Seed 001 (spec §5.2)

    /// Simulated first-log time of the seed fit, s.
    static let t1 = 1.07
    static let seedRows: [(offset: Double, logged: Double)] = [(0, 86), (0.999, 188), (1.998, 351), (2.999, 568)]

    /// Centre x at simulated time t, linearly interpolated between ticks of 1/60 s.
    static func seedCentres(at times: [Double]) -> [Double] {
        let item = DynamicItem(identifier: "seed001", bounds: Size(100, 100), center: Point(50, 50), kind: .plain)
        let animator = DynamicAnimator()
        let push = PushBehavior(items: [item], mode: .continuous)
        push.angle = .pi / 4
        push.magnitude = 1
        animator.addBehavior(push)
        var samples: [(t: Double, x: Double)] = [(0, 50)]
        while animator.elapsedTime < (times.max() ?? 0) + 0.1 {
            animator.step(Scenes.tick)
            samples.append((animator.elapsedTime, item.center.x))
            #expect(item.center.x == item.center.y)
        }
        return times.map { t in
            let i = samples.firstIndex { $0.t >= t } ?? samples.count - 1
            let (a, b) = (samples[max(i - 1, 0)], samples[i])
            return b.t == a.t ? b.x : a.x + (b.x - a.x) * (t - a.t) / (b.t - a.t)
        }
    }

    /// Spec §5.2 prediction for this engine's integrator (host sub-steps) at t = 1, 2, 3, 4 s.
    static let hostPrediction: [(t: Double, x: Double)] = [(1, 83.91), (2, 181.86), (3, 337.76), (4, 546.09)]

    @Test("The seed push matches the spec's host-integrator prediction at 1, 2, 3, 4 s to 0.05 pt (§5.2)")
    func seedPrediction() {
        let got = Self.seedCentres(at: Self.hostPrediction.map(\.t))
        for (row, x) in zip(Self.hostPrediction, got) {
            #expect(abs(x - row.x) <= 0.05, "t \(row.t): x \(x), predicted \(row.x)")
        }
    }

    /// Measured: 88.76, 190.82, 350.32, 562.26. The first three are within 4 pt of the log; the
    /// last is 5.74 pt below 568. The spec's own host prediction (546.09 at 4 s, +234 pt/s)
    /// gives 562.3 at t1 + 2.999 = 4.069 s as well: its "within 4 pt" holds only for the
    /// continuous closed form with t1 = 1.073 s (max 3.9 pt), not for the 2N − 1 sub-step
    /// integrator at t1 = 1.07 s. Tolerance 6 pt for that point, with this reason.
    static let seedTolerances: [Double] = [4, 4, 4, 6]

    @Test("The seed push follows the logged centres 86, 188, 351, 568 (4 pt; 6 pt for the last, see note) (§5.2)")
    func seedTrace() {
        let got = Self.seedCentres(at: Self.seedRows.map { Self.t1 + $0.offset })
        for ((row, x), tolerance) in zip(zip(Self.seedRows, got), Self.seedTolerances) {
            #expect(abs(x - row.logged) <= tolerance, "t1 + \(row.offset) s: x \(x), logged \(row.logged)")
        }
    }

    @Test(
        "The seed push displacement is within 1 % of the damped closed form for t ≥ 1 s (§5.2)",
        arguments: [1.0, 2.0, 3.0, 4.0])
    func seedClosedForm(t: Double) {
        let a = 100.0
        let c = 0.1
        let closed = (a / c) * t - (a / (c * c)) * (1 - exp(-c * t))
        let x = Self.seedCentres(at: [t])[0]
        let d = (x - 50) * 2.0.squareRoot()
        #expect(abs(d - closed) <= 0.01 * closed, "t \(t): d \(d), closed form \(closed)")
    }
}
