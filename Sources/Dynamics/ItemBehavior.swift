/// `UIDynamicItemBehavior`, first milestone: the body damping properties only (spec dynamics §3.6).
///
/// TODO(item-behavior issue): elasticity, friction, density, allowsRotation, anchored, charge,
/// addLinearVelocity / addAngularVelocity.
///
/// UIKit pushes only the properties a behaviour has *set* (state flags): an item behaviour that
/// never set `resistance` does not override another one that did. With several item behaviours on
/// one item, the last one in hierarchy order that set a property wins; an item no item behaviour
/// sets keeps the engine default. Changes apply from the next tick.
public final class ItemBehavior: DynamicBehavior {
    public private(set) var items: [DynamicItem]

    /// Linear damping of the items' bodies, 1/s (Box2D `linearDamping`: each sub-step
    /// v *= 1/(1 + h·resistance), so free motion decays as e^(−resistance·t)). Range ≥ 0, finite;
    /// default 0.1 (the engine's body default — the docs' 0.0 is wrong, spec §3.6 [MEAS T1b]).
    /// 0 = no drag; 1 does not stop an item at once, it halves its speed in 0.7 s.
    public var resistance: Double {
        get { setResistance ?? Engine.defaultLinearDamping }
        set {
            precondition(newValue.isFinite && newValue >= 0, "Invalid resistance \(newValue): must be finite and >= 0")
            setResistance = newValue
            dynamicAnimator?.itemPropertiesDidChange()
        }
    }

    /// Angular damping of the items' bodies, 1/s (ω *= 1/(1 + h·angularResistance) per sub-step).
    /// Range ≥ 0, finite; default 0.1 (engine default).
    public var angularResistance: Double {
        get { setAngularResistance ?? Engine.defaultAngularDamping }
        set {
            precondition(newValue.isFinite && newValue >= 0, "Invalid angular resistance \(newValue): must be finite and >= 0")
            setAngularResistance = newValue
            dynamicAnimator?.itemPropertiesDidChange()
        }
    }

    /// The values this behaviour has set (nil = never set: does not override).
    private(set) var setResistance: Double?
    private(set) var setAngularResistance: Double?

    public init(items: [DynamicItem] = []) {
        var unique: [DynamicItem] = []
        for item in items where !unique.contains(where: { $0 === item }) { unique.append(item) }
        self.items = unique
        super.init()
    }

    /// Adds an item (no-op if present); on a registered behaviour its body is made now.
    public func addItem(_ item: DynamicItem) {
        guard !items.contains(where: { $0 === item }) else { return }
        items.append(item)
        guard let animator = dynamicAnimator else { return }
        animator.acquireBody(for: item)
        animator.applyItemProperties()
    }

    /// Removes an item (no-op if absent); its body returns to the other item behaviours' values or
    /// the defaults, and is freed at the end of the tick if nothing else uses it.
    public func removeItem(_ item: DynamicItem) {
        guard let index = items.firstIndex(where: { $0 === item }) else { return }
        items.remove(at: index)
        guard let animator = dynamicAnimator else { return }
        animator.applyItemProperties()
        animator.releaseBody(for: item)
        animator.tickle()
    }

    public override var allowsAnimatorToStop: Bool { false }

    override func associate(with animator: DynamicAnimator) {
        for item in items { animator.acquireBody(for: item) }
        animator.applyItemProperties()
    }

    override func dissociate(from animator: DynamicAnimator) {
        // The animator has already forgotten this behaviour: the bodies that outlive it fall
        // back to the other item behaviours' values or the defaults.
        for item in items { animator.releaseBody(for: item) }
        animator.applyItemProperties()
    }
}
