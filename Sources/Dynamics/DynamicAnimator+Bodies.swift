import CBox2D
import Geometry

/// Velocities, the bodies behaviours share per item, and the world state behaviours set.
extension DynamicAnimator {
    // MARK: Velocities

    /// The item's body velocity in pt/s (of its centre of mass); zero for an item with no body.
    public func linearVelocity(for item: DynamicItem) -> Point {
        guard let record = itemBody(for: item) else { return .zero }
        return Engine.points(cb2_body_get_linear_velocity(record.body))
    }

    /// The item's body angular velocity in rad/s (positive = clockwise on screen); zero for an
    /// item with no body.
    public func angularVelocity(for item: DynamicItem) -> Double {
        guard let record = itemBody(for: item) else { return 0 }
        return Double(cb2_body_get_angular_velocity(record.body))
    }

    /// True when the item has a body in this animator (a behaviour registered it).
    public func hasBody(_ item: DynamicItem) -> Bool { itemBody(for: item) != nil }

    /// True when the item has a body and Box2D reports it awake.
    public func isAwake(_ item: DynamicItem) -> Bool {
        guard let record = itemBody(for: item) else { return false }
        return cb2_body_is_awake(record.body)
    }

    /// Box2D sub-steps taken so far (2N − 1 after N ticks of 1/60 s).
    public var subStepCount: Int { world.subStepCount }

    /// The world's gravity, pt/s² (1000 per unit of a gravity behaviour's vector). It acts only on
    /// items of a registered gravity behaviour. Before any gravity behaviour writes it, it holds
    /// PhysicsKit's initial (0, −980).
    public var worldGravity: Point { Engine.points(world.gravity) }

    // MARK: Item bodies (shared per item, counted by the behaviours using them)

    /// The body of an item and how many behaviour registrations use it.
    final class ItemBody {
        let item: DynamicItem
        let body: OpaquePointer
        /// The body's id in contact events.
        let id: UInt64
        var useCount = 0
        /// Registered gravity behaviours containing the item: gravity scale 1 while > 0.
        var gravityCount = 0
        /// `ItemBehavior.charge` in effect (fields), C [arbitrary unit].
        var charge: Double = 0
        init(item: DynamicItem, body: OpaquePointer, id: UInt64) {
            self.item = item
            self.body = body
            self.id = id
        }
    }

    func itemBody(for item: DynamicItem) -> ItemBody? {
        itemBodies.first { $0.item === item }
    }

    /// The item's body, created on first use from the item's current centre (converted into
    /// reference coordinates), rotation and bounds with the engine defaults (density 1, friction
    /// 0.2, restitution 0.2, damping 0.1/0.1, gravity scale 0, no contacts yet).
    @discardableResult
    func acquireBody(for item: DynamicItem) -> ItemBody {
        if let record = itemBody(for: item) {
            record.useCount += 1
            return record
        }
        // Rectangles use the def's centred box (`SetAsBox`, as before groups and paths existed);
        // every other shape starts fixture-less and gets its fixtures below.
        let isBox = item.collisionBounds == .rectangle && !(item is DynamicItemGroup)
        let def = cb2_body_def(
            is_dynamic: true,
            position: Engine.meters(item.referenceCenter),
            angle: Float(item.rotation.radians),
            half_width: isBox ? Float(item.bounds.width / 2 / Engine.pointsPerMeter) : 0,
            half_height: isBox ? Float(item.bounds.height / 2 / Engine.pointsPerMeter) : 0,
            density: Engine.defaultDensity,
            friction: Engine.defaultFriction,
            restitution: Engine.defaultRestitution,
            linear_damping: Float(Engine.defaultLinearDamping),
            angular_damping: Float(Engine.defaultAngularDamping),
            gravity_scale: 0,
            bullet: false,
            fixed_rotation: false,
            category: 0,
            mask: 0)
        let body = world.createBody(def)
        if !isBox { Shapes.addFixtures(for: item, to: body) }
        let record = ItemBody(item: item, body: body, id: world.tag(body))
        record.useCount = 1
        itemBodies.append(record)
        tickle()
        return record
    }

    /// Drops one use; the body is destroyed when no behaviour uses it (after the actions when
    /// called inside a tick, and only if nothing re-acquired it meanwhile).
    func releaseBody(for item: DynamicItem) {
        guard let record = itemBody(for: item) else {
            preconditionFailure("releaseBody: item '\(item.identifier)' has no body")
        }
        precondition(record.useCount > 0, "releaseBody: unbalanced release of '\(item.identifier)'")
        record.useCount -= 1
        guard record.useCount == 0 else { return }
        runPostSolverIfNeeded { [weak self] in
            guard let self, record.useCount == 0,
                let index = self.itemBodies.firstIndex(where: { $0 === record })
            else { return }
            self.itemBodies.remove(at: index)
            self.world.destroyBody(record.body)
        }
    }

    // MARK: World state used by the behaviours

    /// World gravity from a gravity behaviour's vector: 1 unit = 10 m/s² = 1000 pt/s².
    func setWorldGravity(_ direction: Point) {
        world.gravity = cb2_vec2(
            x: Float(direction.x * Engine.gravityPerUnit), y: Float(direction.y * Engine.gravityPerUnit))
    }

    /// Counts the item in or out of a gravity behaviour; its body feels world gravity while the
    /// count is positive. Gravity items are bullets (`usesPreciseCollisionDetection`, §1.3).
    func setGravity(_ enabled: Bool, for item: DynamicItem) {
        guard let record = itemBody(for: item) else { return }
        record.gravityCount += enabled ? 1 : -1
        precondition(record.gravityCount >= 0, "unbalanced gravity count for '\(item.identifier)'")
        cb2_body_set_gravity_scale(record.body, record.gravityCount > 0 ? 1 : 0)
        if enabled { cb2_body_set_bullet(record.body, true) }
    }

    func wake(_ item: DynamicItem) {
        guard let record = itemBody(for: item) else { return }
        cb2_body_set_awake(record.body, true)
    }

    func itemPropertiesDidChange() {
        needsItemPropertiesUpdate = true
        tickle()
    }

    /// Re-applies item-behaviour properties to every item body: per property, the last
    /// registered item behaviour in hierarchy order that set it wins; unset → engine default
    /// (spec §3.6, [BKP][MEAS T17]).
    func applyItemProperties() {
        needsItemPropertiesUpdate = false
        let itemBehaviors = registeredBehaviorsInHierarchyOrder.compactMap { $0 as? ItemBehavior }
        for record in itemBodies {
            var p = ItemBehavior.Properties()
            for behavior in itemBehaviors where behavior.items.contains(where: { $0 === record.item }) {
                p.overlay(behavior.setProperties)
            }
            cb2_body_set_linear_damping(record.body, Float(p.resistance ?? Engine.defaultLinearDamping))
            cb2_body_set_angular_damping(record.body, Float(p.angularResistance ?? Engine.defaultAngularDamping))
            cb2_body_set_material(
                record.body,
                cb2_material(
                    density: Float(p.density ?? Engine.density),
                    friction: Float(p.friction ?? Engine.friction),
                    restitution: Float(p.elasticity ?? Engine.restitution)))
            cb2_body_set_fixed_rotation(record.body, !(p.allowsRotation ?? true))
            cb2_body_set_dynamic(record.body, !(p.anchored ?? false))
            record.charge = p.charge ?? 0
        }
    }
}
