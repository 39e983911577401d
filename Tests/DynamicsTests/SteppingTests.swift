import Dynamics
import DynamicsTestSupport
import Geometry
import Testing

/// Spec dynamics §7 properties 1–3: the §1.2 accumulator and the §1.3 integrator.
struct SteppingTests {
    /// Apple-measured centres (oracle T1 / T1b), pt, ±1e-4 (Box2D is float32; the remaining gap
    /// to the host is float rounding, ≤ 4e-5 pt on these numbers).
    static let tolerance = 1e-4

    @Test("An item with resistance 0 falls through Apple's measured free-fall heights (property 1)")
    func freeFallWithoutResistance() {
        let expected = [50.0694466, 50.4166718, 51.0416679, 51.9444466, 53.1250076]
        let (animator, item) = Scenes.freeFall(resistance: 0)
        for (tick, y) in expected.enumerated() {
            animator.step(Scenes.tick)
            #expect(abs(item.center.y - y) <= Self.tolerance, "tick \(tick + 1): y \(item.center.y), expected \(y)")
            #expect(item.center.x == 150)
        }
    }

    @Test("An item with no item behaviour falls with the default 0.1 resistance (property 2)")
    func freeFallWithDefaultResistance() {
        let expected = [50.0693855, 50.4160881, 51.0396423, 51.9395943, 53.1154747]
        let (animator, item) = Scenes.freeFall(resistance: nil)
        for (tick, y) in expected.enumerated() {
            animator.step(Scenes.tick)
            #expect(abs(item.center.y - y) <= Self.tolerance, "tick \(tick + 1): y \(item.center.y), expected \(y)")
        }
    }

    @Test("N ticks of 1/60 s make 2N − 1 sub-steps and elapsedTime is the plain sum of dt (property 3)")
    func subStepCount() {
        let (animator, _) = Scenes.freeFall(resistance: 0)
        for n in 1...4 {
            animator.step(Scenes.tick)
            #expect(animator.subStepCount == 2 * n - 1)
        }
        #expect(animator.tickCount == 4)
        // 4 × (1/60) summed in double, as UIKit sums it.
        #expect(animator.elapsedTime == Scenes.tick + Scenes.tick + Scenes.tick + Scenes.tick)
        #expect(abs(animator.elapsedTime - 0.0666666667) < 1e-10)
    }

    @Test("Ticks of 1/120 s lag one sub-step behind for good")
    func subStepLagAt120Hz() {
        let (animator, _) = Scenes.freeFall(resistance: 0)
        var counts: [Int] = []
        for _ in 1...6 {
            animator.step(1.0 / 120)
            counts.append(animator.subStepCount)
        }
        #expect(counts == [0, 1, 2, 3, 4, 5])
    }

    @Test("Gravity 1.0 moves a free item 495.833 pt in 60 ticks, 119 sub-steps (property 3)")
    func sixtyTicksOfGravity() {
        let (animator, item) = Scenes.freeFall(resistance: 0)
        for _ in 1...60 { animator.step(Scenes.tick) }
        #expect(animator.subStepCount == 119)
        // Semi-implicit Euler: y(n) = g·h²·n(n+1)/2 with g = 1000 pt/s², h = 1/120 s, n = 119.
        let closedForm: Double = 1000.0 / (120 * 120) * 119 * 120 / 2
        #expect(abs(closedForm - 495.833333) < 1e-5)
        let fallen = item.center.y - 50
        #expect(abs(fallen - closedForm) <= 0.01, "fell \(fallen) pt")
        #expect(abs(fallen - 500) <= 5)  // 500 ± 1 %: one second of g·t²/2
    }

    @Test("A paused animator ignores step: no time, no ticks")
    func stepWhilePausedDoesNothing() {
        let animator = DynamicAnimator()
        animator.step(Scenes.tick)
        #expect(!animator.isRunning)
        #expect(animator.tickCount == 0 && animator.elapsedTime == 0)
    }
}
