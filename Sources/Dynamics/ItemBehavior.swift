import BehaviorRules
import CBox2D
import Geometry

/// `UIDynamicItemBehavior`: material and motion properties of its items' bodies (spec dynamics §3.6).
///
/// UIKit pushes only the properties a behaviour has *set* (state flags): an item behaviour that
/// never set `resistance` does not override another one that did. With several item behaviours on
/// one item, the last one in hierarchy order that set a property wins; an item no item behaviour
/// sets keeps the engine default. Changes apply from the next tick ([BKP][MEAS T17]).
///
/// The real defaults are the engine's body defaults, not the documented ones: elasticity 0.2,
/// friction 0.2, resistance 0.1, angular resistance 0.1 (spec §3.6).
public final class ItemBehavior: DynamicBehavior {
    public private(set) var items: [DynamicItem]

    /// The properties a behaviour has set (nil = never set: does not override).
    struct Properties {
        var elasticity: Double?, friction: Double?, density: Double?
        var resistance: Double?, angularResistance: Double?
        var allowsRotation: Bool?, anchored: Bool?, charge: Double?

        /// Later behaviours' set values replace earlier ones, property by property.
        mutating func overlay(_ other: Properties) {
            elasticity = other.elasticity ?? elasticity
            friction = other.friction ?? friction
            density = other.density ?? density
            resistance = other.resistance ?? resistance
            angularResistance = other.angularResistance ?? angularResistance
            allowsRotation = other.allowsRotation ?? allowsRotation
            anchored = other.anchored ?? anchored
            charge = other.charge ?? charge
        }
    }
    private(set) var setProperties = Properties()

    private func set(_ change: (inout Properties) -> Void) {
        change(&setProperties)
        dynamicAnimator?.itemPropertiesDidChange()
    }

    /// Restitution of the items' fixtures (Box2D mixes a pair as the max of both). Range 0...1
    /// (0 = no bounce, 1 = elastic; Box2D ignores restitution below 1 m/s = 100 pt/s); default 0.2.
    public var elasticity: Double {
        get { setProperties.elasticity ?? Engine.restitution }
        set {
            Check.require { try Self.validate(elasticity: newValue) }
            set { $0.elasticity = newValue }
        }
    }

    /// Coulomb friction of the items' fixtures (a pair mixes as √(μ₁μ₂)). Range ≥ 0; default 0.2.
    public var friction: Double {
        get { setProperties.friction ?? Engine.friction }
        set {
            Check.require { try Self.validate(friction: newValue) }
            set { $0.friction = newValue }
        }
    }

    /// Fixture density, kg per m² (10⁴ pt²): mass = density·w·h/10⁴ kg, so a 100×100 item of
    /// density 1 weighs 1 kg. Range > 0; default 1. Heavier items accelerate less under pushes,
    /// attachments and collisions; gravity is unaffected.
    public var density: Double {
        get { setProperties.density ?? Engine.density }
        set {
            Check.require { try Self.validate(density: newValue) }
            set { $0.density = newValue }
        }
    }

    /// Linear damping of the items' bodies, 1/s (Box2D `linearDamping`: each sub-step
    /// v *= 1/(1 + h·resistance), so free motion decays as e^(−resistance·t)). Range ≥ 0, finite;
    /// default 0.1 (the engine's body default — the docs' 0.0 is wrong, spec §3.6 [MEAS T1b]).
    /// 0 = no drag; 1 does not stop an item at once, it halves its speed in 0.7 s.
    public var resistance: Double {
        get { setProperties.resistance ?? Engine.defaultLinearDamping }
        set {
            Check.require { try Self.validate(resistance: newValue) }
            set { $0.resistance = newValue }
        }
    }

    /// Angular damping of the items' bodies, 1/s (ω *= 1/(1 + h·angularResistance) per sub-step).
    /// Range ≥ 0, finite; default 0.1 (engine default).
    public var angularResistance: Double {
        get { setProperties.angularResistance ?? Engine.defaultAngularDamping }
        set {
            Check.require { try Self.validate(angularResistance: newValue) }
            set { $0.angularResistance = newValue }
        }
    }

    /// Whether the bodies may rotate (false = Box2D fixed rotation: infinite inertia, forces off
    /// the centre give no torque; Box2D 2.4.1 also zeroes a spin in progress). Default true.
    public var allowsRotation: Bool {
        get { setProperties.allowsRotation ?? true }
        set { set { $0.allowsRotation = newValue } }
    }

    /// Whether the bodies are static (true: they stop at once, velocities zeroed, and act as
    /// immovable obstacles; fields and pushes no longer move them). Default false.
    public var anchored: Bool {
        get { setProperties.anchored ?? false }
        set { set { $0.anchored = newValue } }
    }

    /// Electric charge of the items for electric and magnetic fields, arbitrary unit (the fields'
    /// force is proportional to it). Any finite value; default 0 (fields of those kinds ignore
    /// the item).
    public var charge: Double {
        get { setProperties.charge ?? 0 }
        set {
            Check.require { try Self.validate(charge: newValue) }
            set { $0.charge = newValue }
        }
    }

