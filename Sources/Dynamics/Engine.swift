import CBox2D
import Geometry

/// The constants of UIKit Dynamics' physics engine (PhysicsKit's `PKPhysicsWorld` over Box2D),
/// spec dynamics §1. None of these is a tunable: they are what Apple's engine does, and every
/// acceptance number in spec §7 depends on them.
enum Engine {
    /// Points per metre (`PKGet_PTM_RATIO`). The first `UIDynamicAnimator` of a process sets 100
    /// (SpriteKit uses 150). Box2D position = point × 0.01, y down, +angle clockwise on screen.
    static let pointsPerMeter: Double = 100

    /// The fixed Box2D sub-step, `(float)(1.0/120)` = 0.0083333338 s, as `b2World::Step` takes it.
    static let subStep = Float(1.0 / 120.0)

    /// The accumulator threshold: the same float widened to double, 0.00833333377 s.
    ///
    /// PhysicsKit keeps a *double* accumulator and compares it against this widened float, so
    /// with dt = 1/60 the first tick holds 0.0166666667 − 0.00833333377 < 0.00833333377 after
    /// one sub-step: N ticks of 1/60 give 2N − 1 sub-steps, not 2N (spec §1.2, [MEAS T1]).
    /// Reproduced exactly on purpose.
    static let subStepThreshold = Double(Float(1.0 / 120.0))

    /// Box2D velocity / position iterations per sub-step (`stepWithTime:velocityIterations:8
    /// positionIterations:3`).
    static let velocityIterations: Int32 = 8
    static let positionIterations: Int32 = 3

    /// PhysicsKit's world gravity until a gravity behaviour writes it, m/s². It acts on nothing
    /// because item bodies have gravity scale 0 unless a gravity behaviour owns them (§1.1).
    static let initialWorldGravity = cb2_vec2(x: 0, y: -9.8)

    /// World gravity per unit of `GravityBehavior.gravityDirection`: 10 m/s² = 1000 pt/s².
    static let gravityPerUnit: Double = 10

    // Item body defaults (spec §3.6 "actual default"; the docs' 0.0 values are wrong).
    static let density: Double = 1  // kg/m² → 100×100 pt weighs 1 kg
    static let friction: Double = 0.2
    static let restitution: Double = 0.2
    static let defaultDensity = Float(density)
    static let defaultFriction = Float(friction)
    static let defaultRestitution = Float(restitution)
    static let defaultLinearDamping: Double = 0.1  // 1/s (`resistance`)
    static let defaultAngularDamping: Double = 0.1  // 1/s (`angularResistance`)

    static func meters(_ p: Point) -> cb2_vec2 {
        cb2_vec2(x: Float(p.x / pointsPerMeter), y: Float(p.y / pointsPerMeter))
    }

    static func points(_ v: cb2_vec2) -> Point {
        Point(Double(v.x) * pointsPerMeter, Double(v.y) * pointsPerMeter)
    }
}
