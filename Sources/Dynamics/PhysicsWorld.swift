import CBox2D
import Geometry

/// PhysicsKit's `PKPhysicsWorld`: one Box2D world, the §1.2 double accumulator and the soft
/// distance joints whose spring constants must be re-derived before every sub-step.
///
/// Rules of this file:
/// - Bodies and springs are kept in arrays in creation order, so every loop is deterministic.
/// - The world owns every Box2D handle it hands out; `deinit` frees them all at once.
/// - Nothing here knows about items, behaviours or rounding: that is the animator's business.
final class PhysicsWorld {
    private let handle: OpaquePointer

    /// Every body, static ones included, in creation order (PhysicsKit's `bodies`).
    private(set) var bodies: [OpaquePointer] = []

    /// A soft distance joint in Box2D 2.2/2.3 terms (frequency, damping ratio).
    private struct Spring {
        let joint: OpaquePointer
        let frequencyHz: Float
        let dampingRatio: Float
    }
    private var springs: [Spring] = []

    /// Seconds fed to the world but not yet simulated; always in [0, `Engine.subStepThreshold`).
    private(set) var accumulatedTime: Double = 0

    /// Sub-steps taken since creation (one `b2World::Step` each).
    private(set) var subStepCount = 0

    init() {
        guard let world = cb2_world_create(Engine.initialWorldGravity) else {
            preconditionFailure("cb2_world_create: out of memory")
        }
        handle = world
    }

    deinit { cb2_world_destroy(handle) }

    var gravity: cb2_vec2 {
        get { cb2_world_get_gravity(handle) }
        set { cb2_world_set_gravity(handle, newValue) }
    }

    // MARK: Stepping

    /// `-[PKPhysicsWorld stepWithTime:velocityIterations:positionIterations:]` up to (not
    /// including) the write-back: feeds `dt` to the accumulator and runs the whole sub-steps it
    /// holds, then clears forces. Returns false, without touching the accumulator, when the world
    /// has no bodies (PhysicsKit returns early the same way).
    func advance(by dt: Double) -> Bool {
        guard !bodies.isEmpty else { return false }
        accumulatedTime += dt
        // Contacts that began or ended outside this step (body destruction) are not reported.
        cb2_world_clear_contact_events(handle)
        while accumulatedTime >= Engine.subStepThreshold {
            // PhysicsKit evaluates fields inside every sub-step, before the solver (spec §3.7):
            // the hook adds each field's h·F/m to the velocities before `b2World::Step`
            // integrates them, the same v += h·(g + F/m) Box2D applies to a force.
            beforeSubStep?(Double(Engine.subStep))
            // Box2D 2.3 derived k and c from the joint's effective mass inside every Step; 2.4.1
            // takes them as constants, so they are re-derived here before every Step from the
            // same start-of-step state (spec §4: exact to 1e-6 pt on T6; b2LinearStiffness once
            // per joint misses T6 frame 1 by 0.45 pt).
            for spring in springs {
                cb2_distance_joint_set_frequency(spring.joint, spring.frequencyHz, spring.dampingRatio)
            }
            cb2_world_step(handle, Engine.subStep, Engine.velocityIterations, Engine.positionIterations)
            accumulatedTime -= Engine.subStepThreshold
            subStepCount += 1
        }
        // autoClearForces is off: a force applied once per tick acted in every sub-step of it.
        cb2_world_clear_forces(handle)
        return true
    }

    /// True when at least one dynamic body is awake (the value `stepWithTime:` returns).
    var anyDynamicBodyAwake: Bool {
        bodies.contains { cb2_body_is_dynamic($0) && cb2_body_is_awake($0) }
    }

    // MARK: Bodies

    func createBody(_ def: cb2_body_def) -> OpaquePointer {
        var def = def
        guard let body = cb2_body_create(handle, &def) else {
            preconditionFailure("cb2_body_create returned NULL")
        }
        bodies.append(body)
        return body
    }

    /// Destroys the body. Its joints must have been destroyed first (Box2D would free them with
    /// the body and leave dangling spring records).
    func destroyBody(_ body: OpaquePointer) {
        guard let index = bodies.firstIndex(of: body) else {
            preconditionFailure("destroyBody: body is not in this world")
        }
        bodies.remove(at: index)
        cb2_body_destroy(handle, body)
    }

    // MARK: Soft distance joints

    /// A Box2D 2.2/2.3-style soft distance joint: no length limits (min 0, which 2.4.1 clamps to
    /// linearSlop = 0.5 pt; max FLT_MAX), spring law (frequencyHz, dampingRatio) re-applied
    /// before every sub-step. Lengths and anchors in metres.
    ///
    /// - Parameters:
    ///   - frequencyHz: spring frequency, Hz, > 0.
    ///   - dampingRatio: ζ, dimensionless, ≥ 0 (1 = critical).
    func createSpring(
        bodyA: OpaquePointer, localAnchorA: cb2_vec2,
        bodyB: OpaquePointer, localAnchorB: cb2_vec2,
        length: Float, frequencyHz: Float, dampingRatio: Float
    ) -> OpaquePointer {
        var def = cb2_distance_joint_def(
            body_a: bodyA, body_b: bodyB,
            local_anchor_a: localAnchorA, local_anchor_b: localAnchorB,
            length: length, min_length: 0, max_length: .greatestFiniteMagnitude,
            stiffness: 0, damping: 0, collide_connected: false)
        guard let joint = cb2_distance_joint_create(handle, &def) else {
            preconditionFailure("cb2_distance_joint_create returned NULL")
        }
        cb2_distance_joint_set_frequency(joint, frequencyHz, dampingRatio)
        springs.append(Spring(joint: joint, frequencyHz: frequencyHz, dampingRatio: dampingRatio))
        return joint
    }