    /// Checks property values the way the setters do.
    /// - Throws: `DynamicsParameterError`: elasticity outside 0...1, negative friction, density
    ///   ≤ 0, negative resistance or angular resistance, or any non-finite value.
    public static func validate(
        elasticity: Double? = nil, friction: Double? = nil, density: Double? = nil,
        resistance: Double? = nil, angularResistance: Double? = nil, charge: Double? = nil
    ) throws(DynamicsParameterError) {
        typealias Rules = BehaviorRules.ItemProperties
        if let v = elasticity { try Check.rule(Rules.elasticity, v, "ItemBehavior.elasticity", "elasticity") }
        if let v = friction { try Check.rule(Rules.friction, v, "ItemBehavior.friction", "friction") }
        if let v = density { try Check.rule(Rules.density, v, "ItemBehavior.density", "density") }
        if let v = resistance { try Check.rule(Rules.resistance, v, "ItemBehavior.resistance", "resistance") }
        if let v = angularResistance {
            try Check.rule(Rules.angularResistance, v, "ItemBehavior.angularResistance", "angular resistance")
        }
        if let v = charge { try Check.rule(Rules.charge, v, "ItemBehavior.charge", "charge") }
    }

    /// Velocities added before the behaviour was registered, applied at registration (UIKit
    /// accumulates them the same way).
    private var pendingVelocities: [(item: DynamicItem, linear: Point, angular: Double)] = []

    /// Adds `velocity` (pt/s) to the item's body now, waking it; before registration the value is
    /// accumulated and applied when the behaviour is registered.
    /// - Precondition: `velocity` finite; the item belongs to this behaviour.
    public func addLinearVelocity(_ velocity: Point, for item: DynamicItem) {
        precondition(velocity.isFinite, "Non-finite linear velocity \(velocity)")
        precondition(
            items.containsItem(item), "addLinearVelocity: '\(item.identifier)' is not an item of this behavior")
        addVelocity(item, linear: velocity, angular: 0)
    }

    /// Adds `velocity` (rad/s, positive = clockwise on screen) to the item's body now, waking it;
    /// before registration it is accumulated.
    public func addAngularVelocity(_ velocity: Double, for item: DynamicItem) {
        precondition(velocity.isFinite, "Non-finite angular velocity \(velocity)")
        precondition(
            items.containsItem(item), "addAngularVelocity: '\(item.identifier)' is not an item of this behavior")
        addVelocity(item, linear: .zero, angular: velocity)
    }

    private func addVelocity(_ item: DynamicItem, linear: Point, angular: Double) {
        guard let animator = dynamicAnimator, let record = animator.itemBody(for: item) else {
            if let i = pendingVelocities.firstIndex(where: { $0.item === item }) {
                pendingVelocities[i].linear = pendingVelocities[i].linear + linear
                pendingVelocities[i].angular += angular
            } else {
                pendingVelocities.append((item, linear, angular))
            }
            return
        }
        let v = cb2_body_get_linear_velocity(record.body)
        let add = Engine.meters(linear)
        cb2_body_set_linear_velocity(record.body, cb2_vec2(x: v.x + add.x, y: v.y + add.y))
        cb2_body_set_angular_velocity(record.body, cb2_body_get_angular_velocity(record.body) + Float(angular))
        cb2_body_set_awake(record.body, true)
        animator.tickle()
    }

    /// The item's velocity, pt/s (zero while the behaviour is not registered).
    public func linearVelocity(for item: DynamicItem) -> Point {
        dynamicAnimator?.linearVelocity(for: item) ?? .zero
    }

    /// The item's angular velocity, rad/s (zero while not registered).
    public func angularVelocity(for item: DynamicItem) -> Double {
        dynamicAnimator?.angularVelocity(for: item) ?? 0
    }

    public init(items: [DynamicItem] = []) {
        self.items = [DynamicItem](uniqueItems: items)
        super.init()
    }

    /// Adds an item (no-op if present); on a registered behaviour its body is made now.
    public func addItem(_ item: DynamicItem) {
        guard items.appendIfAbsent(item), let animator = dynamicAnimator else { return }
        animator.acquireBody(for: item)
        animator.applyItemProperties()
    }

    /// Removes an item (no-op if absent); its body returns to the other item behaviours' values or
    /// the defaults, and is freed at the end of the tick if nothing else uses it.
    public func removeItem(_ item: DynamicItem) {
        guard items.removeIfPresent(item), let animator = dynamicAnimator else { return }
        animator.applyItemProperties()
        animator.releaseBody(for: item)
        animator.tickle()
    }

    public override var allowsAnimatorToStop: Bool { false }

    override func associate(with animator: DynamicAnimator) {
        for item in items { animator.acquireBody(for: item) }
        animator.applyItemProperties()
        let pending = pendingVelocities
        pendingVelocities = []
        for p in pending where items.containsItem(p.item) {
            addVelocity(p.item, linear: p.linear, angular: p.angular)
        }
    }

    override func dissociate(from animator: DynamicAnimator) {
        // The animator has already forgotten this behaviour: the bodies that outlive it fall
        // back to the other item behaviours' values or the defaults.
        for item in items { animator.releaseBody(for: item) }
        animator.applyItemProperties()
    }
}
