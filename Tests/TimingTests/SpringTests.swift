import Geometry
import Testing

@testable import Timing

@Suite("Spring")
struct SpringTests {
    @Test("§7.4 default spring: q(0.1), q(0.25), q(1) to 1e-6; q(0) = 0; q'(0) = v0")
    func acceptance4() throws {
        let s = Spring.standard
        #expect(near(s.position(at: 0.1), 0.340300, 1e-6))
        #expect(near(s.position(at: 0.25), 1.023360, 1e-6))
        #expect(near(s.position(at: 1.0), 1.002170, 1e-6))
        #expect(s.position(at: 0) == 0)
        #expect(near(s.position(at: 0.05), 0.104405, 1e-6))
        #expect(near(s.position(at: 0.5), 1.074591, 1e-6))
        for (z, v0) in [(10.0, 0.0), (10, 3), (20, -2), (40, 5)] {
            for overdamping in [false, true] {
                let spring = try Spring(
                    damping: z, initialVelocity: v0, allowsOverdamping: overdamping, conventionalOverdamping: true)
                #expect(spring.position(at: 0) == 0)
                #expect(near(spring.velocity(at: 0), v0, 1e-12), "c=\(z) v0=\(v0)")
            }
        }
    }

    @Test("default spring peaks at 1.16303 near t = 0.3628 s")
    func peak() {
        var best = (t: 0.0, q: 0.0)
        for i in 0...10_000 {
            let t = Double(i) / 10_000
            let q = Spring.standard.position(at: t)
            if q > best.q { best = (t, q) }
        }
        #expect(near(best.q, 1.16303, 1e-5))
        #expect(near(best.t, 0.3628, 2e-4))
    }

    @Test(
        "§7.5 settlingDuration is exact for ζ < 1",
        arguments: [
            (1.0, 100.0, 10.0, 0.0, 1.4727003346780927), (1, 100, 5, 0, 2.854974609888761),
            (1, 100, 15, 0, 1.0220937981854987),
            (0.5, 40, 1, 0, 7.014372915216015), (0.5, 40, 1, 8, 7.488607696715975),
        ])
    func acceptance5(m: Double, k: Double, c: Double, v: Double, expected: Double) throws {
        let s = try Spring(mass: m, stiffness: k, damping: c, initialVelocity: v)
        #expect(near(s.settlingDuration(), expected, 1e-12), "\(s.settlingDuration())")
    }

    @Test("§7.6 settling for ζ ≥ 1 steps by 0.1 s; speed divides it; speed 0 gives FLT_MAX")
    func acceptance6() throws {
        #expect(near(try Spring(mass: 3, stiffness: 1000, damping: 500).settlingDuration(), 0.6, 1e-12))
        #expect(try Spring(mass: 1, stiffness: 100, damping: 20).settlingDuration() == 0.9999999999999999)
        #expect(Spring.standard.settlingDuration(speed: 2) == 0.7363501673390463)
        #expect(Spring.standard.settlingDuration(speed: 0) == Double(Float.greatestFiniteMagnitude))
        let anim = try SpringAnimation(toValue: .scalar(1), timing: MediaTiming(speed: 2))
        #expect(anim.settlingDuration == 0.7363501673390463)
    }

    @Test("§7.7 ζ > 1 without allowsOverdamping is exactly critical damping at ω0")
    func acceptance7() throws {
        let over = try Spring(mass: 1, stiffness: 100, damping: 40)
        let critical = try Spring(mass: 1, stiffness: 100, damping: 20)
        for i in 0...50 {
            let t = Double(i) * 0.02
            #expect(over.position(at: t) == critical.position(at: t))
        }
        // With allowsOverdamping CA's coefficient ordering overshoots. The spec's §2.4 formula gives
        // a peak of 1.04777 at ζ = 2 (independent of ω0 for v0 = 0); the "≈ 1.0346" quoted beside it
        // does not follow from that formula (reported to the lead), so the formula's value is pinned.
        let quirk = try Spring(mass: 1, stiffness: 100, damping: 40, allowsOverdamping: true)
        var peak = 0.0
        for i in 0...4000 { peak = max(peak, quirk.position(at: Double(i) / 1000)) }
        #expect(near(peak, 1.0477687, 1e-6))
        #expect(near(quirk.velocity(at: 0), 2 * 20, 1e-9))
    }

