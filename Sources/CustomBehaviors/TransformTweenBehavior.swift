import Dynamics
import Geometry
import Glibc  // atan2f and pow; Foundation would make AffineTransform ambiguous

/// The seed's transform-updating behaviour (custom-behaviors listing 6-6): eases an item's
/// transform from what it was at `init` to `targetTransform`, driven by the animator's ticks
/// rather than by a duration (spec timing §6.2).
///
/// Each action: `velocity += acceleration`, `percent += velocity` (so after N actions
/// percent = acceleration·N(N+1)/2; 28 actions to pass 100 % at the default), p = clamp(percent,
/// 0, 1), eased = `easeOut(p, exponent: 3)` = 1 − (1 − p)³. Then translation, x/y scale and
/// rotation are tweened linearly by `eased` and composed rotation, then scale, then translation
/// (`CGAffineTransformConcat` order), exactly as the seed, including its component formulas
/// xScale = √(a² + c²), yScale = √(b² + d²) and a single-precision `atan2f` for the rotation.
/// `percent` keeps growing past 1; only the used value is clamped. The seed's
/// `velocity + acceleration` reads an undeclared local (a typo for the property); it is
/// implemented as the property.
///
/// Beside a snap (its intended use, figure 6-2): the animator writes the item's body state back
/// *before* the actions, replacing the transform with a pure rotation (spec dynamics §1.6), and
/// this action then sets its own transform, so the tween's transform is the one shown for the
/// frame; the body keeps its own rotation (the tween never calls `updateItemUsingCurrentState`).
/// After the target is reached the action keeps re-applying it every tick, as it must, since the
/// write-back would otherwise replace it. `allowsAnimatorToStop` is true once the target is
/// reached (the seed's composite rule would say no for ever; with a snap beside it the snap
/// decides anyway).
public final class TransformTweenBehavior: DynamicBehavior {
    public let item: DynamicItem
    /// The item's transform when the behaviour was made: the tween's start.
    public let originalTransform: AffineTransform
    public let targetTransform: AffineTransform

    /// Growth of the progress velocity per tick, fraction of the tween per tick². Range finite,
    /// > 0; default 0.0025 (the target is reached on tick 28). Larger values arrive sooner.
    public let acceleration: Double

    public let log: BehaviorEventLog

    /// Progress per tick, fraction; grows by `acceleration` every action.
    public private(set) var velocity: Double = 0
    /// Raw progress, fraction; may exceed 1.
    public private(set) var percent: Double = 0
    /// The eased progress the last action applied, 0…1.
    public private(set) var easedPercent: Double = 0
    /// Actions run so far.
    public private(set) var actionCount = 0
    /// The animator tick of the first action, and of the first one that applied the target.
    public private(set) var beganTick: Int?
    public private(set) var reachedTargetTick: Int?

    /// - Precondition: `acceleration` is finite and > 0; `transform` finite.
    public init(
        item: DynamicItem, transform: AffineTransform, acceleration: Double = 0.0025,
        log: BehaviorEventLog = BehaviorEventLog()
    ) {
        precondition(
            acceleration.isFinite && acceleration > 0, "Invalid acceleration \(acceleration): must be finite and > 0")
        precondition(transform.isFinite, "Non-finite target transform \(transform)")
        self.item = item
        self.originalTransform = item.transform
        self.targetTransform = transform
        self.acceleration = acceleration
        self.log = log
        super.init()
        action = { [unowned self] in self.tick() }
    }

    /// The seed's `EaseOut(p, exponent)` = 1 − (1 − p)^exponent; 0 → 0, 1 → 1, fast start.
    public static func easeOut(_ p: Double, exponent: Double = 3) -> Double {
        1 - pow(1 - p, exponent)
    }

    /// The transform shown at eased progress `p` between `from` and `to` (listing 6-6).
    public static func tween(from t1: AffineTransform, to t2: AffineTransform, progress p: Double) -> AffineTransform {
        func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * p }
        let xScale1 = (t1.a * t1.a + t1.c * t1.c).squareRoot()
        let yScale1 = (t1.b * t1.b + t1.d * t1.d).squareRoot()
        let xScale2 = (t2.a * t2.a + t2.c * t2.c).squareRoot()
        let yScale2 = (t2.b * t2.b + t2.d * t2.d).squareRoot()
        // The seed calls atan2f: the rotation is computed in single precision.
        let rotation1 = Double(atan2f(Float(t1.b), Float(t1.a)))
        let rotation2 = Double(atan2f(Float(t2.b), Float(t2.a)))
        return AffineTransform.identity
            .concatenating(AffineTransform(rotation: .radians(lerp(rotation1, rotation2))))
            .concatenating(AffineTransform(scaleX: lerp(xScale1, xScale2), y: lerp(yScale1, yScale2)))
            .concatenating(AffineTransform(translationX: lerp(t1.tx, t2.tx), y: lerp(t1.ty, t2.ty)))
    }

    public var hasReachedTarget: Bool { reachedTargetTick != nil }

    public override var allowsAnimatorToStop: Bool { hasReachedTarget }

    private func tick() {
        guard let animator = dynamicAnimator else { return }
        if beganTick == nil {
            beganTick = animator.tickCount
            log.record(.tweenBegan(item: item.identifier), animator: animator)
        }
        actionCount += 1
        velocity += acceleration
        percent += velocity
        let p = min(1, max(percent, 0))
        easedPercent = Self.easeOut(p, exponent: 3)
        item.transform = Self.tween(from: originalTransform, to: targetTransform, progress: easedPercent)
        if p >= 1 && reachedTargetTick == nil {
            reachedTargetTick = animator.tickCount
            log.record(.tweenReachedTarget(item: item.identifier), animator: animator)
        }
    }
}