    func destroyJoint(_ joint: OpaquePointer) {
        springs.removeAll { $0.joint == joint }
        cb2_joint_destroy(handle, joint)
    }

    /// Turns an existing distance joint into a rigid rod (`frequencyHz` 0: min = max = its length)
    /// or a Box2D 2.3-style spring (min 0, max FLT_MAX, k and c re-derived every sub-step).
    func setSpring(_ joint: OpaquePointer, frequencyHz: Float, dampingRatio: Float) {
        springs.removeAll { $0.joint == joint }
        if frequencyHz > 0 {
            _ = cb2_distance_joint_set_min_length(joint, 0)
            _ = cb2_distance_joint_set_max_length(joint, .greatestFiniteMagnitude)
            cb2_distance_joint_set_frequency(joint, frequencyHz, dampingRatio)
            springs.append(Spring(joint: joint, frequencyHz: frequencyHz, dampingRatio: dampingRatio))
        } else {
            cb2_distance_joint_set_stiffness(joint, 0)
            cb2_distance_joint_set_damping(joint, 0)
            setRigidLength(joint, cb2_distance_joint_get_length(joint))
        }
    }

    /// Rest length of a distance joint, m; a rigid joint (no spring record) also gets min = max.
    /// Box2D clamps min to ≤ max and max to ≥ min, so max is opened first.
    func setLength(_ joint: OpaquePointer, _ length: Float) {
        _ = cb2_distance_joint_set_length(joint, length)
        if !springs.contains(where: { $0.joint == joint }) { setRigidLength(joint, length) }
    }

    private func setRigidLength(_ joint: OpaquePointer, _ length: Float) {
        _ = cb2_distance_joint_set_max_length(joint, .greatestFiniteMagnitude)
        _ = cb2_distance_joint_set_min_length(joint, length)
        _ = cb2_distance_joint_set_max_length(joint, length)
    }

    /// A plain Box2D distance joint (lengths in m; stiffness 0: rigid when min == max, a rope when
    /// min = 0 and max = L).
    func createDistanceJoint(_ def: cb2_distance_joint_def) -> OpaquePointer {
        var def = def
        guard let joint = cb2_distance_joint_create(handle, &def) else {
            preconditionFailure("cb2_distance_joint_create returned NULL")
        }
        return joint
    }

    func createRevoluteJoint(
        _ a: OpaquePointer, _ b: OpaquePointer, anchor: cb2_vec2,
        limits: ClosedRange<Float>?, frictionTorque: Float
    ) -> OpaquePointer {
        guard
            let joint = cb2_revolute_joint_create(
                handle, a, b, anchor, limits != nil, limits?.lowerBound ?? 0, limits?.upperBound ?? 0,
                frictionTorque, false)
        else { preconditionFailure("cb2_revolute_joint_create returned NULL") }
        return joint
    }

    func createWeldJoint(_ a: OpaquePointer, _ b: OpaquePointer, anchor: cb2_vec2) -> OpaquePointer {
        guard let joint = cb2_weld_joint_create(handle, a, b, anchor, false) else {
            preconditionFailure("cb2_weld_joint_create returned NULL")
        }
        return joint
    }

    func createPrismaticJoint(
        _ a: OpaquePointer, _ b: OpaquePointer, anchor: cb2_vec2, axis: cb2_vec2, limits: ClosedRange<Float>?
    ) -> OpaquePointer {
        guard
            let joint = cb2_prismatic_joint_create(
                handle, a, b, anchor, axis, limits != nil, limits?.lowerBound ?? 0, limits?.upperBound ?? 0, false)
        else { preconditionFailure("cb2_prismatic_joint_create returned NULL") }
        return joint
    }

    var jointCount: Int { Int(cb2_world_joint_count(handle)) }

    // MARK: Fields and contacts

    /// Called before every `b2World::Step` with the sub-step length h (s). Set by the animator
    /// while field behaviours are registered.
    var beforeSubStep: ((Double) -> Void)?

    /// The contacts that began or ended during the last `advance`, in Box2D's callback order.
    var contactEvents: [cb2_contact_event] {
        (0..<cb2_world_contact_event_count(handle)).map { cb2_world_contact_event(handle, $0) }
    }

    private var lastBodyID: UInt64 = 0

    /// A fresh non-zero body id (stored in the body's user data, named in contact events).
    func tag(_ body: OpaquePointer) -> UInt64 {
        lastBodyID += 1
        cb2_body_set_user_id(body, lastBodyID)
        return lastBodyID
    }
}