    @Test(
        "§7.8 / §3.3 UIKit duration → stiffness solve",
        arguments: [
            (0.5, 1.0, 341.0237, 36.9337), (0.5, 0.5, 646.878, 25.4338), (0.5, 0.7, 387.2746, 27.551),
            (1.0, 0.5, 161.7195, 12.7169), (3.0, 0.25, 54.8336, 3.7025), (2.0, 0.3, 91.8702, 5.7509),
        ])
    func acceptance8(d: Double, zeta: Double, k: Double, c: Double) throws {
        let s = try Spring.uiKit(duration: d, dampingRatio: zeta)
        // Tolerance: half a unit in the last digit the spec prints.
        #expect(near(s.stiffness, k, 5e-4 * max(1, k / 100)), "k = \(s.stiffness)")
        #expect(near(s.damping, c, 5e-4), "c = \(s.damping)")
        if zeta == 1 { #expect(near(s.position(at: d), 0.999, 1e-6), "q(D) = \(s.position(at: d))") }
    }

    @Test("§7.9 mass/stiffness/damping parameters replace the animator duration; dampingRatio keeps it")
    func acceptance9() throws {
        let physical = try PropertyAnimator(
            duration: 4, timingParameters: .spring(SpringTimingParameters(mass: 1, stiffness: 100, damping: 10)))
        #expect(physical.duration == 1.4727003346780927)
        let ratio = try PropertyAnimator(
            duration: 4, timingParameters: .spring(SpringTimingParameters(dampingRatio: 0.5)))
        #expect(ratio.duration == 4)
    }

    @Test(
        "§7.10 UISpringTimingParameters() is mass 3, stiffness 1000, damping 500 with UIKit settling 0.5058237870785645"
    )
    func acceptance10() throws {
        let p = SpringTimingParameters()
        #expect(p.definition == .physical(mass: 3, stiffness: 1000, damping: 500))
        let s = try p.spring(forAnimatorDuration: 1)
        #expect(near(s.dampingRatio, 4.564, 5e-4))
        #expect(near(try #require(try p.implicitAnimatorDuration()), 0.5058237870785645, 1e-12))
        let animator = try PropertyAnimator(duration: 2, timingParameters: .spring(p))
        #expect(near(animator.duration, 0.5058237870785645, 1e-12))
    }

    @Test(
        "§7.11 SwiftUI mappings: Spring(duration 0.5, bounce 0.3) and bounce −0.5 ⇒ ζ = 2; (1,100,10) ⇒ 0.628 s, bounce 0.5"
    )
    func acceptance11() throws {
        let s = try Spring.swiftUI(duration: 0.5, bounce: 0.3)
        #expect(near(s.stiffness, 157.9137, 5e-5))
        #expect(near(s.damping, 17.5929, 5e-5))
        #expect(Spring.dampingRatio(bounce: -0.5) == 2)
        #expect(near(try Spring.swiftUI(duration: 0.5, bounce: -0.5).dampingRatio, 2, 1e-12))
        #expect(near(Spring.standard.perceptualDuration, 0.628, 5e-4))
        #expect(near(Spring.standard.bounce, 0.5, 1e-12))
        let ca = try Spring(perceptualDuration: 0.5, bounce: 0.3)
        #expect(ca.allowsOverdamping && near(ca.stiffness, 157.9137, 5e-5))
    }

    @Test("invalid spring parameters are rejected, naming the field")
    func rejections() {
        #expect(throws: TimingError.self) { try Spring(mass: 0) }
        #expect(throws: TimingError.self) { try Spring(stiffness: -1) }
        #expect(throws: TimingError.self) { try Spring(damping: -1) }
        #expect(throws: TimingError.self) { try Spring(perceptualDuration: 0, bounce: 0) }
        do {
            _ = try Spring(mass: -2)
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("Spring.mass") && "\(error)".contains("-2"))
        }
    }
}
