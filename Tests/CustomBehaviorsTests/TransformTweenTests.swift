import CustomBehaviors
import Dynamics
import DynamicsTestSupport
import Geometry
import Testing

@Suite("TransformTweenBehavior (custom-behaviors listing 6-6)")
struct TransformTweenTests {
    /// Spec timing §6.2 (N, velocity, raw percent, eased), printed to 6 decimals: tolerance 5e-7.
    static let vectors: [(Int, Double, Double, Double)] = [
        (1, 0.0025, 0.0025, 0.007481), (2, 0.005, 0.0075, 0.022332), (3, 0.0075, 0.015, 0.044328),
        (5, 0.0125, 0.0375, 0.108334), (10, 0.025, 0.1375, 0.358381), (20, 0.05, 0.525, 0.892828),
        (27, 0.0675, 0.945, 0.999834), (28, 0.07, 1.015, 1.0),
    ]

    @Test(
        "Velocity, raw percent and eased percent follow the spec table tick by tick; the target is first shown on tick 28"
    )
    func easedPerTick() {
        let item = DynamicItem(identifier: "tile", bounds: Size(50, 50), center: Point(100, 100), kind: .view)
        let animator = DynamicAnimator()
        let tween = TransformTweenBehavior(item: item, transform: AffineTransform(rotation: .degrees(30)))
        animator.addBehavior(tween)
        animator.addBehavior(SnapBehavior(item: item, snapTo: Point(100, 100)))  // a body to tick
        var rows: [Int: (Double, Double, Double)] = [:]
        for n in 1...30 {
            animator.step(Scenes.tick)
            rows[n] = (tween.velocity, tween.percent, tween.easedPercent)
        }
        for (n, velocity, percent, eased) in Self.vectors {
            let row = rows[n]!
            #expect(abs(row.0 - velocity) < 1e-12, "velocity at tick \(n)")
            #expect(abs(row.1 - percent) < 1e-12, "percent at tick \(n)")
            #expect(abs(row.2 - eased) < 5e-7, "eased at tick \(n)")
        }
        #expect(rows[27]!.2 < 1 && rows[28]!.2 == 1)
        #expect(tween.reachedTargetTick == 28 && tween.beganTick == 1)
        #expect(tween.log.events.map(\.kind) == [.tweenBegan(item: "tile"), .tweenReachedTarget(item: "tile")])
        #expect(tween.log.events.map(\.tick) == [1, 28])
    }

    @Test("Components tween linearly and compose rotation, then scale, then translation")
    func components() {
        let from = AffineTransform(scaleX: 1, y: 2)
        let to = AffineTransform(rotation: .radians(Double.pi / 2))
            .concatenating(AffineTransform(scaleX: 3, y: 4))
            .concatenating(AffineTransform(translationX: 10, y: -20))
        let half = TransformTweenBehavior.tween(from: from, to: to, progress: 0.5)
        let expected = AffineTransform(rotation: .degrees(45))
            .concatenating(AffineTransform(scaleX: 2, y: 3))
            .concatenating(AffineTransform(translationX: 5, y: -10))
        // The rotation goes through single-precision atan2f: exact to ~1e-7 rad.
        for (x, y) in [(half.a, expected.a), (half.b, expected.b), (half.c, expected.c), (half.d, expected.d)] {
            #expect(abs(x - y) < 1e-6)
        }
        #expect(half.tx == 5 && half.ty == -10)
        let end = TransformTweenBehavior.tween(from: from, to: to, progress: 1)
        for (x, y) in [(end.a, to.a), (end.b, to.b), (end.c, to.c), (end.d, to.d), (end.tx, to.tx), (end.ty, to.ty)] {
            #expect(abs(x - y) < 1e-6)  // float atan2f: the rotation is exact to ~4e-8 rad
        }
        #expect(TransformTweenBehavior.tween(from: from, to: to, progress: 0) == from)
    }

    @Test(
        "Beside a snap the action's transform is what the frame shows, not the animator's written-back rotation (spec dynamics §6)"
    )
    func actionWinsOverWriteBack() {
        let (animator, item, _) = Scenes.seedSnap()
        let target = AffineTransform(rotation: .degrees(45)).concatenating(AffineTransform(scaleX: 1.5, y: 1.5))
        let tween = TransformTweenBehavior(item: item, transform: target)
        animator.addBehavior(tween)
        var bodyRotated = false
        for _ in 1...40 {
            animator.step(Scenes.tick)
            #expect(
                item.transform
                    == TransformTweenBehavior.tween(from: .identity, to: target, progress: tween.easedPercent))
            bodyRotated = bodyRotated || animator.angularVelocity(for: item) != 0
        }
        #expect(bodyRotated)  // the snap rotates the body; the tween's transform still wins each frame
        #expect(abs(item.transform.a - target.a) < 1e-6 && abs(item.transform.b - target.b) < 1e-6)
        #expect(abs(item.frame.width - 1.5 * 60 * 2.squareRoot()) < 1e-4)
    }
}
